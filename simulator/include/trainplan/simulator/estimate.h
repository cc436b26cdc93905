#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/simulator/collectives.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/flops.h>

#include <vector>

namespace trainplan::sim {

enum class StageKind { First, Middle, Last, Only };

// Per-GPU memory of one pipeline stage at its peak (bytes).
struct MemoryBreakdown {
    double capacityBytes = 0;
    double peakBytes = 0;
    double weightsBytes = 0;
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    double activationsBytes = 0; // stored for backward, all in-flight micro-batches
    double transientBytes = 0;   // largest short-lived working set at the peak (logits grad, recompute, ...)
    double buffersBytes = 0;     // communication buckets, prefetch and unsharded-layer buffers, NCCL
    double overheadBytes = 0;    // CUDA context + allocator fragmentation
    double cudaContextBytes = 0;
    int inFlightMicroBatches = 0;
    StageKind stage = StageKind::Only;
    bool fits = false;
};

// Communication per GPU per step (bytes sent), by parallel group and by network tier.
struct CommunicationBreakdown {
    double perGpuBytes = 0;
    double dpBytes = 0, tpBytes = 0, ppBytes = 0, cpBytes = 0, epBytes = 0;
    double intraNodeBytes = 0, interNodeBytes = 0;
    // Total (not only exposed) time each group's collectives take per step.
    double dpSeconds = 0, tpSeconds = 0, ppSeconds = 0, cpSeconds = 0, epSeconds = 0;
};

struct TimeBreakdown {
    double stepSeconds = 0;
    double computeSeconds = 0;      // forward + backward + recompute on the slowest stage, all micro-batches
    double recomputeSeconds = 0;    // part of computeSeconds
    double exposedCommSeconds = 0;  // communication not hidden behind compute
    double exposedIntraNodeSeconds = 0;
    double exposedInterNodeSeconds = 0;
    double bubbleSeconds = 0;
    double optimizerSeconds = 0;
    double offloadSeconds = 0;
};

struct Throughput {
    double tokensPerSecond = 0;
    double tokensPerSecondPerGpu = 0;
    double modelFlopsPerSecondPerGpu = 0;
    double mfu = 0;
    double hfu = 0;
};

struct CostEstimate {
    double timeToTrainSeconds = 0;
    double gpuHours = 0;
    double usd = 0;
    double energyKwh = 0;
};

// Everything the simulator says about one plan. Plain values, cheap to copy.
struct PlanEstimate {
    model::Plan plan;
    int gradAccum = 1;        // micro-batches per step per data-parallel replica
    MemoryBreakdown memory;   // the worst stage
    MemoryBreakdown firstStage, lastStage;
    CommunicationBreakdown communication;
    TimeBreakdown time;
    Throughput throughput;
    CostEstimate cost;
    double modelFlopsPerStep = 0;
    double hardwareFlopsPerStep = 0;
};

// Scenario-level quantities computed once and shared by every plan evaluated on the scenario.
struct PlanContext {
    const model::Scenario* scenario = nullptr;
    Efficiency eff;
    FlopsPerToken flops;
    model::ParameterCount params;
    double peakFlopsPerSecond = 0;
    double hbmBytesPerSecond = 0;
    TierBandwidth bandwidth;
    long long clusterGpus = 0;
    double memoryHeadroomFraction = 0;
};

// `scenario` must outlive the context.
[[nodiscard]] PlanContext makeContext(const model::Scenario& scenario, const Efficiency& eff);
[[nodiscard]] PlanContext makeContext(const model::Scenario& scenario);

// Evaluates a plan that validatePlan accepted. Pure; safe to call from many threads.
[[nodiscard]] PlanEstimate evaluatePlan(const PlanContext& ctx, const model::Plan& plan);
// Only the per-GPU memory of the worst stage (cheap; the search prunes with it).
[[nodiscard]] MemoryBreakdown evaluateMemory(const PlanContext& ctx, const model::Plan& plan);

struct EstimateResult {
    PlanEstimate estimate;
    bool valid = false;
    model::ValidationIssues errors; // why the plan is invalid
};

// Validates, then evaluates.
[[nodiscard]] EstimateResult estimatePlan(const PlanContext& ctx, const model::Plan& plan);

// The placement of each parallel group (Megatron rank order: tp fastest, then cp, dp, pp).
struct Placements {
    GroupPlacement tp, cp, dp, pp, ep, dpExpert;
};
[[nodiscard]] Placements placeGroups(const model::Plan& plan, int gpusPerNode);

} // namespace trainplan::sim
