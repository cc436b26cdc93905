#pragma once

// Internal: the plan space the searches enumerate (search.cpp exhaustively, search_best.cpp by
// branch and bound), so that both walk exactly the same plans.

#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>

#include <numeric>
#include <optional>
#include <vector>

namespace trainplan::sim::detail {

using model::Framework;
using model::Offload;
using model::Plan;
using model::Recompute;

// Divisors of n, ascending (none for n < 1).
[[nodiscard]] std::vector<int> divisors(long long n);

// True when a knob the constraints may fix allows v.
[[nodiscard]] inline bool allowed(const std::optional<int>& fixed, int v) {
    return !fixed || *fixed == v;
}

// What each framework can do (DESIGN §2, mirrored by model::validatePlan).
struct Capabilities {
    bool tp = false, pp = false, cp = false, ep = false, vpp = false, tpOverlap = false;
    bool etp = false; // MoE parallel folding (Megatron-LM --expert-tensor-parallel-size)
};

[[nodiscard]] Capabilities capabilities(model::Framework fw);

// Optimizer/gradient/parameter sharding and offload, as one knob.
struct Sharding {
    int zeroStage = 0;
    bool hybrid = false;
    Offload offload = Offload::None;
    bool offloadParams = false;
};

// The shardings a framework offers, minus those the constraints rule out.
[[nodiscard]] std::vector<Sharding> shardings(model::Framework fw,
                                              const model::ConstraintsSpec& k);

// One factorization of the cluster with its framework: the unit of parallel work.
struct Layout {
    int fwIndex = 0;
    Framework framework = Framework::Ddp;
    int tp = 1, pp = 1, cp = 1, dp = 1, ep = 1, vpp = 1;
    bool dpSpansNodes = false;
    long long plans = 0; // plans in its inner space
    model::PipelineLayout pipeline;
    int etp = 0; // Plan::etp: 0 = the experts split by tp
};

// A way to cut the layers over pp stages, with the interleaving depths it allows.
struct PipelineChoice {
    model::PipelineLayout layout;
    std::vector<int> vpps;
};

// The pipeline splits the search tries at pp: the framework's own when pp divides the layers (and
// torchtitan's, which counts the embedding and the output as layers, for FSDP always); otherwise,
// for Megatron-LM, middle stages of ⌈L/pp⌉ layers with the rest split between the first and last
// stages (--decoder-first/last-pipeline-num-layers; Llama 3.1 405B's 126 layers on pp 16 become
// 7 + 14 × 8 + 7, as Meta's and NVIDIA's recipes run it). DeepSpeed's uneven partition_method
// methods are read from plans, not searched (each costs a linear-partition solve per plan).
[[nodiscard]] std::vector<PipelineChoice> pipelineChoices(const model::Scenario& s,
                                                          model::Framework fw,
                                                          const Capabilities& cap, int pp);

// A recompute mode with, for Megatron-LM's selective recompute, the submodules it reruns
// (Plan::recomputeModules; 0 = its default).
struct RecomputeChoice {
    Recompute mode = Recompute::None;
    unsigned modules = 0;
};

// The knobs enumerated inside a layout.
struct InnerSpace {
    std::vector<int> microBatches;
    std::vector<Sharding> shardings;
    std::vector<RecomputeChoice> recomputes; // no recompute first: the least compute
    int spChoices = 1;      // 1: off; 2: off and on
    int spFirst = 0;        // 1: on only (folded experts need sequence parallelism)
    int overlapChoices = 1; // likewise for tp_comm_overlap

    [[nodiscard]] long long count() const {
        return static_cast<long long>(microBatches.size()) *
               static_cast<long long>(shardings.size()) *
               static_cast<long long>(recomputes.size()) * (spChoices - spFirst) * overlapChoices;
    }
};

// Whether tp splits the model's heads, KV heads and FFN evenly, within a node unless allowed.
[[nodiscard]] bool tpValid(const model::Scenario& s, int tp);

// Every layout of `gpus` GPUs for `fw` the constraints allow, in a fixed order.
template <typename F>
void forEachLayout(const model::Scenario& s, long long gpus, model::Framework fw, int fwIndex, F&& f) {
    const auto& m = s.model;
    const auto& k = s.constraints;
    const long long batch = s.training.globalBatch;
    if (gpus < 1 || batch < 1 || m.layers < 1 || m.heads < 1) return;
    const Capabilities cap = capabilities(fw);
    for (int tp : divisors(gpus)) {
        if ((tp > 1 && !cap.tp) || !allowed(k.tp, tp) || !tpValid(s, tp)) continue;
        for (int pp : divisors(gpus / tp)) {
            if ((pp > 1 && !cap.pp) || !allowed(k.pp, pp)) continue;
            const std::vector<PipelineChoice> splits = pipelineChoices(s, fw, cap, pp);
            if (splits.empty()) continue;
            for (int cp : divisors(gpus / tp / pp)) {
                if ((cp > 1 && !cap.cp) || !allowed(k.cp, cp)) continue;
                if (cp > 1 && m.seqLen % (2 * cp) != 0) continue;
                const long long dp = gpus / tp / pp / cp;
                if (!allowed(k.dp, static_cast<int>(dp)) || batch % dp != 0) continue;
                Plan probe;
                probe.tp = tp;
                probe.cp = cp;
                probe.dp = static_cast<int>(dp);
                const bool spans = placeGroups(probe, s.cluster.gpusPerNode).dp.nodes > 1;
                // The experts split by tp (etp 0), and, for Megatron-LM with tp > 1, folded
                // with each etp below tp that divides it (1, 2, 4 at tp 8): expert parallelism
                // then spans the ranks tp leaves over, ep dividing tp × dp × cp / etp
                // (Megatron-Core MoE parallel folding, --expert-tensor-parallel-size).
                std::vector<int> etps{0};
                if (m.moe.enabled() && cap.etp && tp > 1)
                    for (int d : divisors(tp))
                        if (d < tp && m.moe.expertFfnHidden % d == 0) etps.push_back(d);
                for (const int etp : etps) {
                    if (!allowed(k.etp, etp == 0 ? tp : etp)) continue;
                    std::vector<int> eps{1};
                    if (m.moe.enabled() && cap.ep)
                        eps = divisors(std::gcd(static_cast<long long>(m.moe.experts),
                                                etp == 0 ? dp * cp : dp * cp * tp / etp));
                    for (int ep : eps) {
                        if (!allowed(k.ep, ep)) continue;
                        for (const PipelineChoice& split : splits)
                            for (int vpp : split.vpps) {
                                if (!allowed(k.vpp, vpp)) continue;
                                Layout l{fwIndex, fw,   tp, pp, cp, static_cast<int>(dp), ep,
                                         vpp,     spans, 0, split.layout};
                                l.etp = etp;
                                f(l);
                            }
                    }
                }
            }
        }
    }
}

// The submodule sets Megatron-LM's selective recompute is searched with besides its default
// (core_attn, which saves nothing under flash attention): the memory-bound modules alone, then with
// the MLP and MoE blocks.
[[nodiscard]] std::vector<unsigned> selectiveModuleChoices(const model::Scenario& s);

// The knobs enumerated inside one layout.
[[nodiscard]] InnerSpace innerSpace(const model::Scenario& s, const Layout& l,
                                    const std::vector<Sharding>& fwShardings);

// The layout's plan with every inner knob at its default (dp_overlap on, see forEachPlan).
[[nodiscard]] inline Plan layoutPlan(const Layout& l) {
    Plan p;
    p.dpOverlap = true;
    p.framework = l.framework;
    p.tp = l.tp;
    p.pp = l.pp;
    p.cp = l.cp;
    p.dp = l.dp;
    p.ep = l.ep;
    p.etp = l.etp;
    p.vpp = l.vpp;
    p.pipeline = l.pipeline;
    return p;
}

inline void applySharding(Plan& p, const Sharding& sh) {
    p.zeroStage = sh.zeroStage;
    p.hybridShard = sh.hybrid;
    p.offload = sh.offload;
    p.offloadParams = sh.offloadParams;
}

// dp_overlap stays on (Plan's default): the overlapping schedule is the framework default (DDP,
// FSDP) or a recommended flag (DeepSpeed overlap_comm, Megatron --overlap-grad-reduce …), and the
// estimator never makes it slower or larger, so its non-overlapping twin could only be a dominated
// copy.
template <typename F> void forEachPlan(const Layout& l, const InnerSpace& in, F&& f) {
    Plan p = layoutPlan(l);
    // Micro-batch innermost: memory grows with it, so fitting changes at most about once per run
    // and the fit prediction below is rarely wrong.
    for (const Sharding& sh : in.shardings) {
        applySharding(p, sh);
        for (const RecomputeChoice& r : in.recomputes) {
            p.recompute = r.mode;
            p.recomputeModules = r.modules;
            for (int sp = in.spFirst; sp < in.spChoices; ++sp) {
                p.sequenceParallel = sp == 1;
                for (int ov = 0; ov < in.overlapChoices; ++ov) {
                    p.tpCommOverlap = ov == 1;
                    for (int mb : in.microBatches) {
                        p.microBatch = mb;
                        if (!f(p)) return;
                    }
                }
            }
        }
    }
}

} // namespace trainplan::sim::detail
