#pragma once

// Internal: the pieces evaluatePlan is built from, shared with explain.cpp so the derivation shows
// the very numbers the estimate used.

#include "memory_overheads.h"

#include <trainplan/simulator/estimate.h>

#include <algorithm>
#include <vector>

namespace trainplan::sim::detail {

// Context parallelism as PyTorch's context_parallel runs it (K/V all-gathered with the query heads,
// dK/dV exchanged in fp32; torch/distributed/tensor/experimental/_attention.py, torchtitan), as
// opposed to Megatron-Core's P2P ring of the KV heads. Only FSDP and Megatron-LM accept cp > 1
// (plan_validation.cpp), so this is every CP plan but Megatron-LM's.
[[nodiscard]] inline bool pytorchCpAllGather(const model::Plan& p) {
    return p.framework != model::Framework::Megatron;
}

// A group of `size` ranks whose members are `stride` ranks apart, on nodes of `gpusPerNode`.
[[nodiscard]] GroupPlacement place(int stride, int size, int gpusPerNode);

// Every precision but fp32 trains with low-precision copies of fp32 master weights.
[[nodiscard]] bool mixedPrecision(model::Precision p);

struct BytesPerParam {
    double weights = 0, gradients = 0, optimizer = 0;
};
[[nodiscard]] BytesPerParam bytesPerParam(model::Framework fw, model::Precision prec,
                                          model::Optimizer opt);

// One pipeline stage as the estimators see it: its kind (embeddings on the first, LM head on the
// last), its index (in-flight micro-batches) and its real layer counts (stage_layout.h).
struct StageSlot {
    StageKind kind = StageKind::Only;
    int index = 0;
    double layers = 0;
    double moeLayers = 0;
};
[[nodiscard]] StageSlot stageSlot(const PlanContext& ctx, const model::Plan& p, int index);
// The slot a MemoryBreakdown was computed for.
[[nodiscard]] StageSlot slotOf(const MemoryBreakdown& m);
// True when every stage holds the same layers and MoE layers, so the averaged counts L/p and MoE/p
// are exact and the first and last stages bound all others (a middle stage has the first's layers
// with fewer micro-batches in flight). Uneven pipeline layouts (plan.pipeline_layout, torchtitan's
// split) and MoE patterns that fall unevenly are not.
[[nodiscard]] inline bool evenLayout(const PlanContext& ctx, const model::Plan& p) {
    return p.pp <= 1 || stagesEven(*ctx.scenario, p);
}
// The slot of stage `index` in an even layout: L/p layers of which MoE/p (exact integers there).
[[nodiscard]] StageSlot evenSlot(const PlanContext& ctx, const model::Plan& p, int index);
// Uneven layouts: the lowest-index stage of every distinct composition (stageGroups), each the
// worst of its group, in stage order. Empty when the layout is even (evenLayout).
[[nodiscard]] std::vector<StageSlot> unevenBoundingSlots(const PlanContext& ctx,
                                                         const model::Plan& p);

// Parameters held by one rank of one pipeline stage (before data-parallel sharding).
struct StageParams {
    double dense = 0;        // replicated across the data-parallel group (non-expert)
    double expert = 0;       // replicated across the expert-data-parallel group
    double largestLayer = 0; // largest single layer on this rank (FSDP/ZeRO-3 unit)
    double layers = 0;       // transformer layers on the stage
    double moeLayers = 0;
};
[[nodiscard]] StageParams stageParams(const PlanContext& ctx, const model::Plan& p,
                                      const StageSlot& slot);

struct Shards {
    double dense = 1, expert = 1;
};
[[nodiscard]] Shards shardDegrees(const model::Plan& p, const Placements& pl);

[[nodiscard]] double activationBytesPerToken(const PlanContext& ctx, const model::Plan& p,
                                             bool moeLayer);
[[nodiscard]] inline double tokensPerMicroBatch(const PlanContext& ctx, const model::Plan& p) {
    return static_cast<double>(p.microBatch) * ctx.scenario->model.seqLen / p.cp;
}
// What stageMemory derives from the layout, the stage and whether data parallelism is hybrid,
// not from the micro-batch, recompute or the rest of the sharding: what a search computes once per
// layout and reuses for every plan inside it.
struct StageStatics {
    StageParams params;
    Communicators communicators;
};
[[nodiscard]] StageStatics stageStatics(const PlanContext& ctx, const model::Plan& p,
                                        const Placements& pl, const StageSlot& slot);
// `statics`: stageStatics of this plan and slot, or null (computed here).
[[nodiscard]] MemoryBreakdown stageMemory(const PlanContext& ctx, const model::Plan& p,
                                          const Placements& pl, int gradAccum,
                                          const StageSlot& slot,
                                          const StageStatics* statics = nullptr);

struct StageTime {
    double forward = 0, backward = 0, recompute = 0; // compute seconds per micro-batch
    double attentionForward = 0;                     // attention-core part of forward (CP overlap)
    double gemmForward = 0;                          // GEMM part of forward
    double memoryBoundForward = 0;                   // memory-bound part of forward
    double memoryBoundBackward = 0;                  // memory-bound part of backward
};
// Compute seconds of one micro-batch through one dense layer, one MoE layer and the LM head with
// its loss (compute_model.cpp); the same for every stage of a plan.
struct LayerTimes {
    StageTime dense, moe, head;
    StageTime mtp; // one multi-token prediction module, on the last stage
    double mtpModules = 0;
};
[[nodiscard]] LayerTimes layerTimes(const PlanContext& ctx, const model::Plan& p, int gradAccum);
// Routed tokens on the busiest expert-parallel rank, relative to balanced routing. The capacity
// factor bounds an expert at capacity_factor × its balanced share (Fedus et al. 2022, Switch
// Transformer §2.1; Megatron-LM --moe-expert-capacity-factor): with it above 1 the busiest rank
// holds one expert at capacity and its other ep-local experts at the mean, 1 + (C − 1)/local
// (all experts on one rank average out; one expert per rank pays C); below 1 every expert is cut
// to C and the overflow dropped. 1 is balanced routing, as published MoE throughput is measured.
[[nodiscard]] inline double expertLoadFactor(const model::TransformerSpec& m,
                                             const model::Plan& p) {
    const double c = m.moe.capacityFactor;
    if (!m.moe.enabled() || c <= 0) return 1.0;
    if (c < 1.0) return c;
    const double local = std::max(1.0, static_cast<double>(m.moe.experts) / std::max(1, p.ep));
    return 1.0 + (c - 1.0) / local;
}

// Share of the SMs a collective hidden behind compute takes from it: NCCL runs one CTA per channel
// (NCCL environment docs, NCCL_MAX_NCHANNELS), so nccl_channels of the GPU's SMs.
[[nodiscard]] inline double ncclSmShare(const Efficiency& e) {
    return std::min(1.0, e.ncclChannels / std::max(1, e.smCount));
}

// Layers of a stage of `stageLayers` whose forward the plan recomputes: every layer, except under
// a partial full recompute, which recomputes the first recompute_layers of each of the vpp chunks
// on the rank (Megatron-LM --recompute-method block, transformer_block.py _checkpointed_forward).
[[nodiscard]] inline double recomputedLayers(const model::Plan& p, double stageLayers) {
    if (p.recompute != model::Recompute::Full || p.recomputeLayers <= 0) return stageLayers;
    return std::min(stageLayers, static_cast<double>(p.recomputeLayers) * p.vpp);
}
// Compute of one micro-batch on the stage: its layers' forward and backward, the recompute of the
// layers the plan recomputes (recomputedLayers), the LM head on the last stage.
// PyTorch context parallelism's traffic and what of it stays exposed, per micro-batch on a stage
// (context_parallel.cpp).
struct PyTorchCp {
    CollectiveCost cost;
    double exposedSeconds = 0;
};
[[nodiscard]] PyTorchCp pytorchContextParallel(const PlanContext& ctx, const model::Plan& p,
                                               const Placements& pl, const StageTime& st,
                                               double tokens, double layers, double rcLayers);

[[nodiscard]] StageTime stageCompute(const LayerTimes& lt, const StageSlot& slot,
                                     const model::Plan& p);

// The tensor-, context- and expert-parallel traffic of one micro-batch on a stage and what of it
// stays exposed behind `st`, the stage's compute (micro_batch_comm.cpp).
struct MicroBatchComm {
    CollectiveCost tp, cp, ep;
    double tpExposed = 0, cpExposed = 0, epExposed = 0;
    double exposedSeconds = 0;
};

[[nodiscard]] MicroBatchComm microBatchComm(const PlanContext& ctx, const model::Plan& p,
                                            const Placements& pl, const StageTime& st,
                                            const StageSlot& slot);

// The data-parallel collectives of a plan (dp_traffic.cpp), sized by the stage holding the most
// parameters among the bounding `slots` (uneven layouts; the first stage otherwise).
struct DpTraffic {
    StageParams stage;
    // Per micro-batch (ZeRO-2/3, FSDP), by when it runs: parameter all-gathers ahead of each
    // layer's forward and backward, gradient reduce-scatters after each layer's backward.
    CollectiveCost mbGatherFwd, mbGatherBwd, mbReduce;
    CollectiveCost dpReduce; // once per step, overlapped with the last backward
    CollectiveCost dpGather; // once per step, after the optimizer
    bool gatherOverlapped = false;

    [[nodiscard]] CollectiveCost perMicroBatch() const {
        CollectiveCost c = mbGatherFwd;
        c += mbGatherBwd;
        c += mbReduce;
        return c;
    }
};
[[nodiscard]] DpTraffic dpTraffic(const PlanContext& ctx, const model::Plan& p,
                                  const Placements& pl, const StageSlot* slots,
                                  std::size_t slotCount, bool uneven);

// The data-parallel time left exposed behind `slow`, the compute of one micro-batch on the slowest
// stage; with `slow` null, the floor no compute can hide (each overlapped collective still takes
// its NCCL channels' SMs).
struct DpExposed {
    double perMicroBatchSeconds = 0; // layer by layer, every micro-batch
    double reduceSeconds = 0, gatherSeconds = 0; // once per step
};
[[nodiscard]] DpExposed dpExposed(const DpTraffic& t, const model::Plan& p, const Efficiency& eff,
                                  const StageTime* slow);

// The optimizer step over the locally owned parameters and, with offload, the host transfers it
// adds; with `slow` null, their floor (every overlappable transfer hidden).
struct OptimizerStep {
    double optimizerSeconds = 0, offloadSeconds = 0;
};
[[nodiscard]] OptimizerStep optimizerStep(const PlanContext& ctx, const model::Plan& p,
                                          const Placements& pl, const DpTraffic& t,
                                          const StageTime* slow, double gradAccum);

// The memory step of evaluatePlan: the worst of the bounding stages (first and last when the
// layers spread evenly, since middle stages never exceed the first; otherwise every distinct stage
// composition, `unevenSlots`), with the first and last stages' own breakdowns.
struct PlanMemory {
    MemoryBreakdown worst, first, last;
};
// `statics`: one StageStatics per bounding stage, in order (first and last for an even layout),
// or null.
[[nodiscard]] PlanMemory planMemory(const PlanContext& ctx, const model::Plan& p,
                                    const Placements& pl, int gradAccum,
                                    const std::vector<StageSlot>& unevenSlots,
                                    const StageStatics* statics = nullptr);
// planMemory(…).worst.fits without keeping the breakdowns: what a search asks most plans.
[[nodiscard]] bool planFits(const PlanContext& ctx, const model::Plan& p, const Placements& pl,
                            int gradAccum, const std::vector<StageSlot>& unevenSlots,
                            const StageStatics* statics = nullptr);

// What evaluatePlan derives from the plan that a caller may already hold for it: its layer times
// (layerTimes(ctx, p, its gradient accumulation)), its uneven bounding slots
// (unevenBoundingSlots(ctx, p), empty for an even layout), its group placements
// (placeGroups(p, gpus per node)) and its memory (planMemory). Null: computed here.
struct Precomputed {
    const LayerTimes* layerTimes = nullptr;
    const std::vector<StageSlot>* unevenSlots = nullptr;
    const Placements* placements = nullptr;
    const PlanMemory* memory = nullptr;
};
// evaluatePlan from precomputed parts; with stopWhenNotFitting, a plan whose memory does not fit
// comes back with only its memory filled in (what evaluateMemory would have said).
[[nodiscard]] PlanEstimate evaluatePlanWith(const PlanContext& ctx, const model::Plan& p,
                                            const Precomputed& pre, bool stopWhenNotFitting);

// The searches' full recompute also stands for recomputing only the layers memory needs
// (partial_recompute.cpp): for a fitting plan with recompute full on every layer whose
// no-recompute twin does not fit, the same plan with the fewest layers per pipeline chunk
// recomputed (at least one) that still fits, estimated with `pre`, replaces `est`. Returns false,
// leaving `est`, when every layer is needed or no recompute fits.
bool applyFewestRecomputedLayers(const PlanContext& ctx, PlanEstimate& est, const Precomputed& pre);

} // namespace trainplan::sim::detail
