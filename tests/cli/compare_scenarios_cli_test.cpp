// compare A B [C D]: scenarios side by side (issue 21), the same answers as `compare` on each.

#include "cli_support.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

TEST(CompareScenariosCli, EachColumnIsTheScenariosOwnAnswerAndTheBestAreMarked) {
    // Small searches (this test also runs sanitized): Llama 2 7B on one PCIe node, Mixtral 8x7B on
    // 64 H800.
    const std::string a = dataFile("scenarios/llama2-7b-a100x8-pcie.json");
    const std::string b = dataFile("scenarios/mixtral-8x7b-h800x64-roce.json");
    const CliRun both = runCli({"--format", "json", "compare", a, b});
    ASSERT_EQ(both.exitCode, 0) << both.err;
    const auto j = nlohmann::json::parse(both.out);
    ASSERT_EQ(j["scenarios"].size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        const auto& s = j["scenarios"][i];
        // The headline is the recommended framework's best plan of `compare FILE` alone.
        const CliRun one = runCli({"--format", "json", "compare", i == 0 ? a : b});
        ASSERT_EQ(one.exitCode, 0) << one.err;
        const auto single = nlohmann::json::parse(one.out);
        bool found = false;
        for (const auto& r : single["results"])
            if (r["plan"]["framework"] == s["recommended"] && !r["excluded"].get<bool>()) {
                EXPECT_NEAR(r["time"]["step_s"].get<double>(),
                            s["headline"]["step_s"].get<double>(), 1e-9);
                found = true;
            }
        EXPECT_TRUE(found) << s.dump();
        // Expected time includes failures: longer than the failure-free time.
        EXPECT_GT(s["expected_time_s"].get<double>(),
                  s["headline"]["time_to_train_s"].get<double>());
    }
    // Mixtral on 64 H800 is done in about a month; the 7B on eight PCIe A100 takes two and a half
    // months but costs a quarter as much.
    EXPECT_EQ(j["fastest"], 1);
    EXPECT_EQ(j["cheapest"], 0);

    const CliRun table = runCli({"compare", a, b});
    ASSERT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("(fastest)"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("expected cost"), std::string::npos);
    // In Chinese: the row names, the status words advise uses, and money in 万.
    const CliRun zh = runCli({"--lang", "zh_CN", "compare", a, b});
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    for (const char* word : {"预期花费", "（最快）", "（最省）", "万", "需先补齐前置条件"})
        EXPECT_NE(zh.out.find(word), std::string::npos) << word << "\n" << zh.out;
    EXPECT_EQ(zh.out.find("expected"), std::string::npos) << zh.out;
    // Five files: a usage error naming the limit.
    const CliRun five = runCli({"compare", a, b, a, b, a});
    EXPECT_EQ(five.exitCode, 2);
    EXPECT_NE(five.err.find("two to four"), std::string::npos) << five.err;
}

} // namespace
} // namespace trainplan::test
