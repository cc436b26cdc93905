// Partial full recompute in the plan searches: recompute the first N layers of each pipeline
// chunk and keep the others' activations (Megatron-LM --recompute-method block
// --recompute-num-layers N; torch.utils.checkpoint on a subset of blocks). Teams use it instead of
// recomputing every layer when only part of the activations has to go (issue 17, item 2).

#include "estimate_detail.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace trainplan::sim::detail {

namespace {

// The most layers one pipeline chunk holds: the fullest stage's layers over its vpp chunks.
int mostChunkLayers(const PlanContext& ctx, const model::Plan& p,
                    const std::vector<StageSlot>& uneven) {
    double most = 0;
    if (uneven.empty()) {
        most = evenSlot(ctx, p, 0).layers;
        if (p.pp > 1) most = std::max(most, evenSlot(ctx, p, p.pp - 1).layers);
    } else {
        for (const StageSlot& s : uneven) most = std::max(most, s.layers);
    }
    return static_cast<int>(std::ceil(most / std::max(1, p.vpp)));
}

// The counts below `chunk` a framework's own option expresses, ascending: any for Megatron-LM's
// block method (Megatron-DeepSpeed has the same flags); for DDP and FSDP, exported as torchtitan
// flags, ⌈chunk/k⌉ for the layer-wise AC that checkpoints every k-th block (selective_ac_option
// "k", torchtitan parallelize.py _apply_ac_to_transformer_block).
std::vector<int> expressibleCounts(model::Framework fw, int chunk) {
    std::vector<int> out;
    if (fw == model::Framework::Megatron || fw == model::Framework::DeepSpeed) {
        for (int n = 1; n < chunk; ++n) out.push_back(n);
        return out;
    }
    for (int k = chunk; k >= 2; --k) {
        const int n = (chunk + k - 1) / k;
        if (out.empty() || out.back() != n) out.push_back(n);
    }
    return out;
}

} // namespace

bool applyFewestRecomputedLayers(const PlanContext& ctx, PlanEstimate& est,
                                 const Precomputed& pre) {
    const model::Plan& full = est.plan;
    if (full.recompute != model::Recompute::Full || full.recomputeLayers > 0 || !est.memory.fits)
        return false;
    std::vector<StageSlot> own;
    if (!pre.unevenSlots) own = unevenBoundingSlots(ctx, full);
    const std::vector<StageSlot>& uneven = pre.unevenSlots ? *pre.unevenSlots : own;
    const int chunk = mostChunkLayers(ctx, full, uneven);
    if (chunk <= 1) return false;
    // When no recompute fits, it is faster than any partial one and the full one keeps the least
    // memory: nothing between them is needed.
    model::Plan none = full;
    none.recompute = model::Recompute::None;
    if (evaluateMemory(ctx, none).fits) return false;
    // Each recomputed layer keeps only its input instead of its activations, so the peak falls as
    // N grows (stageMemory): the smallest fitting count is found by bisection.
    const std::vector<int> counts = expressibleCounts(full.framework, chunk);
    if (counts.empty()) return false;
    model::Plan q = full;
    auto fits = [&](std::size_t i) {
        q.recomputeLayers = counts[i];
        return evaluateMemory(ctx, q).fits;
    };
    if (!fits(counts.size() - 1)) return false;
    std::size_t lo = 0, hi = counts.size() - 1;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (fits(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    q.recomputeLayers = counts[lo];
    est = evaluatePlanWith(ctx, q, {pre.layerTimes, &uneven, pre.placements}, false);
    return true;
}

} // namespace trainplan::sim::detail

namespace trainplan::sim {

std::optional<PlanEstimate> fewestRecomputedLayers(const PlanContext& ctx,
                                                   const PlanEstimate& estimate) {
    // The exhaustive search asks for every fitting plan: decline the others before copying.
    const model::Plan& p = estimate.plan;
    if (p.recompute != model::Recompute::Full || p.recomputeLayers > 0 || !estimate.memory.fits)
        return std::nullopt;
    PlanEstimate e = estimate;
    if (!detail::applyFewestRecomputedLayers(ctx, e, {})) return std::nullopt;
    return e;
}

} // namespace trainplan::sim
