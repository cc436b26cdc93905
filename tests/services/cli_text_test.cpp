// The command line's own words (services/cli_text.h): every entry exists in English and Chinese
// with the same arguments, and the line templates render what advise, size and compare A B print.
#include <trainplan/services/cli_text.h>

#include <trainplan/simulator/text_catalogue.h>

#include <gtest/gtest.h>

#include "../simulator/text_test_support.h"

#include <set>
#include <string>
#include <string_view>

using namespace trainplan;
using services::CliText;
using sim::Lang;

TEST(CliText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kCliTextCount; ++i) {
        const auto id = static_cast<CliText>(i);
        const std::string_view en = services::cliTemplate(id, Lang::En);
        const std::string_view zh = services::cliTemplate(id, Lang::ZhCN);
        SCOPED_TRACE(std::string(en));
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_FALSE(zh.empty()) << i;
        // "MFU" is the same word in both; TargetsBoth is two cells and a full-width comma, Heading
        // a heading and a full-width colon.
        if (id != CliText::Mfu && id != CliText::TargetsBoth && id != CliText::Heading) {
            EXPECT_TRUE(test::hasCjk(zh)) << zh;
        }
        const std::set<int> used = test::placeholders(en);
        EXPECT_EQ(used, test::placeholders(zh)) << zh;
        std::set<int> expected;
        for (int k = 0; k < services::cliArgCount(id); ++k)
            expected.insert(k);
        EXPECT_EQ(used, expected) << "argCount " << services::cliArgCount(id);
        EXPECT_EQ(zh.find('|'), std::string_view::npos) << zh << ": Chinese needs no plural";
    }
}

TEST(CliText, HeadingsEndInEachLanguagesColon) {
    EXPECT_EQ(services::cliText(CliText::Heading, Lang::En, {sim::textArg("Prices used")}),
              "Prices used:");
    EXPECT_EQ(services::cliText(CliText::Heading, Lang::ZhCN, {sim::textArg("所用价格")}),
              "所用价格：");
    EXPECT_EQ(services::cliText(CliText::SizeStep, Lang::ZhCN), "单步时间");
}

TEST(CliText, StatusWordsAndTheUnpricedCell) {
    EXPECT_EQ(services::cliText(CliText::StatusNeedsPrerequisites, Lang::En),
              "needs prerequisites");
    EXPECT_EQ(services::cliText(CliText::StatusNeedsPrerequisites, Lang::ZhCN), "需先补齐前置条件");
    EXPECT_EQ(services::cliText(CliText::NoPrice, Lang::En), "no price");
    EXPECT_EQ(services::cliText(CliText::NoPrice, Lang::ZhCN), "未定价");
}

TEST(CliText, AdviseLinesKeepTheirPunctuationPerLanguage) {
    const auto status = {sim::textArg("ready"), sim::textArg("Megatron-LM")};
    EXPECT_EQ(services::cliText(CliText::Recommendation, Lang::En, status),
              "Recommendation (ready): Megatron-LM");
    EXPECT_EQ(services::cliText(CliText::Recommendation, Lang::ZhCN,
                                {sim::textArg("可直接采用"), sim::textArg("Megatron-LM")}),
              "推荐（可直接采用）：Megatron-LM");
    const auto thresholds = {sim::percentArg(0.35), sim::percentArg(0.5)};
    EXPECT_EQ(services::cliText(CliText::BreakPoints, Lang::En, thresholds),
              "Break points (MFU threshold 35.0%, DP communication threshold 50.0%)");
    EXPECT_EQ(services::cliText(CliText::BreakPoints, Lang::ZhCN, thresholds),
              "临界点 (MFU 阈值 35.0%，数据并行通信阈值 50.0%)");
    const auto target = {sim::textArg("Qwen2.5 72B"), sim::parametersArg(72.7e9),
                         sim::countArg(128)};
    EXPECT_EQ(services::cliText(CliText::StageTarget, Lang::En, target),
              "Target: Qwen2.5 72B (72.7B), 128 GPUs");
    EXPECT_EQ(services::cliText(CliText::StageTarget, Lang::ZhCN, target),
              "目标: Qwen2.5 72B (727亿), 128 块 GPU");
    const auto run = {sim::textArg("16.0"), sim::textArg("92.0"), sim::durationArg(532 * 86400.0),
                      sim::usdArg(1.96e6)};
    EXPECT_EQ(services::cliText(CliText::TimelineRun, Lang::En, run),
              "run 16.0–92.0 (532 days, $1.96M)");
    EXPECT_EQ(services::cliText(CliText::TimelineRun, Lang::ZhCN, run),
              "训练 16.0–92.0 (532 天, $196万)");
}

TEST(CliText, ComparisonMarksTheFastestAndCheapestCell) {
    EXPECT_EQ(services::cliText(CliText::Fastest, Lang::En, {sim::durationArg(37.9 * 86400.0)}),
              "37.9 days (fastest)");
    EXPECT_EQ(services::cliText(CliText::Fastest, Lang::ZhCN, {sim::durationArg(37.9 * 86400.0)}),
              "37.9 天（最快）");
    EXPECT_EQ(services::cliText(CliText::Cheapest, Lang::ZhCN, {sim::usdArg(26.6e3)}),
              "$2.66万（最省）");
    EXPECT_EQ(services::cliText(CliText::FrameworkStep, Lang::ZhCN, {sim::textArg("PyTorch DDP")}),
              "PyTorch DDP 每步");
}

TEST(CliText, TheDeadlineAndBudgetCell) {
    EXPECT_EQ(services::cliText(CliText::TargetsMet, Lang::En), "meets");
    EXPECT_EQ(services::cliText(CliText::TargetsMet, Lang::ZhCN), "满足");
    EXPECT_EQ(services::cliText(CliText::TargetsLate, Lang::En, {sim::textArg("76.1 days")}),
              "late 76.1 days");
    EXPECT_EQ(services::cliText(CliText::TargetsLate, Lang::ZhCN, {sim::textArg("76.1 天")}),
              "晚 76.1 天");
    EXPECT_EQ(services::cliText(CliText::TargetsOver, Lang::En, {sim::textArg("$25.6k")}),
              "over $25.6k");
    EXPECT_EQ(services::cliText(CliText::TargetsOver, Lang::ZhCN, {sim::textArg("$2.56万")}),
              "超支 $2.56万");
    EXPECT_EQ(services::cliText(CliText::TargetsBoth, Lang::En,
                                {sim::textArg("late 76.1 days"), sim::textArg("over $25.6k")}),
              "late 76.1 days, over $25.6k");
    EXPECT_EQ(services::cliText(CliText::TargetsBoth, Lang::ZhCN,
                                {sim::textArg("晚 76.1 天"), sim::textArg("超支 $2.56万")}),
              "晚 76.1 天，超支 $2.56万");
}

TEST(CliText, SizeHeadingAndSearchSummaryAreChineseThroughout) {
    const auto heading = {sim::textArg("qwen25-72b-h20x128"), sim::textArg("60.0 天"),
                          sim::textArg("$150万"), sim::textArg("16,384")};
    EXPECT_EQ(services::cliText(CliText::SizingHeader, Lang::ZhCN, heading),
              "集群规模测算：qwen25-72b-h20x128 — 60.0 天，$150万，≤ 16,384 块 GPU");
    EXPECT_EQ(services::cliText(CliText::SizingHeader, Lang::En,
                                {sim::textArg("qwen25-72b-h20x128"), sim::textArg("60.0 days"),
                                 sim::textArg("$1.50M"), sim::textArg("16,384")}),
              "Sizing: qwen25-72b-h20x128 — 60.0 days, $1.50M, ≤ 16,384 GPUs");
    const auto counts = {sim::countArg(396), sim::countArg(86), sim::countArg(302),
                         sim::countArg(8),   sim::countArg(0),  sim::countArg(814)};
    EXPECT_EQ(services::cliText(CliText::SearchSummary, Lang::En, counts),
              "Search: 396 candidates, 86 searched, 302 pruned by the deadline, 8 by the budget, 0 "
              "by dominance; 814 framework searches skipped on their layouts' bounds");
    EXPECT_EQ(services::cliText(CliText::SearchSummary, Lang::ZhCN, counts),
              "搜索统计：候选 396 个，搜索 86 个，因期限剪枝 302 个，因预算剪枝 8 个，因被支配剪枝 "
              "0 个；814 次框架搜索因其布局的下界而跳过");
    // Counts are whole numbers, as in English.
    EXPECT_EQ(
        services::cliText(CliText::SearchSummary, Lang::ZhCN,
                          {sim::countArg(12800), sim::countArg(86), sim::countArg(302),
                           sim::countArg(8), sim::countArg(0), sim::countArg(814)}),
        "搜索统计：候选 12800 个，搜索 86 个，因期限剪枝 302 个，因预算剪枝 8 个，因被支配剪枝 "
        "0 个；814 次框架搜索因其布局的下界而跳过");
}
