// The deadline-and-budget cell advise and compare FILE print (app/cli/cli_targets.h), in English
// and Chinese, from services::CliText's Targets* entries.
#include "cli_targets.h"

#include <gtest/gtest.h>

namespace trainplan::cli {
namespace {

using sim::Lang;

sim::TargetCheck missing(bool late, bool over, bool priced = true) {
    sim::TargetCheck t;
    t.hasDeadline = true;
    t.hasBudget = true;
    t.meetsDeadline = !late;
    t.meetsBudget = !over;
    t.priced = priced;
    t.deadlineSlackSeconds = late ? -76.1 * 86400.0 : 3 * 86400.0;
    t.budgetSlackUsd = over ? -25.6e3 : 1e3;
    return t;
}

TEST(TargetsCell, MeetsLateAndOverInBothLanguages) {
    EXPECT_EQ(targetsCell(missing(false, false), Lang::En), "meets");
    EXPECT_EQ(targetsCell(missing(false, false), Lang::ZhCN), "满足");
    EXPECT_EQ(targetsCell(missing(true, false), Lang::En), "late 76.1 days");
    EXPECT_EQ(targetsCell(missing(true, false), Lang::ZhCN), "晚 76.1 天");
    EXPECT_EQ(targetsCell(missing(false, true), Lang::En), "over $25.6k");
    EXPECT_EQ(targetsCell(missing(false, true), Lang::ZhCN), "超支 $2.56万");
    EXPECT_EQ(targetsCell(missing(true, true), Lang::En), "late 76.1 days, over $25.6k");
    EXPECT_EQ(targetsCell(missing(true, true), Lang::ZhCN), "晚 76.1 天，超支 $2.56万");
}

TEST(TargetsCell, AnUnpricedPlanSaysSoInsteadOfABudgetVerdict) {
    EXPECT_EQ(targetsCell(missing(true, false, false), Lang::En), "late 76.1 days, no price");
    EXPECT_EQ(targetsCell(missing(true, false, false), Lang::ZhCN), "晚 76.1 天，未定价");
    EXPECT_EQ(targetsCell(missing(false, false, false), Lang::ZhCN), "未定价");
}

TEST(TargetsCell, NoTargetsNoCell) {
    EXPECT_EQ(targetsCell(sim::TargetCheck{}, Lang::En), "");
    EXPECT_EQ(targetsCell(sim::TargetCheck{}, Lang::ZhCN), "");
}

} // namespace
} // namespace trainplan::cli
