// Regression (issue 21): Export launch files pointed the 70B DDP and FSDP torchtitan launches at
// the 8B train config, which would train another model.
#include <trainplan/model/io/launcher.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::model::io {
namespace {

using test::dump;

Scenario example(const char* file) {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / file,
                                 test::testCatalog());
    EXPECT_TRUE(load.scenario) << file;
    return load.scenario.value_or(Scenario{});
}

Plan dataParallel(Framework f, int dp) {
    Plan p;
    p.framework = f;
    p.dp = dp;
    p.zeroStage = f == Framework::Fsdp ? 3 : 0;
    return p;
}

TEST(TorchtitanTrainConfig, The70bExportsPointAtThe70bConfigNotThe8b) {
    const Scenario s = example("llama31-70b-h100x256.json");
    for (Framework f : {Framework::Ddp, Framework::Fsdp}) {
        ImportIssues issues;
        const std::string text = exportTorchrunScript(s, dataParallel(f, 256), issues);
        EXPECT_NE(text.find("train_configs/llama3_70b.toml"), std::string::npos) << text;
        EXPECT_EQ(text.find("llama3_8b"), std::string::npos) << text;
        EXPECT_TRUE(issues.empty()) << dump(issues);
    }
}

TEST(TorchtitanTrainConfig, The8bKeepsItsOwnConfig) {
    Scenario s = example("llama31-70b-h100x256.json");
    const TransformerSpec* m = test::testCatalog().findModel("llama3.1-8b");
    ASSERT_NE(m, nullptr);
    s.model = *m;
    ImportIssues issues;
    const std::string text = exportTorchrunScript(s, dataParallel(Framework::Fsdp, 256), issues);
    EXPECT_NE(text.find("train_configs/llama3_8b.toml"), std::string::npos) << text;
}

TEST(TorchtitanTrainConfig, AModelTorchtitanShipsNoConfigForIsAWarningNotAWrongFile) {
    const Scenario s = example("gpt3-175b-a100x1024.json");
    ImportIssues issues;
    const std::string text = exportTorchrunScript(s, dataParallel(Framework::Fsdp, 1024), issues);
    EXPECT_EQ(text.find("llama3_"), std::string::npos) << text;
    const auto it = std::find_if(issues.begin(), issues.end(),
                                 [](const ImportIssue& i) { return i.key == "TORCHTITAN_CONFIG"; });
    ASSERT_NE(it, issues.end()) << dump(issues);
    EXPECT_EQ(it->severity, Severity::Warning);
    EXPECT_NE(it->message.find("GPT-3"), std::string::npos) << it->message;
}

} // namespace
} // namespace trainplan::model::io
