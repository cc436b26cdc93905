// services::prepareLogRun / importLogRun: a job's logs as a measured run of a stored scenario
// (what `runs import-log` and the Measurements tab's drop store), and the SHA-256 that records
// which files they were.

#include "../store/store_test_support.h"

#include "../../services/src/sha256.h"

#include <trainplan/model/io/import_text.h>
#include <trainplan/services/log_run_import.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::test {
namespace {

using model::io::Severity;

std::string megatronLog(int batch, double ms) {
    std::string text = "training ...\n";
    for (int i = 10; i <= 60; i += 10)
        text += " iteration " + std::to_string(i) +
                "/ 1000 | consumed samples: 0 | elapsed time per iteration (ms): " +
                std::to_string(i == 10 ? 3 * ms : ms) +
                " | global batch size: " + std::to_string(batch) +
                " | number of skipped iterations:   0 | number of nan iterations:   0 |\n";
    return text;
}

bool has(const model::io::ImportIssues& issues, Severity sev, const std::string& text) {
    for (const auto& i : issues)
        if (i.severity == sev && i.text().find(text) != std::string::npos) return true;
    return false;
}

TEST(Sha256, FipsExamples) {
    using services::detail::sha256Hex;
    // FIPS 180-4 examples (NIST CSRC "SHA256.pdf", one- and two-block messages) and the empty
    // input.
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256Hex(std::string(1000, 'a')),
              "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

TEST(LogRunImport, StepTimeGivesTokensPerGpuFromTheScenarioAndTheProvenanceIsKept) {
    store::Store st = memoryStore();
    st.saveScenario(scenarioJson("Llama")); // llama2-7b, global batch 256, 8 GPUs, one FSDP plan
    services::LogRunRequest req;
    req.scenarioName = "llama";
    req.logs = {{"train.log", megatronLog(256, 10000.0)}};
    const services::LogRunImport r = services::importLogRun(st, req);
    ASSERT_TRUE(r.ok()) << (r.issues.empty() ? "" : r.issues.back().text());
    ASSERT_TRUE(r.storedId);
    const auto runs = st.runs(std::string("Llama"));
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_DOUBLE_EQ(*runs[0].stepSeconds, 10.0);
    // 256 sequences × 4096 tokens / (10 s × 8 GPUs).
    EXPECT_DOUBLE_EQ(*runs[0].tokensPerSecondPerGpu, 256.0 * 4096 / (10.0 * 8));
    EXPECT_EQ(runs[0].details["files"][0]["sha256"],
              services::detail::sha256Hex(megatronLog(256, 10000.0)));
    EXPECT_EQ(runs[0].details["summary"]["iterations_used"], 50);
    EXPECT_EQ(runs[0].source, "training log train.log");
    EXPECT_TRUE(has(r.issues, Severity::Note, "tokens/s per GPU = global batch × seq_len"));
}

TEST(LogRunImport, RefusesWhatDoesNotBelongToTheScenarioAndStoresNothing) {
    store::Store st = memoryStore();
    nlohmann::json two = scenarioJson("Two");
    two["plans"].push_back(two["plans"][0]);
    two["plans"][1]["micro_batch"] = 4;
    st.saveScenario(two);
    services::LogRunRequest req;
    req.scenarioName = "Two";
    req.logs = {{"train.log", megatronLog(256, 10000.0)}};
    auto r = services::importLogRun(st, req);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(has(r.issues, Severity::Error, "--plan-index 1..2"));
    req.planIndex = 2;
    req.logs = {{"train.log", megatronLog(512, 10000.0)}};
    r = services::importLogRun(st, req);
    EXPECT_TRUE(has(r.issues, Severity::Error, "global batch size 512"));
    const auto mismatch = std::find_if(r.issues.begin(), r.issues.end(), [](const auto& i) {
        return i.id() == model::io::ImportTextId::SvcBatchMismatch;
    });
    ASSERT_NE(mismatch, r.issues.end());
    EXPECT_EQ(mismatch->key, "global batch size");
    EXPECT_EQ(mismatch->keyIn(model::Lang::ZhCN), "全局批大小");
    req.plan = nlohmann::json{{"framework", "megatron"}, {"tp", 3}, {"dp", 8}, {"micro_batch", 1}};
    req.logs = {{"train.log", megatronLog(256, 10000.0)}};
    r = services::importLogRun(st, req);
    EXPECT_TRUE(has(r.issues, Severity::Error, "plan: does not fit scenario"));
    EXPECT_TRUE(st.runs().empty());
}

// The Measurements tab shows the findings in the window's language: the same issues render in
// Chinese for a Chinese caller, and in English (the CLI's text) otherwise.
TEST(LogRunImport, AChineseCallerReadsTheFindingsInChinese) {
    store::Store st = memoryStore();
    st.saveScenario(scenarioJson("Llama"));
    services::LogRunRequest req;
    req.scenarioName = "nope";
    req.logs = {{"train.log", megatronLog(256, 10000.0)}};
    const services::LogRunImport missing = services::prepareLogRun(st, req);
    ASSERT_FALSE(missing.ok());
    const auto& last = missing.issues.back();
    EXPECT_EQ(last.text(), "error: scenario: no scenario 'nope' in the library (save it first: "
                           "scenario save FILE)");
    EXPECT_EQ(last.text(model::Lang::ZhCN),
              "错误：scenario：库中没有场景 'nope'（请先保存：scenario save FILE）");

    req.scenarioName = "Llama";
    const services::LogRunImport r = services::prepareLogRun(st, req);
    ASSERT_TRUE(r.ok());
    bool derived = false;
    for (const auto& i : r.issues)
        if (i.key == "derived") {
            derived = true;
            EXPECT_EQ(i.text(model::Lang::ZhCN),
                      "提示：derived：每 GPU tokens/s = 全局批大小 × "
                      "seq_len（1048576 个 token）/（步时间 × 8 块 GPU）");
        }
    EXPECT_TRUE(derived);
    // The stored details keep the rule in English.
    ASSERT_EQ(r.derived.size(), 1u);
    EXPECT_EQ(r.derived[0], "tokens/s per GPU = global batch × seq_len (1048576 tokens) / (step "
                            "time × 8 GPUs)");
}

} // namespace
} // namespace trainplan::test
