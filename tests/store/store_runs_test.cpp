// Measured runs (added by hand or imported from published_runs.csv), saved comparisons and
// calibration profiles.

#include "store_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/store/run_import.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;

store::NewMeasuredRun run(const std::string& scenario, double stepSeconds) {
    store::NewMeasuredRun r;
    r.scenarioName = scenario;
    r.stepSeconds = stepSeconds;
    r.measuredOn = "2025-02-28";
    r.notes = "nightly";
    r.source = "our cluster";
    return r;
}

std::vector<model::PublishedRun> publishedRuns() {
    const auto load = model::loadPublishedRuns(fs::path(TRAINPLAN_TEST_DATA_DIR) / "reference" /
                                               "published_runs.csv");
    EXPECT_TRUE(load.ok()) << (load.issues.empty() ? "" : load.issues.front().text());
    return load.runs;
}

TEST(storeRuns, AddedRunsBelongToAStoredScenario) {
    store::Store s = memoryStore();
    const auto missing = storeErrorOf([&] { (void)s.addRun(run("nope", 1.0)); });
    EXPECT_EQ(missing.kind(), StoreErrorKind::NotFound);
    s.saveScenario(scenarioJson("Llama"));
    store::NewMeasuredRun r = run("llama", 9.5);
    r.plan = scenarioJson("x")["plans"][0];
    r.tokensPerSecondPerGpu = 1700;
    r.peakMemoryBytes = 60e9;
    const std::int64_t id = s.addRun(r);
    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].id, id);
    EXPECT_EQ(runs[0].scenarioName, "Llama") << "stored as the library spells it";
    EXPECT_EQ(runs[0].scenarioId, s.scenario("llama").id);
    EXPECT_EQ(runs[0].plan, r.plan);
    EXPECT_EQ(runs[0].stepSeconds, 9.5);
    EXPECT_EQ(runs[0].tokensPerSecondPerGpu, 1700);
    EXPECT_EQ(runs[0].peakMemoryBytes, 60e9);
    EXPECT_EQ(runs[0].measuredOn, "2025-02-28");
    EXPECT_EQ(runs[0].source, "our cluster");
    EXPECT_EQ(s.runs(std::string("LLAMA")).size(), 1u);
    EXPECT_TRUE(s.runs(std::string("other")).empty());
}

TEST(storeRuns, AnIdenticalRunIsRefused) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    s.addRun(run("a", 2.0));
    EXPECT_EQ(storeErrorOf([&] { (void)s.addRun(run("a", 2.0)); }).kind(),
              StoreErrorKind::Conflict);
    EXPECT_NO_THROW(s.addRun(run("a", 2.1)));
    EXPECT_EQ(s.runs().size(), 2u);
}

TEST(storeRuns, InvalidRunsAreRejectedWithEveryProblem) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    store::NewMeasuredRun r;
    r.scenarioName = "a";
    EXPECT_EQ(storeErrorOf([&] { (void)s.addRun(r); }).kind(), StoreErrorKind::Invalid)
        << "no measurement";
    r.stepSeconds = -1;
    r.mfu = 1.5;
    r.measuredOn = "2025-02-30";
    r.plan = nlohmann::json::array();
    const auto e = storeErrorOf([&] { (void)s.addRun(r); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    std::vector<std::string> paths;
    for (const auto& i : e.issues())
        paths.push_back(i.path);
    EXPECT_EQ(paths, (std::vector<std::string>{"run.plan", "run.step_time_s", "run.mfu",
                                               "run.measured_on"}));
    EXPECT_TRUE(s.runs().empty());
}

TEST(storeRuns, PublishedRunsImportWithTheirSourcesAndOnlyOnce) {
    store::Store s = memoryStore();
    const auto rows = publishedRuns();
    ASSERT_EQ(rows.size(), 95u);
    const auto first = s.importRuns(store::measuredRunsFromPublished(rows));
    EXPECT_EQ(first.added, rows.size());
    EXPECT_EQ(first.skipped, 0u);
    const auto again = s.importRuns(store::measuredRunsFromPublished(rows));
    EXPECT_EQ(again.added, 0u);
    EXPECT_EQ(again.skipped, rows.size());

    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(runs[i].source, rows[i].sourceText);
        EXPECT_EQ(runs[i].scenarioName, rows[i].modelName);
        EXPECT_EQ(runs[i].details, model::toJson(rows[i])) << "the row is kept verbatim";
        EXPECT_FALSE(runs[i].scenarioId.has_value());
    }
}

TEST(storeRuns, PublishedRowsConvertToSiAndScenarioPlanKeys) {
    const auto rows = publishedRuns();
    const auto titan = std::find_if(rows.begin(), rows.end(), [](const model::PublishedRun& r) {
        return r.modelName == "Llama 3.1 8B" && r.measuredTokensPerSPerGpu == 5762.0;
    });
    ASSERT_NE(titan, rows.end());
    const store::NewMeasuredRun r = store::measuredRunFromPublished(*titan);
    EXPECT_EQ(r.tokensPerSecondPerGpu, 5762.0);
    EXPECT_DOUBLE_EQ(*r.peakMemoryBytes, 82.4 * 1024 * 1024 * 1024);
    ASSERT_TRUE(r.plan.has_value());
    EXPECT_EQ((*r.plan)["framework"], "fsdp");
    EXPECT_EQ((*r.plan)["dp"], 8);
    EXPECT_EQ((*r.plan)["recompute"], "selective");
    EXPECT_FALSE(r.plan->contains("zero_stage")) << "'FSDP2 full shard' is text, kept in details";
    EXPECT_EQ(r.details["zero_stage"], "FSDP2 full shard");

    const auto megatron = std::find_if(rows.begin(), rows.end(), [](const model::PublishedRun& r) {
        return r.modelName.rfind("GPT-1.7B", 0) == 0;
    });
    ASSERT_NE(megatron, rows.end());
    const store::NewMeasuredRun m = store::measuredRunFromPublished(*megatron);
    EXPECT_EQ((*m.plan)["framework"], "megatron");
    EXPECT_DOUBLE_EQ(*m.flopsPerSecondPerGpu, 137e12);
    EXPECT_EQ((*m.plan)["recompute"], "full");
}

TEST(storeRuns, ImportIsAllOrNothing) {
    store::Store s = memoryStore();
    auto runs = store::measuredRunsFromPublished(publishedRuns());
    runs[10].stepSeconds = 0;
    runs[20].scenarioName = " ";
    const auto e = storeErrorOf([&] { (void)s.importRuns(runs); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_EQ(e.issues().size(), 2u);
    EXPECT_EQ(e.issues()[0].path, "runs[10].step_time_s");
    EXPECT_EQ(e.issues()[1].path, "runs[20].scenario");
    EXPECT_TRUE(s.runs().empty());
}

TEST(storeRuns, ImportedRunsLinkToAStoredScenarioOfTheSameName) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("Llama 3.1 8B"));
    s.importRuns(store::measuredRunsFromPublished(publishedRuns()));
    const auto linked = s.runs(std::string("llama 3.1 8b"));
    ASSERT_FALSE(linked.empty());
    for (const auto& r : linked)
        EXPECT_EQ(r.scenarioId, s.scenario("Llama 3.1 8B").id);
}

TEST(storeRuns, DeleteRun) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    const auto id = s.addRun(run("a", 1.0));
    s.deleteRun(id);
    EXPECT_TRUE(s.runs().empty());
    EXPECT_EQ(storeErrorOf([&] { s.deleteRun(id); }).kind(), StoreErrorKind::NotFound);
}

TEST(storeComparisons, SavedListedReadAndDeleted) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    const nlohmann::json result = {{"best", "fsdp"}, {"rows", {1, 2, 3}}};
    const auto id = s.saveComparison("frameworks", std::string("a"), result);
    const auto unlinked = s.saveComparison("", std::nullopt, nlohmann::json::array());
    ASSERT_EQ(s.comparisons().size(), 2u);
    const auto c = s.comparison(id);
    EXPECT_EQ(c.name, "frameworks");
    EXPECT_EQ(c.scenarioName, "a");
    EXPECT_EQ(c.result, result);
    EXPECT_FALSE(c.createdAt.empty());
    EXPECT_FALSE(s.comparison(unlinked).scenarioName.has_value());
    s.deleteComparison(id);
    EXPECT_EQ(storeErrorOf([&] { (void)s.comparison(id); }).kind(), StoreErrorKind::NotFound);
    s.deleteScenario("a"); // comparisons outlive their scenario
    EXPECT_EQ(s.comparisons().size(), 1u);
}

TEST(storeCalibration, ProfilesAreCreatedReplacedListedAndDeleted) {
    store::Store s = memoryStore();
    s.saveCalibrationProfile("a100-lab", {{"gemm_efficiency", 0.62}}, "fitted on 12 runs");
    s.saveCalibrationProfile("A100-LAB", {{"gemm_efficiency", 0.65}});
    const auto profiles = s.calibrationProfiles();
    ASSERT_EQ(profiles.size(), 1u);
    EXPECT_EQ(profiles[0].parameters["gemm_efficiency"], 0.65);
    ASSERT_TRUE(s.findCalibrationProfile("a100-lab"));
    EXPECT_EQ(storeErrorOf([&] { s.saveCalibrationProfile("x", 0.5); }).kind(),
              StoreErrorKind::Invalid);
    EXPECT_EQ(storeErrorOf([&] { s.saveCalibrationProfile(" ", nlohmann::json::object()); }).kind(),
              StoreErrorKind::Invalid);
    s.deleteCalibrationProfile("a100-lab");
    EXPECT_FALSE(s.findCalibrationProfile("a100-lab"));
    EXPECT_EQ(storeErrorOf([&] { s.deleteCalibrationProfile("a100-lab"); }).kind(),
              StoreErrorKind::NotFound);
}

} // namespace
} // namespace trainplan::test
