// The library's measured runs as calibration runs (services::loadStoredCalibrationRuns), the one
// conversion `trainplan-cli calibrate --from-store` and the GUI Calibration view share.

#include "../store/store_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/model/units.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/services/stored_profile.h>
#include <trainplan/store/run_import.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::test {
namespace {

using sim::ValidationMetric;

std::optional<double> measured(const sim::CalibrationRun& run, ValidationMetric m) {
    for (const auto& [metric, value] : run.measured)
        if (metric == m) return value;
    return std::nullopt;
}

nlohmann::json fsdpPlan(int microBatch) {
    return {{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", microBatch}, {"zero_stage", 3}};
}

TEST(StoredCalibrationRuns, ALinkedRunIsItsScenarioWithItsPlanAndMeasurementsInCalibrationUnits) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("Llama"));
    store::NewMeasuredRun r;
    r.scenarioName = "llama";
    r.plan = fsdpPlan(4);
    r.stepSeconds = 9.5;
    r.tokensPerSecondPerGpu = 1700;
    r.mfu = 0.42;
    r.peakMemoryBytes = 40.0 * model::units::kGiB;
    r.source = "our cluster";
    const std::int64_t id = s.addRun(r);

    const services::StoredCalibrationRuns loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.runs.size(), 1u);
    EXPECT_TRUE(loaded.skipped.empty());
    EXPECT_TRUE(loaded.problems.empty());
    EXPECT_EQ(loaded.runIds, std::vector<std::int64_t>{id});
    const sim::CalibrationRun& run = loaded.runs[0];
    EXPECT_EQ(run.label, "Llama #" + std::to_string(id));
    EXPECT_EQ(run.plan.framework, model::Framework::Fsdp);
    EXPECT_EQ(run.plan.dp, 8);
    EXPECT_EQ(run.plan.microBatch, 4) << "the run's plan, not the scenario's (micro-batch 2)";
    EXPECT_TRUE(run.scenario.plans.empty());
    EXPECT_EQ(run.scenario.cluster.gpusPerNode * run.scenario.cluster.nodes, 8);
    EXPECT_EQ(measured(run, ValidationMetric::StepSeconds), 9.5);
    EXPECT_EQ(measured(run, ValidationMetric::TokensPerSecondPerGpu), 1700.0);
    EXPECT_DOUBLE_EQ(*measured(run, ValidationMetric::MfuPercent), 42.0);
    EXPECT_DOUBLE_EQ(*measured(run, ValidationMetric::PeakMemoryGiB), 40.0);
}

TEST(StoredCalibrationRuns, ARunWithoutPlanUsesTheScenariosOnlyPlanOrIsSkippedWithTheReason) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("one-plan"));
    nlohmann::json two = scenarioJson("two-plans");
    two["plans"].push_back(fsdpPlan(1));
    s.saveScenario(two);
    store::NewMeasuredRun r;
    r.stepSeconds = 3.0;
    r.scenarioName = "one-plan";
    const std::int64_t used = s.addRun(r);
    r.scenarioName = "two-plans";
    const std::int64_t unclear = s.addRun(r);

    const auto loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.runs.size(), 1u);
    EXPECT_EQ(loaded.runIds[0], used);
    EXPECT_EQ(loaded.runs[0].plan.microBatch, 2);
    ASSERT_EQ(loaded.skipped.size(), 1u);
    EXPECT_EQ(loaded.skipped[0], "run " + std::to_string(unclear) +
                                     " (two-plans): the run does not say which plan it measured");
}

TEST(StoredCalibrationRuns, RunsWithOnlyFlopsOrAnInvalidPlanAreSkippedNamingTheReason) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("llama"));
    store::NewMeasuredRun flops;
    flops.scenarioName = "llama";
    flops.plan = fsdpPlan(2);
    flops.flopsPerSecondPerGpu = 150e12;
    const std::int64_t flopsId = s.addRun(flops);
    store::NewMeasuredRun badPlan;
    badPlan.scenarioName = "llama";
    badPlan.plan = {{"framework", "megatron"}, {"dp", 1}, {"tp", 3}, {"pp", 1}, {"micro_batch", 1}};
    badPlan.stepSeconds = 2.0;
    const std::int64_t badId = s.addRun(badPlan);

    const auto loaded = services::loadStoredCalibrationRuns(s);
    EXPECT_TRUE(loaded.runs.empty());
    ASSERT_EQ(loaded.skipped.size(), 2u);
    EXPECT_EQ(loaded.skipped[0], "run " + std::to_string(flopsId) +
                                     " (llama): no step time, tokens/s, MFU or peak memory");
    EXPECT_EQ(loaded.skipped[1].rfind("run " + std::to_string(badId) + " (llama): plan", 0), 0u)
        << loaded.skipped[1];
}

TEST(StoredCalibrationRuns, FiltersByScenarioAndBySourceIgnoringCase) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    s.saveScenario(scenarioJson("b"));
    store::NewMeasuredRun r;
    r.plan = fsdpPlan(2);
    r.stepSeconds = 4.0;
    r.scenarioName = "a";
    r.source = "H800 RoCE cluster";
    s.addRun(r);
    r.scenarioName = "b";
    r.source = "A100 IB cluster";
    s.addRun(r);

    EXPECT_EQ(services::loadStoredCalibrationRuns(s).runs.size(), 2u);
    const auto onlyB = services::loadStoredCalibrationRuns(s, {std::string("B"), std::nullopt, std::nullopt});
    ASSERT_EQ(onlyB.runs.size(), 1u);
    EXPECT_EQ(onlyB.runs[0].label.substr(0, 3), "b #");
    const auto roce = services::loadStoredCalibrationRuns(s, {std::nullopt, std::string("roce"), std::nullopt});
    ASSERT_EQ(roce.runs.size(), 1u);
    EXPECT_EQ(roce.runs[0].label.substr(0, 3), "a #");
}

TEST(StoredCalibrationRuns, TheScenariosCalibrationProfileIsAppliedAndAMissingOneIsAProblem) {
    store::Store s = memoryStore();
    nlohmann::json doc = scenarioJson("profiled");
    doc["efficiency"] = {{"profile", "h800-q3"}};
    s.saveScenario(doc);
    store::NewMeasuredRun r;
    r.scenarioName = "profiled";
    r.stepSeconds = 5.0;
    const std::int64_t id = s.addRun(r);

    const auto missing = services::loadStoredCalibrationRuns(s);
    EXPECT_TRUE(missing.runs.empty());
    ASSERT_EQ(missing.problems.size(), 1u);
    EXPECT_EQ(missing.problems[0], "run " + std::to_string(id) +
                                       " (profiled): efficiency.profile: no calibration profile "
                                       "named 'h800-q3' in :memory: (none stored)");

    s.saveCalibrationProfile("h800-q3", {{"gemm_efficiency", 0.61}});
    const auto applied = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(applied.runs.size(), 1u);
    EXPECT_TRUE(applied.problems.empty());
    ASSERT_TRUE(applied.runs[0].scenario.efficiency.gemmEfficiency.has_value());
    EXPECT_DOUBLE_EQ(*applied.runs[0].scenario.efficiency.gemmEfficiency, 0.61);
}

TEST(StoredCalibrationRuns, AnImportedPublishedRowIsRebuiltAsValidateRebuildsIt) {
    store::Store s = memoryStore();
    const auto load = model::loadPublishedRuns(fs::path(TRAINPLAN_TEST_DATA_DIR) / "reference" /
                                               "published_runs.csv");
    ASSERT_TRUE(load.ok());
    const auto it = std::find_if(load.runs.begin(), load.runs.end(), [](const auto& row) {
        return sim::calibrationRun(sim::referenceCase(row, builtinCatalog())).has_value();
    });
    ASSERT_NE(it, load.runs.end());
    (void)s.importRuns({store::measuredRunFromPublished(*it)});

    const auto loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.runs.size(), 1u) << (loaded.skipped.empty() ? "" : loaded.skipped[0]);
    const auto direct = sim::calibrationRun(sim::referenceCase(*it, builtinCatalog()));
    EXPECT_EQ(loaded.runs[0].plan, direct->plan);
    EXPECT_EQ(loaded.runs[0].measured, direct->measured);
    EXPECT_NE(loaded.runs[0].label.find("(run " + std::to_string(loaded.runIds[0]) + ")"),
              std::string::npos);
}

// End to end: runs stored with step times the model predicts at a known GEMM efficiency; the fit
// on the loaded runs finds that efficiency again.
TEST(StoredCalibrationRuns, FittingTheLoadedRunsRecoversTheEfficiencyTheyWereMeasuredAt) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("llama"));
    constexpr double kTrueGemm = 0.47;
    for (int microBatch : {1, 2, 4}) {
        nlohmann::json doc = scenarioJson("llama");
        doc["plans"] = nlohmann::json::array({fsdpPlan(microBatch)});
        std::string why;
        const auto sc =
            services::scenarioWithPlan(doc, fsdpPlan(microBatch), builtinCatalog(), why);
        ASSERT_TRUE(sc) << why;
        const sim::CalibrationRun run = services::calibrationRunOf(*sc, "synthetic");
        sim::Efficiency eff = sim::runEfficiency(run.scenario);
        sim::set(eff, sim::CalibrationParameter::GemmEfficiency, kTrueGemm);
        store::NewMeasuredRun r;
        r.scenarioName = "llama";
        r.plan = fsdpPlan(microBatch);
        r.stepSeconds = sim::predictMetric(run, eff, ValidationMetric::StepSeconds);
        s.addRun(r);
    }
    const auto loaded = services::loadStoredCalibrationRuns(s);
    ASSERT_EQ(loaded.runs.size(), 3u);
    sim::CalibrationOptions options;
    options.parameters = {sim::CalibrationParameter::GemmEfficiency};
    const sim::CalibrationResult result = sim::calibrate(loaded.runs, options);
    ASSERT_TRUE(result.ok()) << result.refusal;
    EXPECT_NEAR(result.parameters[0].value, kTrueGemm, 1e-4);
    EXPECT_LT(result.after.maxAbs, 1e-4);
}

} // namespace
} // namespace trainplan::test
