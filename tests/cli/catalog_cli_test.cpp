// End-to-end tests of `trainplan-cli catalog list {gpus,links,models}` in every output format: each
// lists every entry of data/catalog, in catalog order.

#include "cli_support.h"

#include <trainplan/model/catalog.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace trainplan::test {
namespace {

const model::Catalog& builtinCatalog() {
    static const model::Catalog catalog =
        model::loadCatalog(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return catalog;
}

std::vector<std::string> expectedNames(const std::string& kind) {
    std::vector<std::string> names;
    const auto& c = builtinCatalog();
    if (kind == "gpus")
        for (const auto& g : c.gpus)
            names.push_back(g.name);
    if (kind == "links")
        for (const auto& l : c.links)
            names.push_back(l.name);
    if (kind == "models")
        for (const auto& m : c.models)
            names.push_back(m.name);
    return names;
}

// The first cell of an RFC 4180 CSV line (quotes removed).
std::string firstCsvCell(const std::string& line) {
    if (!line.empty() && line.front() == '"') {
        std::string cell;
        for (std::size_t i = 1; i < line.size(); ++i) {
            if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (line[i] == '"') {
                break;
            } else {
                cell += line[i];
            }
        }
        return cell;
    }
    return line.substr(0, line.find(','));
}

class CatalogList : public ::testing::TestWithParam<std::string> {};

TEST_P(CatalogList, TableListsEveryEntry) {
    const std::string kind = GetParam();
    const CliRun r = runCli({"catalog", "list", kind});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto names = expectedNames(kind);
    ASSERT_FALSE(names.empty());
    const auto out = splitLines(r.out);
    // A header, a rule, one row per entry.
    ASSERT_GE(out.size(), names.size() + 1);
    EXPECT_EQ(out.front().rfind("name", 0), 0u) << out.front();
    for (const auto& name : names) {
        const bool found = std::any_of(out.begin(), out.end(), [&](const std::string& l) {
            return l.rfind(name + " ", 0) == 0 || l == name;
        });
        EXPECT_TRUE(found) << kind << ": no row starts with " << name << "\n" << r.out;
    }
}

TEST_P(CatalogList, JsonListsEveryEntryInOrder) {
    const std::string kind = GetParam();
    const CliRun r = runCli({"--format", "json", "catalog", "list", kind});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    ASSERT_TRUE(doc.is_array());
    std::vector<std::string> names;
    for (const auto& e : doc) {
        names.push_back(e.at("name"));
        EXPECT_FALSE(e.at("source").get<std::string>().empty()) << e.at("name");
    }
    EXPECT_EQ(names, expectedNames(kind));
}

TEST_P(CatalogList, CsvListsEveryEntryInOrder) {
    const std::string kind = GetParam();
    const CliRun r = runCli({"catalog", "list", kind, "--format=csv"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto out = splitLines(r.out);
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(firstCsvCell(out.front()), "name");
    std::vector<std::string> names;
    for (std::size_t i = 1; i < out.size(); ++i)
        names.push_back(firstCsvCell(out[i]));
    EXPECT_EQ(names, expectedNames(kind));
}

INSTANTIATE_TEST_SUITE_P(Kinds, CatalogList, ::testing::Values("gpus", "links", "models"));

TEST(CatalogListCli, JsonValuesAreInFileUnits) {
    const CliRun r = runCli({"--format", "json", "catalog", "list", "gpus"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    const auto h100 = std::find_if(doc.begin(), doc.end(),
                                   [](const auto& e) { return e["name"] == "H100-SXM5-80GB"; });
    ASSERT_NE(h100, doc.end());
    EXPECT_EQ((*h100)["memory_gib"].get<double>(), 80.0);
    EXPECT_EQ((*h100)["bf16_tflops"].get<double>(), 989.5);
    EXPECT_EQ((*h100)["hbm_gb_per_s"].get<double>(), 3350.0);
}

TEST(CatalogListCli, ModelsTableShowsComputedParameters) {
    const CliRun r = runCli({"catalog", "list", "models"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto out = splitLines(r.out);
    const auto row = std::find_if(out.begin(), out.end(), [](const std::string& l) {
        return l.rfind("llama3.1-8b ", 0) == 0;
    });
    ASSERT_NE(row, out.end()) << r.out;
    EXPECT_NE(row->find("8.03"), std::string::npos) << *row;
}

TEST(CatalogListCli, BadArgumentsAreUsageErrors) {
    for (const auto& args :
         std::vector<std::vector<std::string>>{{"catalog"},
                                               {"catalog", "list"},
                                               {"catalog", "list", "cpus"},
                                               {"catalog", "show", "gpus"},
                                               {"catalog", "list", "gpus", "extra"}}) {
        const CliRun r = runCli(args);
        EXPECT_EQ(r.exitCode, 2) << args.size() << " args; stderr: " << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find("trainplan-cli: "), std::string::npos) << r.err;
    }
}

TEST(CatalogListCli, DataDirectoryComesFromTheEnvironment) {
    // A data directory without a catalog falls back to the source tree's data/, which is valid, so
    // the listing must still succeed: TRAINPLAN_DATA_DIR is a preference, not a requirement.
    const CliRun r = runCli({"catalog", "list", "links"},
                            {{"TRAINPLAN_DATA_DIR", "/nonexistent/trainplan-data"}});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("NVLink4-NVSwitch"), std::string::npos);
}

} // namespace
} // namespace trainplan::test
