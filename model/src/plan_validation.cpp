// validatePlan (split out of scenario_json.cpp): what each plan of a scenario must satisfy, with
// the field path and the reason, framework by framework (DESIGN §2).
#include <trainplan/model/scenario_json.h>

#include <trainplan/model/pipeline_layout.h>

#include <trainplan/model/json_reader.h>

#include <string>
#include <utility>

namespace trainplan::model {

using detail::kMaxGpus;

ValidationIssues validatePlan(const Scenario& s, const Plan& p, const std::string& path) {
    ValidationIssues out;
    auto add = [&](const char* field, std::string msg) {
        out.push_back({path + "." + field, std::move(msg)});
    };
    const TransformerSpec& m = s.model;
    const std::string fw(toString(p.framework));
    for (auto [name, v] : {std::pair{"dp", p.dp},
                           {"tp", p.tp},
                           {"pp", p.pp},
                           {"cp", p.cp},
                           {"ep", p.ep},
                           {"vpp", p.vpp},
                           {"micro_batch", p.microBatch}})
        if (v < 1) add(name, std::to_string(v) + " must be at least 1");
    if (!out.empty()) return out;

    const long long clusterGpus = s.planGpus();
    const std::string layout = std::to_string(p.dp) + "×" + std::to_string(p.tp) + "×" +
                               std::to_string(p.pp) + "×" + std::to_string(p.cp);
    // The product of four counts read from a file can overflow 64 bits; compare it in double first.
    if (static_cast<double>(p.dp) * p.tp * p.pp * p.cp > static_cast<double>(kMaxGpus))
        add("dp", "dp×tp×pp×cp = " + layout + " exceeds the supported " + std::to_string(kMaxGpus) +
                      " GPUs; the cluster has " + std::to_string(clusterGpus));
    else if (const long long gpus = p.gpus(); gpus != clusterGpus)
        add("dp", "dp×tp×pp×cp = " + layout + " = " + std::to_string(gpus) +
                      " GPUs, but the cluster has " + std::to_string(clusterGpus));
    if (m.heads % p.tp != 0)
        add("tp", "model.heads: " + std::to_string(m.heads) +
                      " is not divisible by tp=" + std::to_string(p.tp));
    if (m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0)
        add("tp", "model.kv_heads: " + std::to_string(m.kvHeads) +
                      " and tp=" + std::to_string(p.tp) + " must divide one another");
    if (m.ffnHidden % p.tp != 0)
        add("tp", "model.ffn_hidden: " + std::to_string(m.ffnHidden) +
                      " is not divisible by tp=" + std::to_string(p.tp));
    if (p.tp > s.cluster.gpusPerNode && !s.constraints.tpAcrossNodes)
        add("tp", "tp=" + std::to_string(p.tp) + " spans nodes of " +
                      std::to_string(s.cluster.gpusPerNode) +
                      " GPUs; tensor parallelism needs the intra-node link (set "
                      "constraints.tp_across_nodes to allow it)");
    if (const ChunkLayout chunks = pipelineChunks(m, s.training.precision, p); !chunks.ok())
        out.push_back({path + "." + chunks.field, chunks.error});
    if (p.vpp > 1 && p.pp < 2)
        add("vpp", "interleaving (vpp=" + std::to_string(p.vpp) + ") needs pp ≥ 2");
    if (p.cp > 1 && m.seqLen % (2 * p.cp) != 0)
        add("cp", "model.seq_len: " + std::to_string(m.seqLen) +
                      " is not divisible by 2×cp=" + std::to_string(2 * p.cp) +
                      " (load-balanced context parallelism splits the sequence into 2·cp chunks)");
    // In double first: three counts read from a file can overflow 64 bits (the GPU-count check
    // above reports that case).
    const double denseRanksExact = static_cast<double>(p.tp) * p.dp * p.cp;
    const long long denseRanks = denseRanksExact <= static_cast<double>(kMaxGpus)
                                     ? static_cast<long long>(denseRanksExact)
                                     : 0;
    if (p.ep > 1) {
        if (!m.moe.enabled())
            add("ep", "expert parallelism needs a MoE model (model.moe.experts is 0)");
        else if (m.moe.experts % p.ep != 0)
            add("ep", "model.moe.experts: " + std::to_string(m.moe.experts) +
                          " is not divisible by ep=" + std::to_string(p.ep));
        if (p.foldsExperts()) {
            if (denseRanks > 0 && denseRanks % (static_cast<long long>(p.ep) * p.etp) != 0)
                add("ep", "ep×etp=" + std::to_string(static_cast<long long>(p.ep) * p.etp) +
                              " must divide tp×dp×cp=" + std::to_string(denseRanks) +
                              " (the experts' ranks are etp × ep × expert-dp, Megatron-Core's "
                              "MoE parallel folding)");
        } else if ((static_cast<long long>(p.dp) * p.cp) % p.ep != 0) {
            add("ep", "ep=" + std::to_string(p.ep) + " must divide dp×cp=" +
                          std::to_string(static_cast<long long>(p.dp) * p.cp) +
                          " (experts are sharded across data-parallel ranks; set etp below tp "
                          "to fold expert parallelism into the tensor-parallel ranks)");
        }
    }
    if (p.foldsExperts()) {
        if (p.framework != Framework::Megatron)
            add("etp", "is Megatron-LM's --expert-tensor-parallel-size; " +
                           std::string(displayName(p.framework)) +
                           " splits experts with the dense tensor-parallel size");
        else if (!m.moe.enabled())
            add("etp", "expert tensor parallelism needs a MoE model (model.moe.experts is 0)");
        else if (m.moe.expertFfnHidden % p.etp != 0)
            add("etp", "model.moe.expert_ffn_hidden: " + std::to_string(m.moe.expertFfnHidden) +
                           " is not divisible by etp=" + std::to_string(p.etp));
        if (p.etp > s.cluster.gpusPerNode && !s.constraints.tpAcrossNodes)
            add("etp", "etp=" + std::to_string(p.etp) + " spans nodes of " +
                           std::to_string(s.cluster.gpusPerNode) +
                           " GPUs; tensor parallelism needs the intra-node link");
        if (p.tp > 1 && !p.sequenceParallel)
            add("etp", "needs sequence_parallel with tp > 1: Megatron-LM requires sequence "
                       "parallelism for MoE with tensor parallelism (arguments.py)");
    }
    const long long perStep = static_cast<long long>(p.microBatch) * p.dp;
    if (s.training.globalBatch < perStep)
        add("micro_batch", "training.global_batch: " + std::to_string(s.training.globalBatch) +
                               " is smaller than micro_batch×dp=" + std::to_string(perStep) +
                               ": every data-parallel rank needs at least one sequence per step");
    else if (s.training.globalBatch % perStep != 0)
        add("micro_batch", "training.global_batch: " + std::to_string(s.training.globalBatch) +
                               " is not divisible by micro_batch×dp=" + std::to_string(perStep));
    if (p.sequenceParallel && p.tp < 2) add("sequence_parallel", "needs tp ≥ 2");
    if (p.recomputeLayers > 0 && p.recompute != Recompute::Full)
        add("recompute_layers", "recomputes whole layers, so it needs recompute \"full\" (got \"" +
                                    std::string(toString(p.recompute)) + "\")");
    else if (p.recomputeLayers > s.model.layers)
        add("recompute_layers", std::to_string(p.recomputeLayers) + " exceeds the model's " +
                                    std::to_string(s.model.layers) +
                                    " layers (0 recomputes every layer)");
    if (p.recomputeModules != 0) {
        namespace rm = recompute_module;
        if (p.recompute != Recompute::Selective)
            add("recompute_modules", "names submodules of a selective recompute, so it needs "
                                     "recompute \"selective\" (got \"" +
                                         std::string(toString(p.recompute)) + "\")");
        else if (p.framework != Framework::Megatron)
            add("recompute_modules", "is Megatron-LM's --recompute-modules; " +
                                         std::string(displayName(p.framework)) +
                                         " recomputes by its own policy");
        const bool moe = s.model.moe.enabled();
        if (!moe && (p.recomputeModules & (rm::kMoe | rm::kMoeAct | rm::kSharedExperts)))
            add("recompute_modules",
                "'" + rm::join(p.recomputeModules & (rm::kMoe | rm::kMoeAct | rm::kSharedExperts),
                               "', '") +
                    "' needs a MoE model");
        else if (moe && s.model.moe.sharedExperts <= 0 &&
                 (p.recomputeModules & rm::kSharedExperts))
            add("recompute_modules", "'shared_experts' needs a model with shared experts");
        if (!s.model.mla.enabled() && (p.recomputeModules & rm::kMlaUpProj))
            add("recompute_modules", "'mla_up_proj' needs multi-head latent attention");
    }
    if (p.offloadParams && (p.zeroStage != 3 || p.offload == Offload::None))
        add("offload_params", "parameter offload needs zero_stage 3 with offload cpu or nvme");

    auto unsupported = [&](const char* field, const std::string& what) {
        add(field, std::string(displayName(p.framework)) + " does not support " + what);
    };
    switch (p.framework) {
    case Framework::Ddp:
        if (p.tp > 1) unsupported("tp", "tensor parallelism (tp=" + std::to_string(p.tp) + ")");
        if (p.pp > 1) unsupported("pp", "pipeline parallelism (pp=" + std::to_string(p.pp) + ")");
        if (p.cp > 1) unsupported("cp", "context parallelism");
        if (p.ep > 1) unsupported("ep", "expert parallelism");
        if (p.vpp > 1) unsupported("vpp", "interleaved pipelines");
        if (p.zeroStage != 0)
            unsupported("zero_stage", "sharding (zero_stage " + std::to_string(p.zeroStage) +
                                          "); use fsdp or deepspeed");
        if (p.offload != Offload::None) unsupported("offload", "offload");
        if (p.hybridShard) unsupported("sharding", "hybrid sharding");
        break;
    case Framework::Fsdp:
        if (p.zeroStage == 1)
            unsupported("zero_stage",
                        "stage 1 (FSDP shards gradients too: use full, grad_op or no_shard)");
        if (p.ep > 1) unsupported("ep", "expert parallelism in this model");
        if (p.offload == Offload::Nvme) unsupported("offload", "NVMe offload (only CPU offload)");
        if (p.hybridShard && p.zeroStage != 3)
            add("sharding", "hybrid sharding is FULL_SHARD inside a node");
        break;
    case Framework::DeepSpeed:
        if (p.cp > 1)
            unsupported("cp", "ring context parallelism (DeepSpeed-Ulysses is a different scheme)");
        if (p.vpp > 1) unsupported("vpp", "interleaved pipelines");
        if (p.pp > 1 && p.zeroStage > 1)
            unsupported("zero_stage", "ZeRO-" + std::to_string(p.zeroStage) +
                                          " with pipeline parallelism (only ZeRO ≤ 1)");
        if (p.offload != Offload::None && p.zeroStage == 0)
            add("offload", "optimizer offload needs zero_stage ≥ 1");
        if (p.offload == Offload::Nvme && p.zeroStage != 3)
            add("offload", "NVMe offload (ZeRO-Infinity) needs zero_stage 3");
        if (p.hybridShard) unsupported("sharding", "FSDP hybrid sharding");
        break;
    case Framework::Megatron:
        // zero_stage 1 is the distributed optimizer; 2 and 3 are Megatron-FSDP's optim_grads and
        // optim_grads_params (--use-megatron-fsdp --data-parallel-sharding-strategy).
        if (p.offload != Offload::None) unsupported("offload", "optimizer offload in this model");
        if (p.hybridShard)
            unsupported("sharding", "hybrid sharding in this model (Megatron-FSDP's outer "
                                    "data-parallel group is not modelled)");
        break;
    }
    if ((p.framework == Framework::Ddp || p.framework == Framework::Fsdp) && !p.dpOverlap)
        add("dp_overlap", std::string(displayName(p.framework)) +
                              " always overlaps gradient reduction with backward");
    // Megatron's --tp-comm-overlap (Transformer Engine userbuffers) and PyTorch's async tensor
    // parallelism for FSDP2 + TP (torchtitan `enable_async_tensor_parallel`) overlap TP
    // collectives.
    if (p.tpCommOverlap && p.framework != Framework::Megatron && p.framework != Framework::Fsdp)
        add("tp_comm_overlap",
            "is a Megatron/Transformer Engine or PyTorch async-TP (FSDP) option");
    else if (p.tpCommOverlap && p.tp <= 1)
        add("tp_comm_overlap", "needs tp > 1: there is no tensor-parallel traffic to overlap");
    // Megatron-Core's MoE options (docs "Combined 1F1B: Expert-Parallel All-to-All Overlap" and
    // Megatron-Bridge's comm_overlap checks: ep > 1, VPP when pipelined, no full recompute).
    if (p.epCommOverlap) {
        if (p.framework != Framework::Megatron)
            add("ep_comm_overlap",
                "is Megatron-Core's combined 1F1B (--overlap-moe-expert-parallel-comm)");
        else if (p.ep <= 1)
            add("ep_comm_overlap", "needs ep > 1: there is no expert-parallel traffic to overlap");
        else if (p.pp > 1 && p.vpp <= 1)
            add("ep_comm_overlap", "needs an interleaved pipeline (vpp > 1) when pp > 1");
        else if (p.recompute == Recompute::Full)
            add("ep_comm_overlap", "does not run with full recompute (use selective recompute)");
    }
    if (p.moeDispatcher == MoeDispatcher::Flex && p.framework != Framework::Megatron)
        add("moe_dispatcher", "flex (DeepEP/HybridEP) is a Megatron-Core token dispatcher");
    return out;
}

} // namespace trainplan::model
