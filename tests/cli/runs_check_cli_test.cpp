// runs check and calibrate --from-store --cluster end to end (issue 23 item 3): a run imported from
// a training log, checked against the model with its error bar, and its cluster fitted.

#include "cli_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

class runsCheckCli : public LibraryCliTest {};

TEST_F(runsCheckCli, AnImportedLogIsCheckedAgainstItsPredictionAndItsClusterCanBeFitted) {
    nlohmann::json doc =
        nlohmann::json::parse(detail::readAll(dataFile("scenarios/gpt3-175b-a100x1024.json")));
    doc["name"] = "gpt3";
    doc["plans"] = nlohmann::json::array({{{"framework", "megatron"},
                                           {"tp", 8},
                                           {"pp", 8},
                                           {"dp", 16},
                                           {"micro_batch", 1},
                                           {"zero_stage", 1},
                                           {"sequence_parallel", true},
                                           {"recompute", "selective"}}});
    const fs::path path = m_dir / "gpt3.json";
    std::ofstream(path) << doc.dump(2);
    ASSERT_EQ(run({"scenario", "save", path.string()}).exitCode, 0);
    const CliRun imported = run({"runs", "import-log",
                                 fixtureFile("logs/megatron/gpt3-175b-restart.log"), "--scenario",
                                 "gpt3"});
    ASSERT_EQ(imported.exitCode, 0) << imported.err;

    const CliRun check = run({"--format", "json", "runs", "check"});
    ASSERT_EQ(check.exitCode, 0) << check.err;
    const auto j = nlohmann::json::parse(check.out);
    ASSERT_EQ(j["runs"].size(), 1u);
    const auto& r = j["runs"][0];
    EXPECT_EQ(r["cluster"], "A100-SXM4-80GB · 8/node · NVLink3-NVSwitch · InfiniBand-HDR-200 ×8");
    EXPECT_NEAR(r["step_time_s"]["measured"].get<double>(), 22.8363, 1e-9);
    const double predicted = r["step_time_s"]["predicted"].get<double>();
    EXPECT_GT(predicted, 10.0);
    EXPECT_LT(predicted, 40.0);
    EXPECT_NEAR(r["step_time_s"]["error"].get<double>(), (predicted - 22.8363) / 22.8363, 1e-9);
    EXPECT_LT(r["step_time_s"]["interval_low"].get<double>(),
              r["step_time_s"]["interval_high"].get<double>());
    EXPECT_EQ(r["evidence"], "validated");
    EXPECT_EQ(r["flagged"].get<bool>(), !r["likely_causes"].empty());

    const CliRun table = run({"runs", "check"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("Cluster: A100-SXM4-80GB"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("--cluster"), std::string::npos) << table.out;

    // "Fit this cluster": the one run's step time fits the GEMM efficiency exactly.
    const std::string cluster = r["cluster"];
    const CliRun fit = run({"--format", "json", "calibrate", "--from-store", "--cluster", cluster,
                            "--fit", "gemm", "--no-memory"});
    ASSERT_EQ(fit.exitCode, 0) << fit.err << fit.out;
    const auto f = nlohmann::json::parse(fit.out);
    ASSERT_TRUE(f["ok"].get<bool>()) << fit.out;
    EXPECT_LT(f["summary"]["after"]["mean_abs_error"].get<double>(),
              f["summary"]["before"]["mean_abs_error"].get<double>());
    EXPECT_LT(f["summary"]["after"]["mean_abs_error"].get<double>(), 1e-3);
    // No runs on another cluster: a clear message, not a fit.
    const CliRun none = run({"calibrate", "--from-store", "--cluster", "H100 elsewhere"});
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_NE(none.err.find("on cluster 'H100 elsewhere'"), std::string::npos) << none.err;
    // --cluster without --from-store is a usage error.
    EXPECT_EQ(run({"calibrate", "--runs", dataFile("reference/published_runs.csv"), "--cluster",
                   cluster})
                  .exitCode,
              2);
}

} // namespace
} // namespace trainplan::test
