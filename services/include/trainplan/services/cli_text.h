#pragma once

// The command line's own words in English and Simplified Chinese: the headings, table columns,
// cells and line templates of `advise`, `size` and `compare A B …`, and the status words, the
// "no price" cell and the deadline-and-budget cell several commands share. Each is an id plus typed
// arguments, rendered by sim::renderTemplate, so numbers come out in the one style of
// number_format.h. The sentences inside those outputs come from the advisor's and the sizing
// catalogues (advice_text.h, sizing_text.h); a word the window already says the same way in both
// languages is read from its catalogue (PlanViewText::DoesNotFit, PlanViewText::Parenthesized), not
// repeated here.

#include <trainplan/simulator/advice_text.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class CliText {
    // A recommendation's status (advise, compare A B) and a cost cell without a price.
    StatusReady,
    StatusNeedsPrerequisites,
    StatusNothingFits,
    NoPrice,
    // Column and row names more than one command prints.
    Framework,
    Plan,
    Cluster,
    Mfu,
    Step,
    Excluded,
    None,
    // advise: the recommendation and the framework table.
    Recommendation,
    Why,
    Frameworks,
    Fits,
    TimeToTrain,
    Cost,
    Readiness,
    Yes,
    No,
    DeadlineAndBudget,
    // The deadline-and-budget cell (advise, compare FILE): "meets", "late …", "over …" and two
    // misses side by side ("late …, over …", "late …, no price").
    TargetsMet,
    TargetsLate,
    TargetsOver,
    TargetsBoth,
    // advise: break points.
    BreakPoints,
    LargestModel,
    MfuHoldsUpTo,
    DpCommBelow,
    NotApplicable,
    // advise: the roadmap and its timeline.
    RoadmapDefault,
    RoadmapScenario,
    StageTrigger,
    TriggerMet,
    TriggerNotMet,
    TriggerManual,
    StageTarget,
    Prerequisites,
    Timeline,
    TimelineConditional,
    TimelineWork,
    TimelineRun,
    TimelineNoRun,
    TimelineTotal,
    // size.
    SizingHeader,
    CheapestMeetingDeadline,
    FastestWithinBudget,
    BestPerFramework,
    ParetoFront,
    CheapestPerFramework,
    NothingMeetsBoth,
    PricesUsed,
    SearchSummary,
    SizeGpus,
    SizeStep,
    ExpectedTime,
    Goodput,
    SizeCost,
    WhyOnFront,
    // compare A B [C D]: the scenarios side by side.
    Model,
    Recommended,
    PeakMemory,
    ExpectedTimeToTrain,
    ExpectedCost,
    Fastest,
    Cheapest,
    FrameworkStep,
    ComparisonNote,
    Heading, // a section heading before its lines ("Prices used:"); keep last (kCliTextCount)
};
inline constexpr int kCliTextCount = static_cast<int>(CliText::Heading) + 1;

// The entry's template in `lang` (placeholders {0}..).
[[nodiscard]] std::string_view cliTemplate(CliText id, sim::Lang lang);
// How many arguments the entry takes.
[[nodiscard]] int cliArgCount(CliText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string cliText(CliText id, sim::Lang lang,
                                  std::initializer_list<sim::MessageArg> args = {});

} // namespace trainplan::services
