#pragma once

// The calibration's and the validation's sentences and column names, in English and Simplified
// Chinese: the Calibration and Accuracy tabs, `trainplan-cli calibrate` and `trainplan-cli
// validate` say the same thing from the same entry. Each is an id plus typed arguments, rendered
// by the advisor's formatter (renderTemplate), so numbers come out in the one style of
// number_format.h.

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/validation.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::sim {

enum class CalText {
    SourceTip,
    SourceAllPublished,
    SourceLibraryAll,
    SourceLibraryScenario,
    SourceCluster,
    FitParameterTip,
    FitMemoryTip,
    SaveProfileTip,
    UseProfileTip,
    FitChartTitle,
    FitChartTip,
    Computing,
    Fitting,
    NoLibraryToFit,
    RunsUnreadable,
    FixBeforeFitting,
    NoRunsToFit,
    CalibrationFailed,
    FitRefused,
    RefusedUndetermined,
    RefusedUnderdetermined,
    RefusedIndistinguishable,
    RefusedNothingToFit,
    RefusedNoMeasurements,
    RefusedEmptyBounds,
    RefusedRaisesError,
    MeanError,
    MeanErrorNoLeaveOneOut,
    MeanErrorBefore,
    MaxError,
    MaxErrorNoLeaveOneOut,
    ResidualSigma,
    RunsNotUsed,
    NoMeasurements,
    AxisMeasured,
    AxisPredicted,
    Diagonal,
    ProfileNone,
    ProfilesUnreadable,
    ProfileNotInLibrary,
    NoLibraryProfilesWhy,
    SeeLibraryPanel,
    NoLibraryProfiles,
    NoLibraryToSave,
    NothingFitted,
    RefusedNothingToSave,
    ProfileNameMissing,
    ProfileSaved,
    ProfileNamePlaceholder,
    ProfileNotesPlaceholder,
    ProfileNotes,
    UseInEditedScenario,
    UseNoProfile,
    UseProfile,
    ColParameter,
    ColStart,
    ColFitted,
    ColSigma,
    ColBounds,
    ColInformedBy,
    StartTip,
    SigmaTip,
    InformedByTip,
    AtBound,
    AtBoundTip,
    MeasurementCount,
    ColRun,
    ColMetric,
    ColMeasured,
    ColBefore,
    ColAfter,
    ColLeaveOneOut,
    BeforeTip,
    AfterTip,
    LeaveOneOutTip,
    NotFittedTip,
    NotFitted,
    RunAtLine,
    Parenthesized,
    RunOnGpus,
    MetricTflops,
    MetricPeakMemory,
    LineTip,
    ColLine,
    ColSource,
    ColPlan,
    ColPredicted,
    ColError,
    ColRows,
    ColMeanError,
    ColMaxError,
    LineColumnTip,
    PlanColumnTip,
    MeasuredColumnTip,
    PredictedColumnTip,
    ErrorColumnTip,
    MeanErrorTip,
    MaxErrorTip,
    AllComparisons,
    ValidationFailed,
    ValidationSummary,
    LineReason,
    RowsNotReproducedHover,
    RowsNotReproduced,
    FileProblems,
    AccuracyChartTitle,
    AccuracyChartTip,
    NoRowsReproduced,
    MeasuredPredicted, // keep last
};
inline constexpr int kCalTextCount = static_cast<int>(CalText::MeasuredPredicted) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view calibrationTemplate(CalText id, Lang lang);
// How many arguments the entry takes (its placeholders {0}..).
[[nodiscard]] int calibrationArgCount(CalText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string calibrationText(CalText id, Lang lang,
                                          std::initializer_list<MessageArg> args = {});
// The fit's errors, one sentence a line, as the Calibration tab and `trainplan-cli calibrate`
// show them under their tables: mean |error| before, after and leave-one-out, max |error|, and
// the residual σ; only the error before the fit when the fit was refused.
[[nodiscard]] std::vector<std::string> calibrationSummaryLines(const CalibrationResult& r,
                                                               Lang lang);
// A validated metric's name: "Step time", "TFLOP/s per GPU (eq. 3)", "MFU", "Tokens/s per GPU",
// "Peak memory" (the metric catalogue's words where it has the metric).
[[nodiscard]] std::string_view validationMetricName(ValidationMetric m, Lang lang);
// A validated metric's measured or predicted value with its unit ("1.20 s", "46.4%", "3.06万
// token/秒"), as the Calibration tab's accuracy table and the report's validation rows show it.
[[nodiscard]] std::string formatValidationValue(ValidationMetric m, double value, Lang lang);
// A published run named by its model and GPU count ("Llama 3.1 8B on 8 GPUs", "…，8 块 GPU");
// `fallback` (the English label) when either part is missing.
[[nodiscard]] std::string referenceRunLabel(std::string_view modelName, long long gpus,
                                            std::string_view fallback, Lang lang);

} // namespace trainplan::sim
