#include <trainplan/simulator/estimate.h>

#include "derivation_rules.h"
#include "estimate_detail.h"
#include "shape_table.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/energy.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace trainplan::sim {

using model::Framework;
using model::Offload;
using model::Plan;
using model::Precision;
using model::Recompute;

namespace detail {

using model::units::kSecondsPerHour;

GroupPlacement place(int stride, int size, int gpusPerNode) {
    GroupPlacement g;
    g.size = std::max(1, size);
    if (stride >= gpusPerNode)
        g.perNode = 1;
    else
        g.perNode = std::min(g.size, std::max(1, gpusPerNode / std::max(1, stride)));
    g.nodes = (g.size + g.perNode - 1) / g.perNode;
    return g;
}

bool mixedPrecision(Precision p) {
    return p != Precision::Fp32;
}

BytesPerParam bytesPerParam(Framework fw, Precision prec, model::Optimizer opt) {
    const bool adam = opt != model::Optimizer::SgdMomentum;
    const double states =
        adam ? 8.0 : 4.0; // Adam m and v, or SGD momentum, in fp32 (Kingma & Ba 2015)
    BytesPerParam b;
    if (!mixedPrecision(prec)) return {4.0, 4.0, states}; // fp32: no master copy
    switch (fw) {
    case Framework::Ddp:
    case Framework::Fsdp:
        // torch.autocast keeps fp32 parameters and gradients; FSDP MixedPrecision(param_dtype=bf16,
        // reduce_dtype=fp32) keeps fp32 sharded parameters and gradients (torchtitan defaults).
        b = {4.0, 4.0, states};
        break;
    case Framework::DeepSpeed:
        // Mixed-precision Adam: 2 (fp16 weights) + 2 (fp16 grads) + 12 (fp32 master, m, v)
        // (Rajbhandari et al. 2020, ZeRO §3.1, K = 12).
        b = {2.0, 2.0, 4.0 + states};
        break;
    case Framework::Megatron:
        // bf16 params with fp32 main grads: 6 + 12 bytes (Megatron-LM docs, distrib_optimizer.md
        // table); fp16: 4 + 16 (fp16 grads plus an fp32 grad copy in the optimizer).
        b = prec == Precision::Fp16 ? BytesPerParam{2.0, 2.0, 8.0 + states}
                                    : BytesPerParam{2.0, 4.0, 4.0 + states};
        break;
    }
    // Transformer Engine FP8 keeps an fp8 copy of each GEMM weight and its transpose (TE docs, fp8
    // primer).
    if (prec == Precision::Fp8) b.weights += 2.0;
    return b;
}

namespace {

StageKind stageKindOf(const Plan& p, int index) {
    return p.pp <= 1           ? StageKind::Only
           : index == 0        ? StageKind::First
           : index == p.pp - 1 ? StageKind::Last
                               : StageKind::Middle;
}

} // namespace

StageSlot stageSlot(const PlanContext& ctx, const Plan& p, int index) {
    StageSlot s;
    s.index = index;
    s.kind = stageKindOf(p, index);
    const StageLayers l = stageLayers(*ctx.scenario, p, index);
    s.layers = l.layers;
    s.moeLayers = l.moeLayers;
    return s;
}

StageSlot evenSlot(const PlanContext& ctx, const Plan& p, int index) {
    StageSlot s;
    s.index = index;
    s.kind = stageKindOf(p, index);
    s.layers = static_cast<double>(ctx.scenario->model.layers) / p.pp;
    s.moeLayers = static_cast<double>(ctx.flops.moeLayers) / p.pp;
    return s;
}

std::vector<StageSlot> unevenBoundingSlots(const PlanContext& ctx, const Plan& p) {
    std::vector<StageSlot> out;
    if (evenWithoutChunks(*ctx.scenario, p)) return out;
    // The chunks once per plan: this runs for every plan the search times.
    const std::vector<StageGroup> groups = stageGroups(*ctx.scenario, p);
    bool even = true;
    for (const StageGroup& g : groups)
        even = even && g.layers == groups.front().layers && g.moeLayers == groups.front().moeLayers;
    if (even) return out;
    for (const StageGroup& g : groups)
        out.push_back(StageSlot{g.kind, g.stages.front(), static_cast<double>(g.layers),
                                static_cast<double>(g.moeLayers)});
    return out;
}

StageSlot slotOf(const MemoryBreakdown& m) {
    return StageSlot{m.stage, m.stageIndex, m.layersOnStage, m.moeLayersOnStage};
}

} // namespace detail

using namespace detail;

Placements placeGroups(const Plan& p, int gpusPerNode) {
    Placements pl;
    pl.tp = place(1, p.tp, gpusPerNode);
    pl.etp = place(1, p.expertTp(), gpusPerNode);
    pl.cp = place(p.tp, p.cp, gpusPerNode);
    // Gradients are reduced (and sharded) over data-parallel × context-parallel ranks: CP ranks
    // hold the same weights (Megatron-Core parallel_state get_data_parallel_group(
    // with_context_parallel=True); torchtitan shards FSDP over the flattened dp_shard_cp mesh).
    pl.dp = place(p.tp, p.dp * p.cp, gpusPerNode);
    if (p.foldsExperts()) {
        // MoE parallel folding: the experts' ranks run etp fastest, then ep, then expert-dp
        // (Megatron-Core parallel_state.py, expert RankGenerator order tp-ep-dp-pp).
        const int ranks = p.tp * p.cp * p.dp;
        pl.ep = place(p.etp, p.ep, gpusPerNode);
        pl.dpExpert = place(p.etp * p.ep, std::max(1, ranks / std::max(1, p.ep * p.etp)),
                            gpusPerNode);
    } else {
        pl.ep = place(p.tp * p.cp, p.ep, gpusPerNode);
        pl.dpExpert =
            place(p.tp * p.cp * p.ep, std::max(1, p.dp * p.cp / std::max(1, p.ep)), gpusPerNode);
    }
    pl.pp = place(p.tp * p.cp * p.dp, p.pp, gpusPerNode);
    return pl;
}

PlanContext makeContext(const model::Scenario& scenario, const Efficiency& eff) {
    PlanContext ctx;
    ctx.scenario = &scenario;
    ctx.eff = eff;
    ctx.flops = flopsPerToken(scenario.model, scenario.training.flashAttention);
    ctx.params = model::countParameters(scenario.model);
    ctx.peakFlopsPerSecond = scenario.cluster.gpu.peakFlopsPerSecond(scenario.training.precision);
    ctx.hbmBytesPerSecond = scenario.cluster.gpu.hbmBytesPerSecond;
    const auto& c = scenario.cluster;
    ctx.bandwidth.intraBytesPerSecond =
        c.intraNode.bytesPerSecond * eff.intraNodeBandwidthEfficiency;
    ctx.bandwidth.intraLatencySeconds = c.intraNode.latencySeconds * eff.latencyScale;
    // A rank's share of the node's NICs when all ranks communicate at once, derated by the fabric's
    // oversubscription.
    ctx.bandwidth.interBytesPerSecond = c.interNode.bytesPerSecond * c.nicsPerNode *
                                        eff.interNodeBandwidthEfficiency /
                                        (static_cast<double>(c.gpusPerNode) * c.oversubscription);
    ctx.bandwidth.interLatencySeconds = c.interNode.latencySeconds * eff.latencyScale;
    if (ctx.bandwidth.interBytesPerSecond <= 0)
        ctx.bandwidth.interBytesPerSecond = 1.0; // single node: unused
    if (ctx.bandwidth.intraBytesPerSecond <= 0) ctx.bandwidth.intraBytesPerSecond = 1.0;
    ctx.clusterGpus = scenario.planGpus();
    ctx.memoryHeadroomFraction = scenario.constraints.memoryHeadroomFraction;
    ctx.price = resolvePrice(c);
    return ctx;
}

PlanContext makeContext(const model::Scenario& scenario) {
    return makeContext(scenario, resolveEfficiency(scenario));
}

MemoryBreakdown evaluateMemory(const PlanContext& ctx, const Plan& p) {
    const Placements pl = placeGroups(p, ctx.scenario->cluster.gpusPerNode);
    const int gradAccum = static_cast<int>(p.gradientAccumulation(ctx.scenario->training.globalBatch));
    return detail::planMemory(ctx, p, pl, gradAccum, threadUnevenSlots(ctx, p)).worst;
}

MemoryBreakdown evaluateStageMemory(const PlanContext& ctx, const Plan& p, int stageIndex) {
    const Placements pl = placeGroups(p, ctx.scenario->cluster.gpusPerNode);
    const int gradAccum = static_cast<int>(p.gradientAccumulation(ctx.scenario->training.globalBatch));
    if (stageIndex < 0 || stageIndex >= std::max(1, p.pp))
        throw std::invalid_argument("stage: index " + std::to_string(stageIndex) +
                                    " is outside the pipeline's " + std::to_string(p.pp) +
                                    " stages");
    const StageSlot slot =
        evenLayout(ctx, p) ? evenSlot(ctx, p, stageIndex) : stageSlot(ctx, p, stageIndex);
    return stageMemory(ctx, p, pl, gradAccum, slot);
}

double usableBytes(double capacityBytes, double memoryHeadroomFraction) {
    return capacityBytes * (1.0 - memoryHeadroomFraction);
}

double usableGpuBytes(const model::Scenario& s) {
    return usableBytes(s.cluster.gpu.memoryBytes, s.constraints.memoryHeadroomFraction);
}

double missRankBytes(const MemoryBreakdown& m, double headroom) {
    const double usableGpu = usableBytes(m.capacityBytes, headroom);
    const double usableHost = usableBytes(m.hostCapacityBytesPerNode, headroom);
    if (m.hostFits || usableHost <= 0) return m.peakBytes;
    return std::max(m.peakBytes, usableGpu * m.hostBytesPerNode / usableHost);
}

namespace {

// Whether the neediest node's host memory fits (host memory is counted per node as if all its
// GPUs held one stage's ranks, stageMemory): the plan's host test, whichever stage peaks on the
// GPU.
bool hostFits(const PlanContext& ctx, double hostBytesPerNode, double hostCapacityBytesPerNode) {
    return hostBytesPerNode <= usableBytes(hostCapacityBytesPerNode, ctx.memoryHeadroomFraction);
}

// Calls fn(slot, its statics or null, first, last) for every bounding stage of the plan.
template <typename F>
void forBoundingStages(const PlanContext& ctx, const Plan& p,
                       const std::vector<StageSlot>& unevenSlots, const StageStatics* statics,
                       F&& fn) {
    auto at = [&](std::size_t i) { return statics ? statics + i : nullptr; };
    if (unevenSlots.empty()) {
        fn(evenSlot(ctx, p, 0), at(0), true, p.pp <= 1);
        if (p.pp > 1) fn(evenSlot(ctx, p, p.pp - 1), at(1), false, true);
        return;
    }
    for (std::size_t i = 0; i < unevenSlots.size(); ++i)
        fn(unevenSlots[i], at(i), i == 0, i + 1 == unevenSlots.size());
}

} // namespace

detail::PlanMemory detail::planMemory(const PlanContext& ctx, const Plan& p, const Placements& pl,
                                      int gradAccum, const std::vector<StageSlot>& unevenSlots,
                                      const StageStatics* statics) {
    PlanMemory out;
    double hostBytesPerNode = 0;
    forBoundingStages(ctx, p, unevenSlots, statics,
                      [&](const StageSlot& slot, const StageStatics* st, bool first, bool last) {
                          MemoryBreakdown m = stageMemory(ctx, p, pl, gradAccum, slot, st);
                          hostBytesPerNode = std::max(hostBytesPerNode, m.hostBytesPerNode);
                          if (first || m.peakBytes > out.worst.peakBytes) out.worst = m;
                          if (first) out.first = m;
                          if (last) out.last = std::move(m);
                      });
    // Every stage fits its GPU when the worst does; the host test is the neediest node's.
    MemoryBreakdown& w = out.worst;
    w.hostBytesPerNode = hostBytesPerNode;
    w.hostFits = hostFits(ctx, hostBytesPerNode, w.hostCapacityBytesPerNode);
    w.fits = w.gpuFits && w.hostFits;
    return out;
}

bool detail::planFits(const PlanContext& ctx, const Plan& p, const Placements& pl, int gradAccum,
                      const std::vector<StageSlot>& unevenSlots, const StageStatics* statics) {
    bool gpuFits = true;
    double hostBytesPerNode = 0, hostCapacityBytesPerNode = 0;
    forBoundingStages(ctx, p, unevenSlots, statics,
                      [&](const StageSlot& slot, const StageStatics* st, bool, bool) {
                          if (!gpuFits) return;
                          const MemoryBreakdown m = stageMemory(ctx, p, pl, gradAccum, slot, st);
                          gpuFits = m.gpuFits;
                          hostBytesPerNode = std::max(hostBytesPerNode, m.hostBytesPerNode);
                          hostCapacityBytesPerNode = m.hostCapacityBytesPerNode;
                      });
    return gpuFits && hostFits(ctx, hostBytesPerNode, hostCapacityBytesPerNode);
}

PlanEstimate evaluatePlan(const PlanContext& ctx, const Plan& p) {
    const int gradAccum =
        static_cast<int>(p.gradientAccumulation(ctx.scenario->training.globalBatch));
    return detail::evaluatePlanWith(ctx, p, threadTables(ctx, p, gradAccum), false);
}

PlanEstimate detail::evaluatePlanWith(const PlanContext& ctx, const Plan& p,
                                      const Precomputed& pre, bool stopWhenNotFitting) {
    const auto& sc = *ctx.scenario;
    const auto& tr = sc.training;
    const auto& m = sc.model;
    const auto& eff = ctx.eff;
    const auto& bw = ctx.bandwidth;
    PlanEstimate est;
    est.plan = p;
    est.gradAccum = static_cast<int>(p.gradientAccumulation(tr.globalBatch));
    const double mb = est.gradAccum;
    const Placements pl = pre.placements ? *pre.placements : placeGroups(p, sc.cluster.gpusPerNode);

    // One pipeline slot is set by the slowest of the bounding stages: its compute plus the
    // per-micro-batch communication it cannot hide (stages differ in layers only when MoE layers
    // spread unevenly).
    StageSlot slotBuf[2];
    std::vector<StageSlot> ownSlots;
    if (!pre.unevenSlots) ownSlots = unevenBoundingSlots(ctx, p);
    const std::vector<StageSlot>& unevenSlots = pre.unevenSlots ? *pre.unevenSlots : ownSlots;
    const StageSlot* slots = slotBuf;
    std::size_t slotCount = 0;
    if (unevenSlots.empty()) {
        slotBuf[slotCount++] = evenSlot(ctx, p, 0);
        if (p.pp > 1) slotBuf[slotCount++] = evenSlot(ctx, p, p.pp - 1);
    } else {
        slots = unevenSlots.data();
        slotCount = unevenSlots.size();
    }
    {
        const PlanMemory own =
            pre.memory ? PlanMemory{} : planMemory(ctx, p, pl, est.gradAccum, unevenSlots);
        const PlanMemory& pm = pre.memory ? *pre.memory : own;
        est.memory = pm.worst;
        est.firstStage = pm.first;
        est.lastStage = pm.last;
    }
    if (stopWhenNotFitting && !est.memory.fits) return est;
    StageTime slow;
    MicroBatchComm mbc;
    double slowSeconds = -1;
    const LayerTimes perLayer = pre.layerTimes ? *pre.layerTimes : layerTimes(ctx, p, est.gradAccum);
    if (unevenSlots.empty()) {
        // Even layout: every stage has the same layers, so their communication is the same and
        // the slowest compute sets the slot.
        std::size_t slowest = 0;
        for (std::size_t i = 0; i < slotCount; ++i) {
            const StageTime st = stageCompute(perLayer, slots[i], p);
            const double total = st.forward + st.backward + st.recompute;
            if (total > slowSeconds) {
                slowSeconds = total;
                slow = st;
                slowest = i;
            }
        }
        mbc = microBatchComm(ctx, p, pl, slow, slots[slowest]);
    } else {
        for (std::size_t i = 0; i < slotCount; ++i) {
            const StageTime st = stageCompute(perLayer, slots[i], p);
            const MicroBatchComm c = microBatchComm(ctx, p, pl, st, slots[i]);
            const double total = st.forward + st.backward + st.recompute + c.exposedSeconds;
            if (total > slowSeconds) {
                slowSeconds = total;
                slow = st;
                mbc = c;
            }
        }
    }
    const double computeMb = slow.forward + slow.backward + slow.recompute;

    // Data-parallel traffic (dp_traffic.cpp).
    const DpTraffic traffic = dpTraffic(ctx, p, pl, slots, slotCount, !unevenSlots.empty());
    const double paramElem = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    const CollectiveCost dpPerMb = traffic.perMicroBatch();
    const DpExposed dpx = dpExposed(traffic, p, eff, &slow);
    const double dpPerMbExposed = dpx.perMicroBatchSeconds;
    const double tMb = computeMb + mbc.exposedSeconds + dpPerMbExposed;

    // Pipeline: (m + (p−1)/v) micro-batch slots, the (p−1)/v being the bubble (Narayanan et al.
    // 2021 §2.2).
    const double bubbleSlots = (p.pp - 1.0) / p.vpp;
    est.time.bubbleSeconds = bubbleSlots * tMb;
    // Pipeline point-to-point: one activation send forward and one gradient send backward per
    // micro-batch and chunk; Megatron's scatter/gather splits each message over the tp ranks
    // (Narayanan §4.1). The sends sit on the critical path between pipeline steps; with overlap on
    // (Megatron's
    // --overlap-p2p-communication, opt-in like gradient-reduce overlap) about half of each hides.
    CollectiveCost pp;
    double ppExposed = 0;
    if (p.pp > 1) {
        const double msg = tokensPerMicroBatch(ctx, p) * m.hidden * paramElem / p.tp;
        const CollectiveCost one = pointToPoint(msg, pl.pp.crossesNodes(), bw, 1);
        pp = one.scaled(2.0 * mb * p.vpp);
        // The fill and drain sends (p − 1 each way) sit on the critical path; in steady state the
        // asynchronous isend/irecv of one chunk overlap the next chunk's compute
        // (--overlap-p2p-communication, Megatron-Core p2p_communication.py batched p2p).
        const double fillDrain = 2.0 * (p.pp - 1.0) * one.seconds;
        const double steady = 2.0 * mb * p.vpp * one.seconds;
        ppExposed = fillDrain + steady * (p.dpOverlap ? 1.0 - eff.overlapFraction : 1.0);
    }
    const double dpReduceExposed = dpx.reduceSeconds, dpGatherExposed = dpx.gatherSeconds;
    const OptimizerStep opt = optimizerStep(ctx, p, pl, traffic, &slow, mb);
    const double optimizerSeconds = opt.optimizerSeconds, offloadSeconds = opt.offloadSeconds;

    // Assemble.
    auto& T = est.time;
    T.microBatchSeconds = tMb;
    T.forwardSeconds = mb * slow.forward;
    T.backwardSeconds = mb * slow.backward;
    T.recomputeSeconds = mb * slow.recompute;
    T.computeSeconds = mb * computeMb;
    T.memoryBoundSeconds = mb * (slow.memoryBoundForward + slow.memoryBoundBackward);
    T.exposedTpSeconds = mb * mbc.tpExposed;
    T.exposedCpSeconds = mb * mbc.cpExposed;
    T.exposedEpSeconds = mb * mbc.epExposed;
    T.exposedDpSeconds = mb * dpPerMbExposed + dpReduceExposed + dpGatherExposed;
    T.exposedPpSeconds = ppExposed;
    T.exposedCommSeconds = T.exposedTpSeconds + T.exposedCpSeconds + T.exposedEpSeconds +
                           T.exposedDpSeconds + T.exposedPpSeconds;
    T.optimizerSeconds = optimizerSeconds;
    T.offloadSeconds = offloadSeconds;
    // Step = (m + (p−1)/v)·t_mb + step-level exposed communication + optimizer + offload.
    T.stepSeconds = T.computeSeconds + T.exposedCommSeconds + T.bubbleSeconds + optimizerSeconds +
                    offloadSeconds;
    // Split the exposed time by tier in proportion to each group's inter-node share of its traffic
    // time.
    {
        auto interShare = [&](const CollectiveCost& c) {
            const double intraT = c.intraBytes / bw.intraBytesPerSecond,
                         interT = c.interBytes / bw.interBytesPerSecond;
            return intraT + interT > 0 ? interT / (intraT + interT) : 0.0;
        };
        double inter =
            T.exposedTpSeconds * interShare(mbc.tp) + T.exposedCpSeconds * interShare(mbc.cp) +
            T.exposedEpSeconds * interShare(mbc.ep) + mb * dpPerMbExposed * interShare(dpPerMb) +
            dpReduceExposed * interShare(traffic.dpReduce) + dpGatherExposed * interShare(traffic.dpGather) +
            ppExposed * (pl.pp.crossesNodes() ? 1.0 : 0.0);
        T.exposedInterNodeSeconds = std::min(inter, T.exposedCommSeconds);
        T.exposedIntraNodeSeconds = T.exposedCommSeconds - T.exposedInterNodeSeconds;
    }

    auto& C = est.communication;
    const CollectiveCost tpC = mbc.tp.scaled(mb), cpC = mbc.cp.scaled(mb), epC = mbc.ep.scaled(mb);
    CollectiveCost dpC = dpPerMb.scaled(mb);
    dpC += traffic.dpReduce;
    dpC += traffic.dpGather;
    C.tpBytes = tpC.bytes();
    C.cpBytes = cpC.bytes();
    C.epBytes = epC.bytes();
    C.ppBytes = pp.bytes();
    C.dpBytes = dpC.bytes();
    C.tpSeconds = tpC.seconds;
    C.cpSeconds = cpC.seconds;
    C.epSeconds = epC.seconds;
    C.ppSeconds = pp.seconds;
    C.dpSeconds = dpC.seconds;
    C.intraNodeBytes =
        tpC.intraBytes + cpC.intraBytes + epC.intraBytes + pp.intraBytes + dpC.intraBytes;
    C.interNodeBytes =
        tpC.interBytes + cpC.interBytes + epC.interBytes + pp.interBytes + dpC.interBytes;
    C.perGpuBytes = C.intraNodeBytes + C.interNodeBytes;

    // Throughput.
    const double tokensPerStep = static_cast<double>(tr.globalBatch) * m.seqLen;
    const double gpus = static_cast<double>(p.gpus());
    est.modelFlopsPerStep = ctx.flops.modelPerToken() * tokensPerStep;
    // A partial recompute reruns its share of the layers: recompute_layers of each pp·vpp chunk.
    const double chunkLayers = m.layers * 1.0 / p.pp;
    const double recomputeModel =
        recomputeFlopsPerToken(ctx.flops, p.recompute,
                               recomputedLayers(p, chunkLayers) / chunkLayers, p.recomputeModules);
    est.hardwareFlopsPerStep = est.modelFlopsPerStep + recomputeModel * tokensPerStep;
    auto& Th = est.throughput;
    const double step = T.stepSeconds;
    Th.tokensPerSecond = tokensPerStep / step;
    Th.tokensPerSecondPerGpu = Th.tokensPerSecond / gpus;
    Th.modelFlopsPerSecondPerGpu = est.modelFlopsPerStep / step / gpus;
    // MFU against the dense peak of the training precision (Chowdhery et al. 2022, PaLM App. B).
    Th.mfu = Th.modelFlopsPerSecondPerGpu / ctx.peakFlopsPerSecond;
    Th.hfu = est.hardwareFlopsPerStep / step / gpus / ctx.peakFlopsPerSecond;

    // Cost and energy.
    auto& Co = est.cost;
    Co.timeToTrainSeconds = tr.trainTokens > 0 ? tr.trainTokens / Th.tokensPerSecond : 0.0;
    Co.gpuHours = Co.timeToTrainSeconds * gpus / kSecondsPerHour;
    Co.usdPerGpuHour = ctx.price.usdPerGpuHour;
    Co.priced = ctx.price.priced();
    Co.usd = Co.gpuHours * Co.usdPerGpuHour;
    // Average board power (energy.h: idle floor plus the busy share of the rest), times the
    // facility PUE.
    const double busy = std::clamp(T.computeSeconds / step, 0.0, 1.0);
    Co.energyKwh = Co.gpuHours * sc.cluster.gpu.tdpWatts * boardPowerFraction(busy) *
                   facilityPue(sc.cluster) / 1000.0;
    return est;
}

EstimateResult estimatePlan(const PlanContext& ctx, const Plan& plan) {
    EstimateResult r;
    r.errors = model::validatePlan(*ctx.scenario, plan, "plan");
    r.valid = r.errors.empty();
    r.estimate.plan = plan;
    if (r.valid) r.estimate = evaluatePlan(ctx, plan);
    return r;
}

} // namespace trainplan::sim

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

const Phrase kPipelineSendFormula{
    "2 × (m·v + p − 1) activation messages of b·s·h/t on the critical path",
    "关键路径上 2 × (m·v + p − 1) 条 b·s·h/t 的激活消息"};
const Phrase kPipelineSendSource{"Narayanan et al. 2021 §4.1 (scatter/gather)",
                                 "Narayanan 等 2021 §4.1（scatter/gather）"};
const Phrase kPpBytesFormula{"2 × m × v messages of b·s·h/t", "2 × m × v 条 b·s·h/t 的消息"};
const Phrase kPpBytesSource{"Narayanan et al. 2021 §4.1", "Narayanan 等 2021 §4.1"};
const Phrase kBubbleFormula{"(p − 1)/v × micro-batch slot", "(p − 1)/v × 微批次时隙"};
const Phrase kBubbleSource{
    "Narayanan et al. 2021 §2.2: bubble fraction (p−1)/m, interleaved (p−1)/(m·v)",
    "Narayanan 等 2021 §2.2：气泡比例 (p−1)/m，交错调度时 (p−1)/(m·v)"};
const Phrase kStepFormula{"compute + exposed communication + bubble + optimizer + offload",
                          "计算 + 未被掩盖的通信 + 气泡 + 优化器 + 卸载"};
const Phrase kStepSource{"TrainPlan step-time model (docs/model.md)",
                         "TrainPlan 步时间模型（docs/model.md）"};
const Phrase kTrafficFormula{"sum over parallel groups of the bytes each rank sends",
                             "各并行组中每个 rank 发送字节数之和"};
const Phrase kTrafficSource{"NCCL bus-bandwidth factors (nccl-tests PERFORMANCE.md)",
                            "NCCL 总线带宽系数（nccl-tests PERFORMANCE.md）"};
const Phrase kMfuFormula{"model FLOPs per step / (step time × GPUs × dense peak)",
                         "每步模型 FLOPs / (步时间 × GPU 数 × 稠密峰值)"};
const Phrase kMfuSource{"Chowdhery et al. 2022 (PaLM) App. B: model FLOPs, no recompute",
                        "Chowdhery 等 2022（PaLM）附录 B：模型 FLOPs，不含重计算"};
const Phrase kTokensPerSecondFormula{"global batch × sequence length / step time",
                                     "全局批大小 × 序列长度 / 步时间"};
const Phrase kDefinitionSource{"definition", "定义"};
const Phrase kTimeToTrainFormula{"training tokens / tokens per second",
                                 "训练 token 数 / 每秒 token 数"};
const Phrase kTimeToTrainSource{"definition (no failures; goodput is separate)",
                                "定义（不计故障；有效训练时间另算）"};
const Phrase kGpuHoursFormula{"time to train × GPUs / 3600", "训练时长 × GPU 数 / 3600"};
const Phrase kCostFormula{"GPU-hours × price per GPU-hour", "GPU 时 × 每 GPU 时价格"};
const Phrase kCostSource{"scenario cluster.gpu_hour_usd", "场景 cluster.gpu_hour_usd"};

} // namespace trainplan::sim::rules
