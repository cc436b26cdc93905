// PyTorch context parallelism's collectives (split out of estimate.cpp).
#include "estimate_detail.h"

#include <algorithm>

namespace trainplan::sim::detail {

using model::Plan;
using model::Precision;

// PyTorch context parallelism (torch.distributed.tensor.experimental.context_parallel, as
// torchtitan runs it; torch/distributed/tensor/experimental/_attention.py, 2024-12):
// - K and V are all-gathered across the cp group (_cp_options.rotate_method default
//   ALL_GATHER) after repeat_kv, so they carry the query heads, not the KV heads; the gather is
//   issued async and hides only behind step 0, the local causal block (1/cp of the attention);
// - the gather is repeated in the recompute forward and in backward (the SDPA backward re-runs
//   the ring), and dK/dV go round the ring in fp32 (the backward's all_to_all rotater): each
//   send hides behind the next step's block, the last one behind nothing.
PyTorchCp pytorchContextParallel(const PlanContext& ctx, const Plan& p, const Placements& pl,
                                 const StageTime& st, double tokens, double layers,
                                 double rcLayers) {
    const auto& m = ctx.scenario->model;
    const double elem = ctx.scenario->training.precision == Precision::Fp32 ? 4.0 : 2.0;
    const double width =
        m.mla.enabled() ? m.heads * (m.qkHeadDim() + m.vHeadDim()) : 2.0 * m.heads * m.headDim;
    const double chunkBytes = tokens * width * elem / p.tp;
    const double gradChunkBytes = tokens * width * 4.0 / p.tp;
    const CollectiveCost gather = allGather(chunkBytes * p.cp, pl.cp, ctx.bandwidth, 1);
    const CollectiveCost gradSend =
        pointToPoint(gradChunkBytes, pl.cp.crossesNodes(), ctx.bandwidth, 1);
    PyTorchCp out;
    out.cost = gather.scaled(2.0 * layers + rcLayers);
    out.cost += gradSend.scaled(p.cp * layers);
    const double blockForward = layers > 0 ? st.attentionForward / layers / p.cp : 0.0;
    const double blockBackward = 2.5 * blockForward; // flash attention backward (Dao 2023 §3.1)
    const double forwardExposed = std::max(0.0, gather.seconds - blockForward);
    const double backwardExposed = std::max(0.0, gather.seconds - blockBackward) +
                                   gradSend.seconds +
                                   (p.cp - 1.0) * std::max(0.0, gradSend.seconds - blockBackward);
    out.exposedSeconds = (layers + rcLayers) * forwardExposed + layers * backwardExposed;
    return out;
}

} // namespace trainplan::sim::detail
