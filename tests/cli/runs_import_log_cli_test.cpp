// runs import-log end to end: each fixture log (tests/fixtures/logs/) becomes a stored run whose
// step time, tokens/s per GPU and peak memory are the log's steady-state numbers; bad logs store
// nothing.

#include "cli_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace trainplan::test {
namespace {

namespace fs = std::filesystem;

class runsImportLogCli : public LibraryCliTest {
protected:
    // Saves a data/scenarios file (optionally with `plans`) under `name`.
    void save(const std::string& file, const std::string& name,
              const std::optional<nlohmann::json>& plans = std::nullopt) {
        nlohmann::json doc = nlohmann::json::parse(detail::readAll(dataFile("scenarios/" + file)));
        doc["name"] = name;
        if (plans) doc["plans"] = *plans;
        const fs::path path = m_dir / (name + ".json");
        std::ofstream(path) << doc.dump(2);
        const CliRun r = run({"scenario", "save", path.string()});
        ASSERT_EQ(r.exitCode, 0) << r.err;
    }
    nlohmann::json runs() {
        const CliRun r = run({"--format", "json", "runs", "list"});
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return nlohmann::json::parse(r.out);
    }
    static std::string log(const std::string& name) { return fixtureFile("logs/" + name); }
};

TEST_F(runsImportLogCli, MegatronLogOfGpt3StoresTheSteadyStateMediansWithProvenance) {
    save("gpt3-175b-a100x1024.json", "gpt3");
    CliRun r = run({"--format", "json", "runs", "import-log", log("megatron/gpt3-175b-restart.log"),
                    "--scenario", "gpt3"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const auto doc = nlohmann::json::parse(r.out);
    EXPECT_TRUE(doc["ok"].get<bool>());
    const auto stored = runs();
    ASSERT_EQ(stored.size(), 1u);
    const auto& run0 = stored[0];
    EXPECT_NEAR(run0["step_time_s"].get<double>(), 22.8363, 1e-9);
    // Megatron prints no tokens/s: 1536 sequences × 2048 tokens / (22.8363 s × 1024 GPUs).
    EXPECT_NEAR(run0["tokens_per_s_per_gpu"].get<double>(), 1536.0 * 2048 / (22.8363 * 1024), 1e-6);
    EXPECT_NEAR(run0["peak_memory_bytes"].get<double>(), 61881.3 * 1024 * 1024, 1.0);
    EXPECT_NEAR(run0["flops_per_s_per_gpu"].get<double>(), 144.7e12, 1e-3);
    EXPECT_EQ(run0["plan"]["tp"], 8) << "the scenario's only plan";
    const auto& details = run0["details"];
    EXPECT_EQ(details["import"], "training-log");
    ASSERT_EQ(details["files"].size(), 1u);
    EXPECT_EQ(details["files"][0]["format"], "megatron");
    EXPECT_EQ(details["files"][0]["sha256"].get<std::string>().size(), 64u);
    EXPECT_EQ(details["summary"]["iterations_used"], 200);
    EXPECT_EQ(details["summary"]["starts"], 2);

    // The same log again: already stored, nothing added.
    r = run({"runs", "import-log", log("megatron/gpt3-175b-restart.log"), "--scenario", "gpt3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("already stored"), std::string::npos) << r.err;
    EXPECT_EQ(runs().size(), 1u);
}

TEST_F(runsImportLogCli, TorchtitanDeepSpeedHfAndCsvLogsOfLlama2) {
    const nlohmann::json fsdp = nlohmann::json::array(
        {{{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", 2}, {"zero_stage", 3}}});
    save("llama2-7b-a100x8-pcie.json", "llama", fsdp);
    // torchtitan: tps 2942 per GPU (median of the slowest rank) → step = 256 × 4096 / (2942 × 8).
    CliRun r =
        run({"runs", "import-log", log("torchtitan/llama2-7b-fsdp.log"), "--scenario", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("cut off at the end of the file"), std::string::npos) << r.err;
    // DeepSpeed: 25.59 samples/s → step = 256 / 25.59.
    r = run({"runs", "import-log", log("deepspeed/llama2-7b-zero3.log"), "--scenario", "llama",
             "--plan", R"({"framework":"deepspeed","dp":8,"micro_batch":4,"zero_stage":3})"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    // HF Trainer: 25.289 samples/s over the whole run.
    r = run({"runs", "import-log", log("hf/llama2-7b-trainer.log"), "--scenario", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("whole-run averages"), std::string::npos) << r.err;
    r = run({"runs", "import-log", log("table/metrics.csv"), "--mapping",
             log("table/metrics-mapping.json"), "--scenario", "llama"});
    ASSERT_EQ(r.exitCode, 0) << r.err;

    const auto stored = runs();
    ASSERT_EQ(stored.size(), 4u);
    EXPECT_DOUBLE_EQ(stored[0]["tokens_per_s_per_gpu"].get<double>(), 2942);
    EXPECT_NEAR(stored[0]["step_time_s"].get<double>(), 256.0 * 4096 / (2942.0 * 8), 1e-9);
    EXPECT_NEAR(stored[0]["peak_memory_bytes"].get<double>(), 61.77 * 1024 * 1024 * 1024, 1.0);
    EXPECT_NEAR(stored[0]["mfu"].get<double>(), 0.4421, 1e-12);
    EXPECT_NEAR(stored[1]["step_time_s"].get<double>(), 256 / 25.59, 1e-9);
    EXPECT_NEAR(stored[1]["peak_memory_bytes"].get<double>(), 55.31 * 1024 * 1024 * 1024, 1.0);
    EXPECT_EQ(stored[1]["plan"]["framework"], "deepspeed");
    EXPECT_NEAR(stored[2]["step_time_s"].get<double>(), 256 / 25.289, 1e-9);
    EXPECT_EQ(stored[3]["details"]["mapping"]["name"], log("table/metrics-mapping.json"));
    EXPECT_NEAR(stored[3]["peak_memory_bytes"].get<double>(), 61.0 * 1024 * 1024 * 1024, 1.0);
}

TEST_F(runsImportLogCli, BadLogsStoreNothingAndSayWhy) {
    save("gpt3-175b-a100x1024.json", "gpt3");
    const fs::path junk = m_dir / "junk.log";
    std::ofstream(junk) << "Epoch 1 done\nsome other program's output\n";
    CliRun r = run({"runs", "import-log", junk.string(), "--scenario", "gpt3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("not a training log"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was saved"), std::string::npos) << r.err;
    // A good log with a bad one: all or nothing.
    r = run({"runs", "import-log", log("megatron/gpt3-175b-restart.log"), junk.string(),
             "--scenario", "gpt3"});
    EXPECT_EQ(r.exitCode, 1);
    // A log of another configuration (global batch 1536 against Llama 2's 256).
    save("llama2-7b-a100x8-pcie.json", "llama",
         nlohmann::json::array(
             {{{"framework", "fsdp"}, {"dp", 8}, {"micro_batch", 2}, {"zero_stage", 3}}}));
    r = run({"runs", "import-log", log("megatron/gpt3-175b-restart.log"), "--scenario", "llama"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("global batch size 1536"), std::string::npos) << r.err;
    r = run({"runs", "import-log", (m_dir / "missing.log").string(), "--scenario", "gpt3"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no such file"), std::string::npos) << r.err;
    r = run({"runs", "import-log", log("megatron/gpt3-175b-restart.log"), "--scenario", "nope"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no scenario 'nope'"), std::string::npos) << r.err;
    EXPECT_EQ(run({"runs", "import-log", "--scenario", "gpt3"}).exitCode, 2);
    EXPECT_EQ(runs().size(), 0u);
}

} // namespace
} // namespace trainplan::test
