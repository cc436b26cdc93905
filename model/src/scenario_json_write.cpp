// Scenario → JSON: the file format of docs/scenario-format.md as parseScenario reads it back
// (scenario_json.cpp), with SI values converted to the file's units, and the atomic save.

#include <trainplan/model/scenario_json.h>

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/json_reader.h>
#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/plan_json.h>
#include <trainplan/model/units.h>

#include <string>

namespace trainplan::model {

using nlohmann::json;

json toJson(const Plan& p) {
    json j{{"framework", std::string(toString(p.framework))},
           {"dp", p.dp},
           {"tp", p.tp},
           {"pp", p.pp},
           {"cp", p.cp},
           {"ep", p.ep},
           {"vpp", p.vpp},
           {"micro_batch", p.microBatch},
           {"zero_stage", p.zeroStage},
           {"offload", std::string(toString(p.offload))},
           {"recompute", std::string(toString(p.recompute))},
           {"sequence_parallel", p.sequenceParallel},
           {"tp_comm_overlap", p.tpCommOverlap},
           {"dp_overlap", p.dpOverlap}};
    // FSDP's CPU offload always moves the parameters; an explicit false would ask for the
    // optimizer-only offload FSDP lacks, so it is written only when set.
    if (p.offloadParams || p.framework != Framework::Fsdp) j["offload_params"] = p.offloadParams;
    if (p.hybridShard) j["sharding"] = "hybrid";
    if (p.foldsExperts()) j["etp"] = p.etp;
    // Written only when set, so files without MoE options stay as they were.
    if (p.epCommOverlap) j["ep_comm_overlap"] = true;
    if (p.moeDispatcher != MoeDispatcher::AllToAll)
        j["moe_dispatcher"] = std::string(toString(p.moeDispatcher));
    if (p.recomputeLayers > 0) j["recompute_layers"] = p.recomputeLayers;
    if (p.recomputeModules != 0) {
        json modules = json::array();
        for (const auto& n : recompute_module::kNames)
            if (p.recomputeModules & n.bit) modules.push_back(std::string(n.name));
        j["recompute_modules"] = std::move(modules);
    }
    if (!p.pipeline.isDefault()) {
        const PipelineLayout& l = p.pipeline;
        json pl = json::object();
        if (l.firstStageLayers) pl["first_stage_layers"] = *l.firstStageLayers;
        if (l.lastStageLayers) pl["last_stage_layers"] = *l.lastStageLayers;
        if (l.embeddingAsLayer) pl["embedding_as_layer"] = true;
        if (l.lossAsLayer) pl["loss_as_layer"] = true;
        if (!l.layout.empty()) pl["layout"] = l.layout;
        if (!l.partitionMethod.empty()) pl["partition_method"] = l.partitionMethod;
        if (l.firstStageLessLayers) pl["first_stage_less_layers"] = *l.firstStageLessLayers;
        if (l.lastStageLessLayers) pl["last_stage_less_layers"] = *l.lastStageLessLayers;
        j["pipeline_layout"] = std::move(pl);
    }
    return j;
}

json toJson(const Scenario& s) {
    json j;
    j["schema"] = kScenarioSchema;
    j["name"] = s.name;
    if (!s.description.empty()) j["description"] = s.description;
    if (!s.descriptionZh.empty()) j["description_zh"] = s.descriptionZh;
    j["model"] = s.modelRef.empty() ? toJson(s.model) : json(s.modelRef);
    j["training"] = {{"global_batch", s.training.globalBatch},
                     {"precision", std::string(toString(s.training.precision))},
                     {"optimizer", std::string(toString(s.training.optimizer))},
                     {"train_tokens", s.training.trainTokens},
                     {"flash_attention", s.training.flashAttention}};
    if (s.training.execution != ExecutionMode::Auto)
        j["training"]["execution"] = std::string(toString(s.training.execution));
    if (s.training.attentionKernel != AttentionKernel::Auto)
        j["training"]["attention_kernel"] = std::string(toString(s.training.attentionKernel));
    if (s.training.crossEntropy != CrossEntropy::Auto)
        j["training"]["cross_entropy"] = std::string(toString(s.training.crossEntropy));
    if (s.training.attentionDropout)
        j["training"]["attention_dropout"] = *s.training.attentionDropout;
    if (s.training.hiddenDropout) j["training"]["hidden_dropout"] = *s.training.hiddenDropout;
    const ClusterSpec& c = s.cluster;
    json cj;
    cj["gpu"] = c.gpuRef.empty() ? toJson(c.gpu) : json(c.gpuRef);
    cj["nodes"] = c.nodes;
    cj["gpus_per_node"] = c.gpusPerNode;
    cj["intra_node"] = c.intraNodeRef.empty() ? toJson(c.intraNode) : json(c.intraNodeRef);
    cj["inter_node"] = c.interNodeRef.empty() ? toJson(c.interNode) : json(c.interNodeRef);
    cj["nics_per_node"] = c.nicsPerNode;
    cj["oversubscription"] = c.oversubscription;
    cj["gpu_hour_usd"] = c.gpuHourUsd;
    using detail::toFileUnit;
    if (c.hostMemoryBytesPerNode > 0)
        cj["host_memory_gib_per_node"] = toFileUnit(c.hostMemoryBytesPerNode, units::kGiB);
    if (c.hostCpuCoresPerNode > 0) cj["host_cpu_cores_per_node"] = c.hostCpuCoresPerNode;
    if (c.hostMemoryBytesPerSecondPerNode > 0)
        cj["host_memory_gb_per_s_per_node"] =
            toFileUnit(c.hostMemoryBytesPerSecondPerNode, units::kGB);
    if (c.pcieBytesPerSecondPerGpu > 0)
        cj["pcie_gb_per_s"] = toFileUnit(c.pcieBytesPerSecondPerGpu, units::kGB);
    if (c.nvmeBytesPerSecondPerNode > 0)
        cj["nvme_gb_per_s_per_node"] = toFileUnit(c.nvmeBytesPerSecondPerNode, units::kGB);
    if (c.storageBytesPerSecond > 0)
        cj["storage_gb_per_s"] = toFileUnit(c.storageBytesPerSecond, units::kGB);
    if (c.gpuMtbfHours > 0) cj["gpu_mtbf_hours"] = c.gpuMtbfHours;
    if (c.pue > 0) cj["pue"] = c.pue;
    if (c.gpuPowerLimitWatts > 0) cj["gpu_power_limit_w"] = c.gpuPowerLimitWatts;
    j["cluster"] = std::move(cj);
    if (!s.plans.empty()) {
        json plans = json::array();
        for (const Plan& p : s.plans)
            plans.push_back(toJson(p));
        j["plans"] = std::move(plans);
    }
    const EfficiencySpec& e = s.efficiency;
    json ej = json::object();
    if (e.profile) ej["profile"] = *e.profile;
    if (e.gemmEfficiency) ej["gemm_efficiency"] = *e.gemmEfficiency;
    if (e.intraNodeBandwidthEfficiency)
        ej["intra_node_bandwidth_efficiency"] = *e.intraNodeBandwidthEfficiency;
    if (e.interNodeBandwidthEfficiency)
        ej["inter_node_bandwidth_efficiency"] = *e.interNodeBandwidthEfficiency;
    if (e.latencyScale) ej["latency_scale"] = *e.latencyScale;
    if (e.memoryOverheadFraction) ej["memory_overhead_fraction"] = *e.memoryOverheadFraction;
    if (e.cudaContextBytes)
        ej["cuda_context_gib"] = detail::toFileUnit(*e.cudaContextBytes, units::kGiB);
    if (e.gemmHalfDim) ej["gemm_half_dim"] = *e.gemmHalfDim;
    if (e.hbmEfficiency) ej["hbm_efficiency"] = *e.hbmEfficiency;
    if (e.overlapFraction) ej["overlap_fraction"] = *e.overlapFraction;
    if (!ej.empty()) j["efficiency"] = std::move(ej);

    const ConstraintsSpec& k = s.constraints;
    json kj = json::object();
    if (k.maxGpus) kj["max_gpus"] = *k.maxGpus;
    // The default is not written, so a file read back keeps following it; any other value is.
    if (k.memoryHeadroomFraction != kDefaultMemoryHeadroomFraction)
        kj["memory_headroom"] = k.memoryHeadroomFraction;
    if (!k.frameworks.empty()) {
        json fw = json::array();
        for (Framework f : k.frameworks)
            fw.push_back(std::string(toString(f)));
        kj["frameworks"] = std::move(fw);
    }
    if (k.tpAcrossNodes) kj["tp_across_nodes"] = true;
    if (k.deadlineDays) kj["deadline_days"] = *k.deadlineDays;
    if (k.budget) kj["budget"] = *k.budget;
    if (k.budget && k.budgetCurrency != Currency::Usd)
        kj["budget_currency"] = std::string(toString(k.budgetCurrency));
    json fixed = json::object();
    auto put = [&fixed](const char* key, const std::optional<int>& v) {
        if (v) fixed[key] = *v;
    };
    put("tp", k.tp);
    put("pp", k.pp);
    put("dp", k.dp);
    put("cp", k.cp);
    put("ep", k.ep);
    put("etp", k.etp);
    put("vpp", k.vpp);
    put("micro_batch", k.microBatch);
    put("zero_stage", k.zeroStage);
    if (k.recompute) fixed["recompute"] = std::string(toString(*k.recompute));
    if (k.offload) fixed["offload"] = std::string(toString(*k.offload));
    if (!fixed.empty()) kj["fixed"] = std::move(fixed);
    if (!kj.empty()) j["constraints"] = std::move(kj);
    if (s.team != TeamProfile{}) j["team"] = toJson(s.team);
    if (s.platform != PlatformProfile{}) j["platform"] = toJson(s.platform);
    if (!s.stages.empty()) j["stages"] = stagesToJson(s.stages);
    return j;
}

std::string toJsonText(const Scenario& s) {
    return toJson(s).dump(2) + "\n";
}

void saveScenarioFile(const Scenario& s, const std::filesystem::path& file) {
    writeFileAtomically(file, toJsonText(s));
}

} // namespace trainplan::model
