#pragma once

// Internal: the pieces evaluatePlan is built from, shared with explain.cpp so the derivation shows
// the very numbers the estimate used.

#include <trainplan/simulator/estimate.h>

#include <vector>

namespace trainplan::sim::detail {

// A group of `size` ranks whose members are `stride` ranks apart, on nodes of `gpusPerNode`.
[[nodiscard]] GroupPlacement place(int stride, int size, int gpusPerNode);

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
[[nodiscard]] double tokensPerMicroBatch(const PlanContext& ctx, const model::Plan& p);
[[nodiscard]] MemoryBreakdown stageMemory(const PlanContext& ctx, const model::Plan& p,
                                          const Placements& pl, int gradAccum,
                                          const StageSlot& slot);

struct StageTime {
    double forward = 0, backward = 0, recompute = 0; // compute seconds per micro-batch
    double attentionForward = 0;                     // attention-core part of forward (CP overlap)
    double gemmForward = 0;                          // GEMM part of forward
    double memoryBoundForward = 0;                   // memory-bound part of forward
};
// Compute seconds of one micro-batch through one dense layer, one MoE layer and the LM head with
// its loss (compute_model.cpp); the same for every stage of a plan.
struct LayerTimes {
    StageTime dense, moe, head;
};
[[nodiscard]] LayerTimes layerTimes(const PlanContext& ctx, const model::Plan& p, int gradAccum);
// One stage's compute per micro-batch: its layers, plus the head on the last stage.
[[nodiscard]] StageTime stageCompute(const LayerTimes& lt, const StageSlot& slot);

// What evaluatePlan derives from the plan that a caller may already hold for it: its layer times
// (layerTimes(ctx, p, its gradient accumulation)) and its uneven bounding slots
// (unevenBoundingSlots(ctx, p), empty for an even layout). Null: computed here.
struct Precomputed {
    const LayerTimes* layerTimes = nullptr;
    const std::vector<StageSlot>* unevenSlots = nullptr;
};
// evaluatePlan from precomputed parts; with stopWhenNotFitting, a plan whose memory does not fit
// comes back with only its memory filled in (what evaluateMemory would have said).
[[nodiscard]] PlanEstimate evaluatePlanWith(const PlanContext& ctx, const model::Plan& p,
                                            const Precomputed& pre, bool stopWhenNotFitting);

} // namespace trainplan::sim::detail
