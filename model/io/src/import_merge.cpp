// Merging what each imported file gives into one set of fields (split out of import_files.cpp):
// precedence by origin, contradictions named with both files and keys, and a given TrainPlan
// scenario read as fields of its own.
#include "import_merge.h"

#include <sstream>
#include <type_traits>

namespace trainplan::model::io::detail {

namespace {

std::string show(int v) {
    return std::to_string(v);
}
std::string show(long long v) {
    return std::to_string(v);
}
std::string show(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
}
std::string show(bool v) {
    return v ? "true" : "false";
}
std::string show(const std::string& v) {
    return "'" + v + "'";
}
std::string show(FfnKind v) {
    return std::string(toString(v));
}
ImportText show(PositionEmbedding v) {
    return v == PositionEmbedding::Learned ? ImportText::verbatim("learned")
                                           : ImportText(ImportTextId::ValueNoPositionEmbedding);
}
ImportText show(const PipelineLayout& v) {
    return v.isDefault() ? ImportText(ImportTextId::ValueEvenSplit)
                         : ImportText::verbatim("'" + v.label() + "'");
}
std::string show(Framework v) {
    return std::string(toString(v));
}
std::string show(MoeDispatcher v) {
    return std::string(toString(v));
}
std::string show(Offload v) {
    return std::string(toString(v));
}
std::string show(unsigned recomputeModules) {
    return "'" + recompute_module::join(recomputeModules, " ") + "'";
}
std::string show(AttentionKernel v) {
    return std::string(toString(v));
}
std::string show(CrossEntropy v) {
    return std::string(toString(v));
}
std::string show(Recompute v) {
    return std::string(toString(v));
}
std::string show(Precision v) {
    return std::string(toString(v));
}
std::string show(Optimizer v) {
    return std::string(toString(v));
}

// A value as a finding's nested sentence: verbatim, or worded per language.
template <typename T> ImportText shown(const T& v) {
    if constexpr (std::is_same_v<decltype(show(v)), ImportText>)
        return show(v);
    else
        return ImportText::verbatim(show(v));
}

template <typename T>
void mergeField(Field<T>& into, const Field<T>& from, const std::string& file, const char* name,
                ImportIssues& issues, ImportTextId wordedName = ImportTextId::Verbatim) {
    // A name with words of its own ("training steps") is also said per language.
    auto report = [&](Severity sev, ImportText what) {
        issues.emplace_back(sev, "", name, std::move(what));
        if (wordedName != ImportTextId::Verbatim) issues.back().keyText = ImportText(wordedName);
    };
    if (!from.has()) return;
    // "ds.json (zero_optimization (absent: stage 0))": the file, then the key as it named it.
    // The findings name values and sources alike as nested sentences ({0}..{3}).
    const ImportText fromSource =
        file.empty() ? from.source : ImportText(ImportTextId::KeyWithNote, {file}, {from.source});
    if (!into.has()) {
        into.setFrom(*from, from.key, fromSource, from.origin);
        return;
    }
    if (*into == *from) {
        if (from.origin > into.origin) into.setFrom(*from, from.key, fromSource, from.origin);
        return;
    }
    const bool fromWins = from.origin > into.origin;
    if (from.origin == into.origin) {
        const Severity sev = from.origin == Origin::Explicit ? Severity::Error : Severity::Warning;
        report(sev, ImportText(sev == Severity::Error ? ImportTextId::MergeContradicts
                                                      : ImportTextId::MergeContradictsUsing,
                               {}, {shown(*into), into.source, shown(*from), fromSource}));
        return;
    }
    const Field<T>& winner = fromWins ? from : into;
    const Field<T>& loser = fromWins ? into : from;
    const ImportText& winnerSource = fromWins ? fromSource : into.source;
    const ImportText& loserSource = fromWins ? into.source : fromSource;
    const Severity sev = loser.origin == Origin::Guess ? Severity::Note : Severity::Warning;
    report(sev, ImportText(loser.origin == Origin::ToolDefault ? ImportTextId::MergeUsedToolDefault
                                                               : ImportTextId::MergeUsed,
                           {}, {shown(*winner), winnerSource, shown(*loser), loserSource}));
    if (fromWins) into.setFrom(*from, from.key, fromSource, from.origin);
}

} // namespace

void mergeInto(ImportedFields& m, const ImportedFields& f, ImportIssues& issues) {
    const std::string& file = f.file;
#define TP_MERGE(section, field, name)                                                             \
    mergeField(m.section.field, f.section.field, file, name, issues)
    TP_MERGE(model, name, "model.name");
    TP_MERGE(model, layers, "model.layers");
    TP_MERGE(model, hidden, "model.hidden");
    TP_MERGE(model, heads, "model.heads");
    TP_MERGE(model, kvHeads, "model.kv_heads");
    TP_MERGE(model, headDim, "model.head_dim");
    TP_MERGE(model, ffnHidden, "model.ffn_hidden");
    TP_MERGE(model, vocab, "model.vocab");
    TP_MERGE(model, seqLen, "model.seq_len");
    TP_MERGE(model, ffn, "model.ffn");
    TP_MERGE(model, tiedEmbeddings, "model.tied_embeddings");
    TP_MERGE(model, positionEmbedding, "model.position_embedding");
    TP_MERGE(model, experts, "model.moe.experts");
    TP_MERGE(model, topK, "model.moe.top_k");
    TP_MERGE(model, expertFfnHidden, "model.moe.expert_ffn_hidden");
    TP_MERGE(model, sharedExperts, "model.moe.shared_experts");
    TP_MERGE(model, moeInterval, "model.moe.interval");
    TP_MERGE(model, firstDenseLayers, "model.moe.first_dense_layers");
    TP_MERGE(model, capacityFactor, "model.moe.capacity_factor");
    TP_MERGE(model, qLoraRank, "model.mla.q_lora_rank");
    TP_MERGE(model, kvLoraRank, "model.mla.kv_lora_rank");
    TP_MERGE(model, qkNopeHeadDim, "model.mla.qk_nope_head_dim");
    TP_MERGE(model, qkRopeHeadDim, "model.mla.qk_rope_head_dim");
    TP_MERGE(model, vHeadDim, "model.mla.v_head_dim");
    TP_MERGE(model, slidingWindow, "model.sliding_window.window");
    TP_MERGE(model, fullAttentionEvery, "model.sliding_window.full_every");
    TP_MERGE(model, mtpLayers, "model.mtp_layers");
    TP_MERGE(training, globalBatch, "training.global_batch");
    TP_MERGE(training, precision, "training.precision");
    TP_MERGE(training, optimizer, "training.optimizer");
    TP_MERGE(training, flashAttention, "training.flash_attention");
    TP_MERGE(training, attentionKernel, "training.attention_kernel");
    TP_MERGE(training, crossEntropy, "training.cross_entropy");
    TP_MERGE(training, attentionDropout, "training.attention_dropout");
    TP_MERGE(training, hiddenDropout, "training.hidden_dropout");
    mergeField(m.training.trainSteps, f.training.trainSteps, file, "training steps", issues,
               ImportTextId::KeyTrainingSteps);
    mergeField(m.training.trainSamples, f.training.trainSamples, file, "training samples", issues,
               ImportTextId::KeyTrainingSamples);
    TP_MERGE(plan, framework, "plan.framework");
    TP_MERGE(plan, dp, "plan.dp");
    TP_MERGE(plan, tp, "plan.tp");
    TP_MERGE(plan, pp, "plan.pp");
    TP_MERGE(plan, cp, "plan.cp");
    TP_MERGE(plan, ep, "plan.ep");
    TP_MERGE(plan, etp, "plan.etp");
    TP_MERGE(plan, vpp, "plan.vpp");
    mergeField(m.plan.layersPerVirtualStage, f.plan.layersPerVirtualStage, file,
               "plan layers per virtual stage", issues, ImportTextId::KeyLayersPerVirtualStage);
    TP_MERGE(plan, microBatch, "plan.micro_batch");
    TP_MERGE(plan, zeroStage, "plan.zero_stage");
    mergeField(m.plan.gradAccum, f.plan.gradAccum, file, "plan gradient accumulation", issues,
               ImportTextId::KeyGradientAccumulation);
    TP_MERGE(plan, offload, "plan.offload");
    TP_MERGE(plan, offloadParams, "plan.offload_params");
    TP_MERGE(plan, hybridShard, "plan.sharding");
    TP_MERGE(plan, pipeline, "plan.pipeline_layout");
    TP_MERGE(plan, sequenceParallel, "plan.sequence_parallel");
    TP_MERGE(plan, tpCommOverlap, "plan.tp_comm_overlap");
    TP_MERGE(plan, epCommOverlap, "plan.ep_comm_overlap");
    TP_MERGE(plan, moeDispatcher, "plan.moe_dispatcher");
    TP_MERGE(plan, recompute, "plan.recompute");
    TP_MERGE(plan, recomputeLayers, "plan.recompute_layers");
    TP_MERGE(plan, recomputeModules, "plan.recompute_modules");
    mergeField(m.plan.recomputeEvery, f.plan.recomputeEvery, file,
               "plan layer-wise recompute interval", issues, ImportTextId::KeyRecomputeInterval);
    TP_MERGE(cluster, nodes, "cluster.nodes");
    TP_MERGE(cluster, gpusPerNode, "cluster.gpus_per_node");
    TP_MERGE(cluster, gpu, "cluster.gpu");
    TP_MERGE(cluster, hostCpuCoresPerNode, "cluster.host_cpu_cores_per_node");
#undef TP_MERGE
}

ImportedFields fromScenario(const Scenario& s, const std::string& file) {
    ImportedFields f;
    f.file = file;
    f.kind = FileKind::Scenario;
    const Origin o = Origin::Base;
    const TransformerSpec& m = s.model;
    f.model.name.set(m.name, "model", o);
    f.model.displayName.set(m.displayName, "model", o);
    f.model.layers.set(m.layers, "model.layers", o);
    f.model.hidden.set(m.hidden, "model.hidden", o);
    f.model.heads.set(m.heads, "model.heads", o);
    f.model.kvHeads.set(m.kvHeads, "model.kv_heads", o);
    f.model.headDim.set(m.headDim > 0 ? m.headDim : (m.heads > 0 ? m.hidden / m.heads : 0),
                        "model.head_dim", o);
    f.model.ffnHidden.set(m.ffnHidden, "model.ffn_hidden", o);
    f.model.vocab.set(m.vocab, "model.vocab", o);
    f.model.seqLen.set(m.seqLen, "model.seq_len", o);
    f.model.ffn.set(m.ffn, "model.ffn", o);
    f.model.tiedEmbeddings.set(m.tiedEmbeddings, "model.tied_embeddings", o);
    f.model.positionEmbedding.set(m.positionEmbedding, "model.position_embedding", o);
    f.model.experts.set(m.moe.experts, "model.moe.experts", o);
    if (m.moe.enabled()) {
        f.model.topK.set(m.moe.topK, "model.moe.top_k", o);
        f.model.expertFfnHidden.set(m.moe.expertFfnHidden, "model.moe.expert_ffn_hidden", o);
        f.model.sharedExperts.set(m.moe.sharedExperts, "model.moe.shared_experts", o);
        f.model.moeInterval.set(m.moe.interval, "model.moe.interval", o);
        f.model.firstDenseLayers.set(m.moe.firstDenseLayers, "model.moe.first_dense_layers", o);
        f.model.capacityFactor.set(m.moe.capacityFactor, "model.moe.capacity_factor", o);
    }
    f.model.kvLoraRank.set(m.mla.kvLoraRank, "model.mla.kv_lora_rank", o);
    if (m.mla.enabled()) {
        f.model.qLoraRank.set(m.mla.qLoraRank, "model.mla.q_lora_rank", o);
        f.model.qkNopeHeadDim.set(m.mla.qkNopeHeadDim, "model.mla.qk_nope_head_dim", o);
        f.model.qkRopeHeadDim.set(m.mla.qkRopeHeadDim, "model.mla.qk_rope_head_dim", o);
        f.model.vHeadDim.set(m.mla.vHeadDim, "model.mla.v_head_dim", o);
    }
    f.model.slidingWindow.set(m.slidingWindow.window, "model.sliding_window.window", o);
    if (m.slidingWindow.enabled())
        f.model.fullAttentionEvery.set(m.slidingWindow.fullEvery, "model.sliding_window.full_every",
                                       o);
    f.model.mtpLayers.set(m.mtpLayers, "model.mtp_layers", o);
    f.training.globalBatch.set(s.training.globalBatch, "training.global_batch", o);
    f.training.precision.set(s.training.precision, "training.precision", o);
    f.training.optimizer.set(s.training.optimizer, "training.optimizer", o);
    f.training.flashAttention.set(s.training.flashAttention, "training.flash_attention", o);
    if (s.training.attentionKernel != AttentionKernel::Auto)
        f.training.attentionKernel.set(s.training.attentionKernel, "training.attention_kernel", o);
    if (s.training.crossEntropy != CrossEntropy::Auto)
        f.training.crossEntropy.set(s.training.crossEntropy, "training.cross_entropy", o);
    if (s.training.attentionDropout)
        f.training.attentionDropout.set(*s.training.attentionDropout, "training.attention_dropout",
                                        o);
    if (s.training.hiddenDropout)
        f.training.hiddenDropout.set(*s.training.hiddenDropout, "training.hidden_dropout", o);
    f.cluster.nodes.set(s.cluster.nodes, "cluster.nodes", o);
    f.cluster.gpusPerNode.set(s.cluster.gpusPerNode, "cluster.gpus_per_node", o);
    if (s.cluster.hostCpuCoresPerNode > 0)
        f.cluster.hostCpuCoresPerNode.set(s.cluster.hostCpuCoresPerNode,
                                          "cluster.host_cpu_cores_per_node", o);
    return f;
}

} // namespace trainplan::model::io::detail
