// End-to-end tests of `trainplan-cli import` and `trainplan-cli export`, running the built binary.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

std::string ioFixture(const std::string& rel) {
    return fixtureFile("io/" + rel);
}

class CliImportExportIntegration : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("trainplan-io-cli-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    std::string path(const std::string& name) const { return (m_dir / name).string(); }
    fs::path m_dir;
};

TEST_F(CliImportExportIntegration, ImportWritesAScenarioThatChecks) {
    const std::string out = path("imported.json");
    const CliRun r =
        runCli({"import", ioFixture("hf/llama-3.1-8b/config.json"),
                ioFixture("deepspeed/zero1_bf16.json"), "--nodes", "2", "--gpus-per-node", "8",
                "--seq-len", "8192", "--name", "llama8b-ds", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("wrote " + out + ": llama8b-ds"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("DeepSpeed ZeRO DP16 mb4 ZeRO-1"), std::string::npos) << r.out;
    EXPECT_NE(r.err.find("warning: cluster.gpu"), std::string::npos) << r.err;
    const CliRun check = runCli({"check", out});
    EXPECT_EQ(check.exitCode, 0) << check.err;
}

TEST_F(CliImportExportIntegration, ContradictoryBatchSizesFailAndWriteNothing) {
    const std::string out = path("bad.json");
    const CliRun r = runCli({"import", ioFixture("hf/llama-3.1-8b/config.json"),
                             ioFixture("deepspeed/zero1_bf16.json"), "--nodes", "4",
                             "--gpus-per-node", "8", "-o", out});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("error: training.global_batch: 512"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no scenario written"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
}

TEST_F(CliImportExportIntegration, ImportUsageErrors) {
    EXPECT_EQ(runCli({"import"}).exitCode, 2);
    const CliRun r = runCli({"import", ioFixture("hf/gpt2/config.json"), "--frobnicate"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown option '--frobnicate'"), std::string::npos) << r.err;
    EXPECT_EQ(runCli({"import", ioFixture("hf/gpt2/config.json"), "--nodes", "zero"}).exitCode, 2);
}

TEST_F(CliImportExportIntegration, ImportJsonFormatAndStdout) {
    const CliRun r = runCli({"--format", "json", "import", ioFixture("hf/mixtral-8x7b/config.json"),
                             ioFixture("megatron/mixtral_8x7b.sh")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_TRUE(doc["ok"].get<bool>());
    EXPECT_EQ(doc["files"][1]["kind"], "Megatron-LM launch");
    EXPECT_EQ(doc["scenario"]["plans"][0]["framework"], "megatron");
    EXPECT_EQ(doc["scenario"]["plans"][0]["ep"], 8);
    const CliRun plain = runCli({"import", ioFixture("hf/gpt2/config.json"), "--nodes", "1"});
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(nlohmann::json::parse(plain.out)["schema"], "trainplan.scenario.v1");
}

TEST_F(CliImportExportIntegration, ExportNeedsAPlan) {
    const CliRun r =
        runCli({"export", dataFile("scenarios/llama31-70b-h100x256.json"), "-o", path("out")});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("the scenario has no plans"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\"plans\""), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("out")));
}

TEST_F(CliImportExportIntegration, ExportWithoutPlansTakesTheSearchsBestPlanForTheFramework) {
    const std::string file = dataFile("scenarios/llama31-70b-h100x256.json");
    const CliRun r =
        runCli({"export", file, "--plan", "megatron", "-o", path("out"), "--format", "json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_TRUE(fs::exists(path("out/megatron_args.sh")));
    EXPECT_TRUE(fs::exists(path("out/job.sbatch")));
    // The same plan `compare` reports as Megatron's best.
    const CliRun cmp = runCli({"compare", file, "--format", "json"});
    ASSERT_EQ(cmp.exitCode, 0) << cmp.err;
    bool found = false;
    const auto compared = nlohmann::json::parse(cmp.out);
    for (const auto& res : compared["results"]) {
        if (res["framework"] != "megatron") continue;
        found = true;
        EXPECT_EQ(res["plan"]["tp"], doc["plan"]["tp"]);
        EXPECT_EQ(res["plan"]["pp"], doc["plan"]["pp"]);
        EXPECT_EQ(res["plan"]["micro_batch"], doc["plan"]["micro_batch"]);
    }
    EXPECT_TRUE(found);
}

TEST_F(CliImportExportIntegration, ExportUsageErrors) {
    const std::string scenario = path("s.json");
    ASSERT_EQ(runCli({"import", ioFixture("hf/llama-3.1-70b/config.json"),
                      ioFixture("megatron/llama3_70b.sh"), "-o", scenario})
                  .exitCode,
              0);
    EXPECT_EQ(runCli({"export", scenario}).exitCode, 2); // no -o
    const CliRun wrong = runCli({"export", scenario, "--plan", "fsdp", "-o", path("out")});
    EXPECT_EQ(wrong.exitCode, 2);
    EXPECT_NE(wrong.err.find("no fsdp plan; its plans are:\n  0: megatron"), std::string::npos)
        << wrong.err;
    EXPECT_EQ(runCli({"export", scenario, "--plan", "7", "-o", path("out")}).exitCode, 2);
    EXPECT_EQ(runCli({"export", scenario, "--plan", "warp", "-o", path("out")}).exitCode, 2);
}

// import → export → import gives the same plan and training settings.
TEST_F(CliImportExportIntegration, ExportThenImportRoundTrips) {
    const std::string first = path("first.json");
    const CliRun a =
        runCli({"import", ioFixture("hf/llama-3.1-70b/config.json"),
                ioFixture("megatron/llama3_70b.sh"), "--gpu", "H100-SXM5-80GB", "-o", first});
    ASSERT_EQ(a.exitCode, 0) << a.err;
    const CliRun e = runCli({"export", first, "--plan", "megatron", "-o", path("launch")});
    ASSERT_EQ(e.exitCode, 0) << e.err;
    EXPECT_NE(e.out.find("megatron_args.sh"), std::string::npos) << e.out;
    EXPECT_TRUE(fs::exists(path("launch/job.sbatch")));
    const std::string second = path("second.json");
    const CliRun b = runCli({"import", ioFixture("hf/llama-3.1-70b/config.json"),
                             path("launch/megatron_args.sh"), path("launch/job.sbatch"), "--gpu",
                             "H100-SXM5-80GB", "-o", second});
    ASSERT_EQ(b.exitCode, 0) << b.err;
    const auto j1 = readJson(first), j2 = readJson(second);
    EXPECT_EQ(j1["plans"], j2["plans"]);
    EXPECT_EQ(j1["training"]["global_batch"], j2["training"]["global_batch"]);
    EXPECT_EQ(j1["training"]["precision"], j2["training"]["precision"]);
    EXPECT_EQ(j1["training"]["train_tokens"], j2["training"]["train_tokens"]);
    EXPECT_EQ(j1["model"], j2["model"]);
    EXPECT_EQ(j1["cluster"], j2["cluster"]);
}

} // namespace
} // namespace trainplan::test
