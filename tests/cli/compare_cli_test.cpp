// End-to-end tests of `trainplan-cli compare` and `trainplan-cli sweep`, running the built binary.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace trainplan::test {
namespace {

using nlohmann::json;

const std::string kGpt3 = dataFile("scenarios/gpt3-175b-a100x1024.json");
const std::string kLlama7b = dataFile("scenarios/llama2-7b-a100x8-pcie.json");
const std::string kLlama70b = dataFile("scenarios/llama31-70b-h100x256.json");

// Writes `doc` as a scenario file in the test's scratch directory.
std::string writeScenario(const std::string& name, const json& doc) {
    const std::string file = (testTempDir() / name).string();
    std::ofstream(file) << doc.dump(2);
    return file;
}

json parseCompareOut(const CliRun& r) {
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return json::parse(r.out);
}

TEST(CompareCli, TableShowsEveryFrameworkAndWhyDdpIsExcluded) {
    const CliRun r = runCli({"compare", kGpt3});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(
        r.out.rfind(
            "gpt3-175b-a100x1024: best plan per framework on 1024 GPUs (76.0 GiB usable per GPU), ",
            0),
        0u)
        << r.out;
    for (const char* fw : {"\nddp ", "\nfsdp ", "\ndeepspeed ", "\nmegatron "})
        EXPECT_NE(r.out.find(fw), std::string::npos) << fw;
    EXPECT_NE(r.out.find("(no valid plan)"), std::string::npos);
    EXPECT_NE(r.out.find("Excluded:\n  PyTorch DDP:\n    - no valid PyTorch DDP plan on 1024 GPUs: "
                         "the global batch of 1536 sequences is not divisible by micro-batch × "
                         "data-parallel degree = 1024\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("Pareto front over step time × peak memory × cost ("), std::string::npos);
}

TEST(CompareCli, JsonResultsAreEstimateResultsPlusRunnersUpAndReasons) {
    const json doc = parseCompareOut(runCli({"--format", "json", "compare", kGpt3}));
    EXPECT_EQ(doc["schema"], "trainplan.compare.v1");
    EXPECT_EQ(doc["scenario"], "gpt3-175b-a100x1024");
    EXPECT_EQ(doc["gpus"], 1024);
    // The default memory headroom keeps 5% of the 80 GiB free (docs/model.md).
    EXPECT_DOUBLE_EQ(doc["usable_bytes_per_gpu"].get<double>(), 0.95 * 80.0 * (1ull << 30));
    EXPECT_GT(doc["model"]["parameters"].get<double>(), 1.7e11);
    EXPECT_EQ(doc["cancelled"], false);
    const json& results = doc["results"];
    ASSERT_EQ(results.size(), 4u);
    std::vector<std::string> frameworks;
    for (const auto& r : results)
        frameworks.push_back(r["framework"]);
    EXPECT_EQ(frameworks, (std::vector<std::string>{"ddp", "fsdp", "deepspeed", "megatron"}));

    const json& ddp = results[0];
    EXPECT_EQ(ddp["valid"], false);
    EXPECT_EQ(ddp["fits"], false);
    EXPECT_EQ(ddp["excluded"], true);
    EXPECT_EQ(ddp["evaluated_plans"], 0);
    ASSERT_EQ(ddp["reasons"].size(), 1u);
    EXPECT_EQ(
        ddp["errors"][0],
        "plan.micro_batch: training.global_batch: 1536 is not divisible by micro_batch×dp=1024");
    EXPECT_EQ(ddp["runners_up"].size(), 0u);

    const json& megatron = results[3];
    EXPECT_EQ(megatron["valid"], true);
    EXPECT_EQ(megatron["fits"], true);
    EXPECT_EQ(megatron["excluded"], false);
    EXPECT_EQ(megatron["reasons"].size(), 0u);
    EXPECT_GT(megatron["fitting_plans"].get<long long>(), 1000);
    const double step = megatron["time"]["step_s"];
    EXPECT_GT(step, 1.0);
    EXPECT_LE(megatron["memory"]["peak_bytes"].get<double>(),
              megatron["memory"]["capacity_bytes"].get<double>());
    ASSERT_EQ(megatron["runners_up"].size(), 5u);
    double previous = step;
    for (const auto& ru : megatron["runners_up"]) {
        EXPECT_EQ(ru["fits"], true);
        EXPECT_GE(ru["time"]["step_s"].get<double>(), previous);
        previous = ru["time"]["step_s"];
    }

    // The entry is exactly what `estimate` prints for that plan.
    json scenario = readJson(kGpt3);
    json plan = megatron["plan"];
    plan.erase("grad_accum");
    scenario["plans"] = json::array({plan});
    const json estimate = parseCompareOut(
        runCli({"--format", "json", "estimate", writeScenario("best.json", scenario)}));
    ASSERT_EQ(estimate["results"].size(), 1u);
    json entry = megatron;
    for (const char* extra :
         {"runners_up", "excluded", "reasons", "miss_bytes", "evaluated_plans", "fitting_plans"})
        entry.erase(extra);
    EXPECT_EQ(entry, estimate["results"][0]);

    const json& pareto = doc["pareto"];
    ASSERT_FALSE(pareto.empty());
    double fastest = 1e300;
    for (const auto& r : results)
        if (r["fits"] == true) fastest = std::min(fastest, r["time"]["step_s"].get<double>());
    EXPECT_EQ(pareto[0]["step_s"].get<double>(), fastest)
        << "the fastest plan overall is on the front";
    for (std::size_t i = 1; i < pareto.size(); ++i) {
        EXPECT_GE(pareto[i]["step_s"].get<double>(), pareto[i - 1]["step_s"].get<double>());
        EXPECT_LT(pareto[i]["peak_bytes"].get<double>(), pareto[i - 1]["peak_bytes"].get<double>())
            << "slower plans on the front need less memory (cost follows step time on one cluster)";
    }
}

TEST(CompareCli, NothingFitsGivesTheClosestPlanAndHowFarItMisses) {
    json scenario = readJson(kLlama70b);
    scenario.erase("plans");
    scenario["training"]["global_batch"] = 512;
    scenario["constraints"] = {{"frameworks", {"ddp"}}};
    const json doc = parseCompareOut(
        runCli({"--format", "json", "compare", writeScenario("ddp-only.json", scenario)}));
    ASSERT_EQ(doc["results"].size(), 1u);
    const json& ddp = doc["results"][0];
    EXPECT_EQ(ddp["framework"], "ddp");
    EXPECT_EQ(ddp["valid"], true);
    EXPECT_EQ(ddp["fits"], false);
    EXPECT_EQ(ddp["excluded"], true);
    const double miss = ddp["miss_bytes"];
    EXPECT_DOUBLE_EQ(miss, ddp["memory"]["peak_bytes"].get<double>() -
                               doc["usable_bytes_per_gpu"].get<double>());
    EXPECT_GT(miss,
              16.0 * 70e9 - 80.0 * (1ull << 30)); // fp32 weights + grads + Adam: ≥ 16 bytes/param
    ASSERT_EQ(ddp["reasons"].size(), 2u);
    EXPECT_EQ(ddp["reasons"][0].get<std::string>().rfind(
                  "no PyTorch DDP plan fits: the smallest needs ", 0),
              0u);
    EXPECT_TRUE(doc["pareto"].empty());
}

TEST(CompareCli, ConstraintsLimitFrameworksAndFixKnobs) {
    json scenario = readJson(kLlama70b);
    scenario["constraints"] = {{"frameworks", {"megatron", "deepspeed"}},
                               {"fixed", {{"tp", 8}}},
                               {"memory_headroom", 0.1}};
    const json doc = parseCompareOut(
        runCli({"--format", "json", "compare", writeScenario("fixed.json", scenario)}));
    ASSERT_EQ(doc["results"].size(), 2u);
    EXPECT_DOUBLE_EQ(doc["usable_bytes_per_gpu"].get<double>(), 0.9 * 80.0 * (1ull << 30));
    for (const auto& r : doc["results"]) {
        EXPECT_EQ(r["plan"]["tp"], 8) << r["framework"];
        if (r["fits"] == true) {
            EXPECT_LE(r["memory"]["peak_bytes"].get<double>(),
                      doc["usable_bytes_per_gpu"].get<double>());
        }
        for (const auto& ru : r["runners_up"])
            EXPECT_EQ(ru["plan"]["tp"], 8);
    }
}

TEST(CompareCli, CsvHasOneRowPerFramework) {
    const CliRun r =
        runCli({"compare", kGpt3, "--format=csv", "--runners-up", "2", "--threads", "1"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(countLines(r.out), 5u) << r.out;
    EXPECT_EQ(r.out.rfind("framework,plan,fits,peak memory,step,MFU,tokens/s/GPU,time to "
                          "train,cost,error bar (80%),runners-up,plans "
                          "searched,excluded because\n",
                          0),
              0u)
        << r.out;
    EXPECT_NE(r.out.find("\nmegatron,"), std::string::npos);
    EXPECT_NE(r.out.find(",2,"), std::string::npos) << "runners-up limited to 2";
}

TEST(CompareCli, UsageAndInputErrors) {
    EXPECT_EQ(runCli({"compare"}).exitCode, 2);
    // Two to four files are scenarios side by side (compare_scenarios_cli_test.cpp); five are not.
    EXPECT_EQ(runCli({"compare", kGpt3, kGpt3, kGpt3, kGpt3, kGpt3}).exitCode, 2);
    EXPECT_EQ(runCli({"compare", kGpt3, "--threads", "two"}).exitCode, 2);
    const CliRun missing = runCli({"compare", "/nonexistent/scenario.json"});
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
}

TEST(SweepCli, GpuRangeIsPowersOfTwoWithOneRowPerFramework) {
    const json doc =
        parseCompareOut(runCli({"sweep", kLlama70b, "--vary", "gpus=8..64", "--format", "json"}));
    EXPECT_EQ(doc["schema"], "trainplan.sweep.v1");
    EXPECT_EQ(doc["vary"]["key"], "gpus");
    EXPECT_EQ(doc["vary"]["points"], json({"8", "16", "32", "64"}));
    const json& rows = doc["rows"];
    ASSERT_EQ(rows.size(), 16u);
    std::set<long long> gpus;
    for (const auto& row : rows) {
        gpus.insert(row["gpus"].get<long long>());
        EXPECT_EQ(row["gpus"].get<double>(), row["value"].get<double>());
        if (row["fits"] == true) {
            ASSERT_FALSE(row["plan"].is_null());
            EXPECT_LE(row["peak_bytes"].get<double>(), row["usable_bytes"].get<double>());
            const json& p = row["plan"];
            EXPECT_EQ(p["dp"].get<long long>() * p["tp"].get<long long>() *
                          p["pp"].get<long long>() * p["cp"].get<long long>(),
                      row["gpus"].get<long long>());
        } else if (!row["plan"].is_null()) {
            EXPECT_GT(row["miss_bytes"].get<double>(), 0.0);
        }
    }
    EXPECT_EQ(gpus, (std::set<long long>{8, 16, 32, 64}));
    // Llama 3.1 70B never fits DDP's full replica on 80 GB GPUs.
    EXPECT_EQ(rows[0]["framework"], "ddp");
    EXPECT_EQ(rows[0]["fits"], false);
}

// Goodput is sweepable: more GPUs fail more often (interruptions per day ∝ GPUs with the default
// per-GPU MTBF, docs/reliability.md), and every row's goodput matches what `estimate` reports
// for the same plan on the same cluster.
TEST(SweepCli, GoodputFallsAsGpusGrow) {
    const json doc = parseCompareOut(
        runCli({"sweep", kLlama70b, "--vary", "gpus=1024,8192", "--format", "json"}));
    const json& rows = doc["rows"];
    ASSERT_EQ(rows.size(), 8u);
    for (std::size_t i = 0; i < 4; ++i) {
        const json& small = rows[i];
        const json& large = rows[i + 4];
        ASSERT_EQ(small["framework"], large["framework"]);
        if (small["plan"].is_null() || large["plan"].is_null()) continue;
        EXPECT_NEAR(large["interruptions_per_day"].get<double>() /
                        small["interruptions_per_day"].get<double>(),
                    8.0, 1e-9);
        EXPECT_GT(small["goodput"].get<double>(), 0.0);
        EXPECT_LT(large["goodput"].get<double>(), small["goodput"].get<double>())
            << small["framework"];
        EXPECT_GE(large["expected_time_to_train_s"].get<double>(),
                  large["time_to_train_s"].get<double>());
    }
}

TEST(SweepCli, CsvModelListAndErrors) {
    const CliRun csv =
        runCli({"--format", "csv", "sweep", kLlama7b, "--vary", "model=llama2-7b,llama2-13b"});
    ASSERT_EQ(csv.exitCode, 0) << csv.err;
    EXPECT_EQ(countLines(csv.out), 1u + 2u * 4u) << csv.out;
    EXPECT_EQ(
        csv.out.rfind("model,value,gpus,parameters,framework,fits,plan,step_s,peak_bytes,", 0), 0u)
        << csv.out;
    EXPECT_NE(csv.out.find("\nllama2-13b,"), std::string::npos);

    const CliRun table = runCli({"sweep", kLlama7b, "--vary", "global_batch=64,128"});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("varying global_batch"), std::string::npos) << table.out;

    EXPECT_EQ(runCli({"sweep", kLlama7b}).exitCode, 2);
    EXPECT_EQ(runCli({"sweep", kLlama7b, "--vary", "nodes=1..4"}).exitCode, 2);
    EXPECT_EQ(runCli({"sweep", kLlama7b, "--vary", "gpus=64..8"}).exitCode, 2);
    const CliRun unknown = runCli({"sweep", kLlama7b, "--vary", "model=llama2-7b,gpt-5"});
    EXPECT_EQ(unknown.exitCode, 1);
    EXPECT_NE(unknown.err.find("gpt-5"), std::string::npos) << unknown.err;
}

} // namespace
} // namespace trainplan::test
