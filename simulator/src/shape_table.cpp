#include "shape_table.h"

#include <trainplan/simulator/efficiency.h>

#include <cstdint>

namespace trainplan::sim {

namespace detail {

std::size_t ShapeKeyHash::operator()(const ShapeKey& k) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (const long long v : {static_cast<long long>(k.framework), static_cast<long long>(k.tp),
                              static_cast<long long>(k.cp), static_cast<long long>(k.ep),
                              static_cast<long long>(k.etp),
                              static_cast<long long>(k.microBatch),
                              static_cast<long long>(k.recompute),
                              static_cast<long long>(k.gradAccum),
                              static_cast<long long>(k.sequenceParallel)}) {
        h ^= static_cast<std::uint64_t>(v);
        h *= 1099511628211ULL;
    }
    return static_cast<std::size_t>(h);
}

ComputeSignature computeSignature(const PlanContext& ctx) {
    const model::Scenario& s = *ctx.scenario;
    const auto& m = s.model;
    const auto& e = ctx.eff;
    const auto& g = s.cluster.gpu;
    return {ctx.peakFlopsPerSecond,
            ctx.hbmBytesPerSecond,
            g.bf16FlopsPerSecond,
            g.fp8FlopsPerSecond,
            e.gemmEfficiency,
            e.fp8GemmEfficiency,
            e.gemmHalfDim,
            static_cast<double>(e.smCount),
            e.clockFraction,
            e.hbmEfficiency,
            e.sdpaAttentionForwardEfficiency,
            e.sdpaAttentionBackwardEfficiency,
            e.fusedAttentionForwardEfficiency,
            e.fusedAttentionBackwardEfficiency,
            e.tritonAttentionForwardEfficiency,
            e.tritonAttentionBackwardEfficiency,
            static_cast<double>(m.layers),
            static_cast<double>(m.hidden),
            static_cast<double>(m.heads),
            static_cast<double>(m.kvHeads),
            static_cast<double>(m.headDim),
            static_cast<double>(m.ffnHidden),
            static_cast<double>(m.vocab),
            static_cast<double>(m.seqLen),
            static_cast<double>(static_cast<int>(m.ffn)),
            static_cast<double>(static_cast<int>(m.positionEmbedding)),
            static_cast<double>(m.moe.experts),
            static_cast<double>(m.moe.topK),
            static_cast<double>(m.moe.expertFfnHidden),
            static_cast<double>(m.moe.sharedExperts),
            m.moe.capacityFactor,
            static_cast<double>(m.mla.qLoraRank),
            static_cast<double>(m.mla.kvLoraRank),
            static_cast<double>(m.mla.qkNopeHeadDim),
            static_cast<double>(m.mla.qkRopeHeadDim),
            static_cast<double>(m.mla.vHeadDim),
            static_cast<double>(m.slidingWindow.window),
            static_cast<double>(m.slidingWindow.fullEvery),
            static_cast<double>(m.mtpLayers),
            static_cast<double>(ctx.flops.denseLayers),
            static_cast<double>(ctx.flops.moeLayers),
            ctx.flops.dense.attentionCore,
            ctx.flops.moe.attentionCore,
            static_cast<double>(static_cast<int>(s.training.precision)),
            static_cast<double>(static_cast<int>(s.training.execution)),
            static_cast<double>(static_cast<int>(s.training.attentionKernel)),
            static_cast<double>(static_cast<int>(s.training.crossEntropy)),
            model::attentionDropout(s.training),
            model::hiddenDropout(s.training),
            s.training.flashAttention ? 1.0 : 0.0};
}

std::size_t LayoutKeyHash::operator()(const LayoutKey& k) const {
    std::uint64_t h = 1469598103934665603ULL;
    for (const int v : {k.framework, k.pp, k.vpp, k.tp, k.ep,
                        k.layout.firstStageLayers.value_or(-1), k.layout.lastStageLayers.value_or(-1),
                        static_cast<int>(k.layout.layout.size()),
                        static_cast<int>(k.layout.partitionMethod.size())}) {
        h ^= static_cast<std::uint64_t>(static_cast<std::uint32_t>(v));
        h *= 1099511628211ULL;
    }
    return static_cast<std::size_t>(h);
}

LayoutSignature layoutSignature(const PlanContext& ctx, const ComputeSignature& compute) {
    const model::TransformerSpec& m = ctx.scenario->model;
    const model::ParameterCount& c = ctx.params;
    return {compute,
            {static_cast<double>(m.moe.interval), static_cast<double>(m.moe.firstDenseLayers),
             m.tiedEmbeddings ? 1.0 : 0.0, c.embedding, c.lmHead, c.attentionPerLayer,
             c.attentionReplicatedPerLayer, c.mtpPerModule, c.denseFfnPerLayer,
             c.moeFfnPerMoeLayer, c.activeMoeFfnPerMoeLayer, c.normsPerLayer, c.total, c.active,
             static_cast<double>(m.mtpLayers)}};
}

} // namespace detail

const detail::LayerTimes& ShapeTable::layerTimesOf(const PlanContext& ctx, const model::Plan& p,
                                                   int gradAccum) {
    // The fp8 weight casts of fused stacks are paid once per step (compute_model.cpp), the only
    // use of the accumulation count.
    const model::ExecutionMode mode = executionMode(*ctx.scenario, p);
    const bool perStepCast =
        ctx.scenario->training.precision == model::Precision::Fp8 &&
        (mode == model::ExecutionMode::Fused || mode == model::ExecutionMode::CudaGraphs);
    const detail::ShapeKey key{static_cast<int>(p.framework),
                               p.tp,
                               p.cp,
                               p.ep,
                               p.etp,
                               p.microBatch,
                               // The recompute mode and its Megatron --recompute-modules.
                               static_cast<int>(p.recompute) +
                                   4 * static_cast<int>(p.recomputeModules),
                               perStepCast ? gradAccum : 0,
                               p.sequenceParallel};
    return m_memo.get(key, [&] { return detail::layerTimes(ctx, p, gradAccum); });
}

const std::vector<detail::StageSlot>& LayoutTable::unevenSlotsOf(const PlanContext& ctx,
                                                                 const model::Plan& p) {
    return m_memo.get({static_cast<int>(p.framework), p.pp, p.vpp, p.tp, p.ep, p.pipeline},
                      [&] { return detail::unevenBoundingSlots(ctx, p); });
}

namespace {

// Per-thread tables of the public entry points, bounded so a long-lived thread that sees many
// contexts or layouts does not grow without end.
constexpr std::size_t kMaxThreadEntries = 4096;
thread_local ShapeTable threadShapes;
thread_local LayoutTable threadLayouts;

} // namespace

detail::Precomputed detail::threadTables(const PlanContext& ctx, const model::Plan& p,
                                         int gradAccum) {
    const ComputeSignature signature = computeSignature(ctx);
    threadShapes.bind(signature);
    threadShapes.trim(kMaxThreadEntries);
    threadLayouts.bind(ctx, signature);
    threadLayouts.trim(kMaxThreadEntries);
    return {&threadShapes.layerTimesOf(ctx, p, gradAccum), &threadLayouts.unevenSlotsOf(ctx, p)};
}

const std::vector<detail::StageSlot>& detail::threadUnevenSlots(const PlanContext& ctx,
                                                                const model::Plan& p) {
    threadLayouts.bind(ctx, computeSignature(ctx));
    threadLayouts.trim(kMaxThreadEntries);
    return threadLayouts.unevenSlotsOf(ctx, p);
}

} // namespace trainplan::sim
