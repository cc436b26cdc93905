#pragma once

// The charts' and result tables' words in English and Simplified Chinese: titles, axes, tooltips
// and cells of the memory, step-time, communication, scaling, model-size, plan-space and sizing
// charts and of the comparison, runner-up and derivation tables. Each is an id plus typed
// arguments, rendered by sim::renderTemplate, so numbers come out in the one style of
// number_format.h.

#include <trainplan/simulator/advice_text.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class ChartText {
    DenseComponent,
    DenseComponentTip,
    ExpertComponent,
    ExpertComponentTip,
    StagesRange,
    StageDenseMoe,
    StageMemoryTip,
    StageTip,
    MemoryPerStageExperts,
    NoPlanToShow,
    PerGpuAxis,
    PlanSpaceTitle,
    PlanSpaceTip,
    NoValidPlanOnCluster,
    NoPlanFitsMemory,
    PeakMemoryAxis,
    PlanPoint,
    PointDoesNotFit,
    CrossoverTitle,
    CrossoverTip,
    NoFrameworkAnyModelSize,
    FrameworkDoesNotFit,
    ModelPoint,
    BreakPointsTitle,
    BreakPointsTip,
    LargestThatFits,
    LargestPoint,
    ScalingTip,
    NoFrameworkAnyGpuCount,
    ThroughputAxis,
    ScalingPoint,
    MemoryPhaseTip,
    PhasePeak,
    PhaseInUse,
    PeakSummary,
    GradientsNotAllocated,
    CommunicationByGroup,
    CommunicationByTier,
    SentPerGpuAxis,
    SizingTitle,
    SizingTip,
    TimeToTrainDaysAxis,
    CostCnyAxis, // {0}: the unit word of sim::moneyAxis ("million", "万")
    CostUsdAxis,
    ParametersAxis, // {0}: the unit word of sim::parametersAxis ("billions", "亿")
    RecommendationTip,
    PlansEvaluatedFit,
    GoodputTip,
    Interval,
    RankTip,
    BarCutTip,
    TermInputs,
    TermSource,
    TermSum, // keep last (kChartTextCount)
};
inline constexpr int kChartTextCount = static_cast<int>(ChartText::TermSum) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view chartTemplate(ChartText id, sim::Lang lang);
// How many arguments the entry takes.
[[nodiscard]] int chartArgCount(ChartText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string chartText(ChartText id, sim::Lang lang,
                                    std::initializer_list<sim::MessageArg> args = {});

} // namespace trainplan::services
