#pragma once

// The report's words for the way forward and the evidence: the roadmap, reliability, the
// assumptions, accuracy and sources, the appendices, the review deck, sizing, measured runs, the
// timeline and the scenarios side by side (report_strings.h): one entry per id, in the enum's
// order; report_strings.cpp joins the parts and checks the order. Included there only.

#include "report_strings_findings.h" // named()

namespace trainplan::report::detail {

inline constexpr sim::TextEntry<Text> kPlanningEntries[] = {
    {Text::SecRoadmap, 0, "Migration roadmap", "迁移路线"},
    {Text::RoadmapDefaultIntro, 0,
     "The default path: the advisor's stages, each evaluated on its target model and cluster (the "
     "scenario defines no stages of its own).",
     "默认路径：顾问给出的各阶段，逐一在其目标模型与集群上评估（场景中未自定义阶段）。"},
    {Text::RoadmapScenarioIntro, 0,
     "The scenario's own stages, each evaluated on its target model and cluster.",
     "场景自定义的各阶段，逐一在其目标模型与集群上评估。"},
    {Text::ColStage, 0, "Stage", "阶段"},
    {Text::ColTrigger, 0, "Trigger", "触发条件"},
    {Text::ColTarget, 0, "Target", "目标"},
    {Text::TriggerMet, 0, "reached", "已触发"},
    {Text::TriggerNotMet, 0, "not yet", "尚未触发"},
    {Text::TriggerManual, 0, "team decision", "由团队决定"},
    {Text::Prerequisites, 0, "Prerequisites", "前置条件"},
    {Text::TargetValue, 3, "{0} ({1}), {2} {2|GPU|GPUs}", "{0}（{1}），{2} 块 GPU"},
    {Text::MissingWeeks, 1, "Missing prerequisites: about {0} of work.",
     "缺失的前置条件：约需 {0}的工作量。"},

    {Text::SecReliability, 0, "Checkpoints, failures and goodput", "检查点、故障与有效训练比例"},
    {Text::ReliabilityIntro, 0,
     "For the recommended plan over the whole token budget, with synchronous checkpoints at Daly's "
     "optimal interval.",
     "针对推荐方案，按整个训练 token 预算计算，采用同步检查点，间隔取 Daly 最优值。"},
    {Text::RowCheckpointSize, 0, "Checkpoint size", "检查点大小"},
    {Text::RowLayout, 0, "Checkpoint layout", "检查点存储方式"},
    {Text::LayoutSharded, 0, "sharded: every rank writes its part", "分片：每个 rank 写自己的部分"},
    {Text::LayoutGathered, 0, "gathered: rank 0 writes the whole state",
     "汇总：由 rank 0 写出全部状态"},
    {Text::RowSaveTime, 0, "Save time", "保存耗时"},
    {Text::RowLoadTime, 0, "Load time at a restart", "重启时加载耗时"},
    {Text::RowGpuMtbf, 0, "Mean time between interruptions per GPU", "单块 GPU 平均中断间隔"},
    {Text::RowJobMtbf, 0, "Mean time between interruptions of the job", "整个作业的平均中断间隔"},
    {Text::RowInterruptionsPerDay, 0, "Interruptions per day", "每天中断次数"},
    {Text::RowInterval, 0, "Checkpoint interval", "检查点间隔"},
    {Text::IntervalValue, 2, "{0} (every {1} {1|step|steps})", "{0}（每 {1} 步）"},
    {Text::RowExpectedInterruptions, 0, "Expected interruptions over the run",
     "整个训练预计中断次数"},
    {Text::RowGoodput, 0, "Goodput", "有效训练比例（goodput）"},
    {Text::RowExpectedTime, 0, "Expected wall time", "预计实际耗时"},
    {Text::RowExpectedCost, 0, "Expected cost", "预期成本"},
    {Text::Hours, 1, "{0} h", "{0} 小时"},

    {Text::SecAssumptions, 0, "Assumptions and efficiency parameters", "假设与效率参数"},
    {Text::AssumptionsIntro, 0,
     "The calibratable parameters of the performance model and the other defaults the estimate "
     "relied on. \"default\" marks a value the scenario did not set.",
     "性能模型的可校准参数，以及估算所依赖的其他默认值。“默认”表示场景未设置、沿用默认值。"},
    {Text::SubEfficiency, 0, "Efficiency parameters", "效率参数"},
    {Text::SubDefaults, 0, "Other assumptions of this estimate", "本次估算的其他假设"},
    {Text::ColParameter, 0, "Parameter", "参数"},
    {Text::ColValue, 0, "Value", "数值"},
    {Text::ColSource, 0, "Source", "来源"},
    {Text::ColSetBy, 0, "Set by", "设定方"},
    {Text::SetByDefault, 0, "default", "默认"},
    {Text::SetByScenario, 0, "scenario", "场景"},

    {Text::SecAccuracy, 0, "Accuracy against published runs", "与公开训练记录的对比"},
    {Text::AccuracyIntro, 2,
     "The same model predicts published training runs (data/reference/published_runs.csv, as "
     "trainplan-cli validate does). Over {0} {0|comparison|comparisons} the mean absolute error is "
     "{1}.",
     "用同一模型预测公开的训练记录（data/reference/published_runs.csv，与 trainplan-cli validate "
     "相同）。共 {0} 项对比，平均绝对误差为 {1}。"},
    {Text::ColMetric, 0, "Metric", "指标"},
    {Text::ColRows, 0, "Rows", "行数"},
    {Text::ColMeanError, 0, "Mean |error|", "平均绝对误差"},
    {Text::ColMaxError, 0, "Max |error|", "最大绝对误差"},
    {Text::AccuracySkipped, 1,
     "{0} published {0|row|rows} could not be rebuilt (for example, no published global batch); "
     "Appendix B "
     "lists every row that was compared.",
     "有 {0} 行公开记录无法重建（例如未公布全局批大小）；附录 B 列出了全部参与对比的行。"},
    {Text::NoValidation, 0, "The published runs were not available to this report.",
     "本报告未能读取公开训练记录。"},

    {Text::SecSources, 0, "Sources", "来源"},
    {Text::SourcesIntro, 0, "Where the catalog numbers, the formulas and the parameters come from.",
     "目录中的硬件与模型数字、公式和参数的出处。"},
    {Text::SubCatalog, 0, "Catalog entries", "目录条目"},
    {Text::SubFormulas, 0, "Formulas", "公式"},
    {Text::SubParameters, 0, "Parameters", "参数"},
    {Text::SubReferences, 0, "Published runs", "公开训练记录（出处按原文引用）"},
    {Text::ColSubject, 0, "Used for", "用于"},

    {Text::SecDerivation, 0, "Derivation of the headline numbers", "主要数字的推导"},
    {Text::DerivationIntro, 2,
     "How the peak memory, step time, communication and FLOPs of {0} with {1} are built up. Each "
     "term gives its formula and source; a term with sub-terms is their sum.",
     "{0} 方案 {1} 的峰值显存、每步时间、通信量与 FLOPs "
     "是如何构成的。每一项给出公式与出处；含子项的项等于其子项之和。"},
    {Text::ColTerm, 0, "Term", "项"},
    {Text::ColFormula, 0, "Formula", "公式"},
    {Text::SubPeakMemory, 0, "Peak memory per GPU", "每块 GPU 峰值显存"},
    {Text::SubStepTime, 0, "Step time", "每步时间"},
    {Text::SubCommunication, 0, "Communication per GPU per step", "每块 GPU 每步通信量"},
    {Text::SubFlops, 0, "Model FLOPs per step", "每步模型 FLOPs"},
    {Text::SubStages, 0, "Memory per pipeline stage", "各流水线阶段的显存"},
    {Text::ColLayers, 0, "Layers", "层数"},
    {Text::ColInFlight, 0, "In flight", "在途微批次"},
    named(Text::ColWeights),
    named(Text::ColGradients),
    named(Text::ColOptimizer),
    named(Text::ColActivations),
    {Text::ColPeak, 0, "Peak", "峰值"},
    {Text::SubPhases, 0, "Memory over one step (worst stage)", "一步之内的显存变化（最差阶段）"},
    {Text::ColMoment, 0, "Moment", "时刻"},
    {Text::ColAllocated, 0, "Allocated", "已分配"},
    named(Text::ColTransient),
    {Text::LayersDenseMoe, 2, "{0} dense + {1} MoE", "{0} 稠密 + {1} MoE"},
    {Text::ColExpertStates, 0, "Of which experts", "其中专家部分"},
    {Text::PhaseStepStart, 0, "step start", "步开始"},
    {Text::PhaseForwardEnd, 0, "end of forward", "前向结束"},
    {Text::PhaseBackwardStart, 0, "start of backward", "反向开始"},
    {Text::PhaseBackwardMiddle, 0, "middle of backward", "反向中段"},
    {Text::PhaseBackwardEnd, 0, "end of backward", "反向结束"},
    {Text::PhaseOptimizer, 0, "optimizer step", "优化器更新"},
    {Text::PeakMarker, 1, "{0} (peak)", "{0}（峰值）"},
    {Text::NoDerivation, 0, "No plan fits, so there is no headline plan to derive.",
     "没有方案能放下，因此没有可推导的主要方案。"},
    {Text::SecValidationRows, 0, "Published runs, row by row", "公开训练记录逐行对比"},
    {Text::ColLine, 0, "Line", "行号"},
    {Text::ColRun, 0, "Run", "训练"},
    {Text::ColMeasured, 0, "Measured", "实测"},
    {Text::ColPredicted, 0, "Predicted", "预测"},
    {Text::ColError, 0, "Error", "误差"},

    {Text::SlideQuestion, 0, "The question", "要回答的问题"},
    {Text::QuestionText, 2,
     "Which framework and parallel layout should we use to train {0} on {1} — and how do we get "
     "there from where we are?",
     "在 {1} 上训练 {0}，应选用哪个框架和并行布局？又该如何从现状一步步走到那里？"},
    {Text::SlideRecommendation, 0, "Recommendation", "推荐方案"},
    {Text::SlideComparison, 0, "Framework comparison", "框架对比"},
    {Text::SlideRoadmap, 0, "Migration roadmap", "迁移路线"},
    {Text::SlideRisks, 0, "Risks and prerequisites", "风险与前置条件"},
    {Text::SlideAppendix, 0, "Appendix: assumptions", "附录：假设"},
    {Text::RisksMissing, 3, "Missing for {0}: {1} (about {2})", "{0} 尚缺：{1}（约 {2}）"},
    {Text::RiskGoodput, 3,
     "Failures: about {0} {0|interruption|interruptions} over the run; goodput {1} with a "
     "checkpoint every {2}.",
     "故障：整个训练预计约中断 {0} 次；每 {2} 保存一次检查点时，有效训练比例为 {1}。"},
    {Text::RiskMemory, 2, "Memory headroom: the plan peaks at {0} of the {1} per GPU.",
     "显存余量：该方案每块 GPU 峰值 {0}，容量 {1}。"},
    {Text::RiskComm, 1, "Network: {0} of each step is exposed communication.",
     "网络：每步有 {0} 是未被掩盖的通信。"},
    {Text::RiskModel, 2,
     "Model accuracy: mean absolute error {0} over {1} published {1|comparison|comparisons}; "
     "measure before "
     "committing.",
     "模型精度：与 {1} 项公开记录对比的平均绝对误差为 {0}；正式投入前请实测验证。"},
    {Text::RisksNone, 0, "No prerequisite is missing.", "没有缺失的前置条件。"},
    {Text::DeckSeeReport, 1, "Details: the planning report, section {0}.",
     "详见规划报告第 {0} 节。"},
    {Text::ReadinessSummary, 2, "{0} of {1} readiness {1|item|items} in place",
     "已具备 {1} 项就绪条件中的 {0} 项"},
    {Text::MissingItem, 4, "{0} — {1} ({2} effort, about {3})", "{0}——{1}（难度{2}，约 {3}）"},

    {Text::NoGpuPrice, 0, "no GPU price", "无 GPU 价格"},
    {Text::SecSizing, 0, "Sizing: deadline and budget", "集群规模测算：期限与预算"},
    {Text::SizingIntro, 3,
     "Every catalog GPU, whole-node counts up to {0} {0|GPU|GPUs}, the networks of that GPU's "
     "systems and "
     "every framework's plans, timed with failures and restarts (expected time to train), against "
     "a deadline of {1} and a budget of {2}.",
     "遍历目录中的每种 GPU、最多 {0} 块 GPU 的整节点数量、该 GPU "
     "系统的各种网络以及各框架的方案，按包含故障与重启的预期训练时间计时，对照期限 {1} 与预算 "
     "{2}。"},
    {Text::SizingNoDeadline, 0, "none", "无"},
    {Text::SizingNoBudget, 0, "none", "无"},
    {Text::SizingCheapest, 0, "Cheapest meeting the deadline within the budget",
     "满足期限且在预算内的最便宜方案"},
    {Text::SizingFastest, 0, "Fastest within the budget meeting the deadline",
     "在预算内且满足期限的最快方案"},
    {Text::SizingNothing, 0, "Nothing meets both constraints", "没有方案同时满足两个约束"},
    {Text::SizingFront, 0, "Pareto front: expected time × cost, fastest first",
     "帕累托前沿：预期时间 × 成本，按速度排序"},
    {Text::SizingPrices, 0, "Prices used", "所用价格"},
    {Text::SizingSearched, 3,
     "{0} candidate {0|cluster|clusters}, {1} searched, {2} pruned by the deadline, the budget or "
     "dominance.",
     "共 {0} 个候选集群，搜索 {1} 个，其余 {2} 个因期限、预算或被支配而剪枝。"},
    {Text::ColCluster, 0, "Cluster", "集群"},
    {Text::ColGpuCount, 0, "GPUs", "GPU 数"},
    {Text::ColExpectedTime, 0, "Expected time", "预期时间"},

    {Text::SecMeasured, 0, "Measured runs: predicted against measured", "实测训练：预测与实测对比"},
    {Text::MeasuredIntro, 2,
     "{0} measured {0|run|runs} on this scenario's cluster ({1}) {0|is|are} stored in the library. "
     "Each is "
     "predicted for its own scenario and plan, with the calibration profile that scenario names; "
     "the interval is the 80% error bar of its family of published runs.",
     "资料库中存有 {0} "
     "条在本场景集群（{1}"
     "）上实测的训练记录。每条都按其自身的场景与方案预测，并应用该场景指定的校准配置；区间为同类公"
     "开记录得出的 80% 误差范围。"},
    {Text::MeasuredNone, 1,
     "No measured run on this cluster ({0}) is stored in the library yet. Import the training log "
     "of a job (trainplan-cli runs import-log, or drop it on the Measurements tab) to check this "
     "plan against what the cluster really does.",
     "资料库中尚无本集群（{0}）的实测训练记录。导入一次作业的训练日志（trainplan-cli runs "
     "import-log，或拖到“实测数据”页），即可用集群的真实表现检验本方案。"},
    {Text::MeasuredMeanError, 2,
     "Mean absolute step-time error over these runs: {0} ({1} {1|run|runs}).",
     "这些训练的单步时间平均绝对误差：{0}（{1} 条）。"},
    {Text::MeasuredFlagged, 2,
     "{0} lies far outside its error bar. The largest estimated parts of its prediction, where the "
     "gap most likely comes from: {1}.",
     "{0} 远超其误差范围。其预测中占比最大的估算部分，即差距最可能的来源：{1}。"},
    {Text::MeasuredFit, 1,
     "Fit this cluster: trainplan-cli calibrate --from-store --cluster '{0}' --profile NAME (or "
     "“Fit this cluster” in the Measurements tab), then name the profile in the scenario.",
     "校准本集群：trainplan-cli calibrate --from-store --cluster '{0}' --profile "
     "名称（或在“实测数据”页点“校准此集群”），然后在场景中选用该配置。"},
    {Text::ColInterval, 0, "80% interval", "80% 区间"},
    {Text::ColCheck, 0, "Check", "检查"},
    {Text::CheckInside, 0, "inside", "区间内"},
    {Text::CheckOutside, 0, "outside", "区间外"},
    {Text::CheckFarOutside, 0, "far outside", "远超区间"},

    {Text::SubTimeline, 0, "Migration timeline", "迁移时间线"},
    {Text::TimelineIntro, 1,
     "The stages on a calendar from {0}. One platform effort works through the prerequisites in "
     "stage order, each missing item counted once; a stage trains its target when its plan differs "
     "from the last run's, one run at a time, for the expected time with checkpoints, failures and "
     "restarts. A stage whose trigger has not fired is conditional and not scheduled.",
     "自 {0} "
     "起按日历排列各阶段。平台团队按阶段顺序完成前置工作，每个缺失项只计一次；某阶段的方案与上一次"
     "训练不同时，才在其目标上训练，同一时间只运行一个训练，时长按含检查点、故障与重启的预期时间计"
     "。触发条件尚未满足的阶段为条件阶段，不排入日程。"},
    {Text::TimelineTotal, 4,
     "{0} of prerequisite work; the last run ends after {1} {1|week|weeks} ({2}); the runs cost "
     "{3}.",
     "前置工作共 {0}；最后一次训练在第 {1} 周结束（{2}）；训练总成本 {3}。"},
    {Text::TimelineTotalUnpriced, 3,
     "{0} of prerequisite work; the last run ends after {1} {1|week|weeks} ({2}); some runs have "
     "no GPU "
     "price, so their cost is not counted.",
     "前置工作共 {0}；最后一次训练在第 {1} 周结束（{2}）；部分训练没有 GPU 价格，其成本未计入。"},
    {Text::ColPrerequisiteWork, 0, "Prerequisite work", "前置工作"},
    {Text::ColTrainingRun, 0, "Training run", "训练运行"},
    {Text::ColRunTime, 0, "Expected run time", "预期训练时长"},
    {Text::ColRunCost, 0, "Expected cost", "预期成本"},
    {Text::TimelineConditional, 0, "conditional: its trigger has not fired",
     "条件阶段：触发条件尚未满足"},
    {Text::TimelineSamePlan, 0, "same plan as the last run: platform work only",
     "与上一次训练方案相同：仅平台工作"},
    {Text::TimelineNoFit, 0, "no plan fits its target", "目标上没有能放下的方案"},
    {Text::TimelineNoWork, 0, "nothing missing", "无缺失项"},
    {Text::TimelinePrerequisites, 0, "prerequisite work", "前置工作"},
    {Text::TimelineRun, 0, "training run", "训练运行"},
    {Text::ChartTimeline, 0, "Migration timeline", "迁移时间线"},
    {Text::CapTimeline, 1,
     "Weeks from {0}: prerequisite work (amber), then the stage's training run (blue).",
     "自 {0} 起的周数：前置工作（琥珀色），随后是该阶段的训练运行（蓝色）。"},
    {Text::AxisWeeksFromStart, 1, "weeks from {0}", "自 {0} 起的周数"},

    {Text::SecSideBySide, 0, "Scenarios side by side", "场景并列对比"},
    {Text::SideBySideIntro, 1,
     "This scenario next to {0} other {0|scenario|scenarios}. Each is planned as this report plans "
     "its own: "
     "its calibration profile and the library's GPU prices applied, led by the recommended "
     "framework's best plan. Expected time and cost include checkpoints, failures and restarts.",
     "本场景与另外 {0} "
     "个场景并列。每个场景都按本报告规划自身场景的方式规划：应用其校准配置与资料库中的 GPU "
     "价格，并以推荐框架的最佳方案为代表。预期时间与成本已计入检查点、故障与重启。"},
    {Text::SideBySideVerdict, 4, "{0} trains fastest ({1}); {2} costs least ({3}).",
     "{0} 训练最快（{1}）；{2} 成本最低（{3}）。"},
    {Text::SideBySideNothingFits, 0,
     "No compared scenario has a plan that fits: none has a time or cost to compare.",
     "所对比的场景都没有能放下的方案，因此没有可比较的时间或成本。"},
    {Text::RowRecommended, 0, "Recommended", "推荐"},
    {Text::RowFrameworkStep, 1, "{0} step time", "{0} 每步时间"},
    {Text::MarkFastest, 0, "★ fastest", "★ 最快"},
    {Text::MarkCheapest, 0, "★ cheapest", "★ 最省"},
    {Text::FrameworkExcluded, 0, "excluded", "已排除"},
    {Text::FrameworkNoFit, 0, "does not fit", "放不下"},
    {Text::ChartScenarios, 0, "Scenarios: expected time and cost, relative to the best",
     "各场景的预期时间与成本（相对最佳值）"},
    {Text::CapScenarios, 0,
     "Each scenario's expected time and cost to train, as a multiple of the fastest and of the "
     "cheapest (1× is the best); the table gives the absolute figures.",
     "各场景的预期训练时间与成本，以最快者与最省者为 1× 的倍数表示；绝对数值见上表。"},
    {Text::SeriesTimeRatio, 0, "Time (× the fastest)", "时间（相对最快者的倍数）"},
    {Text::SeriesCostRatio, 0, "Cost (× the cheapest)", "成本（相对最省者的倍数）"},
    {Text::AxisTimesTheBest, 0, "× the best", "相对最佳值的倍数"},

    {Text::WithDetail, 2, "{0} ({1})", "{0}（{1}）"},
    {Text::LabelledValue, 2, "{0}: {1}", "{0}：{1}"},
    {Text::Lead, 1, "{0}:", "{0}："},
    {Text::CommaPair, 2, "{0}, {1}", "{0}，{1}"},
    {Text::ListPair, 2, "{0}, {1}", "{0}、{1}"},
    {Text::GroupPair, 2, "{0}; {1}", "{0}；{1}"},
    {Text::GpusOfKind, 2, "{0} × {1}", "{0} 块 {1}"},

    {Text::ErrorSuffix, 1, "{0}: the file name must end in .pdf, .html, .md, .csv or .json",
     "{0}：文件名须以 .pdf、.html、.md、.csv 或 .json 结尾"},
    {Text::ErrorDeckNotPdf, 1, "{0}: the review deck is written as PDF (.pdf)",
     "{0}：评审幻灯片只能写成 PDF（.pdf）"},
    {Text::ErrorPdfNotRendered, 1, "{0}: the PDF could not be rendered", "{0}：无法渲染 PDF"},
    {Text::ErrorDeckNotRendered, 1, "{0}: the deck could not be rendered",
     "{0}：无法渲染评审幻灯片"},
    {Text::ErrorChartNotEncoded, 1, "{0}: the chart could not be encoded as PNG",
     "{0}：无法将图表编码为 PNG"},
    {Text::ErrorChartSuffix, 1, "{0}: a chart is written as .png or .svg",
     "{0}：图表只能写成 .png 或 .svg"},
    {Text::ErrorFolderNotCreated, 1, "{0}: the folder for the charts could not be created",
     "{0}：无法创建存放图表的文件夹"},
    // The reason is model::WriteError's in the report's language (WriteError::reason(lang)).
    {Text::ErrorNotWritten, 2, "{0}: {1}", "{0}：{1}"},
};

} // namespace trainplan::report::detail
