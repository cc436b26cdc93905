// The measured runs' sentences (issue 19 item 3): the Measurements tab and `trainplan-cli runs`
// render the same entries, in English and Chinese.
#include <trainplan/services/run_check_text.h>

#include <gtest/gtest.h>

#include "../simulator/text_test_support.h"

#include <set>

using namespace trainplan;
using services::RunText;
using sim::Lang;

namespace {

using trainplan::test::hasCjk;
using trainplan::test::placeholders;

} // namespace

TEST(RunCheckText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < services::kRunTextCount; ++i) {
        const auto id = static_cast<RunText>(i);
        const std::string_view en = services::runTemplate(id, Lang::En);
        const std::string_view zh = services::runTemplate(id, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_EQ(placeholders(en), placeholders(zh)) << en << " / " << zh;
        EXPECT_EQ(static_cast<int>(placeholders(en).size()), services::runArgCount(id)) << en;
        if (en != "{0} ({1})") {
            EXPECT_TRUE(hasCjk(zh)) << en << ": " << zh;
        }
    }
}

TEST(RunCheckText, CheckSummaryCountsInBothLanguages) {
    const auto args = {sim::countArg(1), sim::countArg(2), sim::countArg(1), sim::countArg(0)};
    EXPECT_EQ(services::runText(RunText::CheckSummary, Lang::En, args),
              "1 run predicted on 2 clusters: 1 outside the error bar, 0 far outside (flagged, "
              "with likely causes in the Check column's tooltip).");
    EXPECT_EQ(services::runText(RunText::CheckSummary, Lang::ZhCN, args),
              "已预测 1 个运行，涉及 2 个集群：1 个超出误差范围，0 个远超范围（已标记，可能原因见"
              "“检查”列的提示）。");
    EXPECT_EQ(services::runText(RunText::Imported, Lang::En,
                                {sim::countArg(95), sim::textArg("runs.csv")}),
              "Imported 95 runs from runs.csv");
    EXPECT_EQ(services::runText(RunText::Deleted, Lang::En, {sim::countArg(1)}), "Deleted 1 run.");
}

TEST(RunCheckText, AFlaggedRunNamesItsLikelyCausesInTheLanguage) {
    services::RunCheck r;
    r.runId = 12;
    r.flagged = true;
    r.causes = {{services::LikelyCause::ExposedDataParallel, 0.21}};
    EXPECT_EQ(services::flaggedRunText(r, Lang::En),
              "Run 12 is far outside its error bar. The largest estimated parts of its "
              "prediction, where the gap most likely comes from: exposed data-parallel "
              "communication (21.0% of the predicted step).");
    const std::string zh = services::flaggedRunText(r, Lang::ZhCN);
    EXPECT_EQ(zh.rfind("运行 12 远超误差范围。", 0), 0u) << zh;
    EXPECT_NE(zh.find("（占预测单步时间的 21.0%）"), std::string::npos) << zh;
    r.causes.clear();
    EXPECT_EQ(services::flaggedRunText(r, Lang::En)
                  .rfind("Run 12 is far outside its error bar, "
                         "and no estimated part",
                         0),
              0u);
    EXPECT_EQ(services::evidenceName(sim::EvidenceLevel::PartlyValidated, Lang::ZhCN), "部分验证");
}
