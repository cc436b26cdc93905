// services::checkRuns / checkStoredRuns: each measured run against its prediction, its error bar
// and the likely causes of a large miss; and the round trip of issue 23: runs imported from
// training logs, fitted on their cluster, lower that cluster's error once the profile is used.

#include "../store/store_test_support.h"

#include <trainplan/model/units.h>
#include <trainplan/services/log_run_import.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/calibration_profile.h>

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string_view>

namespace trainplan::test {
namespace {

// A Megatron-LM log of one job at `seconds` per iteration: training_log()'s line, as
// megatron/training/training.py prints it (the fixture tests/fixtures/logs/megatron cites it).
std::string iterationLog(double seconds) {
    std::string text = "training ...\n";
    for (int i = 10; i <= 80; i += 10)
        text += " iteration " + std::to_string(i) +
                "/ 1000 | consumed samples: 0 | elapsed time per iteration (ms): " +
                std::to_string((i == 10 ? 3.0 : 1.0) * seconds * 1000.0) +
                " | global batch size: 256 | number of skipped iterations:   0 | number of nan "
                "iterations:   0 |\n";
    return text;
}

nlohmann::json withMicroBatch(const std::string& name, int microBatch) {
    nlohmann::json doc = scenarioJson(name);
    doc["plans"][0]["micro_batch"] = microBatch;
    return doc;
}

// The model's step time for a stored scenario's only plan, with its profile applied.
double predictedStep(store::Store& st, const std::string& name) {
    const services::RunChecks probe = [&] {
        store::NewMeasuredRun r;
        r.scenarioName = name;
        r.stepSeconds = 1.0;
        const std::int64_t id = st.addRun(r);
        services::RunChecks c = services::checkStoredRuns(st, {}, {name, std::nullopt, std::nullopt});
        st.deleteRun(id);
        return c;
    }();
    EXPECT_EQ(probe.runs.size(), 1u);
    return probe.runs.empty() ? 0.0 : probe.runs.front().stepSeconds->predicted;
}

TEST(RunChecks, ClusterKeyNamesTheGpuTheNodeAndTheNetworkNotTheNodeCount) {
    store::Store st = memoryStore();
    std::string why;
    auto one = services::scenarioWithPlan(scenarioJson("A"), scenarioJson("A")["plans"][0],
                                          st.catalog(), why);
    ASSERT_TRUE(one) << why;
    EXPECT_EQ(services::clusterKey(*one),
              "A100-SXM4-80GB · 8/node · PCIe-Gen4 · Ethernet-100GbE-TCP ×1");
    nlohmann::json bigger = scenarioJson("B");
    bigger["cluster"]["nodes"] = 4;
    bigger["plans"][0]["dp"] = 32;
    auto four = services::scenarioWithPlan(bigger, bigger["plans"][0], st.catalog(), why);
    ASSERT_TRUE(four) << why;
    EXPECT_EQ(services::clusterKey(*four), services::clusterKey(*one))
        << "one cluster runs jobs of many sizes";
    bigger["cluster"]["gpu"] = "H100-SXM5-80GB";
    auto other = services::scenarioWithPlan(bigger, bigger["plans"][0], st.catalog(), why);
    ASSERT_TRUE(other) << why;
    EXPECT_NE(services::clusterKey(*other), services::clusterKey(*one));
}

// A run whose plan no longer validates against its scenario is skipped with a note that reads
// in either language (the Measurements tab's tooltip), and the English line is unchanged.
TEST(RunChecks, ARunWhosePlanDoesNotValidateIsSkippedWithANoteInBothLanguages) {
    store::Store st = memoryStore();
    std::string why;
    auto scenario = services::scenarioWithPlan(scenarioJson("A"), scenarioJson("A")["plans"][0],
                                               st.catalog(), why);
    ASSERT_TRUE(scenario) << why;
    services::StoredCalibrationRuns loaded;
    sim::CalibrationRun run = services::calibrationRunOf(*scenario, "A (run 42)");
    run.plan.tp = 3; // the model's heads do not divide by 3
    run.measured.push_back({sim::ValidationMetric::StepSeconds, 1.0});
    loaded.runs.push_back(run);
    loaded.runIds.push_back(42);
    const services::RunChecks c = services::checkRuns(loaded, {});
    EXPECT_TRUE(c.runs.empty());
    ASSERT_EQ(c.skippedNotes.size(), 1u);
    ASSERT_EQ(c.skipped.size(), 1u);
    EXPECT_EQ(c.skippedNotes[0].runId, 42);
    EXPECT_EQ(c.skipped[0].rfind("A (run 42): plan", 0), 0u) << c.skipped[0];
    const std::string zh = c.skippedNotes[0].text(model::Lang::ZhCN);
    EXPECT_EQ(zh.rfind("运行 42（A）：plan", 0), 0u) << zh;
    EXPECT_EQ(zh.find(" must "), std::string::npos) << zh;
}

TEST(RunChecks, FarOutsideMeansBeyondTheIntervalByMoreThanItsHalfWidth) {
    // Predicted 10 s with an 80% interval of 9–12 s (half-width 1.5 s): far outside below 7.5 s
    // and above 13.5 s.
    const services::MetricCheck at{10.0, 10.0, 9.0, 12.0};
    EXPECT_TRUE(at.insideInterval());
    EXPECT_FALSE(at.farOutside());
    EXPECT_DOUBLE_EQ(at.error(), 0.0);
    services::MetricCheck m = at;
    m.measured = 8.9;
    EXPECT_FALSE(m.insideInterval());
    EXPECT_FALSE(m.farOutside());
    m.measured = 7.6;
    EXPECT_FALSE(m.farOutside());
    m.measured = 7.4;
    EXPECT_TRUE(m.farOutside());
    EXPECT_NEAR(m.error(), (10.0 - 7.4) / 7.4, 1e-12);
    m.measured = 13.4;
    EXPECT_FALSE(m.farOutside());
    m.measured = 13.6;
    EXPECT_TRUE(m.farOutside());
    // An interval centred on a biased family need not hold the prediction: a measurement inside
    // it is inside, however far from the prediction.
    const services::MetricCheck biased{1.238, 1.278, 1.149, 1.258};
    EXPECT_TRUE(biased.insideInterval());
    EXPECT_FALSE(biased.farOutside());
}

TEST(RunChecks, ARunOnItsPredictionIsInsideAndOneTwiceAsSlowIsFlaggedWithItsLargestParts) {
    store::Store st = memoryStore();
    st.saveScenario(scenarioJson("Llama"));
    const double predicted = predictedStep(st, "Llama");
    ASSERT_GT(predicted, 0.0);
    // Error bars from the public runs, as every surface uses them.
    const sim::ResidualTable residuals = services::referenceResiduals(st.catalog());
    ASSERT_FALSE(residuals.empty());
    store::NewMeasuredRun onTarget;
    onTarget.scenarioName = "Llama";
    onTarget.stepSeconds = predicted;
    const std::int64_t good = st.addRun(onTarget);
    store::NewMeasuredRun slow = onTarget;
    slow.stepSeconds = 2.0 * predicted;
    const std::int64_t bad = st.addRun(slow);

    const services::RunChecks checks = services::checkStoredRuns(st, residuals);
    ASSERT_EQ(checks.runs.size(), 2u);
    const services::RunCheck& g = checks.runs[0].runId == good ? checks.runs[0] : checks.runs[1];
    const services::RunCheck& b = checks.runs[0].runId == bad ? checks.runs[0] : checks.runs[1];
    ASSERT_TRUE(g.stepSeconds && b.stepSeconds);
    EXPECT_NEAR(g.stepSeconds->error(), 0.0, 1e-12);
    EXPECT_TRUE(g.stepSeconds->insideInterval());
    EXPECT_FALSE(g.flagged);
    EXPECT_TRUE(g.causes.empty());
    // The interval brackets the prediction; tokens/s was derived by the store from the step.
    EXPECT_LT(g.stepSeconds->low, predicted);
    EXPECT_GT(g.stepSeconds->high, predicted);
    EXPECT_NEAR(b.stepSeconds->error(), -0.5, 1e-12);
    EXPECT_TRUE(b.stepSeconds->farOutside());
    EXPECT_TRUE(b.flagged);
    ASSERT_FALSE(b.causes.empty());
    EXPECT_LE(b.causes.size(), 3u);
    for (std::size_t k = 0; k < b.causes.size(); ++k) {
        EXPECT_GE(b.causes[k].share, 0.05);
        EXPECT_LE(b.causes[k].share, 1.0);
        if (k > 0) {
            EXPECT_LE(b.causes[k].share, b.causes[k - 1].share);
        }
    }
    // FSDP ZeRO-3 over PCIe on one node: the parameter gathers and gradient reduce-scatters are
    // the largest estimated part of the step.
    EXPECT_EQ(b.causes.front().cause, services::LikelyCause::ExposedDataParallel);

    // Without reference residuals there is no error bar, so nothing is flagged.
    const services::RunChecks bare = services::checkStoredRuns(st, {});
    for (const services::RunCheck& r : bare.runs)
        EXPECT_FALSE(r.flagged);
    EXPECT_EQ(services::clustersOf(checks).size(), 1u);
    EXPECT_EQ(services::clustersOf(checks).front().runs, 2);
}

TEST(RunChecks, LogsImportedFittedOnTheirClusterAndUsedLowerThatClustersError) {
    store::Store st = memoryStore();
    st.saveScenario(withMicroBatch("Llama mb1", 1));
    st.saveScenario(withMicroBatch("Llama mb4", 4));
    // A cluster whose GEMMs reach 47% of peak, not the catalog's figure: each job's log at the
    // step time the model gives at that efficiency.
    constexpr double kTrueGemm = 0.47;
    for (const char* name : {"Llama mb1", "Llama mb4"}) {
        std::string why;
        const nlohmann::json doc = storedBody(st, name);
        const auto scenario = services::scenarioWithPlan(doc, doc["plans"][0], st.catalog(), why);
        ASSERT_TRUE(scenario) << why;
        const sim::CalibrationRun run = services::calibrationRunOf(*scenario, name);
        sim::Efficiency eff = sim::runEfficiency(run.scenario);
        sim::set(eff, sim::CalibrationParameter::GemmEfficiency, kTrueGemm);
        services::LogRunRequest req;
        req.scenarioName = name;
        req.logs = {{"train.log", iterationLog(sim::predictMetric(
                                      run, eff, sim::ValidationMetric::StepSeconds))}};
        const services::LogRunImport imported = services::importLogRun(st, req);
        ASSERT_TRUE(imported.ok()) << imported.issues.back().text();
    }
    const sim::ResidualTable residuals = services::referenceResiduals(st.catalog());
    const services::RunChecks before = services::checkStoredRuns(st, residuals);
    ASSERT_EQ(before.runs.size(), 2u);
    const std::string cluster = before.runs.front().cluster;
    for (const services::RunCheck& r : before.runs) {
        ASSERT_TRUE(r.stepSeconds);
        EXPECT_LT(r.stepSeconds->error(), -0.05) << r.label << ": the model is too fast before";
        EXPECT_EQ(r.cluster, cluster);
    }

    // "Fit this cluster": the cluster's runs, the GEMM efficiency fitted.
    const services::StoredCalibrationRuns runs =
        services::loadStoredCalibrationRuns(st, {std::nullopt, std::nullopt, cluster});
    ASSERT_EQ(runs.runs.size(), 2u);
    sim::CalibrationOptions options;
    options.parameters = {sim::CalibrationParameter::GemmEfficiency};
    const sim::CalibrationResult fit = sim::calibrate(runs.runs, options);
    ASSERT_TRUE(fit.ok()) << fit.refusal;
    ASSERT_EQ(fit.parameters.size(), 1u);
    EXPECT_NEAR(fit.parameters[0].value, kTrueGemm, 1e-3);
    EXPECT_LT(fit.after.meanAbs, 0.1 * fit.before.meanAbs);
    EXPECT_EQ(fit.leaveOneOut.count, 2);
    EXPECT_LT(fit.leaveOneOut.meanAbs, 0.5 * fit.before.meanAbs);
    // No runs on another cluster.
    EXPECT_TRUE(
        services::loadStoredCalibrationRuns(st, {std::nullopt, std::nullopt, "H100 elsewhere"})
            .runs.empty());

    // Saved as a profile and named by both scenarios: their runs are now predicted with it.
    st.saveCalibrationProfile("our PCIe box", sim::profileParameters(fit), "fitted on 2 logs");
    for (const char* name : {"Llama mb1", "Llama mb4"}) {
        nlohmann::json doc = storedBody(st, name);
        doc["efficiency"]["profile"] = "our PCIe box";
        st.saveScenario(doc);
    }
    const services::RunChecks after = services::checkStoredRuns(st, residuals);
    ASSERT_EQ(after.runs.size(), 2u);
    for (std::size_t k = 0; k < 2; ++k) {
        const services::RunCheck& a = after.runs[k];
        const services::RunCheck& b =
            before.runs[0].runId == a.runId ? before.runs[0] : before.runs[1];
        EXPECT_LT(std::abs(a.stepSeconds->error()), 0.1 * std::abs(b.stepSeconds->error()))
            << a.label;
    }
}

// Issue 19 item 3: a likely cause has one name per language, which the window, the report and the
// CLI all print (services::likelyCauseName), English being the JSON's toString.
TEST(RunChecks, EveryLikelyCauseHasItsNameInBothLanguages) {
    using services::LikelyCause;
    std::set<std::string_view> zh;
    for (int i = 0; i <= static_cast<int>(LikelyCause::AllocatorReserve); ++i) {
        const auto c = static_cast<LikelyCause>(i);
        EXPECT_EQ(services::likelyCauseName(c, sim::Lang::En), services::toString(c));
        const std::string_view name = services::likelyCauseName(c, sim::Lang::ZhCN);
        EXPECT_NE(name, services::toString(c)) << toString(c);
        EXPECT_TRUE(zh.insert(name).second) << "two causes named " << name;
    }
    EXPECT_EQ(services::likelyCauseName(LikelyCause::ExposedDataParallel, sim::Lang::ZhCN),
              "未被掩盖的数据并行通信");
}

} // namespace
} // namespace trainplan::test
