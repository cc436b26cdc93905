// JSON → Scenario: reads and validates a scenario file field by field (docs/scenario-format.md),
// every problem with its path; the writer is scenario_json_write.cpp.

#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/scenario_json.h>

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/plan_json.h>
#include <trainplan/model/units.h>

#include <trainplan/model/json_reader.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <unistd.h>

namespace trainplan::model {

using detail::ObjectReader;
using nlohmann::json;

namespace {

using detail::kMaxGpus;

template <typename T, typename Parse>
void readRefOrObject(ObjectReader& r, std::string_view key, T& out, std::string& ref,
                     Parse parseObject, const T* (Catalog::*find)(std::string_view) const,
                     ValidationIssue (Catalog::*unknown)(std::string, std::string_view) const,
                     const Catalog& catalog, ValidationIssues& issues) {
    const json* v = r.raw(key);
    const std::string path = r.fieldPath(key);
    if (!v) {
        issues.emplace_back(path, IssueId::RequiredRefOrObject);
        return;
    }
    if (v->is_string()) {
        ref = v->get<std::string>();
        if (const T* found = (catalog.*find)(ref)) {
            out = *found;
            ref = found->name;
        } else {
            issues.push_back((catalog.*unknown)(path, ref));
        }
    } else if (v->is_object()) {
        out = parseObject(*v, path, issues);
    } else {
        issues.push_back({path, IssueId::MustBeRefOrObjectGot, {detail::typeArg(*v)}});
    }
}

Plan readPlan(const json& j, const std::string& path, ValidationIssues& issues, bool& dpGiven,
              bool frameworkRequired) {
    Plan p;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return p;
    r.readEnum("framework", p.framework, frameworkRequired, frameworkFromString,
               "ddp, fsdp, deepspeed, megatron");
    dpGiven = r.readInt("dp", p.dp, false, 1, kMaxGpus);
    r.readInt("tp", p.tp, false, 1, 1'000'000);
    r.readInt("pp", p.pp, false, 1, 1'000'000);
    r.readInt("cp", p.cp, false, 1, 1'000'000);
    r.readInt("ep", p.ep, false, 1, 1'000'000);
    // An etp equal to tp is Megatron's default: kept as 0 so that one plan has one spelling.
    if (r.readInt("etp", p.etp, false, 1, 1'000'000) && p.etp == p.tp) p.etp = 0;
    r.readInt("vpp", p.vpp, false, 1, 100000);
    r.readInt("micro_batch", p.microBatch, false, 1, 1'000'000);
    const bool stageGiven = r.readInt("zero_stage", p.zeroStage, false, 0, 3);
    std::string sharding;
    if (r.readString("sharding", sharding, false)) {
        int stage = -1;
        if (sharding == "full")
            stage = 3;
        else if (sharding == "grad_op")
            stage = 2;
        else if (sharding == "no_shard")
            stage = 0;
        else if (sharding == "hybrid") {
            stage = 3;
            p.hybridShard = true;
        }
        if (stage < 0)
            r.add(r.fieldPath("sharding"), IssueId::NotOneOf,
                  {sharding, "full, grad_op, hybrid, no_shard"});
        else if (stageGiven && stage != p.zeroStage)
            r.add(r.fieldPath("sharding"), IssueId::ShardingContradictsZero,
                  {sharding, p.zeroStage});
        else
            p.zeroStage = stage;
    }
    bool distOpt = false;
    if (r.readBool("distributed_optimizer", distOpt, false)) {
        if (stageGiven && p.zeroStage != (distOpt ? 1 : 0))
            r.add(r.fieldPath("distributed_optimizer"), IssueId::ContradictsZeroStage,
                  {p.zeroStage});
        else
            p.zeroStage = distOpt ? 1 : 0;
    }
    r.readEnum("offload", p.offload, false, offloadFromString, "none, cpu, nvme");
    r.readBool("offload_params", p.offloadParams, false);
    if (p.framework == Framework::Fsdp && p.offload != Offload::None && r.has("offload_params") &&
        !p.offloadParams)
        r.add(r.fieldPath("offload_params"), IssueId::FsdpOptimizerOnlyOffload);
    r.readEnum("recompute", p.recompute, false, recomputeFromString, "none, selective, full");
    r.readInt("recompute_layers", p.recomputeLayers, false, 0, 1'000'000);
    if (const json* rm = r.raw("recompute_modules")) {
        const std::string fp = r.fieldPath("recompute_modules");
        if (!rm->is_array()) {
            issues.emplace_back(fp, IssueId::RecomputeModulesArray);
        } else {
            for (std::size_t i = 0; i < rm->size(); ++i) {
                const json& v = (*rm)[i];
                const auto bit = v.is_string() ? recompute_module::fromString(v.get<std::string>())
                                               : std::nullopt;
                if (bit)
                    p.recomputeModules |= *bit;
                else
                    issues.push_back({fp + "[" + std::to_string(static_cast<long long>(i)) + "]",
                                      IssueId::MustBeOneOf,
                                      {recompute_module::join(~0u, ", ")}});
            }
        }
    }
    r.readBool("sequence_parallel", p.sequenceParallel, false);
    r.readBool("tp_comm_overlap", p.tpCommOverlap, false);
    r.readBool("dp_overlap", p.dpOverlap, false);
    r.readBool("ep_comm_overlap", p.epCommOverlap, false);
    r.readEnum("moe_dispatcher", p.moeDispatcher, false, moeDispatcherFromString, "alltoall, flex");
    if (const json* pl = r.raw("pipeline_layout")) {
        ObjectReader lr(*pl, r.fieldPath("pipeline_layout"), issues);
        if (lr.valid()) {
            PipelineLayout& l = p.pipeline;
            auto optInt = [&](const char* key, std::optional<int>& out, int min) {
                int v = 0;
                if (lr.readInt(key, v, false, min, 1'000'000)) out = v;
            };
            optInt("first_stage_layers", l.firstStageLayers, 1);
            optInt("last_stage_layers", l.lastStageLayers, 1);
            lr.readBool("embedding_as_layer", l.embeddingAsLayer, false);
            lr.readBool("loss_as_layer", l.lossAsLayer, false);
            lr.readString("layout", l.layout, false);
            lr.readString("partition_method", l.partitionMethod, false);
            optInt("first_stage_less_layers", l.firstStageLessLayers, 0);
            optInt("last_stage_less_layers", l.lastStageLessLayers, 0);
            lr.finish();
        }
    }
    r.finish();
    return p;
}

Plan planFromJson(const json& j, const std::string& path, ValidationIssues& issues, bool& dpGiven) {
    return readPlan(j, path, issues, dpGiven, true);
}

void readEfficiency(const json& j, const std::string& path, EfficiencySpec& e,
                    ValidationIssues& issues) {
    ObjectReader r(j, path, issues);
    if (!r.valid()) return;
    std::string profile;
    if (r.readString("profile", profile, false)) e.profile = profile;
    r.readOptionalDouble("gemm_efficiency", e.gemmEfficiency, 0.01, 1.0);
    r.readOptionalDouble("intra_node_bandwidth_efficiency", e.intraNodeBandwidthEfficiency, 0.01,
                         1.0);
    r.readOptionalDouble("inter_node_bandwidth_efficiency", e.interNodeBandwidthEfficiency, 0.01,
                         1.0);
    r.readOptionalDouble("latency_scale", e.latencyScale, 0.0, 1000.0);
    r.readOptionalDouble("memory_overhead_fraction", e.memoryOverheadFraction, 0.0, 1.0);
    std::optional<double> ctxGib;
    if (r.readOptionalDouble("cuda_context_gib", ctxGib, 0.0, 64.0))
        e.cudaContextBytes = *ctxGib * units::kGiB;
    r.readOptionalDouble("gemm_half_dim", e.gemmHalfDim, 0.0, 1e6);
    r.readOptionalDouble("hbm_efficiency", e.hbmEfficiency, 0.01, 1.0);
    r.readOptionalDouble("overlap_fraction", e.overlapFraction, 0.0, 1.0);
    r.finish();
}

void readConstraints(const json& j, const std::string& path, ConstraintsSpec& c,
                     ValidationIssues& issues) {
    ObjectReader r(j, path, issues);
    if (!r.valid()) return;
    long long maxGpus = 0;
    if (r.readInt64("max_gpus", maxGpus, false, 1, kMaxGpus)) c.maxGpus = maxGpus;
    r.readDouble("memory_headroom", c.memoryHeadroomFraction, false, 0.0, 0.9);
    if (const json* fw = r.raw("frameworks")) {
        const std::string fp = r.fieldPath("frameworks");
        if (!fw->is_array()) {
            issues.emplace_back(fp, IssueId::FrameworksArray);
        } else {
            for (std::size_t i = 0; i < fw->size(); ++i) {
                const json& v = (*fw)[i];
                auto f = v.is_string() ? frameworkFromString(v.get<std::string>()) : std::nullopt;
                if (f)
                    c.frameworks.push_back(*f);
                else
                    issues.push_back({fp + "[" + std::to_string(static_cast<long long>(i)) + "]",
                                      IssueId::MustBeOneOf,
                                      {"ddp, fsdp, deepspeed, megatron"}});
            }
        }
    }
    r.readBool("tp_across_nodes", c.tpAcrossNodes, false);
    double days = 0;
    if (r.readDouble("deadline_days", days, false, 0.001, 1e6)) c.deadlineDays = days;
    double budget = 0;
    if (r.readDouble("budget", budget, false, 0.01, 1e15)) c.budget = budget;
    r.readEnum("budget_currency", c.budgetCurrency, false, currencyFromString, "USD, CNY");
    if (const json* fixed = r.raw("fixed")) {
        ObjectReader fr(*fixed, r.fieldPath("fixed"), issues);
        if (fr.valid()) {
            auto optInt = [&](const char* key, std::optional<int>& out, int min, int max) {
                int v = 0;
                if (fr.readInt(key, v, false, min, max)) out = v;
            };
            optInt("tp", c.tp, 1, 1'000'000);
            optInt("pp", c.pp, 1, 1'000'000);
            optInt("dp", c.dp, 1, static_cast<int>(kMaxGpus));
            optInt("cp", c.cp, 1, 1'000'000);
            optInt("ep", c.ep, 1, 1'000'000);
            optInt("etp", c.etp, 1, 1'000'000);
            optInt("vpp", c.vpp, 1, 100000);
            optInt("micro_batch", c.microBatch, 1, 1'000'000);
            optInt("zero_stage", c.zeroStage, 0, 3);
            Recompute rc{};
            if (fr.readEnum("recompute", rc, false, recomputeFromString, "none, selective, full"))
                c.recompute = rc;
            Offload off{};
            if (fr.readEnum("offload", off, false, offloadFromString, "none, cpu, nvme"))
                c.offload = off;
            fr.finish();
        }
    }
    r.finish();
}

ClusterSpec clusterFromJson(const json& j, const std::string& path, const Catalog& catalog,
                            ValidationIssues& issues) {
    ClusterSpec c;
    ObjectReader r(j, path, issues);
    if (!r.valid()) return c;
    readRefOrObject(r, "gpu", c.gpu, c.gpuRef, gpuFromJson, &Catalog::findGpu,
                    &Catalog::unknownGpuIssue, catalog, issues);
    r.readInt("nodes", c.nodes, true, 1, 1'000'000);
    r.readInt("gpus_per_node", c.gpusPerNode, true, 1, 1024);
    readRefOrObject(r, "intra_node", c.intraNode, c.intraNodeRef, linkFromJson, &Catalog::findLink,
                    &Catalog::unknownLinkIssue, catalog, issues);
    readRefOrObject(r, "inter_node", c.interNode, c.interNodeRef, linkFromJson, &Catalog::findLink,
                    &Catalog::unknownLinkIssue, catalog, issues);
    r.readInt("nics_per_node", c.nicsPerNode, false, 1, 1024);
    r.readDouble("oversubscription", c.oversubscription, false, 1.0, 1000.0);
    r.readDouble("gpu_hour_usd", c.gpuHourUsd, false, 0.0, 1e6);
    double v = 0;
    if (r.readDouble("host_memory_gib_per_node", v, false, 0.001, 1e9))
        c.hostMemoryBytesPerNode = v * units::kGiB;
    r.readInt("host_cpu_cores_per_node", c.hostCpuCoresPerNode, false, 1, 1'000'000);
    if (r.readDouble("host_memory_gb_per_s_per_node", v, false, 0.001, 1e6))
        c.hostMemoryBytesPerSecondPerNode = v * units::kGB;
    if (r.readDouble("pcie_gb_per_s", v, false, 0.001, 1e6))
        c.pcieBytesPerSecondPerGpu = v * units::kGB;
    if (r.readDouble("nvme_gb_per_s_per_node", v, false, 0.001, 1e6))
        c.nvmeBytesPerSecondPerNode = v * units::kGB;
    if (r.readDouble("storage_gb_per_s", v, false, 0.001, 1e9))
        c.storageBytesPerSecond = v * units::kGB;
    r.readDouble("gpu_mtbf_hours", c.gpuMtbfHours, false, 1.0, 1e9);
    r.readDouble("pue", c.pue, false, 1.0, 5.0);
    r.readDouble("gpu_power_limit_w", c.gpuPowerLimitWatts, false, 1.0, 1e5);
    r.finish();
    if (c.gpuCount() > kMaxGpus)
        issues.push_back({path, IssueId::ClusterTooManyGpus, {c.gpuCount(), kMaxGpus}});
    if (!c.intraNodeRef.empty() || c.intraNode.bytesPerSecond > 0) {
        if (c.intraNode.kind != LinkKind::NvLink && c.intraNode.kind != LinkKind::Pcie)
            issues.push_back({path + ".intra_node",
                              IssueId::IntraNodeKind,
                              {c.intraNode.name, std::string(toString(c.intraNode.kind))}});
    }
    return c;
}

} // namespace

ScenarioLoad parseScenario(std::string_view text, const Catalog& catalog) {
    ScenarioLoad out;
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        out.issues.emplace_back("", IssueId::ScenarioEmpty);
        return out;
    }
    if (text.find('\0') != std::string_view::npos) {
        out.issues.emplace_back("", IssueId::ScenarioBinary);
        return out;
    }
    json doc;
    try {
        doc = detail::parseJsonText(text);
    } catch (const std::exception& e) {
        // parse_error (syntax, with the byte position), out_of_range (1e400) or the depth limit.
        out.issues.push_back(detail::jsonErrorIssue(e));
        return out;
    }
    return parseScenario(doc, catalog);
}

ScenarioLoad parseScenario(const json& doc, const Catalog& catalog) {
    ScenarioLoad out;
    ValidationIssues& issues = out.issues;
    ObjectReader r(doc, "", issues);
    if (!r.valid()) {
        issues.back() = {"", IssueId::ScenarioNotObject, {detail::typeArg(doc)}};
        return out;
    }
    Scenario s;
    std::string schema;
    if (r.readString("schema", schema, true) && schema != kScenarioSchema)
        r.add("schema", IssueId::SchemaNotSupported, {schema, kScenarioSchema});
    r.readString("name", s.name, true);
    r.readString("description", s.description, false);
    r.readString("description_zh", s.descriptionZh, false);

    if (const json* m = r.raw("model")) {
        if (m->is_string()) {
            s.modelRef = m->get<std::string>();
            if (const TransformerSpec* found = catalog.findModel(s.modelRef)) {
                s.model = *found;
                s.modelRef = found->name;
            } else {
                issues.push_back(catalog.unknownModelIssue("model", s.modelRef));
            }
        } else if (m->is_object()) {
            s.model = modelFromJson(*m, "model", issues);
        } else {
            issues.push_back({"model", IssueId::MustBeRefOrObjectGot, {detail::typeArg(*m)}});
        }
    } else {
        issues.emplace_back("model", IssueId::RequiredRefOrObject);
    }

    if (const json* t = r.raw("training")) {
        ObjectReader tr(*t, "training", issues);
        if (tr.valid()) {
            tr.readInt64("global_batch", s.training.globalBatch, true, 1, 1'000'000'000LL);
            tr.readEnum("precision", s.training.precision, false, precisionFromString,
                        "fp32, fp16, bf16, fp8");
            tr.readEnum("optimizer", s.training.optimizer, false, optimizerFromString,
                        "adam, adamw, sgd-momentum");
            tr.readDouble("train_tokens", s.training.trainTokens, false, 0.0, 1e18);
            tr.readBool("flash_attention", s.training.flashAttention, false);
            tr.readEnum("execution", s.training.execution, false, executionModeFromString,
                        "auto, eager, compile, fused, cuda_graphs");
            tr.readEnum("attention_kernel", s.training.attentionKernel, false,
                        attentionKernelFromString, "auto, flash2, fused, triton");
            tr.readEnum("cross_entropy", s.training.crossEntropy, false, crossEntropyFromString,
                        "auto, unfused, te");
            tr.readOptionalDouble("attention_dropout", s.training.attentionDropout, 0.0, 0.95);
            tr.readOptionalDouble("hidden_dropout", s.training.hiddenDropout, 0.0, 0.95);
            tr.finish();
        }
    } else {
        issues.emplace_back("training", IssueId::Required);
    }

    if (const json* c = r.raw("cluster"))
        s.cluster = clusterFromJson(*c, "cluster", catalog, issues);
    else
        issues.emplace_back("cluster", IssueId::Required);

    std::vector<bool> dpGiven;
    if (const json* plans = r.raw("plans")) {
        if (!plans->is_array()) {
            issues.emplace_back("plans", IssueId::PlansArray);
        } else {
            for (std::size_t i = 0; i < plans->size(); ++i) {
                bool given = false;
                s.plans.push_back(planFromJson(
                    (*plans)[i], "plans[" + std::to_string(static_cast<long long>(i)) + "]", issues,
                    given));
                dpGiven.push_back(given);
            }
        }
    }
    if (const json* e = r.raw("efficiency")) readEfficiency(*e, "efficiency", s.efficiency, issues);
    if (const json* c = r.raw("constraints"))
        readConstraints(*c, "constraints", s.constraints, issues);
    if (const json* v = r.raw("team")) s.team = teamFromJson(*v, "team", issues);
    if (const json* v = r.raw("platform")) s.platform = platformFromJson(*v, "platform", issues);
    if (const json* v = r.raw("stages"))
        s.stages =
            stagesFromJson(*v, "stages", issues, {planFromJson, &catalog, s.cluster.gpuCount()});
    r.finish();

    // Structural problems make the semantic checks noise; report those only on a well-formed file.
    if (issues.empty()) {
        // dp omitted = the rest of the GPUs the plan may use (constraints.max_gpus, else the
        // cluster), the same count validatePlan checks against.
        const long long gpus = s.planGpus();
        for (std::size_t i = 0; i < s.plans.size(); ++i) {
            Plan& p = s.plans[i];
            if (!dpGiven[i]) {
                const long long model = static_cast<long long>(p.tp) * p.pp * p.cp;
                if (model > 0 && gpus % model == 0) p.dp = static_cast<int>(gpus / model);
            }
        }
        auto more = validateScenario(s);
        issues.insert(issues.end(), more.begin(), more.end());
    }
    out.scenario = std::move(s);
    return out;
}

ValidationIssues validateScenario(const Scenario& s) {
    ValidationIssues issues;
    const TransformerSpec& m = s.model;
    if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0)
        issues.emplace_back("model", IssueId::ModelShapePositive);
    if (s.training.globalBatch <= 0)
        issues.emplace_back("training.global_batch", IssueId::MustBePositive);
    if (s.training.precision == Precision::Fp8 && s.cluster.gpu.fp8FlopsPerSecond <= 0)
        issues.push_back(
            {"training.precision", IssueId::Fp8NeedsTensorCores, {s.cluster.gpu.name}});
    if (!s.training.flashAttention && s.training.attentionKernel != AttentionKernel::Auto)
        issues.push_back({"training.attention_kernel",
                          IssueId::AttentionKernelWithoutFlash,
                          {std::string(toString(s.training.attentionKernel))}});
    if (s.training.crossEntropy != CrossEntropy::Auto && !runsMegatronLoss(s.training.execution))
        issues.push_back({"training.cross_entropy",
                          IssueId::CrossEntropyNeedsMegatron,
                          {std::string(toString(s.training.crossEntropy)),
                           std::string(toString(s.training.execution))}});
    if (s.cluster.gpu.memoryBytes <= 0)
        issues.emplace_back("cluster.gpu", IssueId::GpuMemoryPositive);
    if (s.cluster.interNode.bytesPerSecond <= 0 && s.cluster.nodes > 1)
        issues.emplace_back("cluster.inter_node", IssueId::InterNodeBandwidth);
    for (std::size_t i = 0; i < s.plans.size(); ++i) {
        auto more =
            validatePlan(s, s.plans[i], "plans[" + std::to_string(static_cast<long long>(i)) + "]");
        issues.insert(issues.end(), more.begin(), more.end());
    }
    return issues;
}

namespace {

// A problem with the file itself, written after its name ("a.json: no such file").
ValidationIssue fileIssue(const std::filesystem::path& file, IssueId id,
                          std::vector<IssueArg> args = {}) {
    ValidationIssue issue("", id, std::move(args));
    issue.setFile(file.string());
    return issue;
}

} // namespace

ScenarioLoad loadScenarioFile(const std::filesystem::path& file, const Catalog& catalog) {
    ScenarioLoad out;
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status)) {
        out.issues.push_back(fileIssue(file, IssueId::NoSuchFile));
        return out;
    }
    if (std::filesystem::is_directory(status)) {
        out.issues.push_back(fileIssue(file, IssueId::IsDirectory));
        return out;
    }
    if (!std::filesystem::is_regular_file(status)) {
        // A device or FIFO: reading it could block or never end.
        out.issues.push_back(fileIssue(file, IssueId::NotRegularFile));
        return out;
    }
    constexpr std::uintmax_t kMaxBytes = 64ull * 1024 * 1024;
    const std::uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec) {
        out.issues.push_back(fileIssue(file, IssueId::CannotReadBecause, {ec.message()}));
        return out;
    }
    if (size > kMaxBytes) {
        out.issues.push_back(fileIssue(file, IssueId::TooLarge));
        return out;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        out.issues.push_back(fileIssue(file, IssueId::CannotReadPermission));
        return out;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    out = parseScenario(std::string_view(text), catalog);
    for (auto& issue : out.issues)
        if (issue.path.empty()) issue.setFile(file.string());
    return out;
}

ValidationIssues validatePlanJson(const nlohmann::json& plan, const std::string& path) {
    ValidationIssues issues;
    bool dpGiven = false;
    (void)readPlan(plan, path, issues, dpGiven, /*frameworkRequired=*/false);
    return issues;
}

std::optional<Plan> parsePlanJson(const nlohmann::json& plan) {
    ValidationIssues issues;
    bool dpGiven = false;
    Plan p = readPlan(plan, "plan", issues, dpGiven, /*frameworkRequired=*/false);
    if (!issues.empty()) return std::nullopt;
    return p;
}

} // namespace trainplan::model
