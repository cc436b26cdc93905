#include "search_space.h"

#include <algorithm>
#include <numeric>

namespace trainplan::sim::detail {

using model::Framework;
using model::Offload;
using model::Plan;
using model::Recompute;
using model::Scenario;

std::vector<int> divisors(long long n) {
    std::vector<int> small, large;
    if (n < 1) return small;
    for (long long d = 1; d * d <= n; ++d) {
        if (n % d != 0) continue;
        small.push_back(static_cast<int>(d));
        if (d != n / d) large.push_back(static_cast<int>(n / d));
    }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

Capabilities capabilities(Framework fw) {
    switch (fw) {
    case Framework::Ddp:
        return {};
    case Framework::Fsdp:
        return {true,  true, true,
                false, true, true}; // async TP: torchtitan enable_async_tensor_parallel
    case Framework::DeepSpeed:
        return {true, true, false, true, false, false};
    case Framework::Megatron:
        return {true, true, true, true, true, true, true};
    }
    return {};
}

std::vector<Sharding> shardings(Framework fw, const model::ConstraintsSpec& k) {
    std::vector<Sharding> all;
    switch (fw) {
    case Framework::Ddp:
        all = {{0, false, Offload::None, false}};
        break;
    case Framework::Fsdp:
        // NO_SHARD, SHARD_GRAD_OP, FULL_SHARD, HYBRID_SHARD, each with or without CPUOffload (which
        // always moves the parameters, so offload_params adds nothing).
        for (int z : {0, 2, 3})
            for (Offload o : {Offload::None, Offload::Cpu})
                all.push_back({z, false, o, false});
        for (Offload o : {Offload::None, Offload::Cpu})
            all.push_back({3, true, o, false});
        break;
    case Framework::DeepSpeed:
        // ZeRO-Offload needs stage ≥ 1; NVMe (ZeRO-Infinity) and parameter offload need stage 3.
        for (int z : {0, 1, 2, 3}) {
            all.push_back({z, false, Offload::None, false});
            if (z >= 1) all.push_back({z, false, Offload::Cpu, false});
            if (z == 3) {
                all.push_back({z, false, Offload::Cpu, true});
                all.push_back({z, false, Offload::Nvme, false});
                all.push_back({z, false, Offload::Nvme, true});
            }
        }
        break;
    case Framework::Megatron:
        // DDP, the distributed optimizer, and Megatron-FSDP's optim_grads and optim_grads_params.
        for (int z : {0, 1, 2, 3})
            all.push_back({z, false, Offload::None, false});
        break;
    }
    std::vector<Sharding> out;
    for (const Sharding& s : all)
        if (allowed(k.zeroStage, s.zeroStage) && (!k.offload || *k.offload == s.offload))
            out.push_back(s);
    return out;
}

std::vector<PipelineChoice> pipelineChoices(const Scenario& s, Framework fw,
                                            const Capabilities& cap, int pp) {
    const int layers = s.model.layers;
    std::vector<PipelineChoice> out;
    if (pp == 1) return {{{}, {1}}};
    auto keepValid = [&](PipelineChoice c) {
        Plan probe;
        probe.framework = fw;
        probe.pp = pp;
        probe.pipeline = c.layout;
        std::vector<int> valid;
        for (int v : c.vpps) {
            probe.vpp = v;
            if (model::pipelineChunks(s.model, s.training.precision, probe).ok())
                valid.push_back(v);
        }
        c.vpps = std::move(valid);
        if (!c.vpps.empty()) out.push_back(std::move(c));
    };
    if (fw == Framework::Fsdp) {
        // torchtitan: any stage count up to layers + 2 that layers_per_stage can produce.
        std::vector<int> vpps{1};
        if (cap.vpp)
            for (int v = 2; v <= (layers + 2) / pp; ++v)
                vpps.push_back(v);
        keepValid({{}, std::move(vpps)});
        return out;
    }
    if (layers % pp == 0) {
        out.push_back({{}, cap.vpp ? divisors(layers / pp) : std::vector<int>{1}});
        return out;
    }
    if (fw != Framework::Megatron) return out;
    const int middle = (layers + pp - 1) / pp;
    const int rest = pp == 2 ? layers : layers - (pp - 2) * middle;
    if (rest < 2) return out;
    PipelineChoice c;
    c.layout.firstStageLayers = rest / 2;
    c.layout.lastStageLayers = rest - rest / 2;
    const int g = std::gcd(std::gcd(*c.layout.firstStageLayers, *c.layout.lastStageLayers),
                           pp == 2 ? *c.layout.lastStageLayers : middle);
    c.vpps = cap.vpp ? divisors(g) : std::vector<int>{1};
    keepValid(std::move(c));
    return out;
}

bool tpValid(const Scenario& s, int tp) {
    const auto& m = s.model;
    const int kv = m.kvHeads > 0 ? m.kvHeads : m.heads;
    if (m.heads % tp != 0) return false;
    if (kv % tp != 0 && tp % kv != 0) return false;
    if (m.ffnHidden % tp != 0) return false;
    if (tp > s.cluster.gpusPerNode && !s.constraints.tpAcrossNodes) return false;
    return true;
}

std::vector<unsigned> selectiveModuleChoices(const Scenario& s) {
    namespace rm = model::recompute_module;
    const auto& m = s.model;
    const bool moe = m.moe.enabled();
    // The memory-bound submodules, cheap to rerun (Megatron-LM --recompute-modules,
    // transformer_config.py): the two norms, the routed experts' activation, MLA's up-projections,
    // and core attention when it is not flash attention (which keeps no scores to save).
    const unsigned light = rm::kLayerNorm | (moe ? rm::kMoeAct : 0u) |
                           (m.mla.enabled() ? rm::kMlaUpProj : 0u) |
                           (s.training.flashAttention ? 0u : rm::kCoreAttn);
    // … then the MLP (and MoE) blocks as well: most of a layer's activations for its MLP's FLOPs.
    const unsigned heavy = light | rm::kMlp | (moe ? rm::kMoe : 0u);
    return {light, heavy};
}

InnerSpace innerSpace(const Scenario& s, const Layout& l,
                      const std::vector<Sharding>& fwShardings) {
    const auto& k = s.constraints;
    InnerSpace in;
    for (int mb : divisors(s.training.globalBatch / l.dp))
        if (allowed(k.microBatch, mb)) in.microBatches.push_back(mb);
    for (const Sharding& sh : fwShardings) {
        if (l.framework == Framework::DeepSpeed && l.pp > 1 && sh.zeroStage > 1) continue;
        if (sh.hybrid && !l.dpSpansNodes) continue; // HYBRID_SHARD inside one node is FULL_SHARD
        in.shardings.push_back(sh);
    }
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        if (k.recompute && *k.recompute != r) continue;
        in.recomputes.push_back({r, 0});
        if (r == Recompute::Selective && l.framework == Framework::Megatron)
            for (unsigned modules : selectiveModuleChoices(s))
                in.recomputes.push_back({r, modules});
    }
    in.spChoices = l.tp > 1 ? 2 : 1;
    // Megatron-LM requires sequence parallelism for MoE with tensor parallelism; the search keeps
    // both for the tp-split experts it always offered, and only SP on for folded ones.
    if (layoutPlan(l).foldsExperts() && l.tp > 1) in.spFirst = 1;
    in.overlapChoices = l.tp > 1 && capabilities(l.framework).tpOverlap ? 2 : 1;
    return in;
}

} // namespace trainplan::sim::detail
