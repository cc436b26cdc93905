#pragma once

// The report's own words in English and Simplified Chinese (the advisor's sentences come from its
// message catalogue, sim::render). Placeholders are QString::arg's %1..%9.

#include <trainplan/simulator/advice_text.h>

#include <QString>

#include <span>

namespace trainplan::report {

enum class Text {
    // Title page, contents, page furniture.
    ReportTitle, DeckTitle, FactScenario, FactModel, FactCluster, FactDate, FactVersion, ClusterSummary,
    Contents, PageOf, GeneratedBy, GpusCount,
    // Executive summary.
    SecSummary, Recommendation, StatusReady, StatusNeedsPrerequisites, StatusDoesNotFit, KeyNumbers,
    KStepTime, KMfu, KThroughput, KPeakMemory, KOfCapacity, KTimeToTrain, KGpuHours, KCost, KEnergy, KGoodput,
    Why, WhatTheNumbersSay, SumFitCount, SumFastest, SumSlowest, SumHeadlineMemory, SumTrain, SumNothingFits,
    SumComm, SumBubble, NoAdvice,
    // Scenario.
    SecScenario, SubModel, SubTraining, SubCluster, SubReadiness, RowName, RowParameters, ParametersValue,
    RowLayers, RowHidden, RowHeads, HeadsValue, RowFfn, RowVocab, RowSeqLen, RowMoe, MoeValue, Dense,
    RowGlobalBatch, GlobalBatchValue, RowPrecision, RowOptimizer, RowTokens, RowFlashAttention, RowGpu, GpuValue,
    RowNodes, RowGpus, RowIntraNode, IntraNodeValue, RowInterNode, InterNodeValue, RowOversubscription,
    RowPrice, Yes, No, ColItem, ColInPlace, ColWhy,
    // Comparison.
    SecComparison, CompareIntro, ColFramework, ColPlan, ColFits, ColPeakMemory, ColStep, ColMfu, ColTokens,
    ColTimeToTrain, ColCost, RowClosest, RowPinned, RowInvalid, MarkRecommended, InvalidPlanNote, SubPlanSpace,
    ColValidPlans, ColFitPlans, ColTimedPlans, NoValidPlan,
    // Charts.
    SecWhere, SecScaling, SecTradeoffs, CapMemory, CapStepTime, CapCommunication, CapScaling, CapCrossover,
    CapPareto, SubBreakPoints, ColLargestModel, ColMfuUpTo, ColDpCommBelow, NotApplicable, None, SubPareto, ColMemory,
    ChartMemory, ChartStepTime, ChartCommunication, ChartScaling, ChartCrossover, ChartPareto, NoData,
    MemWeights, MemGradients, MemOptimizer, MemActivations, MemTransient, MemBuffers, MemOverhead, MemCapacity,
    MemUsable, AxisGibPerGpu, TimeForward, TimeBackward, TimeRecompute, TimeCommIntra, TimeCommInter, TimeBubble,
    TimeOptimizer, TimeOffload, AxisSecondsPerStep, CommIntra, CommInter, AxisGibSent, AxisGpus, AxisMfu,
    ThisCluster, MfuThreshold, AxisParameters, AxisBestMfu, ThisModel, AxisStepTime, AxisPeakMemory, ParetoFront,
    CategoryClosest, CategoryPinned,
    // Roadmap.
    SecRoadmap, RoadmapDefaultIntro, RoadmapScenarioIntro, ColStage, ColTrigger, ColTarget, TriggerMet,
    TriggerNotMet, TriggerManual, Prerequisites, TargetValue, MissingWeeks,
    // Reliability.
    SecReliability, ReliabilityIntro, RowCheckpointSize, RowLayout, LayoutSharded, LayoutGathered, RowSaveTime,
    RowLoadTime, RowGpuMtbf, RowJobMtbf, RowInterruptionsPerDay, RowInterval, IntervalValue,
    RowExpectedInterruptions, RowGoodput, RowExpectedTime, RowExpectedCost, Hours,
    // Assumptions.
    SecAssumptions, AssumptionsIntro, SubEfficiency, SubDefaults, ColParameter, ColValue, ColSource, ColSetBy,
    SetByDefault, SetByScenario,
    // Accuracy.
    SecAccuracy, AccuracyIntro, ColMetric, ColRows, ColMeanError, ColMaxError, AccuracySkipped, MetricStep,
    MetricTflops, MetricMfu, MetricTokens, MetricMemory, NoValidation,
    // Sources.
    SecSources, SourcesIntro, SubCatalog, SubFormulas, SubParameters, SubReferences, ColSubject,
    // Appendices.
    SecDerivation, DerivationIntro, ColTerm, ColFormula, SubPeakMemory, SubStepTime, SubCommunication, SubFlops,
    SubStages, ColLayers, ColInFlight, ColWeights, ColGradients, ColOptimizer, ColActivations, ColPeak, SubPhases,
    ColMoment, ColAllocated, ColTransient, PhaseStepStart, PhaseForwardEnd, PhaseBackwardStart,
    PhaseBackwardMiddle, PhaseBackwardEnd, PhaseOptimizer, PeakMarker, NoDerivation, SecValidationRows,
    ColLine, ColRun, ColMeasured, ColPredicted, ColError,
    // Review deck.
    SlideQuestion, QuestionText, SlideRecommendation, SlideComparison, SlideRoadmap, SlideRisks, SlideAppendix,
    RisksMissing, RiskGoodput, RiskMemory, RiskComm, RiskModel, RisksNone, DeckSeeReport, ReadinessSummary, MissingItem,
    Count
};

struct TextEntry {
    Text id;
    const char* en;
    const char* zh;
};

[[nodiscard]] std::span<const TextEntry> textCatalog();
[[nodiscard]] QString tr(Text id, sim::Lang lang);

} // namespace trainplan::report
