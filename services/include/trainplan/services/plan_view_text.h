#pragma once

// The planning tabs' sentences in English and Simplified Chinese: Compare, Explore, Sizing and
// Roadmap, the stage cards, the plan details and the derivation and run dialogs. Each is an id plus
// typed arguments, rendered by sim::renderTemplate (the advisor's one formatter), so numbers come
// out in the one style of number_format.h.

#include <trainplan/simulator/advice_text.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class PlanViewText {
    Ready,
    LabelValue,
    Parenthesized,
    EstimateLine,
    ExcludedByConstraints,
    AutomaticFramework,
    StageFrameworkTip,
    StageTarget,
    DoesNotFit,
    ClosestNeeds,
    StageTriggerTip,
    ReachedToday,
    NotReachedYet,
    TeamDecision,
    Prerequisites,
    AllInPlace,
    MissingAbout,
    PrerequisiteEffortTip,
    PrerequisiteTip,
    FasterThan,
    Saves,
    ExpectedGain,
    MfuBelowTip,
    CostAboveTip,
    GpusAboveTip,
    NoThresholdTip,
    BackToScenario,
    BestPlanPerFramework,
    HoverCellTip,
    SweepProgressTip,
    StopSweepsTip,
    ExploreLegend,
    BestBarsTip,
    WhatIfActive,
    WhatIfNotScenario,
    SearchFailed,
    ExploreStatus,
    NoValidPlanBecause,
    WhatIfDerivationTitle,
    SweepFailed,
    SweepsCancelled,
    DeadlineSliderTip,
    DeadlineTip,
    BudgetSliderTip,
    BudgetTip,
    UseClusterTip,
    ComputingSizing,
    PausedFixProblems,
    Sizing,
    SizingFailed,
    NoDeadlineOrBudget,
    NothingMeetsBoth,
    SizingStatus,
    LeftOutWithoutPrice,
    PricesUsed,
    TopFive,
    OverBudget,
    Late,
    CheapestMeetingDeadline,
    FastestWithinBudget,
    FastestOfAll,
    CheapestOfAll,
    UseSizedCluster,
    VerdictsTip,
    CompareTableTip,
    AllPlansTip,
    SelectedPlanTip,
    EstimateFailed,
    CompareStatus,
    ScenarioHasProblems,
    Recommended,
    RecommendedWith,
    NothingFitsClosest,
    ClosestWith,
    NoGpuPrice,
    DerivationTitle,
    SelectRowWithPlan,
    StageIndex,
    ResetToDefaultPath,
    BadgeTip,
    ReasonsTip,
    ResetRoadmapTip,
    TimelineTip,
    ComputingAdvice,
    ResetRoadmapEdit,
    StageFrameworkEdit,
    StageTriggerEdit,
    MarkPrerequisiteDone,
    MarkPrerequisiteMissing,
    ComputingAdviceFor,
    ComputingStale,
    AdvisorFailed,
    ExcludedShort,
    WeeksMissing,
    DefaultPathStatus,
    OwnRoadmapStatus,
    ChangeEdit,
    NoStages,
    KnobsOfPinnedPlan,
    PinTip,
    RankedPlans,
    RankedPlansTip,
    SelectRowToSeePlan,
    SharedKnobsTip,
    MemoryPerGpuOf,
    ActivationsInFlight,
    StepTimeIs,
    CommunicationPerGpu,
    BytesInSeconds,
    Megawatthours,
    DerivationHint,
    DefaultedTip,
    FromScenarioTip,
    TokensPerSecondPerGpu,
    UseProfileForScenario, // keep last (kPlanViewTextCount)
};
inline constexpr int kPlanViewTextCount = static_cast<int>(PlanViewText::UseProfileForScenario) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view planViewTemplate(PlanViewText id, sim::Lang lang);
// How many arguments the entry takes.
[[nodiscard]] int planViewArgCount(PlanViewText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string planViewText(PlanViewText id, sim::Lang lang,
                                       std::initializer_list<sim::MessageArg> args = {});

} // namespace trainplan::services
