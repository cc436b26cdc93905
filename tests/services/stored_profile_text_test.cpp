// A scenario's calibration profile that is missing or out of range (services::applyStoredProfile,
// the stored runs' problems): structured issues at "efficiency.profile", so the CLI prints the
// English it always printed and the GUI shows the same problem in Chinese.

#include "../store/store_test_support.h"

#include <trainplan/model/issue_text.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/services/stored_profile.h>
#include <trainplan/store/run_import.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Lang;

model::Scenario profiledScenario(const std::string& profile) {
    nlohmann::json doc = scenarioJson("profiled");
    doc["efficiency"] = {{"profile", profile}};
    const model::ScenarioLoad load = model::parseScenario(doc, builtinCatalog());
    if (!load.scenario) throw std::runtime_error("the test scenario does not load");
    return *load.scenario;
}

TEST(StoredProfileText, AMissingProfileReadsInBothLanguages) {
    store::Store s = memoryStore();
    model::Scenario scenario = profiledScenario("h800-q3");
    const model::ValidationIssues none = services::applyStoredProfile(s, scenario);
    ASSERT_EQ(none.size(), 1u);
    EXPECT_EQ(none[0].path, "efficiency.profile");
    EXPECT_EQ(none[0].text(), "efficiency.profile: no calibration profile named 'h800-q3' in "
                              ":memory: (none stored)");
    EXPECT_EQ(
        none[0].text(Lang::ZhCN),
        "efficiency.profile：:memory: 中没有名为 'h800-q3' 的校准配置（尚未存储任何校准配置）");

    s.saveCalibrationProfile("a100-fit", {{"gemm_efficiency", 0.6}});
    s.saveCalibrationProfile("h100-fit", {{"gemm_efficiency", 0.7}});
    const model::ValidationIssues other = services::applyStoredProfile(s, scenario);
    ASSERT_EQ(other.size(), 1u);
    EXPECT_EQ(other[0].text(), "efficiency.profile: no calibration profile named 'h800-q3' in "
                               ":memory: (stored: 'a100-fit', 'h100-fit')");
    EXPECT_EQ(other[0].text(Lang::ZhCN), "efficiency.profile：:memory: 中没有名为 'h800-q3' "
                                         "的校准配置（已存储：'a100-fit', 'h100-fit'）");
}

TEST(StoredProfileText, AnOutOfRangeStoredValueReadsInChinese) {
    store::Store s = memoryStore();
    s.saveCalibrationProfile("h800-q3", {{"gemm_efficiency", 7.5}});
    model::Scenario scenario = profiledScenario("h800-q3");
    const model::ValidationIssues problems = services::applyStoredProfile(s, scenario);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].text(),
              "efficiency.profile: calibration profile 'h800-q3': gemm_efficiency 7.5 is out of "
              "range");
    EXPECT_EQ(problems[0].text(Lang::ZhCN),
              "efficiency.profile：校准配置 'h800-q3'：gemm_efficiency 7.5 超出范围");
}

TEST(StoredProfileText, AStoredRunsProfileProblemNamesTheRunInEitherLanguage) {
    store::Store s = memoryStore();
    nlohmann::json doc = scenarioJson("profiled");
    doc["efficiency"] = {{"profile", "h800-q3"}};
    s.saveScenario(doc);
    store::NewMeasuredRun r;
    r.scenarioName = "profiled";
    r.stepSeconds = 5.0;
    const std::int64_t id = s.addRun(r);

    const services::StoredCalibrationRuns loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.problems.size(), 1u);
    ASSERT_EQ(loaded.problemNotes.size(), 1u);
    const services::StoredRunNote& note = loaded.problemNotes[0];
    EXPECT_EQ(note.runId, id);
    EXPECT_EQ(note.text(Lang::En), loaded.problems[0]);
    EXPECT_EQ(note.text(Lang::ZhCN), "运行 " + std::to_string(id) +
                                         "（profiled）：efficiency.profile：:memory: 中没有名为 "
                                         "'h800-q3' 的校准配置（尚未存储任何校准配置）");
}

TEST(StoredProfileText, ARunThatCannotBeFittedSaysWhyInEitherLanguage) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("llama"));
    store::NewMeasuredRun flops;
    flops.scenarioName = "llama";
    flops.plan = {{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", 2}, {"zero_stage", 3}};
    flops.flopsPerSecondPerGpu = 150e12;
    const std::int64_t flopsId = s.addRun(flops);
    store::NewMeasuredRun badPlan;
    badPlan.scenarioName = "llama";
    badPlan.plan = {{"framework", "megatron"}, {"dp", 1}, {"tp", 3}, {"pp", 1}, {"micro_batch", 1}};
    badPlan.stepSeconds = 2.0;
    const std::int64_t badId = s.addRun(badPlan);

    const services::StoredCalibrationRuns loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.skippedNotes.size(), 2u);
    ASSERT_EQ(loaded.skipped.size(), 2u);
    EXPECT_EQ(loaded.skippedNotes[0].text(Lang::En), loaded.skipped[0]);
    EXPECT_EQ(loaded.skippedNotes[1].text(Lang::En), loaded.skipped[1]);
    EXPECT_EQ(loaded.skippedNotes[0].text(Lang::ZhCN),
              "运行 " + std::to_string(flopsId) +
                  "（llama）：没有单步时间、token/秒、MFU 或峰值显存");
    const std::string bad = loaded.skippedNotes[1].text(Lang::ZhCN);
    EXPECT_EQ(bad.rfind("运行 " + std::to_string(badId) + "（llama）：plan", 0), 0u) << bad;
    EXPECT_EQ(bad.find("must"), std::string::npos) << bad;
}

// An imported published row TrainPlan cannot rebuild (its framework is unknown) is skipped with the
// reason `validate` gives: English for `calibrate --from-store`, Chinese in the window.
TEST(StoredProfileText, AnImportedPublishedRowThatCannotBeRebuiltSaysWhyInEitherLanguage) {
    store::Store s = memoryStore();
    const auto load = model::loadPublishedRuns(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                               "reference" / "published_runs.csv");
    ASSERT_FALSE(load.runs.empty());
    model::PublishedRun row = load.runs.front();
    row.framework = "Colossal-AI";
    (void)s.importRuns({store::measuredRunFromPublished(row)});

    const services::StoredCalibrationRuns loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.skippedNotes.size(), 1u);
    ASSERT_EQ(loaded.skipped.size(), 1u);
    const services::StoredRunNote& note = loaded.skippedNotes[0];
    ASSERT_TRUE(note.rowSkip);
    const std::string id = std::to_string(note.runId);
    EXPECT_EQ(loaded.skipped[0],
              "run " + id + " (" + row.modelName + "): framework 'Colossal-AI' not recognised");
    EXPECT_EQ(note.text(Lang::En), loaded.skipped[0]);
    EXPECT_EQ(note.text(Lang::ZhCN),
              "运行 " + id + "（" + row.modelName + "）：无法识别框架 'Colossal-AI'");
}

} // namespace
} // namespace trainplan::test
