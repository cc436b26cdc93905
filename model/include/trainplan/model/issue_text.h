#pragma once

// The catalogue of the model's validation issues (ValidationIssue::id) and file-write reasons
// (WriteError): one entry per id with its English and Simplified Chinese template, {0}-style
// placeholders filled by model::fillTemplate. Arguments are field names and values as the user
// wrote them (verbatim in both languages) or a JSON type (worded per language); there are no
// plurals or formatted numbers, so no sentence needs the simulator's typed arguments. The English
// templates reproduce the messages TrainPlan printed before they were structured, byte for byte.

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/text_template.h>
#include <trainplan/model/validation_issue.h>

#include <span>
#include <string>

namespace trainplan::model {

enum class IssueId : int {
    // Reading JSON values (ObjectReader and the store's readers).
    Required,
    RequiredRefOrObject,
    RequiredName,
    MustBeObject,
    MustBeArray,
    MustBeString,
    MustBeNumber,
    MustBeJsonObject,
    MustBeObjectGot,
    MustBeArrayGot,
    MustBeIntegerGot,
    MustBeFiniteInteger,
    MustBeWholeNumberGot,
    OutOfRange,
    MustBeNumberGot,
    MustBeFiniteNumber,
    MustBeBoolGot,
    MustBeStringGot,
    MustBeRefOrObjectGot,
    NotOneOf,
    MustBeOneOf,
    UnknownKey,
    UnknownKeyDidYouMean,
    MustNotBeEmpty,
    MustBePositive,
    SchemaMustBe,
    SchemaNotSupported,
    NotDate,
    NotDateYmd,
    ListedTwice,
    NotUtf8,
    UnknownGpu,
    UnknownGpuDidYouMean,
    UnknownLink,
    UnknownLinkDidYouMean,
    UnknownModel,
    UnknownModelDidYouMean,
    // The scenario file.
    ScenarioEmpty,
    ScenarioBinary,
    NotValidJson,
    // JSON syntax errors, structured so each language words the position and the kind of error
    // (json_reader.h, detail::jsonErrorIssue); the English reproduces nlohmann's text.
    JsonSyntaxUnexpected,
    JsonSyntaxUnexpectedExpected,
    JsonSyntaxLexer,
    JsonSyntaxLexerExpected,
    JsonNumberTooLarge,
    JsonTooDeep,
    JsonDuplicateKeyAt,
    JsonDuplicateKeyInAt,
    JsonDuplicateKey,
    ScenarioNotObject,
    NoSuchFile,
    IsDirectory,
    NotRegularFile,
    CannotReadBecause,
    TooLarge,
    CannotReadPermission,
    // Scenario fields.
    ShardingContradictsZero,
    ContradictsZeroStage,
    FsdpOptimizerOnlyOffload,
    RecomputeModulesArray,
    FrameworksArray,
    ClusterTooManyGpus,
    IntraNodeKind,
    PlansArray,
    ModelShapePositive,
    Fp8NeedsTensorCores,
    AttentionKernelWithoutFlash,
    CrossEntropyNeedsMegatron,
    GpuMemoryPositive,
    InterNodeBandwidth,
    // Plans (validatePlan).
    AtLeastOne,
    LayoutExceedsMax,
    LayoutMismatch,
    NotDivisibleBy,
    KvHeadsAndTp,
    TpSpansNodes,
    VppNeedsPp,
    CpSeqLen,
    EpNeedsMoe,
    EpEtpFolding,
    EpDividesDpCp,
    EtpMegatronOnly,
    EtpNeedsMoe,
    EtpSpansNodes,
    EtpNeedsSequenceParallel,
    BatchBelowStep,
    BatchNotDivisible,
    SequenceParallelNeedsTp,
    RecomputeLayersNeedFull,
    RecomputeLayersExceed,
    RecomputeModulesNeedSelective,
    RecomputeModulesMegatronOnly,
    RecomputeModulesNeedMoe,
    SharedExpertsNeeded,
    MlaUpProjNeedsMla,
    OffloadParamsNeedsZero3,
    NoTensorParallel,
    NoPipelineParallel,
    NoContextParallel,
    NoExpertParallel,
    NoInterleaving,
    NoSharding,
    NoOffload,
    NoHybridSharding,
    FsdpNoStage1,
    NoExpertParallelInModel,
    NoNvmeOffload,
    HybridFullShard,
    NoRingContextParallel,
    NoZeroWithPipeline,
    OffloadNeedsZero1,
    NvmeNeedsZero3,
    NoFsdpHybridSharding,
    NoOptimizerOffloadInModel,
    NoHybridShardingInModel,
    AlwaysOverlapsDp,
    TpOverlapOption,
    TpOverlapNeedsTp,
    EpOverlapMegatron,
    EpOverlapNeedsEp,
    EpOverlapNeedsVpp,
    EpOverlapNoFullRecompute,
    FlexDispatcherMegatron,
    // Pipeline layouts (pipelineChunks, parseMegatronLayout).
    MustBeAtLeastOne,
    PlLayersNotDivisible,
    PlUnevenMegatron,
    PlUnevenDeepSpeed,
    PlLayoutWithOtherFlags,
    PlUnrollsTooLong,
    PlNotLayerLetter,
    PlStagesNotDividePp,
    PlStagesMeanVpp,
    PlEmbeddingFirst,
    PlLossLast,
    PlEmbeddingFirstStage,
    PlLossLastStage,
    PlNoMtp,
    PlDecoderCount,
    PlFirstLastWithAsLayer,
    PlLargerThanZero,
    PlNotDivisibleVpp,
    PlFirstLastTooMany,
    PlLeftForMiddle,
    PlMiddleNotDivide,
    PlMiddleNotVpp,
    PlAsLayerNotPp,
    PlPerRankNotVpp,
    PlEndStageEmpty,
    PlBadRegex,
    PlRegexNoMatch,
    PlNotMethod,
    PlEmbeddingAfterFirst,
    PlHeadBeforeLast,
    PlTorchtitanTooManyStages,
    PlTorchtitanUnreachable,
    PlExceedsPerStage,
    PlUnevenNeedsPp,
    PlMegatronOption,
    PlDeepSpeedOption,
    PlTorchtitanOption,
    // Readiness and the roadmap's stages.
    TriggerTakesNoValue,
    MfuFractionExample,
    NeedsIdOrText,
    SpeedupPositive,
    StageModelName,
    StagePlanOnlyInScenario,
    FrameworkContradictsStage,
    StageIdUsed,
    // The catalog.
    PriceBoth,
    PriceNeither,
    PriceNeedsSource,
    TflopsTooLow,
    SlidingFullEveryOne,
    KvHeadsNotDivide,
    KvHeadsExceed,
    KvHeadsMla,
    HeadsNotDivideHidden,
    TopKAtLeastOne,
    TopKExceedsExperts,
    PositiveWithExperts,
    NoMoeLayerLeft,
    TopKWithoutExperts,
    // The library (model/store).
    MustBePositiveNumber,
    BelowMicrosecond,
    BelowMilliToken,
    BelowMegabyte,
    BelowGigaflop,
    MfuFraction,
    MfuBelowFloor,
    NoMeasurement,
    MustHoldStrings,
    NeedsVersion,
    VersionWholeNumber,
    MustBeScenarioObject,
    VersionTwice,
    PriceRange,
    ExchangeRateRange,
    TagTooLong,
    TagBadCharacter,
    DiffersFromBuiltin,
    DiffersFromUser,
    VersionNotInHistory,
    ProfileDiffers,
    // A message already in the reader's language or from outside the catalogue (a library's
    // error), shown as given in both languages.
    Verbatim,
    // Calibration profiles (simulator).
    ProfileNoParameters,
    ProfileOutOfRange,
    // Calibration profiles named by a scenario (services::applyStoredProfile, the CLI).
    ProfileNotFound,
    ProfileNotFoundNoneStored,
    ProfileNoLibrary,
    // A stored run a note is about, written before the note (services::StoredRunNote), and why a
    // stored run cannot be fitted.
    StoredRunWhere,
    RunNotLinked,
    RunScenarioNotFound,
    RunScenarioNotJson,
    RunPlanUnknown,
    RunNoPublishedPlan,
    RunNoMeasurement,
    RunNoStepTime, // keep last (kIssueIdCount)
};
inline constexpr int kIssueIdCount = static_cast<int>(IssueId::RunNoStepTime) + 1;

// A word of a JSON syntax error as nlohmann writes it in English (the context "object key", a
// token name "string literal" or "'}'", a lexer message "invalid literal"), worded per language;
// a word the catalogue does not know is written as given.
[[nodiscard]] IssueArg jsonSyntaxWord(std::string english);

// The catalogues themselves, for tests that check every entry (both templates, same
// placeholders).
[[nodiscard]] std::span<const TextEntry<IssueId>> issueCatalogue();
[[nodiscard]] std::span<const TextEntry<WriteReason>> writeReasonCatalogue();

// The issue message (without path or file) in `lang`.
[[nodiscard]] std::string renderIssue(IssueId id, std::span<const IssueArg> args, Lang lang);
[[nodiscard]] std::string renderWriteReason(WriteReason reason, std::span<const std::string> args,
                                            Lang lang);

} // namespace trainplan::model
