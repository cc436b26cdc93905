// The planning tabs', the scenario editor's and the charts' sentences (issue 19 item 3): every
// entry exists in English and Chinese with the same arguments, and renders its typed arguments in
// the one number style.
#include <trainplan/services/chart_text.h>
#include <trainplan/services/editor_text.h>
#include <trainplan/services/plan_view_text.h>

#include <gtest/gtest.h>

#include "../simulator/text_test_support.h"

#include <set>
#include <string>
#include <string_view>

using namespace trainplan;
using services::ChartText;
using services::EditorText;
using services::PlanViewText;
using sim::Lang;

namespace {

using trainplan::test::hasCjk;
using trainplan::test::placeholders;

// Entries that read the same in both languages apart from punctuation: a bare "{0}: {1}" has no
// Chinese word to carry.
bool languageNeutral(std::string_view en) {
    return en == "{0}: {1}" || en == "{0} ({1})" || en == "{0}–{1} ({2})";
}

// Both languages non-empty, the Chinese in Chinese, the same placeholders in both, as many as the
// entry's argument count, and no English plural in the Chinese.
void checkEntry(std::string_view en, std::string_view zh, int argCount, int id) {
    SCOPED_TRACE(std::string(en));
    EXPECT_FALSE(en.empty()) << id;
    EXPECT_FALSE(zh.empty()) << id;
    if (!languageNeutral(en)) {
        EXPECT_TRUE(hasCjk(zh)) << zh;
    }
    const std::set<int> used = placeholders(en);
    EXPECT_EQ(used, placeholders(zh)) << zh;
    std::set<int> expected;
    for (int i = 0; i < argCount; ++i)
        expected.insert(i);
    EXPECT_EQ(used, expected) << "argCount " << argCount;
    EXPECT_EQ(zh.find('|'), std::string_view::npos) << zh << ": Chinese needs no plural";
}

} // namespace

TEST(PlanViewText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kPlanViewTextCount; ++i) {
        const auto id = static_cast<PlanViewText>(i);
        checkEntry(services::planViewTemplate(id, Lang::En),
                   services::planViewTemplate(id, Lang::ZhCN), services::planViewArgCount(id), i);
    }
}

TEST(EditorText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kEditorTextCount; ++i) {
        const auto id = static_cast<EditorText>(i);
        checkEntry(services::editorTemplate(id, Lang::En), services::editorTemplate(id, Lang::ZhCN),
                   services::editorArgCount(id), i);
    }
}

TEST(ChartText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kChartTextCount; ++i) {
        const auto id = static_cast<ChartText>(i);
        checkEntry(services::chartTemplate(id, Lang::En), services::chartTemplate(id, Lang::ZhCN),
                   services::chartArgCount(id), i);
    }
}

TEST(PlanViewText, CountsTimesAndPluralsInTheOneStyle) {
    const auto args = {sim::countArg(1), sim::MessageArg::number(sim::ArgKind::Seconds, 0.0123),
                       sim::countArg(1)};
    EXPECT_EQ(services::planViewText(PlanViewText::ExploreStatus, Lang::En, args),
              "1 plan evaluated in 12.3 ms; 1 on the Pareto front.");
    EXPECT_EQ(services::planViewText(PlanViewText::ExploreStatus, Lang::ZhCN, args),
              "用时 12.3 毫秒，评估了 1 个方案；帕累托前沿上有 1 个。");
    EXPECT_EQ(services::planViewText(PlanViewText::WeeksMissing, Lang::En,
                                     {sim::MessageArg::number(sim::ArgKind::Weeks, 6)}),
              "6 weeks missing");
    EXPECT_EQ(services::planViewText(PlanViewText::WeeksMissing, Lang::ZhCN,
                                     {sim::MessageArg::number(sim::ArgKind::Weeks, 6)}),
              "缺 6 周");
    EXPECT_EQ(services::planViewText(
                  PlanViewText::FasterThan, Lang::ZhCN,
                  {sim::MessageArg::number(sim::ArgKind::Factor, 1.4), sim::textArg("DDP")}),
              "比 DDP 快 1.40×");
}

TEST(EditorText, ArgumentsKeepTheirOrderInChinese) {
    const auto args = {sim::countArg(20), sim::countArg(80), sim::countArg(4096)};
    EXPECT_EQ(services::editorText(EditorText::WindowedLayers, Lang::En, args),
              "20 of 80 layers windowed to 4096 tokens");
    EXPECT_EQ(services::editorText(EditorText::WindowedLayers, Lang::ZhCN, args),
              "80 层中有 20 层使用 4096 token 的滑动窗口");
    EXPECT_EQ(services::editorText(EditorText::ScenarioProblems, Lang::En, {sim::countArg(1)}),
              "⚠ 1 problem: fix the marked fields.");
    EXPECT_EQ(services::editorText(EditorText::ScenarioProblems, Lang::En, {sim::countArg(3)}),
              "⚠ 3 problems: fix the marked fields.");
}

TEST(ChartText, TooltipsRenderTypedArguments) {
    const auto args = {sim::MessageArg::number(sim::ArgKind::Decimal, 0.25),
                       sim::MessageArg::number(sim::ArgKind::Duration, 3 * 3600.0),
                       sim::MessageArg::number(sim::ArgKind::Seconds, 20.0),
                       sim::MessageArg::number(sim::ArgKind::Duration, 30 * 86400.0)};
    EXPECT_EQ(services::chartText(ChartText::GoodputTip, Lang::En, args),
              "0.25 interruptions per day; checkpoint every 3.00 hours (20.0 s stall each); "
              "expected time to train 30.0 days.");
    EXPECT_EQ(services::chartText(ChartText::GoodputTip, Lang::ZhCN, args),
              "每天 0.25 次中断；每 3.00 小时保存一次检查点（每次停顿 20.0 秒）；期望训练时间 "
              "30.0 天。");
    EXPECT_EQ(services::chartText(ChartText::TermSum, Lang::En, {sim::countArg(1)}),
              "The sum of the 1 term below.");
}
