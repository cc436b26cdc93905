#pragma once

// The scenario editor's sentences in English and Simplified Chinese: its sections (model,
// training, cluster, readiness, constraints, fixed plans, plan knobs) and the what-if panel. Each
// is an id plus typed arguments, rendered by sim::renderTemplate, so numbers come out in the one
// style of number_format.h.

#include <trainplan/simulator/advice_text.h>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::services {

enum class EditorText {
    ReadinessIntro,
    WhyItMatters,
    ExperienceSingleNode,
    ExperienceDdp,
    ExperienceZeroFsdp,
    ExperienceThreeD,
    ExperienceHelp,
    ExperienceWhy,
    DebugHelp,
    DebugWhy,
    MaintainVersions,
    MaintainVersionsHelp,
    GangSchedulingHelp,
    RdmaHelp,
    TopologyHelp,
    CheckpointStorageHelp,
    FailureRecovery,
    FailureRecoveryHelp,
    MonitoringHelp,
    StandardImagesHelp,
    CostAttributionHelp,
    StillNeededTip,
    WhatIfGpusTip,
    WhatIfBandwidthTip,
    WhatIfBatchTip,
    WhatIfScaleTip,
    WhatIfModelLine,
    TotalGpusTip,
    CustomEntry,
    GpuSpecs,
    LinkSpecs,
    CostsUseTypedPrice,
    CostsUseGpuPrice,
    NoPriceFor,
    AttentionUsual,
    AttentionFlash2,
    AttentionFused,
    AttentionTriton,
    ExecutionUsual,
    DropoutUsual,
    ExecutionEager,
    ExecutionCompile,
    ExecutionFused,
    ExecutionCudaGraphs,
    LossFused,
    LossUnfused,
    LossTe,
    ModelTip,
    ActivePerToken,
    LatentAttention,
    GroupedQueryAttention,
    MultiHeadAttention,
    WindowedLayers,
    ParameterSplit,
    ZeroReplicated,
    ZeroOptimizerStates,
    ZeroGradients,
    ZeroParameters,
    NameTip,
    DescriptionTip,
    DescriptionZhTip,
    ScenarioValid,
    ScenarioProblems,
    ResultsPaused,
    FrameworkAllowedTip,
    CurrencyTip,
    PlansHint,
    AddPlanTip,
    RemovePlan, // keep last (kEditorTextCount)
};
inline constexpr int kEditorTextCount = static_cast<int>(EditorText::RemovePlan) + 1;

// The entry's template in `lang` (placeholders {0}.., {0|singular|plural}).
[[nodiscard]] std::string_view editorTemplate(EditorText id, sim::Lang lang);
// How many arguments the entry takes.
[[nodiscard]] int editorArgCount(EditorText id);
// The entry rendered in `lang` with `args`.
[[nodiscard]] std::string editorText(EditorText id, sim::Lang lang,
                                     std::initializer_list<sim::MessageArg> args = {});

} // namespace trainplan::services
