// The tensor-, context- and expert-parallel traffic of one micro-batch on a pipeline stage, and
// what of it stays exposed behind the stage's compute (split out of estimate.cpp).
#include "derivation_rules.h"
#include "estimate_detail.h"

#include <algorithm>

namespace trainplan::sim::detail {

using model::Framework;
using model::Plan;
using model::Precision;
using model::Recompute;

MicroBatchComm microBatchComm(const PlanContext& ctx, const Plan& p, const Placements& pl,
                              const StageTime& st, const StageSlot& slot) {
    const auto& m = ctx.scenario->model;
    const auto& bw = ctx.bandwidth;
    const double tokens = tokensPerMicroBatch(ctx, p);
    const double elem = ctx.scenario->training.precision == Precision::Fp32 ? 4.0 : 2.0;
    const double layers = slot.layers;
    const double moeLayers = slot.moeLayers;
    MicroBatchComm c;
    // Folded experts with etp > 1 gather their tokens in the etp group even at tp 1.
    if (p.tp > 1 || (p.foldsExperts() && p.etp > 1 && moeLayers > 0)) {
        // Two all-reduces forward and two backward per layer (Shoeybi et al. 2019 Fig. 4); with
        // sequence parallelism each becomes an all-gather + reduce-scatter of the same volume
        // (Korthikanti §4.2.2). Full recompute repeats the forward pair.
        const double rcLayers = p.recompute == Recompute::Full ? recomputedLayers(p, layers) : 0.0;
        if (!p.foldsExperts() || moeLayers <= 0) {
            c.tp = allReduce(tokens * m.hidden * elem, pl.tp, bw, 1)
                       .scaled(4.0 * layers + 2.0 * rcLayers);
        } else {
            // Folded experts: a MoE layer's FFN half leaves the tp group. Its tokens stay split
            // by sequence parallelism, and only the etp ranks share each expert's tokens: an
            // all-gather and reduce-scatter of tokens × etp/tp over the etp group (none at etp 1;
            // Megatron-Core MoE parallel folding, token dispatcher with expert TP).
            const double rcMoe = layers > 0 ? rcLayers * moeLayers / layers : 0.0;
            c.tp = allReduce(tokens * m.hidden * elem, pl.tp, bw, 1)
                       .scaled(4.0 * layers + 2.0 * rcLayers - 2.0 * moeLayers - rcMoe);
            c.tp += allReduce(tokens * p.etp / p.tp * m.hidden * elem, pl.etp, bw, 1)
                        .scaled(2.0 * moeLayers + rcMoe);
        }
        // Transformer Engine's userbuffers overlap (Megatron --tp-comm-overlap) pipelines each
        // collective with its GEMM on dedicated SMs; PyTorch's async TP (FSDP2 + TP) hides less
        // (tp_overlap_fraction, measured by torchtitan).
        const double hidden = !p.tpCommOverlap                     ? 0.0
                              : p.framework == Framework::Megatron ? ctx.eff.overlapFraction
                                                                   : ctx.eff.tpOverlapFraction;
        c.tpExposed = c.tp.seconds * (1.0 - hidden);
    }
    if (p.cp > 1) {
        const double rcLayers = p.recompute == Recompute::Full ? recomputedLayers(p, layers) : 0.0;
        if (!pytorchCpAllGather(p)) {
            // Ring attention passes K,V around the cp ring: (cp−1) chunks forward, K,V and their
            // gradients backward (Liu et al. 2023; Megatron-Core context parallelism), overlapped
            // with attention compute.
            // MLA passes the decompressed per-head keys and values (Megatron-Core MLA with p2p CP).
            const double kvWidth = m.mla.enabled() ? m.heads * (m.qkHeadDim() + m.vHeadDim())
                                                   : 2.0 * m.kvHeads * m.headDim;
            const double kv = tokens * kvWidth * elem / p.tp;
            const double steps = (p.cp - 1.0) * (3.0 * layers + rcLayers);
            c.cp = pointToPoint(kv, pl.cp.crossesNodes(), bw, 1).scaled(steps);
            const double attnCompute =
                st.attentionForward * (1.0 + 2.5 + (layers > 0 ? rcLayers / layers : 0.0));
            c.cpExposed = std::max(0.0, c.cp.seconds - ctx.eff.overlapFraction * attnCompute);
        } else {
            const PyTorchCp t = pytorchContextParallel(ctx, p, pl, st, tokens, layers, rcLayers);
            c.cp = t.cost;
            c.cpExposed = t.exposedSeconds;
        }
    }
    if (p.ep > 1 && moeLayers > 0) {
        // Token dispatch and combine all-to-all, forward and backward (Lepikhin et al. 2021 GShard
        // §2.2).
        // Recomputing the MoE layer (--recompute-modules moe) reruns its dispatch and combine.
        const double rcShare = p.recompute == Recompute::Full && layers > 0
                                   ? recomputedLayers(p, layers) / layers
                               : p.recompute == Recompute::Selective &&
                                       (p.recomputeModules & model::recompute_module::kMoe)
                                   ? 1.0
                                   : 0.0;
        // The busiest rank receives (and returns) its experts' load (expertLoadFactor).
        const double bytes = tokens * m.moe.topK * expertLoadFactor(m, p) * m.hidden * elem /
                             (p.sequenceParallel ? p.tp : 1);
        const CollectiveCost one =
            p.moeDispatcher == model::MoeDispatcher::Flex
                ? nodeDedupAllToAll(bytes, m.moe.topK, m.moe.experts, pl.ep, bw, 1)
                : allToAll(bytes, pl.ep, bw, 1);
        c.ep = one.scaled((4.0 + 2.0 * rcShare) * moeLayers);
        // Combined 1F1B (--overlap-moe-expert-parallel-comm) runs one micro-batch's dispatch and
        // combine under the adjacent micro-batch's forward or backward (Megatron-Core "Combined
        // 1F1B: Expert-Parallel All-to-All Overlap"): up to overlap_fraction of the stage's compute
        // hides it, and what hides still takes its SMs from that compute (ncclSmShare). The
        // tensor- and context-parallel traffic already hidden under the same compute is not
        // available to it a second time.
        const double compute = st.forward + st.backward + st.recompute;
        const double hiddenElsewhere = (c.tp.seconds - c.tpExposed) + (c.cp.seconds - c.cpExposed);
        const double window = std::max(0.0, ctx.eff.overlapFraction * compute - hiddenElsewhere);
        c.epExposed = p.epCommOverlap
                          ? std::max(c.ep.seconds - window, ncclSmShare(ctx.eff) * c.ep.seconds)
                          : c.ep.seconds;
    }
    c.exposedSeconds = c.tpExposed + c.cpExposed + c.epExposed;
    return c;
}

} // namespace trainplan::sim::detail

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

namespace {

constexpr Phrase kRingExchange{"ring K/V exchange not hidden behind attention compute",
                               "未被注意力计算掩盖的环形 K/V 交换"};
constexpr Phrase kAllGatherExchange{
    "K/V all-gather (query heads) beyond step 0's local block, forward, recompute and backward, + "
    "fp32 dK/dV ring, last send exposed",
    "K/V 全收集（按查询头）超出第 0 步本地块的部分，前向、重计算与反向各一次，加 fp32 dK/dV "
    "环形传递，最后一次发送无法掩盖"};
constexpr Phrase kRingSource{"Liu et al. 2023 (ring attention); Megatron-Core context parallelism",
                             "Liu 等 2023（环形注意力 ring attention）；Megatron-Core 上下文并行"};
constexpr Phrase kAllGatherSource{
    "PyTorch context_parallel (torch/distributed/tensor/experimental/_attention.py, 2024-12: "
    "all-gather rotater, all_to_all dK/dV); torchtitan",
    "PyTorch "
    "context_parallel（torch/distributed/tensor/experimental/_attention.py，2024-12：all-gather "
    "轮转，dK/dV 走 all_to_all）；torchtitan"};

constexpr Phrase kEpOverlapped{
    "dispatch + combine all-to-all, forward and backward, per MoE layer, beyond what the adjacent "
    "micro-batch's compute hides (combined 1F1B), at least the NCCL SM share",
    "每个 MoE 层前向与反向的 dispatch + combine "
    "all-to-all，扣除相邻微批次计算所掩盖的部分（combined 1F1B），且至少计入 NCCL 占用 SM 的份额"};
constexpr Phrase kEp{"dispatch + combine all-to-all, forward and backward, per MoE layer",
                     "每个 MoE 层前向与反向的 dispatch + combine all-to-all"};
constexpr Phrase kEpOverlappedSource{
    "Lepikhin et al. 2021 (GShard) §2.2; Megatron-Core combined 1F1B "
    "(--overlap-moe-expert-parallel-comm); DeepEP (flex dispatcher)",
    "Lepikhin 等 2021（GShard）§2.2；Megatron-Core combined 1F1B "
    "（--overlap-moe-expert-parallel-comm）；DeepEP（flex 分发器）"};
constexpr Phrase kEpSource{"Lepikhin et al. 2021 (GShard) §2.2; DeepEP (flex dispatcher)",
                           "Lepikhin 等 2021（GShard）§2.2；DeepEP（flex 分发器）"};

} // namespace

const Phrase kExposedTpFormula{
    "micro-batches × layers × 4 all-reduces of b·s·h (6 with full recompute) × (1 − overlap)",
    "微批次数 × 层数 × 4 次 b·s·h 的 all-reduce（完全重计算时 6 次）× (1 − 重叠比例)"};
const Phrase kExposedTpSource{"Shoeybi et al. 2019 Fig. 4; Korthikanti et al. 2022 §4.2.2",
                              "Shoeybi 等 2019 图 4；Korthikanti 等 2022 §4.2.2"};
const Phrase kTpBytesFormula{"4 all-reduce equivalents of b·s·h per layer and micro-batch",
                             "每层每个微批次相当于 4 次 b·s·h 的 all-reduce"};
const Phrase kTpBytesSource{"Shoeybi et al. 2019", "Shoeybi 等 2019"};
const Phrase kEpBytesFormula{"4 all-to-alls of b·s·k·h per MoE layer and micro-batch",
                             "每个 MoE 层每个微批次 4 次 b·s·k·h 的 all-to-all"};
const Phrase kEpBytesSource{"Lepikhin et al. 2021", "Lepikhin 等 2021"};

const Phrase& exposedEpFormula(bool overlap) {
    return overlap ? kEpOverlapped : kEp;
}

const Phrase& exposedEpSource(bool overlap) {
    return overlap ? kEpOverlappedSource : kEpSource;
}

const Phrase kCpBytesFormula{"3 × (cp − 1) K/V chunks per layer and micro-batch",
                             "每层每个微批次 3 × (cp − 1) 个 K/V 块"};
const Phrase kCpBytesSource{"Liu et al. 2023", "Liu 等 2023"};

const Phrase& exposedCpFormula(bool pytorchAllGather) {
    return pytorchAllGather ? kAllGatherExchange : kRingExchange;
}

const Phrase& exposedCpSource(bool pytorchAllGather) {
    return pytorchAllGather ? kAllGatherSource : kRingSource;
}

} // namespace trainplan::sim::rules
