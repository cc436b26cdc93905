#pragma once

// The advisor's sentences as values: a template id plus typed arguments, rendered to English or
// Simplified Chinese by a small message catalogue. Numbers are formatted from the argument values
// at render time; no template contains a digit.

#include <trainplan/model/plan.h>
#include <trainplan/model/readiness.h>
#include <trainplan/model/text_template.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::sim {

// The two languages and their names ("en", "zh_CN") live in the model layer (text_template.h) so
// the model's own messages use them too; these are the simulator's names for them.
using Lang = model::Lang;
using model::langFromString;
using model::toString;

enum class MessageId {
    // Recommendation and its reasons.
    RecommendDefault,
    RecommendAfterPrerequisites,
    NothingFits,
    SimplerWithinTolerance,
    SwitchPaysOff,
    FasterButMissing,
    FasterButAlsoNeeds,
    DoesNotFit,
    NoValidPlan,
    ExcludedByConstraints,
    ReadyFor,
    ReadinessMissingFor,
    // Break points.
    StopsFittingAbove,
    FitsUpTo,
    FitsUpToButComm,
    FitsEverySize,
    FitsNoSize,
    ScalingBreak,
    ScalingNoPlan,
    ScalingNotReached,
    ScalingAlwaysBelow,
    BandwidthBreak,
    BandwidthAlwaysExceeds,
    BandwidthNeverExceeds,
    // Roadmap stage titles.
    StageDdpBaseline,
    StageSharded,
    StageStandardize,
    StageMegatron,
    StageValidate,
    StageCustom,
    StageUserTitle,
    // Stage triggers.
    TriggerOom,
    TriggerMfuBelow,
    TriggerCostAbove,
    TriggerGpusAbove,
    TriggerManual,
    // Stage notes and gains.
    GainBaseline,
    GainFits,
    GainSpeedup,
    GainSlower,
    GainPrerequisitesMissing,
    GainPrerequisitesDone,
    GainValidate,
    BaselineSmallerModel,
    BaselineUpTo,
    TargetUnresolved,
    StagePlanInvalid,
    // Why a framework's search found nothing (FrameworkResult::exclusionReasons).
    NoFitHostMemory,
    NoFitSmallest,
    NoFitWholeModel,
    NoFitSmallestHolds,
    NoValidPlanOn,
    GlobalBatchTooSmall,
    GlobalBatchNotDivisible,
    ConstraintsFix,
    SearchCancelled,
    // Calibration notes (CalibrationResult::warnings).
    CalRunLeftOut,
    CalRunNotPositive,
    CalRedundantSpeed,
    CalUninformative,
    CalNotConverged,
    CalAtBound,
    CalCorrelated,
    CalSingular,
    CalExact,
    CalNoLeaveOneOut, // keep last (kMessageIdCount)
};
inline constexpr int kMessageIdCount = static_cast<int>(MessageId::CalNoLeaveOneOut) + 1;

// How an argument is formatted. Numeric kinds hold SI values (parameters as a count, bytes,
// seconds, fractions for percentages, US dollars, bytes per second, weeks).
enum class ArgKind {
    Framework, // value = the model::Framework
    Plan,      // text = Plan::label()
    Items,     // items = readiness items, joined in the language
    Name,      // text, verbatim (model names, precisions, optimizers)
    Parameters,
    Bytes,
    Seconds,
    Duration,
    Percent,
    Factor,
    Usd,
    Count,
    BytesPerSecond,
    Weeks,
    SignedPercent, // a relative error: +12.3%, -4.0%
    Decimal,       // a plain number as sig3 writes it: 0.75, 1.35, 12.5
};

struct MessageArg {
    ArgKind kind = ArgKind::Name;
    double value = 0;
    std::string text;
    std::vector<model::ReadinessItem> items;

    [[nodiscard]] static MessageArg framework(model::Framework f);
    [[nodiscard]] static MessageArg plan(const model::Plan& p);
    [[nodiscard]] static MessageArg itemList(std::vector<model::ReadinessItem> list);
    [[nodiscard]] static MessageArg name(std::string text);
    [[nodiscard]] static MessageArg number(ArgKind kind, double value);

    [[nodiscard]] bool isNumeric() const;
    bool operator==(const MessageArg&) const = default;
};

// Shorthands for the catalogues' arguments.
[[nodiscard]] inline MessageArg textArg(std::string text) {
    return MessageArg::name(std::move(text));
}
[[nodiscard]] inline MessageArg countArg(double n) {
    return MessageArg::number(ArgKind::Count, n);
}
[[nodiscard]] inline MessageArg percentArg(double fraction) {
    return MessageArg::number(ArgKind::Percent, fraction);
}
[[nodiscard]] inline MessageArg signedPercentArg(double fraction) {
    return MessageArg::number(ArgKind::SignedPercent, fraction);
}
[[nodiscard]] inline MessageArg decimalArg(double v) {
    return MessageArg::number(ArgKind::Decimal, v);
}

struct Message {
    MessageId id = MessageId::RecommendDefault;
    std::vector<MessageArg> args;

    bool operator==(const Message&) const = default;
};

// One catalogue entry: placeholders {0}..{n-1} stand for the arguments in order.
struct MessageTemplate {
    MessageId id;
    std::string_view key; // stable snake_case id used in JSON
    int argCount;
    std::string_view en;
    std::string_view zh;
};

[[nodiscard]] std::span<const MessageTemplate> messageCatalog();
[[nodiscard]] const MessageTemplate& messageTemplate(MessageId id);
[[nodiscard]] std::string_view messageKey(MessageId id);

[[nodiscard]] std::string formatArg(const MessageArg& arg, Lang lang);

// Memory sizes in binary (KiB, MiB, GiB, TiB: powers of 1024, IEC 80000-13) or decimal (kB, MB,
// GB, TB) units.
enum class ByteUnits { Binary, Decimal };
// The one byte formatter of every surface (window, reports, deck, CLI): the largest unit the value
// reaches, three significant digits ("78.6 GiB", "1.31 TiB", "512 MiB", "0 B"); "—" when not
// finite.
[[nodiscard]] std::string formatBytes(double bytes, ByteUnits units = ByteUnits::Binary);
[[nodiscard]] std::string render(const Message& m, Lang lang);
// The one placeholder filler of every sentence catalogue (this one, calibration_text.h,
// run_check_text.h): {0}..{9} become the arguments formatted in `lang` (formatArg), and
// {0|run|runs} writes the singular word when argument 0 is 1, the plural otherwise (English
// templates need it; Chinese ones do not).
[[nodiscard]] std::string renderTemplate(std::string_view text, std::span<const MessageArg> args,
                                         Lang lang);
[[nodiscard]] std::vector<std::string> renderAll(std::span<const Message> messages, Lang lang);

// Readiness questionnaire text for the GUI and reports: a short label and why it matters.
struct ReadinessItemText {
    std::string_view label;
    std::string_view why;
};
[[nodiscard]] ReadinessItemText readinessItemText(model::ReadinessItem item, Lang lang);

enum class Difficulty { Low, Medium, High };
[[nodiscard]] std::string_view toString(Difficulty d); // "low", "medium", "high"
[[nodiscard]] std::string_view difficultyLabel(Difficulty d, Lang lang);

} // namespace trainplan::sim
