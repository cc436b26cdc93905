// `trainplan-cli estimate` end to end: a scenario with plans, and one without, which estimates the
// plans the search finds (the same plans and numbers `compare` reports).
#include "cli_support.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using nlohmann::json;

TEST(EstimateCli, WithoutPlansEstimatesTheSearchsBestPlanPerFramework) {
    const std::string file = dataFile("scenarios/llama31-70b-h100x256.json");
    const CliRun est = runCli({"estimate", file, "--format", "json"});
    ASSERT_EQ(est.exitCode, 0) << est.err;
    const json e = json::parse(est.out);
    EXPECT_EQ(e["schema"], "trainplan.estimate.v1");
    EXPECT_EQ(e["plans_source"], "search");

    const CliRun cmp = runCli({"compare", file, "--format", "json"});
    ASSERT_EQ(cmp.exitCode, 0) << cmp.err;
    const json c = json::parse(cmp.out);
    // One estimate per framework that has a best or closest plan, in the search's order, with the
    // compare document's plan and step time.
    ASSERT_EQ(e["results"].size(), c["results"].size());
    ASSERT_EQ(e["results"].size(), 4u);
    for (std::size_t i = 0; i < e["results"].size(); ++i) {
        const json& a = e["results"][i];
        const json& b = c["results"][i];
        EXPECT_EQ(a["framework"], b["framework"]);
        EXPECT_EQ(a["plan"], b["plan"]);
        EXPECT_DOUBLE_EQ(a["time"]["step_s"].get<double>(), b["time"]["step_s"].get<double>());
        EXPECT_DOUBLE_EQ(a["memory"]["peak_bytes"].get<double>(),
                         b["memory"]["peak_bytes"].get<double>());
    }

    const CliRun table = runCli({"estimate", file});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("The scenario has no plans: estimating the best plan per framework"),
              std::string::npos)
        << table.out;
}

TEST(EstimateCli, WithPlansEstimatesThemAndSaysSo) {
    const CliRun r =
        runCli({"estimate", dataFile("scenarios/gpt3-175b-a100x1024.json"), "--format", "json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["plans_source"], "scenario");
    EXPECT_FALSE(j.contains("calibration_profile"));
    ASSERT_FALSE(j["results"].empty());
    // Offload-free plans keep nothing in host memory.
    for (const json& res : j["results"]) {
        EXPECT_TRUE(res["memory"]["host_fits"].get<bool>());
        EXPECT_GT(res["memory"]["host_capacity_bytes_per_node"].get<double>(), 0.0);
    }
}

TEST(EstimateCli, AnUnknownCalibrationProfileIsNamed) {
    const std::string scenario =
        (std::filesystem::path(testDatabasePath()).parent_path() / "with-profile.json").string();
    {
        std::ifstream in(dataFile("scenarios/llama2-7b-a100x8-pcie.json"));
        json s = json::parse(in);
        s["efficiency"]["profile"] = "our-cluster-2026q3";
        std::ofstream(scenario) << s.dump(2);
    }
    const CliRun r = runCli({"estimate", scenario});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("efficiency.profile"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("our-cluster-2026q3"), std::string::npos) << r.err;
}

// `explain --format json`: every term of the step-time tree carries its formula and source in both
// languages, as the estimator writes them, and the tree's leaves add up to its root.
TEST(ExplainCli, EveryTermCarriesItsFormulaAndSourceInBothLanguages) {
    const CliRun r =
        runCli({"explain", dataFile("scenarios/llama31-70b-h100x256.json"), "--format", "json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["schema"], "trainplan.explain.v1");
    const json& step = j["derivation"]["step_time"];
    EXPECT_EQ(step["formula"], "compute + exposed communication + bubble + optimizer + offload");
    EXPECT_EQ(step["formula_zh"], "计算 + 未被掩盖的通信 + 气泡 + 优化器 + 卸载");
    EXPECT_EQ(step["source_zh"], "TrainPlan 步时间模型（docs/model.md）");
    double leaves = 0;
    for (const json& part : step["children"]) {
        EXPECT_NE(part["formula_zh"], part["formula"]) << part["name"];
        EXPECT_FALSE(part["source_zh"].get<std::string>().empty()) << part["name"];
        leaves += part["value"].get<double>();
    }
    EXPECT_NEAR(leaves, step["value"].get<double>(), 1e-9 * step["value"].get<double>());
    EXPECT_DOUBLE_EQ(step["value"].get<double>(), j["result"]["time"]["step_s"].get<double>());
}

} // namespace
} // namespace trainplan::test
