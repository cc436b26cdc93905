#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/simulator/collectives.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/flops.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/stage_layout.h>

#include <optional>
#include <vector>

namespace trainplan::sim {

// One moment of a training step and what is allocated then (bytes, before allocator overhead).
struct MemoryPhase {
    enum Kind {
        StepStart,
        ForwardEnd,
        BackwardStart,
        BackwardMiddle,
        BackwardEnd,
        OptimizerStep,
        Count
    };
    double allocatedBytes = 0;
    double activationsBytes = 0; // stored activations alive at this moment
    double gradientsBytes = 0;   // gradients allocated at this moment
    double transientBytes = 0;   // short-lived working memory at this moment
    // Allocated and freed within the step (activations, transients, unsharded parameters, lazily
    // allocated gradients): what the caching allocator fragments.
    double churnBytes = 0;
    // Held outside the tensors at this moment: CUDA context, NCCL buffers, fragmentation.
    double overheadBytes = 0;
    [[nodiscard]] double totalBytes() const { return allocatedBytes + overheadBytes; }
};

[[nodiscard]] const char* toString(MemoryPhase::Kind k);

// Per-GPU memory of one pipeline stage (bytes). The component fields are sizes; `phases` says which
// of them coexist at each moment of a step, and the peak is the largest moment plus overhead.
struct MemoryBreakdown {
    double capacityBytes = 0;
    double peakBytes = 0;
    double weightsBytes = 0;
    double gradientsBytes = 0;
    double optimizerBytes = 0;
    // The routed-expert parts of the three totals above (sharded over ep and over the expert-data-
    // parallel group dp·cp/ep); the rest is dense: attention, norms, dense FFN, shared experts,
    // router, embeddings and LM head.
    double expertWeightsBytes = 0;
    double expertGradientsBytes = 0;
    double expertOptimizerBytes = 0;
    double activationsBytes = 0; // stored for backward, all in-flight micro-batches
    double transientBytes =
        0; // largest short-lived working set at the peak (logits grad, recompute, ...)
    double buffersBytes = 0;  // communication buckets, prefetch and unsharded-layer buffers
    // Outside the tensors: CUDA context + NCCL communicator buffers + allocator fragmentation at
    // the peak (memory_overheads.h).
    double overheadBytes = 0;
    double cudaContextBytes = 0;
    double ncclBytes = 0;          // every communicator of this rank (cudaMalloc, not the allocator)
    int ncclCommunicators = 0;     // how many
    double fragmentationBytes = 0; // caching-allocator reserve beyond the allocated tensors
    // What PyTorch's torch.cuda.max_memory_reserved() reports: allocated + fragmentation (the CUDA
    // context and NCCL's buffers are outside the caching allocator).
    [[nodiscard]] double reservedBytes() const {
        return peakBytes - cudaContextBytes - ncclBytes;
    }
    int inFlightMicroBatches = 0;
    StageKind stage = StageKind::Only;
    int stageIndex = 0; // pipeline stage index (0 = first)
    RankKind rankKind = RankKind::DenseOnly;
    // Host (CPU) memory per node taken by offloaded states (every GPU of the node offloads its
    // shard) and what the node has; offload plans must fit there too.
    double hostBytesPerNode = 0;
    double hostCapacityBytesPerNode = 0;
    bool gpuFits = false;
    bool hostFits = true;
    bool fits = false; // gpuFits && hostFits
    // Peak-relevant transients, by when they occur.
    double lossTransientBytes = 0;      // logits gradient at the start of backward
    double recomputeTransientBytes = 0; // one layer rebuilt by full recompute
    double gradUnitTransientBytes = 0;  // an unsharded gradient unit before its reduce-scatter
    bool persistentGradients = false;   // gradient buffers live through the whole step
    // How the stored activations are made up: transformer layers (per micro-batch × in flight ×
    // interleave factor) plus the loss (final norm input and logits) and the MTP modules on the
    // last stage.
    double layerActivationBytesPerMicroBatch = 0;
    double interleaveFactor = 1;
    double lossActivationBytes = 0;
    double mtpActivationBytes = 0; // multi-token prediction modules, last stage
    double layersOnStage = 0;
    double moeLayersOnStage = 0; // of layersOnStage
    MemoryPhase phases[MemoryPhase::Count];
    MemoryPhase::Kind peakPhase = MemoryPhase::BackwardStart;

    [[nodiscard]] const MemoryPhase& atPeak() const { return phases[peakPhase]; }
    [[nodiscard]] double denseWeightsBytes() const { return weightsBytes - expertWeightsBytes; }
    [[nodiscard]] double denseGradientsBytes() const {
        return gradientsBytes - expertGradientsBytes;
    }
    [[nodiscard]] double denseOptimizerBytes() const {
        return optimizerBytes - expertOptimizerBytes;
    }
    [[nodiscard]] double denseLayersOnStage() const { return layersOnStage - moeLayersOnStage; }
};

// Communication per GPU per step (bytes sent), by parallel group and by network tier.
struct CommunicationBreakdown {
    double perGpuBytes = 0;
    double dpBytes = 0, tpBytes = 0, ppBytes = 0, cpBytes = 0, epBytes = 0;
    double intraNodeBytes = 0, interNodeBytes = 0;
    // Total (not only exposed) time each group's collectives take per step.
    double dpSeconds = 0, tpSeconds = 0, ppSeconds = 0, cpSeconds = 0, epSeconds = 0;
};

// Step time = compute + exposed communication + bubble + optimizer + offload (each term per step).
struct TimeBreakdown {
    double stepSeconds = 0;
    double computeSeconds =
        0; // forward + backward + recompute on the slowest stage, all micro-batches
    double forwardSeconds = 0; // parts of computeSeconds
    double backwardSeconds = 0;
    double recomputeSeconds = 0;
    // Memory-bound kernels (norms, activations, rotary, casts, cross-entropy) of the forward and
    // backward: part of forwardSeconds + backwardSeconds, costed at HBM bandwidth.
    double memoryBoundSeconds = 0;
    double microBatchSeconds =
        0; // one pipeline slot: compute + per-micro-batch exposed communication
    double exposedCommSeconds =
        0; // communication not hidden behind compute, = the five groups below
    double exposedTpSeconds = 0, exposedCpSeconds = 0, exposedEpSeconds = 0, exposedDpSeconds = 0,
           exposedPpSeconds = 0;
    double exposedIntraNodeSeconds = 0; // the same exposed time split by network tier
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
    double usd = 0; // 0 when unpriced: check `priced` before showing it
    double energyKwh = 0;
    double usdPerGpuHour = 0; // the price in force (PlanContext::price)
    bool priced = false;      // false: no price is known, the cost is not computed
};

// Everything the simulator says about one plan. Plain values, cheap to copy.
struct PlanEstimate {
    model::Plan plan;
    int gradAccum = 1;      // micro-batches per step per data-parallel replica
    MemoryBreakdown memory; // the worst stage (over every stage when MoE layers spread unevenly)
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
    ResolvedPrice price; // resolvePrice(scenario.cluster)
};

// `scenario` must outlive the context.
[[nodiscard]] PlanContext makeContext(const model::Scenario& scenario, const Efficiency& eff);
[[nodiscard]] PlanContext makeContext(const model::Scenario& scenario);

// Evaluates a plan that validatePlan accepted. Pure; safe to call from many threads.
[[nodiscard]] PlanEstimate evaluatePlan(const PlanContext& ctx, const model::Plan& plan);
// The plan searches' full recompute (docs/search.md §1, partial recompute): for a fitting estimate
// of a plan that recomputes every layer, the estimate of the same plan with the fewest layers per
// pipeline chunk recomputed that still fits (Megatron-LM --recompute-method block; for DDP and
// FSDP only counts torchtitan's every-k-th-layer option expresses). Nullopt when every layer is
// needed, when the plan without recompute fits (it is faster, the full one smaller), or when the
// plan is not such a plan.
[[nodiscard]] std::optional<PlanEstimate> fewestRecomputedLayers(const PlanContext& ctx,
                                                                 const PlanEstimate& estimate);
// Only the per-GPU memory of the worst stage (cheap; the search prunes with it).
[[nodiscard]] MemoryBreakdown evaluateMemory(const PlanContext& ctx, const model::Plan& plan);
// The per-GPU memory of one pipeline stage (0 ≤ stageIndex < pp) with its real layer counts.
[[nodiscard]] MemoryBreakdown evaluateStageMemory(const PlanContext& ctx, const model::Plan& plan,
                                                  int stageIndex);
// Memory a plan may use out of `capacityBytes` (a GPU's HBM or a node's host memory): the
// capacity minus the scenario's headroom (constraints.memory_headroom, docs/model.md).
[[nodiscard]] double usableBytes(double capacityBytes, double memoryHeadroomFraction);
// The per-GPU memory a plan on this scenario's GPU may use.
[[nodiscard]] double usableGpuBytes(const model::Scenario& scenario);
// Ranks plans that do not fit by how far they miss: the GPU peak, or — when host memory is what
// runs out — the host overage expressed as the same fraction of the usable GPU memory.
[[nodiscard]] double missRankBytes(const MemoryBreakdown& memory, double memoryHeadroomFraction);

struct EstimateResult {
    PlanEstimate estimate;
    bool valid = false;
    model::ValidationIssues errors; // why the plan is invalid
};

// Validates, then evaluates.
[[nodiscard]] EstimateResult estimatePlan(const PlanContext& ctx, const model::Plan& plan);

// The placement of each parallel group (Megatron rank order: tp fastest, then cp, dp, pp). `dp` is
// the gradient group, the dp × cp ranks with stride tp; `etp` the routed experts' tensor-parallel
// group (the tp group unless the plan folds its experts).
struct Placements {
    GroupPlacement tp, cp, dp, pp, ep, dpExpert, etp;
};
[[nodiscard]] Placements placeGroups(const model::Plan& plan, int gpusPerNode);

} // namespace trainplan::sim
