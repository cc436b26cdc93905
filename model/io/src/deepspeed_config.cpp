#include <trainplan/model/io/deepspeed_config.h>

#include "json_keys.h"

#include <nlohmann/json.hpp>

namespace trainplan::model::io {

using detail::KeyReader;
using nlohmann::json;

namespace {

constexpr long long kMaxBatch = 1'000'000'000LL;

std::optional<Offload> offloadDevice(KeyReader& r, ImportedFields& f, const char* key) {
    const json* v = r.get(key);
    if (!v) return std::nullopt;
    if (!v->is_object()) {
        f.error(r.path(key), ImportTextId::DsOffloadNotObject, {detail::typeArg(*v)});
        return std::nullopt;
    }
    KeyReader o(*v, f, r.path(key));
    std::optional<Offload> out;
    if (auto device = o.string("device")) {
        if (*device == "none")
            out = Offload::None;
        else if (*device == "cpu")
            out = Offload::Cpu;
        else if (*device == "nvme")
            out = Offload::Nvme;
        else
            f.error(o.path("device"), ImportTextId::DsOffloadDeviceUnknown, {*device});
    } else if (!o.has("device")) {
        f.error(o.path("device"), ImportTextId::DsOffloadDeviceRequired);
    }
    if (out == Offload::Nvme && !o.has("nvme_path"))
        f.warning(o.path("nvme_path"), ImportTextId::DsNvmePathMissing);
    if (auto ratio = o.number("ratio", 0.0, 1.0); ratio && *ratio < 1.0)
        f.note(o.path("ratio"), ImportTextId::DsPartialOffload);
    o.markRead({"nvme_path", "pin_memory", "buffer_count", "buffer_size", "max_in_cpu", "fast_init",
                "ratio"});
    o.warnUnread("offload");
    return out;
}

void readZero(const json& z, ImportedFields& f) {
    const std::string base = "zero_optimization";
    if (!z.is_object()) {
        f.error(base, IssueId::MustBeObjectGot, {detail::typeArg(z)});
        return;
    }
    KeyReader r(z, f, base);
    int stage = 0;
    if (auto s = r.integer("stage", 0, 3)) {
        stage = static_cast<int>(*s);
        f.plan.zeroStage.set(stage, r.path("stage"));
    } else if (!r.has("stage")) {
        f.plan.zeroStage.set(0, r.path("stage"), absentNote("0"), Origin::ToolDefault);
    }
    auto opt = offloadDevice(r, f, "offload_optimizer");
    auto param = offloadDevice(r, f, "offload_param");
    if (auto legacy = r.boolean("cpu_offload"); legacy && *legacy && !opt) opt = Offload::Cpu;
    if (auto legacy = r.boolean("cpu_offload_params"); legacy && *legacy && !param)
        param = Offload::Cpu;
    if (opt) {
        f.plan.offload.set(*opt, r.path("offload_optimizer.device"));
        if (*opt != Offload::None && stage == 0)
            f.error(r.path("offload_optimizer"), ImportTextId::DsOptimizerOffloadStage);
        if (*opt == Offload::Nvme && stage != 3)
            f.error(r.path("offload_optimizer.device"), ImportTextId::DsNvmeOffloadStage, {stage});
    }
    if (param) {
        const bool on = *param != Offload::None;
        f.plan.offloadParams.set(on, r.path("offload_param.device"));
        if (on && stage != 3)
            f.error(r.path("offload_param"), ImportTextId::DsParamOffloadStage, {stage});
        if (on && (!opt || *opt == Offload::None)) {
            // TrainPlan models parameter offload on top of optimizer offload (ZeRO-Infinity).
            f.plan.offload.set(*param, r.path("offload_param.device"));
            f.warning(r.path("offload_param"), ImportTextId::DsParamWithoutOptimizerOffload);
        } else if (on && opt && *opt != *param) {
            f.note(r.path("offload_param.device"), ImportTextId::DsOffloadDevicesDiffer,
                   {toString(*param), toString(*opt)});
        }
    }
    std::string buckets;
    for (const char* key :
         {"reduce_bucket_size", "allgather_bucket_size", "stage3_prefetch_bucket_size",
          "stage3_param_persistence_threshold", "stage3_max_live_parameters",
          "stage3_max_reuse_distance", "sub_group_size"}) {
        bool wasAuto = false;
        if (auto v = r.number(key, 0.0, 1e15, true, &wasAuto))
            buckets +=
                (buckets.empty() ? "" : ", ") + std::string(key) + " " + detail::formatCount(*v);
        else if (wasAuto)
            buckets += (buckets.empty() ? "" : ", ") + std::string(key) + " auto";
    }
    if (!buckets.empty()) f.note(base, ImportTextId::DsBucketSizes, {buckets});
    for (const char* key : {"overlap_comm",
                            "contiguous_gradients",
                            "reduce_scatter",
                            "allgather_partitions",
                            "round_robin_gradients",
                            "elastic_checkpoint",
                            "ignore_unused_parameters",
                            "load_from_fp32_weights",
                            "stage3_gather_16bit_weights_on_model_save",
                            "stage3_gather_fp16_weights_on_model_save",
                            "use_multi_rank_bucket_allreduce",
                            "memory_efficient_linear",
                            "use_all_reduce_for_fetch_params",
                            "log_trace_cache_warnings",
                            "pipeline_loading_checkpoint",
                            "override_module_apply",
                            "module_granularity_threshold",
                            "stage3_module_granularity_threshold",
                            "zeropp_loco_param",
                            "mics_hierarchical_params_gather"}) {
        const json* v = r.get(key);
        if (v && !v->is_boolean() && !v->is_number() && !KeyReader::isAuto(*v) && !v->is_object())
            f.error(r.path(key), IssueId::MustBeBoolGot, {detail::typeArg(*v)});
    }
    if (auto v = r.boolean("overlap_comm"); v && !*v)
        f.note(r.path("overlap_comm"), ImportTextId::DsOverlapCommFalse);
    if (auto hpz = r.integer("zero_hpz_partition_size", 1, 1'000'000); hpz && *hpz > 1)
        f.warning(r.path("zero_hpz_partition_size"), ImportTextId::DsHpzNotModelled);
    for (const char* key : {"zero_quantized_weights", "zero_quantized_gradients"})
        if (auto v = r.boolean(key); v && *v)
            f.warning(r.path(key), ImportTextId::DsQuantizedCommNotModelled);
    if (auto mics = r.integer("mics_shard_size", -1, 1'000'000); mics && *mics > 0)
        f.warning(r.path("mics_shard_size"), ImportTextId::DsMicsNotModelled);
    r.warnUnread("zero_optimization");
}

void readPrecision(KeyReader& r, ImportedFields& f) {
    auto enabled = [&](const char* key) -> std::optional<bool> {
        const json* v = r.get(key);
        if (!v) return std::nullopt;
        if (!v->is_object()) {
            f.error(key, ImportTextId::DsPrecisionNotObject, {detail::typeArg(*v)});
            return std::nullopt;
        }
        KeyReader o(*v, f, key);
        bool wasAuto = false;
        auto on = o.boolean("enabled", true, &wasAuto);
        if (wasAuto)
            f.note(o.path("enabled"), ImportTextId::DsPrecisionAuto,
                   {std::string_view(key) == "fp16" ? "--fp16" : "--bf16"});
        o.markRead({"loss_scale", "initial_scale_power", "loss_scale_window", "hysteresis",
                    "consecutive_hysteresis", "min_loss_scale", "auto_cast",
                    "fp16_master_weights_and_grads", "immediate_grad_update", "check_grad_overflow",
                    "opt_level", "bf16_master_weights_and_grads", "bf16_optimizer_states"});
        o.warnUnread(key);
        if (wasAuto) return std::nullopt;
        return on.value_or(false);
    };
    auto bf16 = enabled("bf16");
    if (!bf16) bf16 = enabled("bfloat16");
    const auto fp16 = enabled("fp16");
    const auto amp = enabled("amp");
    const bool b = bf16.value_or(false), h = fp16.value_or(false) || amp.value_or(false);
    if (b && h) {
        f.error("fp16.enabled", ImportTextId::DsFp16AndBf16);
    } else if (b) {
        f.training.precision.set(Precision::Bf16, "bf16.enabled");
    } else if (h) {
        f.training.precision.set(Precision::Fp16,
                                 fp16.value_or(false) ? "fp16.enabled" : "amp.enabled");
    } else if (bf16 || fp16 || amp) {
        f.training.precision.set(Precision::Fp32, "bf16.enabled / fp16.enabled",
                                 fieldNote(ImportTextId::FieldBothFalse, {"fp32"}));
    } else if (!r.has("bf16") && !r.has("fp16") && !r.has("bfloat16") && !r.has("amp")) {
        f.training.precision.set(Precision::Fp32, "bf16 / fp16",
                                 fieldNote(ImportTextId::FieldAbsentDeepSpeedFp32),
                                 Origin::ToolDefault);
    }
}

void readOptimizer(KeyReader& r, ImportedFields& f) {
    const json* v = r.get("optimizer");
    if (!v) return;
    if (!v->is_object()) {
        f.error("optimizer", ImportTextId::DsOptimizerNotObject, {detail::typeArg(*v)});
        return;
    }
    KeyReader o(*v, f, "optimizer");
    if (auto type = o.string("type")) {
        std::string t;
        for (char c : *type)
            t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (t == "adam" || t == "fusedadam" || t == "cpuadam" || t == "deepspeedcpuadam")
            f.training.optimizer.set(Optimizer::Adam, o.path("type"));
        else if (t == "adamw" || t == "fusedadamw")
            f.training.optimizer.set(Optimizer::AdamW, o.path("type"));
        else if (t == "sgd")
            f.training.optimizer.set(Optimizer::SgdMomentum, o.path("type"));
        else if (t == "onebitadam" || t == "zerooneadam" || t == "lamb" || t == "onebitlamb" ||
                 t == "lion" || t == "muadam" || t == "muadamw" || t == "adagrad" || t == "muon")
            f.warning(o.path("type"), ImportTextId::DsOptimizerAsAdam, {*type});
        else
            f.warning(o.path("type"), ImportTextId::DsOptimizerUnknown, {*type});
    }
    o.markRead({"params"});
    if (const json* params = o.get("params"); params && !params->is_object())
        f.error(o.path("params"), IssueId::MustBeObjectGot, {detail::typeArg(*params)});
    o.warnUnread("optimizer");
}

} // namespace

ImportedFields importDeepSpeedConfig(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::DeepSpeedConfig;
    if (detail::looksBinary(text)) {
        f.error("", ImportTextId::DsBinary);
        return f;
    }
    detail::ParsedJson parsed = detail::parseJson(text);
    if (parsed.error) {
        f.error(std::move(*parsed.error));
        return f;
    }
    const json& doc = parsed.value;
    if (!doc.is_object()) {
        f.error("", ImportTextId::DsNotObject, {detail::typeArg(doc)});
        return f;
    }
    f.plan.framework.set(Framework::DeepSpeed, "(a DeepSpeed config)");
    KeyReader r(doc, f);
    std::vector<std::string> autos;
    auto batch = [&](const char* key) -> std::optional<long long> {
        bool wasAuto = false;
        auto v = r.integer(key, 1, kMaxBatch, true, &wasAuto);
        if (wasAuto) autos.push_back(key);
        return v;
    };
    const auto train = batch("train_batch_size");
    const auto micro = batch("train_micro_batch_size_per_gpu");
    const auto ga = batch("gradient_accumulation_steps");
    if (!autos.empty()) {
        std::string list;
        for (const auto& a : autos)
            list += (list.empty() ? "" : ", ") + a;
        f.note(autos.front(), ImportTextId::DsBatchAuto, {list});
    }
    if (train) f.training.globalBatch.set(*train, "train_batch_size");
    if (micro) {
        if (*micro > 1'000'000)
            f.error("train_micro_batch_size_per_gpu", ImportTextId::DsLargerThanMillion);
        else
            f.plan.microBatch.set(static_cast<int>(*micro), "train_micro_batch_size_per_gpu");
    }
    if (ga) {
        if (*ga > 1'000'000)
            f.error("gradient_accumulation_steps", ImportTextId::DsLargerThanMillion);
        else
            f.plan.gradAccum.set(static_cast<int>(*ga), "gradient_accumulation_steps");
    }
    if (train && micro && ga) {
        const long long perRank = *micro * *ga;
        if (*train % perRank != 0)
            f.error("train_batch_size", ImportTextId::DsBatchNotWhole,
                    {*train, *micro, *ga, perRank});
        else if (*train / perRank <= 10'000'000)
            f.plan.dp.set(static_cast<int>(*train / perRank),
                          "train_batch_size / (train_micro_batch_size_per_gpu × "
                          "gradient_accumulation_steps)");
    }
    readPrecision(r, f);
    if (const json* z = r.get("zero_optimization"))
        readZero(*z, f);
    else
        f.plan.zeroStage.set(0, "zero_optimization", absentNote("stage 0"), Origin::ToolDefault);
    readOptimizer(r, f);

    if (const json* ac = r.get("activation_checkpointing")) {
        if (!ac->is_object()) {
            f.error("activation_checkpointing", IssueId::MustBeObjectGot, {detail::typeArg(*ac)});
        } else {
            KeyReader a(*ac, f, "activation_checkpointing");
            const auto partition = a.boolean("partition_activations");
            const auto cpu = a.boolean("cpu_checkpointing");
            a.boolean("contiguous_memory_optimization");
            a.boolean("synchronize_checkpoint_boundary");
            a.boolean("profile");
            if (const json* n = a.get("number_checkpoints"); n && !n->is_number())
                f.error(a.path("number_checkpoints"), ImportTextId::DsNumberOrNullGot,
                        {detail::typeArg(*n)});
            f.plan.recompute.set(Recompute::Full, "activation_checkpointing");
            f.note("activation_checkpointing", partition.value_or(false)
                                                   ? ImportTextId::DsCheckpointingPartitioned
                                                   : ImportTextId::DsCheckpointingFull);
            if (cpu.value_or(false))
                f.warning(a.path("cpu_checkpointing"), ImportTextId::DsCpuCheckpointing);
            a.warnUnread("activation_checkpointing");
        }
    }
    if (const json* tpConf = r.get("tensor_parallel")) {
        if (!tpConf->is_object()) {
            f.error("tensor_parallel", IssueId::MustBeObjectGot, {detail::typeArg(*tpConf)});
        } else {
            KeyReader t(*tpConf, f, "tensor_parallel");
            if (auto tp = t.integer("autotp_size", 1, 1'000'000))
                f.plan.tp.set(static_cast<int>(*tp), t.path("autotp_size"));
            t.markRead(
                {"tp_overlap_comm", "tp_grain_size", "preset_model", "partition_config", "tp"});
            t.warnUnread("tensor_parallel");
        }
    }
    if (auto sp = r.integer("sequence_parallel_size", 1, 1'000'000); sp && *sp > 1)
        f.warning("sequence_parallel_size", ImportTextId::DsUlyssesNotModelled);
    if (r.has("elasticity")) f.warning("elasticity", ImportTextId::DsElasticityNotModelled);
    if (r.has("pipeline")) f.note("pipeline", ImportTextId::DsPipelineFromScript);
    (void)r.number("gradient_clipping", 0.0, 1e30, true);
    if (const json* ct = r.get("communication_data_type");
        ct && ct->is_string() && ct->get<std::string>() != "fp32")
        f.note("communication_data_type", ImportTextId::DsCommDataType);
    r.markRead({"scheduler",
                "steps_per_print",
                "wall_clock_breakdown",
                "prescale_gradients",
                "gradient_predivide_factor",
                "zero_allow_untested_optimizer",
                "zero_force_ds_cpu_optimizer",
                "tensorboard",
                "wandb",
                "csv_monitor",
                "comet",
                "flops_profiler",
                "comms_logger",
                "checkpoint",
                "data_types",
                "aio",
                "monitor_config",
                "dump_state",
                "memory_breakdown",
                "sparse_gradients",
                "autotuning",
                "compression_training",
                "data_efficiency",
                "curriculum_learning",
                "seq_parallel_communication_data_type",
                "zero_optimization",
                "gradient_clipping",
                "communication_data_type",
                "elasticity",
                "pipeline",
                "sparse_attention",
                "disable_allgather",
                "fp32_allreduce",
                "train_batch_size",
                "weight_quantization",
                "use_data_before_expert_parallelism",
                "graph_harvesting",
                "timers",
                "use_node_local_storage",
                "load_universal_checkpoint"});
    r.warnUnread("");
    return f;
}

json exportDeepSpeedConfig(const Scenario& s, const Plan& p, ImportIssues& issues) {
    const std::string file = "ds_config.json";
    auto warn = [&](const std::string& key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Warning, file, key, id, std::move(args));
    };
    const long long ga = p.gradientAccumulation(s.training.globalBatch);
    json j;
    j["train_batch_size"] = static_cast<long long>(p.microBatch) * ga * p.dp;
    j["train_micro_batch_size_per_gpu"] = p.microBatch;
    j["gradient_accumulation_steps"] = ga;
    switch (s.training.precision) {
    case Precision::Bf16:
        j["bf16"] = {{"enabled", true}};
        break;
    case Precision::Fp16:
        j["fp16"] = {{"enabled", true},           {"loss_scale", 0}, {"initial_scale_power", 16},
                     {"loss_scale_window", 1000}, {"hysteresis", 2}, {"min_loss_scale", 1}};
        break;
    case Precision::Fp8:
        j["bf16"] = {{"enabled", true}};
        warn("bf16", ImportTextId::DsExportNoFp8);
        break;
    case Precision::Fp32:
        break;
    }
    json opt;
    switch (s.training.optimizer) {
    case Optimizer::Adam:
        opt = {{"type", "Adam"},
               {"params",
                {{"lr", 3e-4}, {"betas", {0.9, 0.95}}, {"eps", 1e-8}, {"weight_decay", 0.0}}}};
        break;
    case Optimizer::AdamW:
        opt = {{"type", "AdamW"},
               {"params",
                {{"lr", 3e-4}, {"betas", {0.9, 0.95}}, {"eps", 1e-8}, {"weight_decay", 0.1}}}};
        break;
    case Optimizer::SgdMomentum:
        opt = {{"type", "SGD"}, {"params", {{"lr", 1e-2}, {"momentum", 0.9}}}};
        break;
    }
    j["optimizer"] = std::move(opt);
    json z;
    z["stage"] = p.zeroStage;
    z["overlap_comm"] = true;
    z["contiguous_gradients"] = true;
    // Bucket sizes: the Hugging Face integration's rule for "auto" (hidden² elements for reduce
    // and 0.9·hidden² for stage-3 prefetch), which DeepSpeed's tuning guide also suggests.
    const double h = s.model.hidden;
    const long long hh = static_cast<long long>(h * h);
    if (p.zeroStage <= 2) {
        z["reduce_bucket_size"] = std::max<long long>(hh, 50'000'000);
        z["allgather_bucket_size"] = std::max<long long>(hh, 50'000'000);
        z["reduce_scatter"] = true;
        z["allgather_partitions"] = true;
    } else {
        z["reduce_bucket_size"] = hh;
        z["stage3_prefetch_bucket_size"] = static_cast<long long>(0.9 * h * h);
        z["stage3_param_persistence_threshold"] = static_cast<long long>(10 * h);
        z["stage3_max_live_parameters"] = 1'000'000'000LL;
        z["stage3_max_reuse_distance"] = 1'000'000'000LL;
        z["stage3_gather_16bit_weights_on_model_save"] = true;
    }
    auto offloadObject = [](Offload o) {
        json d = {{"device", std::string(toString(o))}, {"pin_memory", true}};
        if (o == Offload::Nvme) d["nvme_path"] = "/local_nvme";
        return d;
    };
    if (p.offload != Offload::None) z["offload_optimizer"] = offloadObject(p.offload);
    if (p.offloadParams)
        z["offload_param"] = offloadObject(p.offload == Offload::None ? Offload::Cpu : p.offload);
    j["zero_optimization"] = std::move(z);
    if (p.recompute != Recompute::None) {
        j["activation_checkpointing"] = {
            {"partition_activations", p.tp > 1},        {"cpu_checkpointing", false},
            {"contiguous_memory_optimization", false},  {"number_checkpoints", nullptr},
            {"synchronize_checkpoint_boundary", false}, {"profile", false}};
        if (p.recompute == Recompute::Selective)
            warn("activation_checkpointing", ImportTextId::DsExportNoSelective);
    }
    if (p.tp > 1 && p.pp == 1) j["tensor_parallel"] = {{"autotp_size", p.tp}};
    if (p.cp > 1) warn("", ImportTextId::DsExportNoCp, {p.cp});
    if (p.ep > 1) warn("", ImportTextId::DsExportEp, {p.ep});
    j["gradient_clipping"] = 1.0;
    j["steps_per_print"] = 100;
    j["wall_clock_breakdown"] = false;
    return j;
}

} // namespace trainplan::model::io
