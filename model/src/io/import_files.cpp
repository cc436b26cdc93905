#include <trainplan/model/io/import_files.h>

#include <trainplan/model/io/import_hints.h>

#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/io/hf_config.h>
#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/megatron_args.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/utf8.h>

#include "json_keys.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

namespace trainplan::model::io {

namespace {

std::string str(long long v) {
    return std::to_string(v);
}
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
std::string show(PositionEmbedding v) {
    return v == PositionEmbedding::Learned ? "learned" : "none (rotary/ALiBi)";
}
std::string show(const PipelineLayout& v) {
    return v.isDefault() ? "the even split" : "'" + v.label() + "'";
}
std::string show(Framework v) {
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
std::string show(Recompute v) {
    return std::string(toString(v));
}
std::string show(Precision v) {
    return std::string(toString(v));
}
std::string show(Optimizer v) {
    return std::string(toString(v));
}

template <typename T>
void mergeField(Field<T>& into, const Field<T>& from, const std::string& file, const char* name,
                ImportIssues& issues) {
    if (!from.has()) return;
    const std::string fromKey = file.empty() ? from.key : file + " (" + from.key + ")";
    if (!into.has()) {
        into.set(*from, fromKey, from.origin);
        return;
    }
    if (*into == *from) {
        if (from.origin > into.origin) into.set(*from, fromKey, from.origin);
        return;
    }
    const bool fromWins = from.origin > into.origin;
    if (from.origin == into.origin) {
        const Severity sev = from.origin == Origin::Explicit ? Severity::Error : Severity::Warning;
        issues.push_back({sev, "", name,
                          show(*into) + " from " + into.key + " contradicts " + show(*from) +
                              " from " + fromKey +
                              (sev == Severity::Error ? "" : "; using " + show(*into))});
        return;
    }
    const Field<T>& winner = fromWins ? from : into;
    const Field<T>& loser = fromWins ? into : from;
    const std::string winnerKey = fromWins ? fromKey : into.key;
    const std::string loserKey = fromWins ? into.key : fromKey;
    const Severity sev = loser.origin == Origin::Guess ? Severity::Note : Severity::Warning;
    std::string why;
    if (loser.origin == Origin::ToolDefault)
        why = " (the tool's default when the flag is absent — the job would use it)";
    issues.push_back({sev, "", name,
                      show(*winner) + " from " + winnerKey + " is used; " + show(*loser) +
                          " from " + loserKey + why + " differs"});
    if (fromWins) into.set(*from, fromKey, from.origin);
}

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
    TP_MERGE(training, trainSteps, "training steps");
    TP_MERGE(training, trainSamples, "training samples");
    TP_MERGE(plan, framework, "plan.framework");
    TP_MERGE(plan, dp, "plan.dp");
    TP_MERGE(plan, tp, "plan.tp");
    TP_MERGE(plan, pp, "plan.pp");
    TP_MERGE(plan, cp, "plan.cp");
    TP_MERGE(plan, ep, "plan.ep");
    TP_MERGE(plan, etp, "plan.etp");
    TP_MERGE(plan, vpp, "plan.vpp");
    TP_MERGE(plan, layersPerVirtualStage, "plan layers per virtual stage");
    TP_MERGE(plan, microBatch, "plan.micro_batch");
    TP_MERGE(plan, zeroStage, "plan.zero_stage");
    TP_MERGE(plan, gradAccum, "plan gradient accumulation");
    TP_MERGE(plan, offload, "plan.offload");
    TP_MERGE(plan, offloadParams, "plan.offload_params");
    TP_MERGE(plan, hybridShard, "plan.sharding");
    TP_MERGE(plan, pipeline, "plan.pipeline_layout");
    TP_MERGE(plan, sequenceParallel, "plan.sequence_parallel");
    TP_MERGE(plan, tpCommOverlap, "plan.tp_comm_overlap");
    TP_MERGE(plan, recompute, "plan.recompute");
    TP_MERGE(plan, recomputeLayers, "plan.recompute_layers");
    TP_MERGE(plan, recomputeModules, "plan.recompute_modules");
    TP_MERGE(plan, recomputeEvery, "plan layer-wise recompute interval");
    TP_MERGE(cluster, nodes, "cluster.nodes");
    TP_MERGE(cluster, gpusPerNode, "cluster.gpus_per_node");
    TP_MERGE(cluster, gpu, "cluster.gpu");
#undef TP_MERGE
}

// "meta-llama/Llama-3.1-8B-Instruct" → the catalog model whose name or display name, lower-cased
// without separators ("llama318b"), appears in the hub name's ("metallama318binstruct") with no
// digit on either side; the longest such name wins. nullptr when none does.
const TransformerSpec* catalogModelForHubName(const Catalog& catalog, const std::string& hub) {
    auto squash = [](const std::string& t) {
        std::string out;
        for (unsigned char c : t)
            if (std::isalnum(c)) out.push_back(static_cast<char>(std::tolower(c)));
        return out;
    };
    const std::string h = squash(hub);
    const TransformerSpec* best = nullptr;
    std::size_t bestLength = 0;
    for (const TransformerSpec& m : catalog.models)
        for (const std::string& n : {squash(m.name), squash(m.displayName)}) {
            if (n.size() < 4 || n.size() <= bestLength) continue;
            for (std::size_t at = h.find(n); at != std::string::npos; at = h.find(n, at + 1)) {
                const bool digitBefore =
                    at > 0 && std::isdigit(static_cast<unsigned char>(h[at - 1]));
                const std::size_t end = at + n.size();
                const bool digitAfter =
                    end < h.size() && std::isdigit(static_cast<unsigned char>(h[end]));
                if (!digitBefore && !digitAfter) {
                    best = &m;
                    bestLength = n.size();
                    break;
                }
            }
        }
    return best;
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
    f.cluster.nodes.set(s.cluster.nodes, "cluster.nodes", o);
    f.cluster.gpusPerNode.set(s.cluster.gpusPerNode, "cluster.gpus_per_node", o);
    return f;
}

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Catalog GPU for a Slurm type hint like "h100" or "a100_80gb".
const GpuSpec* gpuFromHint(const Catalog& catalog, const std::string& hint) {
    std::string h = lower(hint);
    for (char& c : h)
        if (c == '_') c = '-';
    for (const auto& g : catalog.gpus)
        if (lower(g.name) == h) return &g;
    for (const auto& g : catalog.gpus)
        if (lower(g.name).rfind(h, 0) == 0) return &g;
    const auto dash = h.find('-');
    if (dash != std::string::npos)
        for (const auto& g : catalog.gpus)
            if (lower(g.name).rfind(h.substr(0, dash), 0) == 0) return &g;
    return nullptr;
}

// Links that usually come with a GPU (a planning default, reported as assumed).
std::pair<std::string, std::string> defaultLinks(const std::string& gpu) {
    const std::string g = lower(gpu);
    if (g.rfind("h800", 0) == 0) return {"NVLink4-H800", "InfiniBand-NDR-400"};
    if (g.rfind("a800", 0) == 0) return {"NVLink3-A800", "InfiniBand-HDR-200"};
    if (g.rfind("a100", 0) == 0) return {"NVLink3-NVSwitch", "InfiniBand-HDR-200"};
    if (g.rfind("v100", 0) == 0) return {"NVLink2-NVSwitch", "InfiniBand-HDR-200"};
    if (g.rfind("b200", 0) == 0) return {"NVLink5-NVSwitch", "InfiniBand-NDR-400"};
    if (g.rfind("mi300", 0) == 0) return {"Infinity-Fabric-MI300X", "RoCE-400GbE"};
    if (g.rfind("l40", 0) == 0 || g.rfind("rtx", 0) == 0) return {"PCIe-Gen4", "RoCE-100GbE"};
    return {"NVLink4-NVSwitch", "InfiniBand-NDR-400"};
}

struct Assembly {
    const Catalog& catalog;
    const ImportOptions& options;
    ImportIssues& issues;
    const Scenario* base = nullptr;
    std::string baseFile;

    void error(std::string key, std::string message) {
        issues.push_back({Severity::Error, "", std::move(key), std::move(message)});
    }
    void warning(std::string key, std::string message) {
        issues.push_back({Severity::Warning, "", std::move(key), std::move(message)});
    }
    void note(std::string key, std::string message) {
        issues.push_back({Severity::Note, "", std::move(key), std::move(message)});
    }
};

bool assembleCluster(Assembly& a, ImportedFields& m, const std::optional<long long>& worldFromPlan,
                     ClusterSpec& c) {
    if (a.base) c = a.base->cluster;
    if (a.options.nodes) m.cluster.nodes.set(*a.options.nodes, "--nodes");
    if (a.options.gpusPerNode) m.cluster.gpusPerNode.set(*a.options.gpusPerNode, "--gpus-per-node");
    if (m.cluster.nodes.has()) c.nodes = *m.cluster.nodes;
    if (m.cluster.gpusPerNode.has()) c.gpusPerNode = *m.cluster.gpusPerNode;
    if (!m.cluster.nodes.has() && !a.base) {
        if (worldFromPlan && *worldFromPlan > 0) {
            const long long perNode = m.cluster.gpusPerNode.has()
                                          ? *m.cluster.gpusPerNode
                                          : std::min<long long>(8, *worldFromPlan);
            if (perNode > 0 && *worldFromPlan % perNode == 0 &&
                *worldFromPlan / perNode <= 1'000'000) {
                c.nodes = static_cast<int>(*worldFromPlan / perNode);
                c.gpusPerNode = static_cast<int>(perNode);
                a.warning(
                    "cluster",
                    "no launch script gives the node count; " + str(*worldFromPlan) +
                        " GPUs (from the plan's dp×tp×pp×cp) assumed as " + str(c.nodes) +
                        " nodes × " + str(c.gpusPerNode) +
                        " (import the torchrun/Slurm script or pass --nodes/--gpus-per-node)");
            } else {
                a.error("cluster.nodes", "the node count is not given (import the torchrun/Slurm "
                                         "script or pass --nodes)");
                return false;
            }
        } else {
            a.error("cluster.nodes",
                    "the number of nodes and GPUs per node is not given (import the torchrun/Slurm "
                    "script, give a scenario, or pass --nodes and --gpus-per-node)");
            return false;
        }
    } else if (!m.cluster.gpusPerNode.has() && !a.base) {
        c.gpusPerNode = 8;
        a.warning("cluster.gpus_per_node", "not given; assuming 8 (pass --gpus-per-node)");
    }

    // GPU type and links: options, else the given scenario, else a Slurm hint, else a default.
    std::string gpuName = a.options.gpu;
    if (gpuName.empty() && !a.base && m.cluster.gpu.has()) {
        if (const GpuSpec* g = gpuFromHint(a.catalog, *m.cluster.gpu)) {
            gpuName = g->name;
            a.note("cluster.gpu", "'" + *m.cluster.gpu + "' from " + m.cluster.gpu.key +
                                      " read as catalog GPU " + g->name);
        } else {
            a.warning("cluster.gpu", "'" + *m.cluster.gpu + "' from " + m.cluster.gpu.key +
                                         " matches no catalog GPU");
        }
    }
    if (gpuName.empty() && !a.base) {
        gpuName = "H100-SXM5-80GB";
        a.warning("cluster.gpu",
                  "the files do not say which GPU; assuming " + gpuName + " (pass --gpu NAME)");
    }
    if (!gpuName.empty()) {
        if (const GpuSpec* g = a.catalog.findGpu(gpuName)) {
            c.gpu = *g;
            c.gpuRef = g->name;
        } else {
            a.error("cluster.gpu", a.catalog.unknownGpuMessage(gpuName));
            return false;
        }
    }
    auto [intraDefault, interDefault] = defaultLinks(c.gpuRef.empty() ? c.gpu.name : c.gpuRef);
    auto link = [&](const std::string& option, const std::string& fallback, LinkSpec& out,
                    std::string& ref, const char* key) {
        std::string name = option;
        if (name.empty() && a.base) return true;
        if (name.empty()) {
            name = fallback;
            a.warning(key,
                      "not given; assuming " + name + " (pass --" +
                          std::string(key == std::string("cluster.intra_node") ? "intra-node"
                                                                               : "inter-node") +
                          " NAME)");
        }
        if (const LinkSpec* l = a.catalog.findLink(name)) {
            out = *l;
            ref = l->name;
            return true;
        }
        a.error(key, a.catalog.unknownLinkMessage(name));
        return false;
    };
    bool ok =
        link(a.options.intraNode, intraDefault, c.intraNode, c.intraNodeRef, "cluster.intra_node");
    ok = link(a.options.interNode, interDefault, c.interNode, c.interNodeRef,
              "cluster.inter_node") &&
         ok;
    if (!a.base && a.options.interNode.empty()) c.nicsPerNode = c.gpusPerNode;
    return ok;
}

} // namespace

FileKind detectFileKind(std::string_view name, std::string_view text) {
    const std::string n = lower(std::string(name));
    if (detail::looksLikeJson(text)) {
        detail::ParsedJson parsed = detail::parseJson(text);
        if (parsed.error.empty() && parsed.value.is_object()) {
            const auto& j = parsed.value;
            if (j.contains("schema") && j["schema"].is_string() &&
                j["schema"].get<std::string>().rfind("trainplan.scenario", 0) == 0)
                return FileKind::Scenario;
            for (const char* k :
                 {"model_type", "architectures", "hidden_size", "n_embd", "num_hidden_layers"})
                if (j.contains(k)) return FileKind::HfConfig;
            for (const char* k : {"train_batch_size", "train_micro_batch_size_per_gpu",
                                  "gradient_accumulation_steps", "zero_optimization", "fp16",
                                  "bf16", "optimizer", "activation_checkpointing"})
                if (j.contains(k)) return FileKind::DeepSpeedConfig;
        }
        if (n.find("ds_config") != std::string::npos || n.find("deepspeed") != std::string::npos)
            return FileKind::DeepSpeedConfig;
        if (n.find("config.json") != std::string::npos) return FileKind::HfConfig;
        if (n.find("scenario") != std::string::npos) return FileKind::Scenario;
        return FileKind::Unknown;
    }
    if (detail::looksBinary(text)) return FileKind::Unknown;
    if (looksLikeMegatron(text)) return FileKind::MegatronArgs;
    if (looksLikeLauncher(text)) return FileKind::Launcher;
    return FileKind::Unknown;
}

std::vector<ImportedFields> importText(std::string_view name, std::string_view text) {
    std::vector<ImportedFields> out;
    const FileKind kind = detectFileKind(name, text);
    switch (kind) {
    case FileKind::HfConfig:
        out.push_back(importHfConfig(text, name));
        break;
    case FileKind::DeepSpeedConfig:
        out.push_back(importDeepSpeedConfig(text, name));
        break;
    case FileKind::MegatronArgs:
        out.push_back(importMegatronArgs(text, name));
        if (looksLikeLauncher(text)) {
            ImportedFields l = importLauncher(text, name);
            // The Megatron fragment owns the script's problems; keep the launcher's own findings
            // only.
            ImportIssues kept;
            for (auto& i : l.issues)
                if (i.message.rfind("shell syntax", 0) != 0) kept.push_back(std::move(i));
            l.issues = std::move(kept);
            out.push_back(std::move(l));
        }
        break;
    case FileKind::Launcher:
        out.push_back(importLauncher(text, name));
        break;
    case FileKind::Scenario:
    case FileKind::Unknown: {
        ImportedFields f;
        f.file = std::string(name);
        f.kind = kind;
        if (kind == FileKind::Unknown)
            f.error("", detail::looksBinary(text)
                            ? "is a binary file, not a config or launch script"
                            : "not recognised: expected a Hugging Face config.json, a DeepSpeed "
                              "config, a Megatron-LM "
                              "launch (pretrain_gpt.py …), a torchrun/Slurm script or a TrainPlan "
                              "scenario");
        out.push_back(std::move(f));
        break;
    }
    }
    return out;
}

ImportResult importTexts(const std::vector<ImportInput>& inputs, const Catalog& catalog,
                         const ImportOptions& options) {
    ImportResult result;
    ImportIssues& issues = result.issues;
    Assembly a{catalog, options, issues, nullptr, {}};
    std::optional<Scenario> baseScenario;
    ImportedFields merged;
    std::string modelFile; // the file the model came from, for the parameter check
    std::optional<std::pair<std::string, std::string>> tokenizerHint; // file, hub model
    bool unusableFile = false; // an input failed as a whole (see below)
    if (inputs.empty()) {
        issues.push_back({Severity::Error, "", "", "no files to import"});
        return result;
    }
    if (!options.model.empty()) {
        if (const TransformerSpec* m = catalog.findModel(options.model)) {
            Scenario tmp;
            tmp.model = *m;
            ImportedFields f = fromScenario(tmp, "--model " + m->name);
            f.training = {};
            f.cluster = {};
            mergeInto(merged, f, issues);
        } else {
            issues.push_back(
                {Severity::Error, "", "--model", catalog.unknownModelMessage(options.model)});
        }
    }
    for (const auto& in : inputs) {
        const FileKind kind = detectFileKind(in.name, in.text);
        result.files.emplace_back(in.name, kind);
        if (kind == FileKind::Scenario) {
            ScenarioLoad load = parseScenario(std::string_view(in.text), catalog);
            for (const auto& i : load.issues)
                issues.push_back({Severity::Error, in.name, i.path, i.message});
            if (!load.scenario || !load.issues.empty()) {
                unusableFile = true;
                continue;
            }
            if (baseScenario) {
                issues.push_back(
                    {Severity::Error, in.name, "", "a second scenario: import at most one"});
                continue;
            }
            baseScenario = std::move(load.scenario);
            a.baseFile = in.name;
            mergeInto(merged, fromScenario(*baseScenario, in.name), issues);
            if (modelFile.empty()) modelFile = in.name;
            continue;
        }
        // Text from a script ends up in the scenario and in JSON output, which must be UTF-8.
        if (!detail::looksBinary(in.text)) {
            if (auto bad = invalidUtf8Message(in.text)) {
                issues.push_back({Severity::Error, in.name, "", *bad + " (save it as UTF-8)"});
                unusableFile = true;
                continue;
            }
        }
        for (ImportedFields& f : importText(in.name, in.text)) {
            for (const auto& i : f.issues)
                if (i.severity == Severity::Error && i.key.empty()) unusableFile = true;
            issues.insert(issues.end(), f.issues.begin(), f.issues.end());
            if (f.kind == FileKind::HfConfig && modelFile.empty()) modelFile = in.name;
            if (f.model.tokenizerModel.has() && !tokenizerHint)
                tokenizerHint = std::make_pair(in.name, *f.model.tokenizerModel);
            mergeInto(merged, f, issues);
        }
    }
    // A Megatron job that loads its tokenizer from a hub model, with no config.json, scenario or
    // --model: the catalog model of that name gives what the flags do not (the vocabulary).
    if (tokenizerHint && options.model.empty() && !baseScenario && modelFile.empty()) {
        if (const TransformerSpec* m = catalogModelForHubName(catalog, tokenizerHint->second)) {
            Scenario tmp;
            tmp.model = *m;
            ImportedFields f = fromScenario(tmp, "catalog model " + m->name);
            f.training = {};
            f.cluster = {};
            a.note("--tokenizer-model", "'" + tokenizerHint->second + "' is catalog model '" +
                                            m->name + "': it gives what the flags do not");
            mergeInto(merged, f, issues);
        } else {
            a.note("--tokenizer-model",
                   "'" + tokenizerHint->second + "' " + std::string(kNoCatalogTokenizer));
        }
    }
    // A file that could not be read as a whole (binary, unrecognised, invalid JSON or scenario) is
    // reported alone: the fields it would have given would only be listed again as "not given".
    if (unusableFile) return result;
    if (baseScenario) a.base = &*baseScenario;
    if (options.seqLen) {
        if (merged.model.seqLen.has() && *merged.model.seqLen != *options.seqLen)
            a.note("model.seq_len", str(*options.seqLen) + " from --seq-len replaces " +
                                        str(*merged.model.seqLen) + " from " +
                                        merged.model.seqLen.key);
        merged.model.seqLen.set(*options.seqLen, "--seq-len");
    } else if (merged.model.seqLen.has() && merged.model.seqLen.origin == Origin::Guess) {
        a.warning("model.seq_len", str(*merged.model.seqLen) +
                                       " is the longest context the model supports (" +
                                       merged.model.seqLen.key +
                                       "); training often runs shorter — pass --seq-len to "
                                       "plan for the training sequence length");
    }

    // Model.
    std::optional<TransformerSpec> model = buildTransformer(merged.model, issues);
    if (!model) return result;
    Scenario s;
    if (a.base) s = *a.base;
    s.model = *model;
    if (a.base && !a.base->modelRef.empty()) {
        TransformerSpec baseModel = a.base->model;
        if (baseModel.headDim == 0 && baseModel.heads > 0)
            baseModel.headDim = baseModel.hidden / baseModel.heads;
        TransformerSpec cmp = *model;
        cmp.name = baseModel.name;
        cmp.displayName = baseModel.displayName;
        cmp.publishedParameters = baseModel.publishedParameters;
        cmp.source = baseModel.source;
        if (cmp == baseModel)
            s.model = a.base->model;
        else
            s.modelRef.clear();
    } else {
        s.modelRef.clear();
    }
    if (s.modelRef.empty() && merged.model.name.has()) {
        // A model equal to a catalog entry (but for seq_len) keeps the catalog's name for display.
        for (const auto& c : catalog.models) {
            TransformerSpec cmp = c;
            cmp.seqLen = s.model.seqLen;
            cmp.name = s.model.name;
            cmp.displayName = s.model.displayName;
            cmp.publishedParameters = s.model.publishedParameters;
            cmp.source = s.model.source;
            if (cmp == s.model) {
                a.note("model", "the architecture is catalog model '" + c.name + "'");
                break;
            }
        }
    }
    {
        const TransformerSpec* match = nullptr;
        ImportIssues check = checkParameterCount(s.model, catalog, modelFile, &match);
        issues.insert(issues.end(), check.begin(), check.end());
        // A model named only after its config's model_type takes the name of the catalog model
        // of its shape (parameters within 2 %), else model_type and its size ("llama 8.03B").
        if (merged.model.name.has() && merged.model.name.origin == Origin::Guess &&
            s.model.displayName == *merged.model.name) {
            if (match) {
                s.model.displayName = match->displayName.empty() ? match->name : match->displayName;
            } else {
                char size[32];
                std::snprintf(size, sizeof size, " %.2fB", countParameters(s.model).total / 1e9);
                s.model.displayName += size;
            }
        }
    }

    // Plan layout before the cluster: dp comes from GPUs / (tp·pp·cp).
    ImportedPlan& mp = merged.plan;
    const bool hasPlan = mp.framework.has();
    Plan p;
    if (hasPlan) {
        p.framework = *mp.framework;
        p.tp = mp.tp.has() ? *mp.tp : 1;
        p.pp = mp.pp.has() ? *mp.pp : 1;
        p.cp = mp.cp.has() ? *mp.cp : 1;
        p.ep = mp.ep.has() ? *mp.ep : 1;
        if (mp.etp.has() && *mp.etp != p.tp) p.etp = *mp.etp; // 0: Megatron's default, tp
        if (mp.vpp.has() && mp.vpp.origin == Origin::Explicit)
            p.vpp = *mp.vpp;
        else if (mp.layersPerVirtualStage.has() && p.framework == Framework::Fsdp) {
            // torchtitan: ⌈(layers + first + last less-layers) / layers_per_stage⌉ stages, which
            // must divide over pp (pipeline_parallel.py).
            const PipelineLayout l = mp.pipeline.has() ? *mp.pipeline : PipelineLayout{};
            const long long effective = static_cast<long long>(s.model.layers) +
                                        l.firstStageLessLayers.value_or(1) +
                                        l.lastStageLessLayers.value_or(1);
            const long long lps = *mp.layersPerVirtualStage;
            const long long stages = (effective + lps - 1) / lps;
            if (p.pp > 0 && stages % p.pp == 0)
                p.vpp = static_cast<int>(stages / p.pp);
            else
                a.error("plan.vpp", str(stages) + " stages (⌈" + str(effective) +
                                        " effective layers / " + str(lps) + " per stage⌉, " +
                                        mp.layersPerVirtualStage.key + ") do not divide over pp " +
                                        str(p.pp));
        } else if (mp.layersPerVirtualStage.has()) {
            const long long per = static_cast<long long>(*mp.layersPerVirtualStage) * p.pp;
            if (per > 0 && s.model.layers % per == 0)
                p.vpp = static_cast<int>(s.model.layers / per);
            else
                a.error("plan.vpp", str(*mp.layersPerVirtualStage) + " layers per virtual stage (" +
                                        mp.layersPerVirtualStage.key + ") × pp " + str(p.pp) +
                                        " does not divide the model's " + str(s.model.layers) +
                                        " layers");
        } else if (mp.vpp.has()) {
            p.vpp = *mp.vpp;
        }
        p.zeroStage = mp.zeroStage.has() ? *mp.zeroStage : 0;
        p.offload = mp.offload.has() ? *mp.offload : Offload::None;
        p.offloadParams = mp.offloadParams.has() && *mp.offloadParams;
        p.hybridShard = mp.hybridShard.has() && *mp.hybridShard;
        p.sequenceParallel = mp.sequenceParallel.has() && *mp.sequenceParallel;
        p.tpCommOverlap = mp.tpCommOverlap.has() && *mp.tpCommOverlap;
        p.recompute = mp.recompute.has() ? *mp.recompute : Recompute::None;
        if (p.recompute == Recompute::Full && mp.recomputeLayers.has())
            p.recomputeLayers = *mp.recomputeLayers;
        if (p.recompute == Recompute::Selective && mp.recomputeModules.has())
            p.recomputeModules = *mp.recomputeModules;
        // torchtitan's every-k-th-layer AC: ⌈L/k⌉ of a chunk's L layers (its launcher export
        // writes the k with ⌈L/k⌉ = recompute_layers back).
        if (p.recompute == Recompute::Full && mp.recomputeEvery.has()) {
            const int chunk = s.model.layers / std::max(1, p.pp * p.vpp);
            const int every = *mp.recomputeEvery;
            if (chunk > 1 && every > 1) p.recomputeLayers = (chunk + every - 1) / every;
        }
        if (mp.pipeline.has()) p.pipeline = *mp.pipeline;
    }
    std::optional<long long> worldFromPlan;
    if (hasPlan && mp.dp.has()) worldFromPlan = static_cast<long long>(*mp.dp) * p.tp * p.pp * p.cp;
    if (!assembleCluster(a, merged, worldFromPlan, s.cluster)) return result;

    // Training.
    const long long world = s.cluster.gpuCount();
    if (hasPlan) {
        const long long modelParallel = static_cast<long long>(p.tp) * p.pp * p.cp;
        const std::string launchKey =
            merged.cluster.nodes.has() ? merged.cluster.nodes.key : std::string("the cluster");
        if (modelParallel <= 0 || world % modelParallel != 0) {
            a.error("plan.dp", str(world) + " GPUs (" + str(s.cluster.nodes) + " nodes × " +
                                   str(s.cluster.gpusPerNode) + ", " + launchKey +
                                   ") are not divisible by tp×pp×cp = " + str(p.tp) + "×" +
                                   str(p.pp) + "×" + str(p.cp));
            return result;
        }
        const long long dp = world / modelParallel;
        if (dp > 10'000'000) {
            a.error("plan.dp", "more than 10,000,000 data-parallel ranks");
            return result;
        }
        p.dp = static_cast<int>(dp);
        const std::string dpWhy = "dp = " + str(world) + " GPUs (" + str(s.cluster.nodes) +
                                  " nodes × " + str(s.cluster.gpusPerNode) + ", " + launchKey +
                                  ") / (tp " + str(p.tp) + " × pp " + str(p.pp) + " × cp " +
                                  str(p.cp) + ") = " + str(dp);
        const bool dsDerived =
            mp.dp.has() && mp.dp.key.find("train_batch_size") != std::string::npos;
        if (mp.dp.has() && *mp.dp != dp && !dsDerived)
            a.error("plan.dp", str(*mp.dp) + " from " + mp.dp.key + " contradicts " + dpWhy);
        // Micro-batch, gradient accumulation, global batch: global = micro × accumulation × dp.
        const auto& gb = merged.training.globalBatch;
        const auto& ga = mp.gradAccum;
        if (mp.microBatch.has()) {
            p.microBatch = *mp.microBatch;
        } else if (gb.has() && ga.has() && *ga > 0 &&
                   *gb % (static_cast<long long>(*ga) * dp) == 0) {
            p.microBatch = static_cast<int>(*gb / (static_cast<long long>(*ga) * dp));
            a.note("plan.micro_batch", str(p.microBatch) + " derived from " + gb.key + " / (" +
                                           ga.key + " × dp " + str(dp) + ")");
        } else {
            p.microBatch = 1;
            a.warning("plan.micro_batch", "not given by any file; assuming 1");
        }
        long long global = 0;
        if (gb.has()) {
            global = *gb;
            const long long perStep = static_cast<long long>(p.microBatch) * dp;
            if (ga.has()) {
                const long long expect = perStep * *ga;
                if (expect != global)
                    a.error("training.global_batch",
                            str(global) + " (" + gb.key + ") ≠ micro-batch " + str(p.microBatch) +
                                " (" +
                                (mp.microBatch.has() ? mp.microBatch.key : std::string("derived")) +
                                ") × gradient accumulation " + str(*ga) + " (" + ga.key +
                                ") × dp " + str(dp) + " = " + str(expect) + ", where " + dpWhy);
            } else if (global % perStep != 0) {
                a.error("training.global_batch", str(global) + " (" + gb.key +
                                                     ") is not divisible by micro-batch " +
                                                     str(p.microBatch) + " × dp " + str(dp) +
                                                     " = " + str(perStep) + ", where " + dpWhy);
            }
        } else {
            const long long accum = ga.has() ? *ga : 1;
            global = static_cast<long long>(p.microBatch) * accum * dp;
            a.note("training.global_batch", str(global) + " = micro-batch " + str(p.microBatch) +
                                                " × gradient accumulation " + str(accum) +
                                                " × dp " + str(dp) +
                                                " (no file gives the global batch)");
        }
        s.training.globalBatch = global;
        s.plans = {p};
    } else {
        if (merged.training.globalBatch.has())
            s.training.globalBatch = *merged.training.globalBatch;
        if (!a.base) {
            a.note("plans", "no DeepSpeed, Megatron-LM or torchtitan settings among the files: the "
                            "scenario has no plan "
                            "(the planner searches for the best one per framework)");
            if (!merged.training.globalBatch.has()) {
                s.training.globalBatch = std::max<long long>(1, world);
                a.warning("training.global_batch", "not given; assuming one sequence per GPU (" +
                                                       str(s.training.globalBatch) + ")");
            }
        }
    }
    if (merged.training.precision.has())
        s.training.precision = *merged.training.precision;
    else if (!a.base)
        a.warning("training.precision", "not given; assuming bf16");
    if (merged.training.optimizer.has()) s.training.optimizer = *merged.training.optimizer;
    if (merged.training.flashAttention.has())
        s.training.flashAttention = *merged.training.flashAttention;
    if (merged.training.attentionKernel.has() && s.training.flashAttention)
        s.training.attentionKernel = *merged.training.attentionKernel;
    // Token budget from steps or samples; a given scenario's exact budget wins when they agree to a
    // step.
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * s.model.seqLen;
    std::optional<double> tokens;
    if (merged.training.trainSteps.has())
        tokens = static_cast<double>(*merged.training.trainSteps) * tokensPerStep;
    else if (merged.training.trainSamples.has())
        tokens = static_cast<double>(*merged.training.trainSamples) * s.model.seqLen;
    if (tokens) {
        if (a.base && a.base->training.trainTokens > 0 &&
            std::fabs(*tokens - a.base->training.trainTokens) < tokensPerStep) {
            s.training.trainTokens = a.base->training.trainTokens;
        } else {
            if (a.base && a.base->training.trainTokens > 0)
                a.warning("training.train_tokens",
                          "the launch trains " + detail::formatCount(*tokens) + " tokens; " +
                              a.baseFile + " says " +
                              detail::formatCount(a.base->training.trainTokens) +
                              ": using the launch's");
            s.training.trainTokens = *tokens;
        }
    } else if (!a.base) {
        s.training.trainTokens = 0;
        a.note("training.train_tokens",
               "not given (no --train-iters or --training.steps): time-to-train and cost need it");
    }

    // Name.
    if (!options.scenarioName.empty())
        s.name = options.scenarioName;
    else if (!a.base)
        s.name = (s.model.displayName.empty() ? s.model.name : s.model.displayName) + " on " +
                 str(world) + " " +
                 (s.cluster.gpuRef.empty() ? s.cluster.gpu.name : s.cluster.gpuRef);
    if (!a.base) {
        std::string list;
        for (const auto& in : inputs)
            list += (list.empty() ? "" : ", ") + in.name;
        s.description = "Imported from " + list + " by trainplan-cli import.";
    }

    for (const auto& v : validateScenario(s))
        issues.push_back({Severity::Error, "", v.path, v.message});
    result.scenario = std::move(s);
    return result;
}

ImportResult importFiles(const std::vector<std::filesystem::path>& files, const Catalog& catalog,
                         const ImportOptions& options) {
    std::vector<ImportInput> inputs;
    ImportIssues readIssues;
    for (const auto& file : files) {
        const std::string name = file.string();
        std::error_code ec;
        const auto status = std::filesystem::status(file, ec);
        if (ec || !std::filesystem::exists(status)) {
            readIssues.push_back({Severity::Error, name, "", "no such file"});
            continue;
        }
        if (std::filesystem::is_directory(status)) {
            readIssues.push_back({Severity::Error, name, "", "is a directory, not a file"});
            continue;
        }
        if (std::filesystem::file_size(file, ec) > 16ull * 1024 * 1024) {
            readIssues.push_back(
                {Severity::Error, name, "", "larger than 16 MiB, not a config or launch script"});
            continue;
        }
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            readIssues.push_back(
                {Severity::Error, name, "", "cannot be read (permission denied?)"});
            continue;
        }
        std::stringstream ss;
        ss << in.rdbuf();
        inputs.push_back({name, ss.str()});
    }
    if (!readIssues.empty()) {
        ImportResult r;
        r.issues = std::move(readIssues);
        return r;
    }
    return importTexts(inputs, catalog, options);
}

} // namespace trainplan::model::io
