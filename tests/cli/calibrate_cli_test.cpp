// End-to-end tests of `trainplan-cli calibrate`, the calibration profile resolver and the
// "reliability" object of `estimate --format json`.
#include "cli_support.h"

#include "cli_context.h"
#include "profile_resolver.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/store/store.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

// Suite names are lower-case so `ctest -R calib` selects them.

using namespace trainplan;
using test::dataFile;
using test::runCli;

namespace {

const std::string kPublished = dataFile("reference/published_runs.csv");

const model::Catalog& catalog() {
    static const model::Catalog c = model::loadCatalog(dataFile("catalog"));
    return c;
}

std::string writeFile(const std::string& name, const std::string& text) {
    const auto path = test::testTempDir() / name;
    std::ofstream(path) << text;
    return path.string();
}

} // namespace

TEST(calibrateCli, FitsGemmEfficiencyOnKorthikantiRows) {
    const auto r =
        runCli({"calibrate", "--runs", kPublished, "--source", "Korthikanti", "--fit", "gemm"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("gemm_efficiency"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("leave-one-out"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Mean |error| before"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GPT 22B"), std::string::npos) << r.out;
}

TEST(calibrateCli, JsonReportsValueSigmaAndLeaveOneOut) {
    const auto r =
        runCli({"--format", "json", "calibrate", "--runs", kPublished, "--source", "Korthikanti"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["schema"], "trainplan.calibration.v1");
    EXPECT_TRUE(j["ok"].get<bool>());
    ASSERT_EQ(j["parameters"].size(), 1u);
    EXPECT_EQ(j["parameters"][0]["name"], "gemm");
    EXPECT_GT(j["parameters"][0]["sigma"].get<double>(), 0.0);
    EXPECT_GE(j["measurements"].size(), 8u);
    EXPECT_LE(j["summary"]["after"]["mean_abs_error"].get<double>(),
              j["summary"]["before"]["mean_abs_error"].get<double>() + 1e-12);
    EXPECT_TRUE(j["summary"]["leave_one_out"]["mean_abs_error"].is_number());
}

TEST(calibrateCli, RefusesAnUnderdeterminedFitWithExitOne) {
    // The Korthikanti rows report no peak memory: memory overhead cannot be fitted.
    const auto r = runCli({"calibrate", "--runs", kPublished, "--source", "Korthikanti", "--fit",
                           "gemm,mem_overhead"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("refused"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("mem_overhead"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no run measured peak memory"), std::string::npos) << r.err;
}

TEST(calibrateCli, UsageErrors) {
    EXPECT_EQ(runCli({"calibrate"}).exitCode, 2);
    EXPECT_EQ(runCli({"calibrate", "--runs", kPublished, "--from-store"}).exitCode, 2);
    const auto bad = runCli({"calibrate", "--runs", kPublished, "--fit", "gemmm"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("gemmm"), std::string::npos) << bad.err;
    EXPECT_EQ(runCli({"calibrate", "--runs", kPublished, "--bogus"}).exitCode, 2);
    EXPECT_EQ(runCli({"calibrate", "--runs", kPublished, "--notes", "x"}).exitCode, 2);
    EXPECT_EQ(runCli({"--format", "csv", "calibrate", "--runs", kPublished}).exitCode, 2);
    // A CSV of one's own runs needs the scenario they ran.
    const std::string own = writeFile("own-no-scenario.csv", "tp,step_time_s\n8,1.0\n");
    EXPECT_EQ(runCli({"calibrate", "--runs", own}).exitCode, 2);
    const auto missing =
        runCli({"calibrate", "--runs", (test::testTempDir() / "absent.csv").string()});
    EXPECT_EQ(missing.exitCode, 1);
}

TEST(calibrateCli, OwnRunsCsvWithTheirScenarioRecoverGemmEfficiency) {
    // Synthetic measurements of three layouts of one scenario, made with gemm efficiency 0.6.
    const std::string scenarioFile = dataFile("scenarios/gpt3-175b-a100x1024.json");
    const model::ScenarioLoad load = model::loadScenarioFile(scenarioFile, catalog());
    ASSERT_TRUE(load.ok());
    model::Scenario s = *load.scenario;
    sim::Efficiency truth = sim::runEfficiency(s);
    truth.gemmEfficiency = 0.6;
    const sim::PlanContext ctx = sim::makeContext(s, truth);
    std::ostringstream csv;
    csv << "label,framework,tp,pp,dp,micro_batch,zero_stage,recompute,sequence_parallel,step_time_"
           "s\n";
    const int layouts[][3] = {{8, 8, 16}, {8, 16, 8}, {4, 16, 16}};
    for (const auto& l : layouts) {
        model::Plan p = s.plans.front();
        p.tp = l[0];
        p.pp = l[1];
        p.dp = l[2];
        ASSERT_TRUE(model::validatePlan(s, p).empty()) << p.label();
        const double step = sim::evaluatePlan(ctx, p).time.stepSeconds;
        csv << "\"" << p.label() << "\",megatron," << l[0] << ',' << l[1] << ',' << l[2]
            << ",1,1,selective,true," << step << '\n';
    }
    const std::string runs = writeFile("own-runs.csv", csv.str());
    const auto r =
        runCli({"--format", "json", "calibrate", "--runs", runs, "--scenario", scenarioFile});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_NEAR(j["parameters"][0]["value"].get<double>(), 0.6, 1e-4);
    EXPECT_EQ(j["measurements"].size(), 3u);
    EXPECT_LT(j["summary"]["after"]["max_abs_error"].get<double>(), 1e-5);

    // A plan the scenario does not allow is reported with its line and field.
    const std::string bad =
        writeFile("own-runs-bad.csv", "framework,tp,pp,dp,step_time_s\nmegatron,3,8,16,10\n");
    const auto b = runCli({"calibrate", "--runs", bad, "--scenario", scenarioFile});
    EXPECT_EQ(b.exitCode, 1);
    EXPECT_NE(b.err.find("line 2"), std::string::npos) << b.err;
    EXPECT_NE(b.err.find("plan."), std::string::npos) << b.err;
}

TEST(calibrateCli, StoredRunsCalibrateLikeTheCsvAndSaveAProfile) {
    // Import the published rows into this test's library, then fit from the store.
    const auto imported = runCli({"runs", "import", kPublished});
    ASSERT_EQ(imported.exitCode, 0) << imported.err;
    const auto fromStore = runCli({"--format", "json", "calibrate", "--from-store", "--source",
                                   "Korthikanti", "--profile", "ref-a100"});
    ASSERT_EQ(fromStore.exitCode, 0) << fromStore.err;
    const auto fromCsv =
        runCli({"--format", "json", "calibrate", "--runs", kPublished, "--source", "Korthikanti"});
    ASSERT_EQ(fromCsv.exitCode, 0) << fromCsv.err;
    const auto a = nlohmann::json::parse(fromStore.out);
    const auto b = nlohmann::json::parse(fromCsv.out);
    EXPECT_NEAR(a["parameters"][0]["value"].get<double>(),
                b["parameters"][0]["value"].get<double>(), 1e-9);
    EXPECT_EQ(a["measurements"].size(), b["measurements"].size());
    EXPECT_NE(fromStore.err.find("saved calibration profile 'ref-a100'"), std::string::npos)
        << fromStore.err;

    store::StoreOptions options;
    options.builtinCatalog = catalog();
    store::Store st = store::Store::open(test::testDatabasePath(), options);
    const auto profile = st.findCalibrationProfile("ref-a100");
    ASSERT_TRUE(profile.has_value());
    EXPECT_NEAR(profile->parameters["gemm_efficiency"].get<double>(),
                a["parameters"][0]["value"].get<double>(), 1e-12);
    EXPECT_FALSE(profile->notes.empty());

    // A scenario that names the profile gets its values; the scenario's own values win.
    std::ostringstream out, err;
    cli::CliContext ctx(out, err);
    ctx.dbPath = test::testDatabasePath();
    model::Scenario s =
        *model::loadScenarioFile(dataFile("scenarios/gpt3-175b-a100x1024.json"), catalog())
             .scenario;
    s.efficiency.profile = "ref-a100";
    s.efficiency.latencyScale = 2.0;
    ASSERT_TRUE(cli::applyStoredProfile(ctx, s, "scenario.json")) << err.str();
    ASSERT_TRUE(s.efficiency.gemmEfficiency.has_value());
    EXPECT_NEAR(*s.efficiency.gemmEfficiency, a["parameters"][0]["value"].get<double>(), 1e-12);
    EXPECT_DOUBLE_EQ(*s.efficiency.latencyScale, 2.0);

    // An unknown profile is an error that lists the stored ones.
    s.efficiency.profile = "nope";
    EXPECT_FALSE(cli::applyStoredProfile(ctx, s, "scenario.json"));
    EXPECT_NE(err.str().find("no calibration profile named 'nope'"), std::string::npos)
        << err.str();
    EXPECT_NE(err.str().find("'ref-a100'"), std::string::npos) << err.str();
}

TEST(calibrateCli, ProfileWithoutLibraryIsAnError) {
    std::ostringstream out, err;
    cli::CliContext ctx(out, err);
    ctx.dbPath = (test::testTempDir() / "no-such-library.db").string();
    model::Scenario s;
    s.efficiency.profile = "lab";
    EXPECT_FALSE(cli::applyStoredProfile(ctx, s, "x.json"));
    EXPECT_NE(err.str().find("'lab' not found"), std::string::npos) << err.str();
    // No profile named: nothing to do.
    model::Scenario plain;
    EXPECT_TRUE(cli::applyStoredProfile(ctx, plain, "x.json"));
}

TEST(reliabilityCli, EstimateJsonHasAReliabilityObjectPerResult) {
    const auto r =
        runCli({"--format", "json", "estimate", dataFile("scenarios/gpt3-175b-a100x1024.json")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_FALSE(j["results"].empty());
    for (const auto& result : j["results"]) {
        ASSERT_TRUE(result.contains("reliability"));
        const auto& rel = result["reliability"];
        // 175B parameters × 14 bytes (Megatron: bf16 weights + fp32 master + Adam m, v).
        EXPECT_NEAR(rel["checkpoint_bytes"].get<double>() / j["model"]["parameters"].get<double>(),
                    14.0, 1e-9);
        EXPECT_GT(rel["save_s"].get<double>(), 0.0);
        EXPECT_GT(rel["interval_s"].get<double>(), 0.0);
        EXPECT_NEAR(rel["interruptions_per_day"].get<double>(),
                    1024 * 24 / (16384.0 * 54 * 24 / 419), 1e-9);
        EXPECT_GT(rel["goodput"].get<double>(), 0.5);
        EXPECT_LT(rel["goodput"].get<double>(), 1.0);
        EXPECT_GT(rel["effective_time_to_train_s"].get<double>(),
                  result["cost"]["time_to_train_s"].get<double>());
        EXPECT_GT(rel["effective_usd"].get<double>(), result["cost"]["usd"].get<double>());
    }
}
