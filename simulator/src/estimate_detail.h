#pragma once

// Internal: the pieces evaluatePlan is built from, shared with explain.cpp so the derivation shows
// the very numbers the estimate used.

#include <trainplan/simulator/estimate.h>

namespace trainplan::sim::detail {

struct BytesPerParam {
    double weights = 0, gradients = 0, optimizer = 0;
};
[[nodiscard]] BytesPerParam bytesPerParam(model::Framework fw, model::Precision prec,
                                          model::Optimizer opt);

// Parameters held by one rank of one pipeline stage (before data-parallel sharding).
struct StageParams {
    double dense = 0;        // replicated across the data-parallel group (non-expert)
    double expert = 0;       // replicated across the expert-data-parallel group
    double largestLayer = 0; // largest single layer on this rank (FSDP/ZeRO-3 unit)
    double layers = 0;       // transformer layers on the stage
    double moeLayers = 0;
};
[[nodiscard]] StageParams stageParams(const PlanContext& ctx, const model::Plan& p, StageKind kind);

struct Shards {
    double dense = 1, expert = 1;
};
[[nodiscard]] Shards shardDegrees(const model::Plan& p, const Placements& pl);

[[nodiscard]] double activationBytesPerToken(const PlanContext& ctx, const model::Plan& p,
                                             bool moeLayer);
[[nodiscard]] double tokensPerMicroBatch(const PlanContext& ctx, const model::Plan& p);
[[nodiscard]] MemoryBreakdown stageMemory(const PlanContext& ctx, const model::Plan& p,
                                          const Placements& pl, int gradAccum, StageKind kind);

} // namespace trainplan::sim::detail
