// trainplan-cli size and price (issue 20), end to end on the real binary.
#include "cli_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace trainplan::test {
namespace {

const std::string kQwen = "scenarios/qwen25-72b-h20x128.json";

// A small search: two GPU types and up to 256 GPUs.
std::vector<std::string> sizeArgs(std::vector<std::string> extra) {
    std::vector<std::string> a{
        "size", dataFile(kQwen), "--gpus", "H100-SXM5-80GB,H20", "--max-gpus", "256"};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
}

std::vector<std::string> with(std::vector<std::string> first,
                              const std::vector<std::string>& rest) {
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

TEST(sizeCli, BuiltInExampleGetsAFeasibleClusterFromItsOwnDeadlineAndBudget) {
    const CliRun r = runCli(with({"--format", "json"}, sizeArgs({})));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("schema"), "trainplan.sizing.v1");
    EXPECT_DOUBLE_EQ(j.at("constraints").at("deadline_s").get<double>(), 60 * 86400.0);
    EXPECT_DOUBLE_EQ(j.at("constraints").at("budget_usd").get<double>(), 1.5e6);
    ASSERT_TRUE(j.at("feasible").get<bool>()) << j.at("binding").dump();
    const auto& best = j.at("cheapest_meeting_deadline").at("configuration");
    EXPECT_LE(best.at("expected_time_to_train_s").get<double>(), 60 * 86400.0);
    EXPECT_LE(best.at("expected_usd").get<double>(), 1.5e6);
    EXPECT_GE(j.at("cheapest_meeting_deadline").at("deadline_slack_s").get<double>(), 0.0);
    // The scenario's own price belongs to its GPU; the H100 brings its catalog price.
    ASSERT_EQ(j.at("prices").size(), 2u);
    EXPECT_EQ(j.at("prices")[0].at("origin"), "catalog");
    EXPECT_EQ(j.at("prices")[1].at("origin"), "scenario");
    EXPECT_EQ(j.at("prices")[1].at("usd_per_gpu_hour"), 1.2);
    EXPECT_EQ(j.at("catalog").at("gpus").size(), 2u);
    EXPECT_FALSE(j.at("front").empty());
}

TEST(sizeCli, ImpossibleDeadlineNamesTheBindingConstraintInBothLanguages) {
    const CliRun en = runCli(sizeArgs({"--deadline-days", "1"}));
    ASSERT_EQ(en.exitCode, 0) << en.err;
    EXPECT_NE(en.out.find("Nothing meets both constraints: no configuration within the GPU limit "
                          "meets the deadline: the fastest,"),
              std::string::npos)
        << en.out;
    const CliRun zh = runCli(with({"--lang", "zh_CN"}, sizeArgs({"--deadline-days", "1"})));
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    EXPECT_NE(zh.out.find("没有方案同时满足两个约束：在 GPU 上限内没有方案能满足期限"),
              std::string::npos)
        << zh.out;
    const CliRun js = runCli(with({"--format", "json"}, sizeArgs({"--deadline-days", "1"})));
    const auto j = nlohmann::json::parse(js.out);
    EXPECT_EQ(j.at("binding").at("binding"), "deadline");
    EXPECT_FALSE(j.at("feasible").get<bool>());
    EXPECT_TRUE(j.at("binding").contains("fastest_overall"));
}

// The heading and the search counters speak the output's language throughout.
TEST(sizeCli, HeadingAndSearchSummaryInEnglishAndChinese) {
    const CliRun js = runCli(with({"--format", "json"}, sizeArgs({})));
    ASSERT_EQ(js.exitCode, 0) << js.err;
    const auto search = nlohmann::json::parse(js.out).at("search");
    auto n = [&search](const char* key) { return std::to_string(search.at(key).get<long long>()); };

    const CliRun en = runCli(sizeArgs({}));
    ASSERT_EQ(en.exitCode, 0) << en.err;
    EXPECT_EQ(en.out.rfind("Sizing: qwen25-72b-h20x128 — 60.0 days, $1.50M, ≤ 256 GPUs\n", 0), 0u)
        << en.out;
    EXPECT_NE(en.out.find("\nSearch: " + n("candidates") + " candidates, " + n("evaluated") +
                          " searched, " + n("pruned_by_deadline") + " pruned by the deadline, " +
                          n("pruned_by_budget") + " by the budget, " + n("pruned_by_dominance") +
                          " by dominance; " + n("pruned_framework_searches") +
                          " framework searches skipped on their layouts' bounds\n"),
              std::string::npos)
        << en.out;

    const CliRun zh = runCli(with({"--lang", "zh_CN"}, sizeArgs({})));
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    EXPECT_EQ(zh.out.rfind("集群规模测算：qwen25-72b-h20x128 — 60.0 天，$150万，≤ 256 块 GPU\n", 0),
              0u)
        << zh.out;
    EXPECT_NE(zh.out.find("\n搜索统计：候选 " + n("candidates") + " 个，搜索 " + n("evaluated") +
                          " 个，因期限剪枝 " + n("pruned_by_deadline") + " 个，因预算剪枝 " +
                          n("pruned_by_budget") + " 个，因被支配剪枝 " + n("pruned_by_dominance") +
                          " 个；" + n("pruned_framework_searches") +
                          " 次框架搜索因其布局的下界而跳过\n"),
              std::string::npos)
        << zh.out;
    EXPECT_EQ(zh.out.find("candidates"), std::string::npos) << zh.out;
    EXPECT_EQ(zh.out.find(" GPUs"), std::string::npos) << zh.out;
    // The prices used read in Chinese (sim::ResolvedPrice::describe(lang)), as in the window.
    EXPECT_NE(zh.out.find("\n所用价格：\n"), std::string::npos) << zh.out;
    EXPECT_NE(zh.out.find("/GPU 时（目录："), std::string::npos) << zh.out;
    EXPECT_EQ(zh.out.find("/GPU-h (catalog"), std::string::npos) << zh.out;
    EXPECT_NE(en.out.find("/GPU-h (catalog: "), std::string::npos) << en.out;
}

TEST(sizeCli, CnyBudgetConvertsAtTheLibraryRate) {
    const CliRun r =
        runCli(with({"--format", "json"}, sizeArgs({"--budget", "10500000", "--currency", "CNY"})));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("currency"), "CNY");
    EXPECT_NEAR(j.at("constraints").at("budget_usd").get<double>(), 10.5e6 / 7.0197, 1e-3);
}

TEST(sizeCli, BadOptionsAreUsageErrorsAndUnknownGpusInvalidInput) {
    EXPECT_EQ(runCli(sizeArgs({"--deadline-days", "-3"})).exitCode, 2);
    EXPECT_EQ(runCli(sizeArgs({"--currency", "EUR"})).exitCode, 2);
    const CliRun r = runCli({"size", dataFile(kQwen), "--gpus", "H10"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("--gpus: unknown GPU 'H10' (did you mean"), std::string::npos) << r.err;
}

TEST(priceCli, TablePriceOverridesTheCatalogAndIsReported) {
    ASSERT_EQ(runCli({"price", "set", "H100-SXM5-80GB", "2.25", "--cloud", "ourdc", "--source",
                      "3-year contract", "--date", "2026-11-01"})
                  .exitCode,
              0);
    const CliRun list = runCli({"--format", "json", "price", "list"});
    ASSERT_EQ(list.exitCode, 0) << list.err;
    const auto j = nlohmann::json::parse(list.out);
    bool seen = false;
    for (const auto& g : j.at("gpus"))
        if (g.at("gpu") == "H100-SXM5-80GB") {
            seen = true;
            EXPECT_EQ(g.at("origin"), "price_table");
            EXPECT_EQ(g.at("usd_per_gpu_hour"), 2.25);
        } else if (g.at("gpu") == "H20") {
            EXPECT_FALSE(g.at("priced").get<bool>());
        }
    EXPECT_TRUE(seen);
    // A scenario on that GPU without gpu_hour_usd now costs at the table's price, and says so.
    const CliRun rate = runCli({"price", "rate", "7.3", "--date", "2026-13-01"});
    EXPECT_EQ(rate.exitCode, 1);
    EXPECT_NE(rate.err.find("date: '2026-13-01' is not a date"), std::string::npos) << rate.err;
    EXPECT_EQ(runCli({"price", "remove", "H100-SXM5-80GB", "--cloud", "ourdc"}).exitCode, 0);
    EXPECT_EQ(runCli({"price", "remove", "H100-SXM5-80GB", "--cloud", "ourdc"}).exitCode, 1);
}

// Regression: an unpriced scenario printed "$0" as its cost.
TEST(priceCli, UnpricedScenarioSaysNoPriceInsteadOfZeroDollars) {
    const std::string file =
        (std::filesystem::path(detail::processTempDir()) / "unpriced.json").string();
    auto doc = nlohmann::json::parse(detail::readAll(dataFile(kQwen)));
    doc["cluster"].erase("gpu_hour_usd"); // H20 has no sourced catalog price
    std::ofstream(file) << doc.dump(2);
    const CliRun r = runCli({"estimate", file});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("NO PRICE: no price for H20"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no price"), std::string::npos);
    EXPECT_EQ(r.out.find("$0 "), std::string::npos) << r.out;
    const CliRun js = runCli({"--format", "json", "estimate", file});
    const auto j = nlohmann::json::parse(js.out);
    EXPECT_EQ(j.at("price").at("origin"), "none");
    EXPECT_FALSE(j.at("results")[0].at("cost").at("priced").get<bool>());
}

TEST(compareCli, DeadlineAndBudgetAreCheckedForEachFramework) {
    const CliRun r = runCli({"--format", "json", "compare", dataFile(kQwen)});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    int checked = 0;
    for (const auto& res : j.at("results"))
        if (res.contains("targets")) {
            ++checked;
            // 128 H20 take far longer than 60 days (the "450 days").
            EXPECT_FALSE(res.at("targets").at("meets_deadline").get<bool>());
            EXPECT_LT(res.at("targets").at("deadline_slack_s").get<double>(), 0);
        }
    EXPECT_GT(checked, 0);
}

} // namespace
} // namespace trainplan::test
