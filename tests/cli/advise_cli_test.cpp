// End-to-end tests of `trainplan-cli advise`, running the built binary.

#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace trainplan::test {
namespace {

using nlohmann::json;

const std::string kSmall = "scenarios/llama2-7b-a100x8-pcie.json";
const std::string kLarge = "scenarios/llama31-70b-h100x256.json";

json parseAdviseOut(const CliRun& r) {
    try {
        return json::parse(r.out);
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what() << "\n" << r.out.substr(0, 400);
        return json::object();
    }
}

std::string writeScenario(const json& doc, const char* name) {
    const auto path = testTempDir() / name;
    std::ofstream(path) << doc.dump(2);
    return path.string();
}

json readData(const std::string& relative) {
    std::ifstream in(dataFile(relative));
    return json::parse(in);
}

TEST(AdviseCli, JsonCarriesRecommendationReasonsBreakPointsAndStages) {
    const CliRun r = runCli({"advise", dataFile(kLarge), "--format", "json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const json j = parseAdviseOut(r);
    EXPECT_EQ(j["schema"], "trainplan.advice.v1");
    EXPECT_EQ(j["lang"], "en");
    for (const char* key : {"recommendation", "reasons", "break_points", "stages"})
        ASSERT_TRUE(j.contains(key)) << key;
    const json& rec = j["recommendation"];
    EXPECT_TRUE(rec["framework"].is_string());
    EXPECT_TRUE(rec["status"] == "ready" || rec["status"] == "needs_prerequisites" ||
                rec["status"] == "does_not_fit");
    EXPECT_FALSE(rec["text"].get<std::string>().empty());
    ASSERT_GE(j["reasons"].size(), 3u);
    for (const json& m : j["reasons"]) {
        EXPECT_TRUE(m["id"].is_string());
        EXPECT_FALSE(m["text"].get<std::string>().empty());
        for (const json& a : m["args"])
            EXPECT_NE(m["text"].get<std::string>().find(a["text"].get<std::string>()),
                      std::string::npos);
    }
    const json& bp = j["break_points"];
    EXPECT_DOUBLE_EQ(bp["mfu_threshold"].get<double>(), 0.35);
    EXPECT_EQ(bp["model_size"].size(), 4u);
    EXPECT_EQ(bp["gpu_count"].size(), 4u);
    EXPECT_EQ(bp["inter_node_bandwidth"].size(), 4u);
    ASSERT_EQ(j["stages"].size(), 5u);
    EXPECT_EQ(j["stages"][0]["id"], "ddp_baseline");
    EXPECT_EQ(j["stages"][4]["id"], "validate");
    for (const json& st : j["stages"]) {
        EXPECT_TRUE(st.contains("trigger"));
        EXPECT_TRUE(st.contains("prerequisites"));
        EXPECT_TRUE(st.contains("stage"));
    }
}

TEST(AdviseCli, TheRecommendedPlanEstimatesToTheSameNumbers) {
    const CliRun r = runCli({"advise", dataFile(kSmall), "--format", "json", "--no-break-points"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json advice = parseAdviseOut(r);
    const json& rec = advice["recommendation"];
    ASSERT_TRUE(rec["plan"].is_object());
    json doc = readData(kSmall);
    doc["plans"] = json::array({rec["plan"]});
    const std::string file = writeScenario(doc, "advise-recommended.json");
    const CliRun e = runCli({"estimate", file, "--format", "json"});
    ASSERT_EQ(e.exitCode, 0) << e.err;
    const json est = parseAdviseOut(e);
    const json& result = est["results"][0];
    EXPECT_EQ(result["framework"], rec["framework"]);
    EXPECT_DOUBLE_EQ(result["time"]["step_s"].get<double>(), rec["step_s"].get<double>());
    EXPECT_DOUBLE_EQ(result["throughput"]["mfu"].get<double>(), rec["mfu"].get<double>());
    EXPECT_DOUBLE_EQ(result["cost"]["usd"].get<double>(), rec["usd"].get<double>());
    EXPECT_DOUBLE_EQ(result["memory"]["peak_bytes"].get<double>(), rec["peak_bytes"].get<double>());
}

TEST(AdviseCli, TextInEnglishAndChinese) {
    const CliRun en = runCli({"advise", dataFile(kSmall), "--max-scan-gpus", "16"});
    ASSERT_EQ(en.exitCode, 0) << en.err;
    EXPECT_NE(en.out.find("llama2-7b-a100x8-pcie\n\nRecommendation ("), std::string::npos)
        << en.out;
    EXPECT_NE(en.out.find("Why\n"), std::string::npos);
    EXPECT_NE(en.out.find("Break points (MFU threshold 35.0%"), std::string::npos);
    EXPECT_NE(en.out.find("Roadmap (default path)"), std::string::npos);
    EXPECT_NE(en.out.find("1. Build a reliable DDP baseline  [PyTorch DDP]"), std::string::npos)
        << en.out;
    EXPECT_NE(en.out.find("stops fitting above"), std::string::npos);

    // --lang is global and may follow the file.
    const CliRun zh =
        runCli({"advise", dataFile(kSmall), "--lang", "zh_CN", "--max-scan-gpus", "16"});
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    EXPECT_NE(zh.out.find("推荐（"), std::string::npos) << zh.out;
    EXPECT_NE(zh.out.find("迁移路线（默认路径）"), std::string::npos);
    EXPECT_NE(zh.out.find("1. 建立可靠的 DDP 基线"), std::string::npos);
    EXPECT_NE(zh.out.find("超过"), std::string::npos);
    EXPECT_EQ(zh.out.find("Recommendation"), std::string::npos);

    const CliRun zhJson = runCli(
        {"--lang", "zh_CN", "advise", dataFile(kSmall), "--format", "json", "--no-break-points"});
    ASSERT_EQ(zhJson.exitCode, 0) << zhJson.err;
    const json j = parseAdviseOut(zhJson);
    EXPECT_EQ(j["lang"], "zh_CN");
    EXPECT_NE(j["stages"][0]["title"].get<std::string>().find("基线"), std::string::npos);
}

// The scenario's deadline and budget against the recommended plan, in both languages.
TEST(AdviseCli, DeadlineAndBudgetLineInEnglishAndChinese) {
    json doc = readData(kSmall);
    doc["constraints"] = {{"deadline_days", 100000}, {"budget", 1e12}};
    const std::string meets = writeScenario(doc, "advise-targets-meets.json");
    const CliRun en = runCli({"advise", meets, "--no-break-points"});
    ASSERT_EQ(en.exitCode, 0) << en.err;
    EXPECT_NE(en.out.find("\nDeadline and budget: meets\n"), std::string::npos) << en.out;
    const CliRun zh = runCli({"advise", meets, "--no-break-points", "--lang", "zh_CN"});
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    EXPECT_NE(zh.out.find("\n期限与预算：满足\n"), std::string::npos) << zh.out;

    doc["constraints"] = {{"deadline_days", 1}};
    const std::string late = writeScenario(doc, "advise-targets-late.json");
    const CliRun lateEn = runCli({"advise", late, "--no-break-points"});
    ASSERT_EQ(lateEn.exitCode, 0) << lateEn.err;
    const std::string prefix = "\nDeadline and budget: late ";
    const auto at = lateEn.out.find(prefix);
    ASSERT_NE(at, std::string::npos) << lateEn.out;
    const auto days = lateEn.out.find(" days\n", at);
    ASSERT_NE(days, std::string::npos) << lateEn.out;
    const std::string number = lateEn.out.substr(at + prefix.size(), days - at - prefix.size());
    const CliRun lateZh = runCli({"advise", late, "--no-break-points", "--lang", "zh_CN"});
    ASSERT_EQ(lateZh.exitCode, 0) << lateZh.err;
    EXPECT_NE(lateZh.out.find("\n期限与预算：晚 " + number + " 天\n"), std::string::npos)
        << lateZh.out;
}

TEST(AdviseCli, ThresholdOptionsReachTheBreakPoints) {
    const CliRun r = runCli({"advise", dataFile(kSmall), "--format", "json", "--mfu-threshold",
                             "0.6", "--dp-comm-threshold", "0.25", "--max-scan-gpus", "16"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = parseAdviseOut(r);
    EXPECT_DOUBLE_EQ(j["break_points"]["mfu_threshold"].get<double>(), 0.6);
    EXPECT_DOUBLE_EQ(j["break_points"]["dp_comm_threshold"].get<double>(), 0.25);
    for (const json& b : j["break_points"]["gpu_count"]) {
        EXPECT_EQ(b["points"].size(), 2u) << "8 and 16 GPUs";
        if (b["status"] == "found") {
            EXPECT_GE(b["last_mfu"].get<double>(), 0.6);
        }
    }
    const CliRun off =
        runCli({"advise", dataFile(kSmall), "--format", "json", "--no-break-points"});
    ASSERT_EQ(off.exitCode, 0) << off.err;
    EXPECT_TRUE(parseAdviseOut(off)["break_points"]["model_size"].empty());
}

TEST(AdviseCli, ScenarioStagesAreUsedAndTheirProblemsNamed) {
    json doc = readData(kSmall);
    doc["team"] = {{"experience", "zero_fsdp"}, {"debug_distributed", "hangs"}};
    doc["stages"] =
        json::array({{{"id", "pilot"}, {"framework", "fsdp"}, {"trigger", {{"kind", "manual"}}}},
                     {{"id", "grow"},
                      {"framework", "megatron"},
                      {"target", {{"gpus", 32}}},
                      {"trigger", {{"kind", "gpus_above"}, {"value", 16}}}}});
    const CliRun r = runCli({"advise", writeScenario(doc, "advise-stages.json"), "--format", "json",
                             "--no-break-points"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = parseAdviseOut(r);
    ASSERT_EQ(j["stages"].size(), 2u);
    EXPECT_EQ(j["stages"][0]["default"], false);
    EXPECT_EQ(j["stages"][1]["target"]["gpus"], 32);
    EXPECT_EQ(j["stages"][1]["trigger"]["status"], "not_met");
    EXPECT_EQ(j["stages"][1]["previous_framework"], "fsdp");

    doc["stages"][1]["colour"] = "blue";
    doc["stages"][0]["trigger"]["kind"] = "when_ready";
    const std::string bad = writeScenario(doc, "advise-bad-stages.json");
    const CliRun e = runCli({"advise", bad});
    EXPECT_EQ(e.exitCode, 1);
    EXPECT_NE(e.err.find("stages[1].colour: unknown key"), std::string::npos) << e.err;
    EXPECT_NE(e.err.find("stages[0].trigger.kind: 'when_ready' is not one of"), std::string::npos)
        << e.err;
    EXPECT_EQ(e.out, "");
}

TEST(AdviseCli, UsageErrorsExitTwo) {
    EXPECT_EQ(runCli({"advise"}).exitCode, 2);
    EXPECT_EQ(runCli({"advise", dataFile(kSmall), dataFile(kLarge)}).exitCode, 2);
    const CliRun csv = runCli({"advise", dataFile(kSmall), "--format", "csv"});
    EXPECT_EQ(csv.exitCode, 2);
    EXPECT_NE(csv.err.find("text or json"), std::string::npos) << csv.err;
    const CliRun thr = runCli({"advise", dataFile(kSmall), "--mfu-threshold", "35"});
    EXPECT_EQ(thr.exitCode, 2);
    EXPECT_NE(thr.err.find("--mfu-threshold: '35' is not a fraction in (0, 1]"), std::string::npos)
        << thr.err;
    EXPECT_EQ(runCli({"advise", dataFile(kSmall), "--max-scan-gpus", "zero"}).exitCode, 2);
    EXPECT_EQ(runCli({"advise", dataFile(kSmall), "--lang", "fr"}).exitCode, 2);
}

TEST(AdviseCli, MissingFileExitsOne) {
    const CliRun r = runCli({"advise", "/nonexistent/scenario.json"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no such file"), std::string::npos) << r.err;
}

TEST(AdviseCli, HelpListsTheCommand) {
    const CliRun r = runCli({"--help"});
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("advise FILE"), std::string::npos) << r.out;
}

} // namespace
} // namespace trainplan::test
