// validatePlan (split out of scenario_json.cpp): what each plan of a scenario must satisfy, with
// the field path and the reason, framework by framework (DESIGN §2).
#include <trainplan/model/scenario_json.h>

#include <trainplan/model/pipeline_layout.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/model/json_reader.h>

#include <string>
#include <utility>

namespace trainplan::model {

using detail::kMaxGpus;

ValidationIssues validatePlan(const Scenario& s, const Plan& p, const std::string& path) {
    ValidationIssues out;
    auto add = [&](const char* field, IssueId id, std::vector<IssueArg> args = {}) {
        out.push_back({path + "." + field, id, std::move(args)});
    };
    const std::string_view fwName = displayName(p.framework);
    const TransformerSpec& m = s.model;
    const std::string fw(toString(p.framework));
    for (auto [name, v] : {std::pair{"dp", p.dp},
                           {"tp", p.tp},
                           {"pp", p.pp},
                           {"cp", p.cp},
                           {"ep", p.ep},
                           {"vpp", p.vpp},
                           {"micro_batch", p.microBatch}})
        if (v < 1) add(name, IssueId::AtLeastOne, {v});
    if (!out.empty()) return out;

    const long long clusterGpus = s.planGpus();
    const std::string layout = std::to_string(p.dp) + "×" + std::to_string(p.tp) + "×" +
                               std::to_string(p.pp) + "×" + std::to_string(p.cp);
    // The product of four counts read from a file can overflow 64 bits; compare it in double first.
    if (static_cast<double>(p.dp) * p.tp * p.pp * p.cp > static_cast<double>(kMaxGpus))
        add("dp", IssueId::LayoutExceedsMax, {layout, kMaxGpus, clusterGpus});
    else if (const long long gpus = p.gpus(); gpus != clusterGpus)
        add("dp", IssueId::LayoutMismatch, {layout, gpus, clusterGpus});
    if (m.heads % p.tp != 0)
        add("tp", IssueId::NotDivisibleBy, {"model.heads", m.heads, "tp", p.tp});
    if (m.kvHeads % p.tp != 0 && p.tp % m.kvHeads != 0)
        add("tp", IssueId::KvHeadsAndTp, {m.kvHeads, p.tp});
    if (m.ffnHidden % p.tp != 0)
        add("tp", IssueId::NotDivisibleBy, {"model.ffn_hidden", m.ffnHidden, "tp", p.tp});
    if (p.tp > s.cluster.gpusPerNode && !s.constraints.tpAcrossNodes)
        add("tp", IssueId::TpSpansNodes, {p.tp, s.cluster.gpusPerNode});
    if (const ChunkLayout chunks = pipelineChunks(m, s.training.precision, p); !chunks.ok())
        out.push_back({path + "." + chunks.field, chunks.issue, chunks.args});
    if (p.vpp > 1 && p.pp < 2) add("vpp", IssueId::VppNeedsPp, {p.vpp});
    if (p.cp > 1 && m.seqLen % (2 * p.cp) != 0) add("cp", IssueId::CpSeqLen, {m.seqLen, 2 * p.cp});
    // In double first: three counts read from a file can overflow 64 bits (the GPU-count check
    // above reports that case).
    const double denseRanksExact = static_cast<double>(p.tp) * p.dp * p.cp;
    const long long denseRanks = denseRanksExact <= static_cast<double>(kMaxGpus)
                                     ? static_cast<long long>(denseRanksExact)
                                     : 0;
    if (p.ep > 1) {
        if (!m.moe.enabled())
            add("ep", IssueId::EpNeedsMoe);
        else if (m.moe.experts % p.ep != 0)
            add("ep", IssueId::NotDivisibleBy, {"model.moe.experts", m.moe.experts, "ep", p.ep});
        if (p.foldsExperts()) {
            if (denseRanks > 0 && denseRanks % (static_cast<long long>(p.ep) * p.etp) != 0)
                add("ep", IssueId::EpEtpFolding,
                    {static_cast<long long>(p.ep) * p.etp, denseRanks});
        } else if ((static_cast<long long>(p.dp) * p.cp) % p.ep != 0) {
            add("ep", IssueId::EpDividesDpCp, {p.ep, static_cast<long long>(p.dp) * p.cp});
        }
    }
    if (p.foldsExperts()) {
        if (p.framework != Framework::Megatron)
            add("etp", IssueId::EtpMegatronOnly, {fwName});
        else if (!m.moe.enabled())
            add("etp", IssueId::EtpNeedsMoe);
        else if (m.moe.expertFfnHidden % p.etp != 0)
            add("etp", IssueId::NotDivisibleBy,
                {"model.moe.expert_ffn_hidden", m.moe.expertFfnHidden, "etp", p.etp});
        if (p.etp > s.cluster.gpusPerNode && !s.constraints.tpAcrossNodes)
            add("etp", IssueId::EtpSpansNodes, {p.etp, s.cluster.gpusPerNode});
        if (p.tp > 1 && !p.sequenceParallel) add("etp", IssueId::EtpNeedsSequenceParallel);
    }
    const long long perStep = static_cast<long long>(p.microBatch) * p.dp;
    if (s.training.globalBatch < perStep)
        add("micro_batch", IssueId::BatchBelowStep, {s.training.globalBatch, perStep});
    else if (s.training.globalBatch % perStep != 0)
        add("micro_batch", IssueId::BatchNotDivisible, {s.training.globalBatch, perStep});
    if (p.sequenceParallel && p.tp < 2) add("sequence_parallel", IssueId::SequenceParallelNeedsTp);
    if (p.recomputeLayers > 0 && p.recompute != Recompute::Full)
        add("recompute_layers", IssueId::RecomputeLayersNeedFull,
            {std::string(toString(p.recompute))});
    else if (p.recomputeLayers > s.model.layers)
        add("recompute_layers", IssueId::RecomputeLayersExceed,
            {p.recomputeLayers, s.model.layers});
    if (p.recomputeModules != 0) {
        namespace rm = recompute_module;
        if (p.recompute != Recompute::Selective)
            add("recompute_modules", IssueId::RecomputeModulesNeedSelective,
                {std::string(toString(p.recompute))});
        else if (p.framework != Framework::Megatron)
            add("recompute_modules", IssueId::RecomputeModulesMegatronOnly, {fwName});
        const bool moe = s.model.moe.enabled();
        if (!moe && (p.recomputeModules & (rm::kMoe | rm::kMoeAct | rm::kSharedExperts)))
            add("recompute_modules", IssueId::RecomputeModulesNeedMoe,
                {rm::join(p.recomputeModules & (rm::kMoe | rm::kMoeAct | rm::kSharedExperts),
                          "', '")});
        else if (moe && s.model.moe.sharedExperts <= 0 &&
                 (p.recomputeModules & rm::kSharedExperts))
            add("recompute_modules", IssueId::SharedExpertsNeeded);
        if (!s.model.mla.enabled() && (p.recomputeModules & rm::kMlaUpProj))
            add("recompute_modules", IssueId::MlaUpProjNeedsMla);
    }
    if (p.offloadParams && (p.zeroStage != 3 || p.offload == Offload::None))
        add("offload_params", IssueId::OffloadParamsNeedsZero3);

    // "<framework> does not support …": the framework is argument {0}.
    auto unsupported = [&](const char* field, IssueId id, std::vector<IssueArg> more = {}) {
        more.insert(more.begin(), IssueArg(fwName));
        add(field, id, std::move(more));
    };
    switch (p.framework) {
    case Framework::Ddp:
        if (p.tp > 1) unsupported("tp", IssueId::NoTensorParallel, {p.tp});
        if (p.pp > 1) unsupported("pp", IssueId::NoPipelineParallel, {p.pp});
        if (p.cp > 1) unsupported("cp", IssueId::NoContextParallel);
        if (p.ep > 1) unsupported("ep", IssueId::NoExpertParallel);
        if (p.vpp > 1) unsupported("vpp", IssueId::NoInterleaving);
        if (p.zeroStage != 0) unsupported("zero_stage", IssueId::NoSharding, {p.zeroStage});
        if (p.offload != Offload::None) unsupported("offload", IssueId::NoOffload);
        if (p.hybridShard) unsupported("sharding", IssueId::NoHybridSharding);
        break;
    case Framework::Fsdp:
        if (p.zeroStage == 1) unsupported("zero_stage", IssueId::FsdpNoStage1);
        if (p.ep > 1) unsupported("ep", IssueId::NoExpertParallelInModel);
        if (p.offload == Offload::Nvme) unsupported("offload", IssueId::NoNvmeOffload);
        if (p.hybridShard && p.zeroStage != 3) add("sharding", IssueId::HybridFullShard);
        break;
    case Framework::DeepSpeed:
        if (p.cp > 1) unsupported("cp", IssueId::NoRingContextParallel);
        if (p.vpp > 1) unsupported("vpp", IssueId::NoInterleaving);
        if (p.pp > 1 && p.zeroStage > 1)
            unsupported("zero_stage", IssueId::NoZeroWithPipeline, {p.zeroStage});
        if (p.offload != Offload::None && p.zeroStage == 0)
            add("offload", IssueId::OffloadNeedsZero1);
        if (p.offload == Offload::Nvme && p.zeroStage != 3) add("offload", IssueId::NvmeNeedsZero3);
        if (p.hybridShard) unsupported("sharding", IssueId::NoFsdpHybridSharding);
        break;
    case Framework::Megatron:
        // zero_stage 1 is the distributed optimizer; 2 and 3 are Megatron-FSDP's optim_grads and
        // optim_grads_params (--use-megatron-fsdp --data-parallel-sharding-strategy).
        if (p.offload != Offload::None) unsupported("offload", IssueId::NoOptimizerOffloadInModel);
        if (p.hybridShard) unsupported("sharding", IssueId::NoHybridShardingInModel);
        break;
    }
    if ((p.framework == Framework::Ddp || p.framework == Framework::Fsdp) && !p.dpOverlap)
        add("dp_overlap", IssueId::AlwaysOverlapsDp, {fwName});
    // Megatron's --tp-comm-overlap (Transformer Engine userbuffers) and PyTorch's async tensor
    // parallelism for FSDP2 + TP (torchtitan `enable_async_tensor_parallel`) overlap TP
    // collectives.
    if (p.tpCommOverlap && p.framework != Framework::Megatron && p.framework != Framework::Fsdp)
        add("tp_comm_overlap", IssueId::TpOverlapOption);
    else if (p.tpCommOverlap && p.tp <= 1)
        add("tp_comm_overlap", IssueId::TpOverlapNeedsTp);
    // Megatron-Core's MoE options (docs "Combined 1F1B: Expert-Parallel All-to-All Overlap" and
    // Megatron-Bridge's comm_overlap checks: ep > 1, VPP when pipelined, no full recompute).
    if (p.epCommOverlap) {
        if (p.framework != Framework::Megatron)
            add("ep_comm_overlap", IssueId::EpOverlapMegatron);
        else if (p.ep <= 1)
            add("ep_comm_overlap", IssueId::EpOverlapNeedsEp);
        else if (p.pp > 1 && p.vpp <= 1)
            add("ep_comm_overlap", IssueId::EpOverlapNeedsVpp);
        else if (p.recompute == Recompute::Full)
            add("ep_comm_overlap", IssueId::EpOverlapNoFullRecompute);
    }
    if (p.moeDispatcher == MoeDispatcher::Flex && p.framework != Framework::Megatron)
        add("moe_dispatcher", IssueId::FlexDispatcherMegatron);
    return out;
}

} // namespace trainplan::model
