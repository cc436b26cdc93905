#pragma once

// The measured runs' sentences and column names, in English and Simplified Chinese: the
// Measurements tab, its table of runs checked against their predictions, and `trainplan-cli runs`
// say the same thing from the same entry (an id plus typed arguments, rendered by
// sim::renderTemplate).

#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/uncertainty.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class RunText {
    ColId,
    ColScenario,
    ColStepTime,
    ColTokens,
    ColPeakMemory,
    ColPredictedStep,
    ColPredictedTokens,
    ColPredictedMemory,
    ColCheck,
    ColMeasuredOn,
    ColNotes,
    ColInterval,
    ColEvidence,
    StepTip,
    TokensTip,
    MemoryTip,
    PredictedTip,
    CheckTip,
    NotLinkedTip,
    Validated,
    PartlyValidated,
    Extrapolated,
    Parenthesized,
    PredictedCellTip,
    NotPredictedWhy,
    NotPredicted,
    MfuOnlyTip,
    NotCheckedMfuOnly,
    Within,
    Outside,
    FarOutside,
    ClusterTip,
    CauseOfPeakMemory,
    CauseOfStep,
    FlaggedNoCause,
    FlaggedCauses,
    AddTip,
    ImportTip,
    DeleteTip,
    FitClusterTip,
    Predicting,
    PredictionFailed,
    CheckSummary,
    NotPredictedCount,
    NoLibrary,
    NoLibraryRuns,
    NoLibraryRunsWhy,
    RunsUnreadable,
    Imported,
    AlreadyStored,
    ImportProblems,
    Added,
    AddedFromLogs,
    NothingSaved,
    Deleted,
    CompareSelection,
    NeedScenario,
    NeedPlan,
    BadStep,
    BadTokens,
    BadMemory,
    NeedMeasurement,
    SaveScenarioFirst,
    ClusterHeading,
    NoRunsToCheck, // keep last
};
inline constexpr int kRunTextCount = static_cast<int>(RunText::NoRunsToCheck) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view runTemplate(RunText id, sim::Lang lang);
// How many arguments the entry takes (its placeholders {0}..).
[[nodiscard]] int runArgCount(RunText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string runText(RunText id, sim::Lang lang,
                                  std::initializer_list<sim::MessageArg> args = {});
// How well the reference runs back a prediction: "validated", "partly validated", "extrapolated".
[[nodiscard]] std::string_view evidenceName(sim::EvidenceLevel level, sim::Lang lang);
// Why a run far outside its error bar is flagged, one sentence: "Run 12 is far outside its error
// bar. The largest estimated parts of its prediction, where the gap most likely comes from:
// exposed data-parallel communication (21% of the predicted step); …". The Measurements tab's
// tooltip and `trainplan-cli runs check` print it.
[[nodiscard]] std::string flaggedRunText(const RunCheck& r, sim::Lang lang);

} // namespace trainplan::services
