// Duplicate JSON keys are refused, naming the key and both positions (issue 22 item 9): with the
// last one winning, `"nodes": 32, "nodes": 1` planned for one node.

#include <trainplan/model/catalog.h>
#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/io/hf_config.h>
#include <trainplan/model/json_duplicate_keys.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

namespace trainplan::model {
namespace {

TEST(jsonDuplicateKeys, NamesTheKeyItsObjectAndBothPositions) {
    const std::string text = "{\n"
                             "  \"cluster\": {\n"
                             "    \"nodes\": 32,\n"
                             "    \"gpus_per_node\": 8,\n"
                             "    \"nodes\": 1\n"
                             "  }\n"
                             "}\n";
    EXPECT_EQ(findDuplicateJsonKey(text),
              "duplicate key \"nodes\" in cluster at line 5, column 5 (first given at line 3, "
              "column 5); only one value can be used: remove the other");
}

TEST(jsonDuplicateKeys, EscapedSpellingsOfOneKeyAreTheSameKeyAndArraysGetIndices) {
    EXPECT_EQ(findDuplicateJsonKey(R"({"plans": [{"tp": 1}, {"tp": 2, "t\u0070": 4}]})"),
              "duplicate key \"tp\" in plans[1] at line 1, column 33 (first given at line 1, "
              "column 24); only one value can be used: remove the other");
}

TEST(jsonDuplicateKeys, EqualKeysInDifferentObjectsAndKeysInsideStringsAreFine) {
    EXPECT_EQ(findDuplicateJsonKey(R"({"a": {"x": 1}, "b": {"x": 2}, "c": "\"a\": 1, \"a\": 2"})"),
              std::nullopt);
    EXPECT_EQ(findDuplicateJsonKey(R"([{"x": 1}, {"x": 1}])"), std::nullopt);
    EXPECT_EQ(findDuplicateJsonKey(R"({"名前": 1, "名前x": 2})"), std::nullopt);
}

TEST(jsonDuplicateKeys, AScenarioWithTwoNodeCountsIsRefused) {
    const Catalog catalog =
        loadCatalog(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    std::ifstream in(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" /
                     "llama31-70b-h100x256.json");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find("\"nodes\":");
    ASSERT_NE(at, std::string::npos);
    text.insert(at, "\"nodes\": 1, ");
    const ScenarioLoad load = parseScenario(text, catalog);
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].message.rfind("duplicate key \"nodes\" in cluster at line ", 0), 0u)
        << load.issues[0].message;
    EXPECT_NE(load.issues[0].message.find("(first given at line "), std::string::npos);
}

TEST(jsonDuplicateKeys, ImportedConfigsWithADuplicateKeyAreErrors) {
    const io::ImportedFields hf = io::importHfConfig(
        R"({"hidden_size": 4096, "num_hidden_layers": 32, "hidden_size": 8192})", "config.json");
    EXPECT_TRUE(io::test::hasIssue(hf.issues, io::Severity::Error, "",
                                   "duplicate key \"hidden_size\" at line 1, column 48"))
        << io::test::dump(hf.issues);
    const io::ImportedFields ds = io::importDeepSpeedConfig(
        R"({"zero_optimization": {"stage": 3, "stage": 1}})", "ds.json");
    EXPECT_TRUE(io::test::hasIssue(ds.issues, io::Severity::Error, "",
                                   "duplicate key \"stage\" in zero_optimization"))
        << io::test::dump(ds.issues);
}

} // namespace
} // namespace trainplan::model
