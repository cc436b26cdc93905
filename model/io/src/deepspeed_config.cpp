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
        f.error(r.path(key), "must be an object with \"device\", got " + detail::describe(*v));
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
            f.error(o.path("device"), "'" + *device + "' is not one of none, cpu, nvme");
    } else if (!o.has("device")) {
        f.error(o.path("device"), "is required (none, cpu or nvme)");
    }
    if (out == Offload::Nvme && !o.has("nvme_path"))
        f.warning(o.path("nvme_path"),
                  "is missing: DeepSpeed needs the NVMe mount point for device \"nvme\"");
    if (auto ratio = o.number("ratio", 0.0, 1.0); ratio && *ratio < 1.0)
        f.note(o.path("ratio"), "partial optimizer offload is modelled as offloading all of it");
    o.markRead({"nvme_path", "pin_memory", "buffer_count", "buffer_size", "max_in_cpu", "fast_init",
                "ratio"});
    o.warnUnread("offload keys");
    return out;
}

void readZero(const json& z, ImportedFields& f) {
    const std::string base = "zero_optimization";
    if (!z.is_object()) {
        f.error(base, "must be an object, got " + detail::describe(z));
        return;
    }
    KeyReader r(z, f, base);
    int stage = 0;
    if (auto s = r.integer("stage", 0, 3)) {
        stage = static_cast<int>(*s);
        f.plan.zeroStage.set(stage, r.path("stage"));
    } else if (!r.has("stage")) {
        f.plan.zeroStage.set(0, r.path("stage") + " (absent: 0)", Origin::ToolDefault);
    }
    auto opt = offloadDevice(r, f, "offload_optimizer");
    auto param = offloadDevice(r, f, "offload_param");
    if (auto legacy = r.boolean("cpu_offload"); legacy && *legacy && !opt) opt = Offload::Cpu;
    if (auto legacy = r.boolean("cpu_offload_params"); legacy && *legacy && !param)
        param = Offload::Cpu;
    if (opt) {
        f.plan.offload.set(*opt, r.path("offload_optimizer.device"));
        if (*opt != Offload::None && stage == 0)
            f.error(r.path("offload_optimizer"),
                    "optimizer offload needs stage 1, 2 or 3 (stage is 0)");
        if (*opt == Offload::Nvme && stage != 3)
            f.error(r.path("offload_optimizer.device"),
                    "NVMe offload (ZeRO-Infinity) needs stage 3 (stage is " +
                        std::to_string(stage) + ")");
    }
    if (param) {
        const bool on = *param != Offload::None;
        f.plan.offloadParams.set(on, r.path("offload_param.device"));
        if (on && stage != 3)
            f.error(r.path("offload_param"),
                    "parameter offload needs stage 3 (stage is " + std::to_string(stage) + ")");
        if (on && (!opt || *opt == Offload::None)) {
            // TrainPlan models parameter offload on top of optimizer offload (ZeRO-Infinity).
            f.plan.offload.set(*param, r.path("offload_param.device"));
            f.warning(r.path("offload_param"),
                      "parameter offload without optimizer offload is modelled with the "
                      "optimizer states offloaded to the same device too");
        } else if (on && opt && *opt != *param) {
            f.note(r.path("offload_param.device"),
                   "parameters go to " + std::string(toString(*param)) +
                       " and optimizer states to " + std::string(toString(*opt)) +
                       "; modelled with both on " + std::string(toString(*opt)));
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
    if (!buckets.empty())
        f.note(base, "bucket sizes read (" + buckets +
                         "); the estimate uses DeepSpeed's default bucket model");
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
            f.error(r.path(key), "must be true or false, got " + detail::describe(*v));
    }
    if (auto v = r.boolean("overlap_comm"); v && !*v)
        f.note(r.path("overlap_comm"),
               "false: the estimate assumes ZeRO communication overlaps the backward pass");
    if (auto hpz = r.integer("zero_hpz_partition_size", 1, 1'000'000); hpz && *hpz > 1)
        f.warning(r.path("zero_hpz_partition_size"),
                  "ZeRO++ hierarchical partitioning (hpZ) is not modelled");
    for (const char* key : {"zero_quantized_weights", "zero_quantized_gradients"})
        if (auto v = r.boolean(key); v && *v)
            f.warning(r.path(key), "ZeRO++ quantized communication is not modelled");
    if (auto mics = r.integer("mics_shard_size", -1, 1'000'000); mics && *mics > 0)
        f.warning(
            r.path("mics_shard_size"),
            "MiCS sub-group sharding is not modelled (modelled as sharding over all dp ranks)");
    r.warnUnread("zero_optimization keys");
}

void readPrecision(KeyReader& r, ImportedFields& f) {
    auto enabled = [&](const char* key) -> std::optional<bool> {
        const json* v = r.get(key);
        if (!v) return std::nullopt;
        if (!v->is_object()) {
            f.error(key, "must be an object like {\"enabled\": true}, got " + detail::describe(*v));
            return std::nullopt;
        }
        KeyReader o(*v, f, key);
        bool wasAuto = false;
        auto on = o.boolean("enabled", true, &wasAuto);
        if (wasAuto)
            f.note(o.path("enabled"),
                   "\"auto\": taken from the other files (the Hugging Face Trainer's --" +
                       std::string(std::string_view(key) == "fp16" ? "fp16" : "bf16") + ")");
        o.markRead({"loss_scale", "initial_scale_power", "loss_scale_window", "hysteresis",
                    "consecutive_hysteresis", "min_loss_scale", "auto_cast",
                    "fp16_master_weights_and_grads", "immediate_grad_update", "check_grad_overflow",
                    "opt_level", "bf16_master_weights_and_grads", "bf16_optimizer_states"});
        o.warnUnread(std::string(key) + " keys");
        if (wasAuto) return std::nullopt;
        return on.value_or(false);
    };
    auto bf16 = enabled("bf16");
    if (!bf16) bf16 = enabled("bfloat16");
    const auto fp16 = enabled("fp16");
    const auto amp = enabled("amp");
    const bool b = bf16.value_or(false), h = fp16.value_or(false) || amp.value_or(false);
    if (b && h) {
        f.error("fp16.enabled", "contradicts bf16.enabled: enable one of bf16 and fp16");
    } else if (b) {
        f.training.precision.set(Precision::Bf16, "bf16.enabled");
    } else if (h) {
        f.training.precision.set(Precision::Fp16,
                                 fp16.value_or(false) ? "fp16.enabled" : "amp.enabled");
    } else if (bf16 || fp16 || amp) {
        f.training.precision.set(Precision::Fp32, "bf16.enabled / fp16.enabled (both false: fp32)");
    } else if (!r.has("bf16") && !r.has("fp16") && !r.has("bfloat16") && !r.has("amp")) {
        f.training.precision.set(Precision::Fp32, "bf16 / fp16 (absent: DeepSpeed trains in fp32)",
                                 Origin::ToolDefault);
    }
}

void readOptimizer(KeyReader& r, ImportedFields& f) {
    const json* v = r.get("optimizer");
    if (!v) return;
    if (!v->is_object()) {
        f.error("optimizer",
                "must be an object with \"type\" and \"params\", got " + detail::describe(*v));
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
            f.warning(o.path("type"),
                      "'" + *type +
                          "' is not modelled; its optimizer state is counted as Adam's (two fp32 "
                          "moments per parameter)");
        else
            f.warning(o.path("type"),
                      "'" + *type +
                          "' is not a DeepSpeed optimizer TrainPlan knows; counted as AdamW");
    }
    o.markRead({"params"});
    if (const json* params = o.get("params"); params && !params->is_object())
        f.error(o.path("params"), "must be an object, got " + detail::describe(*params));
    o.warnUnread("optimizer keys");
}

} // namespace

ImportedFields importDeepSpeedConfig(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::DeepSpeedConfig;
    if (detail::looksBinary(text)) {
        f.error("", "is a binary file, not a DeepSpeed config");
        return f;
    }
    detail::ParsedJson parsed = detail::parseJson(text);
    if (!parsed.error.empty()) {
        f.error("", parsed.error);
        return f;
    }
    const json& doc = parsed.value;
    if (!doc.is_object()) {
        f.error("", "a DeepSpeed config must be a JSON object, got " + detail::describe(doc));
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
        f.note(autos.front(), "\"auto\" (" + list +
                                  "): filled in by the Hugging Face Trainer at launch; TrainPlan "
                                  "takes the value from the other files or derives it");
    }
    if (train) f.training.globalBatch.set(*train, "train_batch_size");
    if (micro) {
        if (*micro > 1'000'000)
            f.error("train_micro_batch_size_per_gpu", "is larger than 1,000,000");
        else
            f.plan.microBatch.set(static_cast<int>(*micro), "train_micro_batch_size_per_gpu");
    }
    if (ga) {
        if (*ga > 1'000'000)
            f.error("gradient_accumulation_steps", "is larger than 1,000,000");
        else
            f.plan.gradAccum.set(static_cast<int>(*ga), "gradient_accumulation_steps");
    }
    if (train && micro && ga) {
        const long long perRank = *micro * *ga;
        if (*train % perRank != 0)
            f.error("train_batch_size",
                    std::to_string(*train) + " is not train_micro_batch_size_per_gpu " +
                        std::to_string(*micro) + " × gradient_accumulation_steps " +
                        std::to_string(*ga) + " × a whole number of data-parallel ranks (" +
                        std::to_string(*train) + " / " + std::to_string(perRank) +
                        " is not whole)");
        else if (*train / perRank <= 10'000'000)
            f.plan.dp.set(static_cast<int>(*train / perRank),
                          "train_batch_size / (train_micro_batch_size_per_gpu × "
                          "gradient_accumulation_steps)");
    }
    readPrecision(r, f);
    if (const json* z = r.get("zero_optimization"))
        readZero(*z, f);
    else
        f.plan.zeroStage.set(0, "zero_optimization (absent: stage 0)", Origin::ToolDefault);
    readOptimizer(r, f);

    if (const json* ac = r.get("activation_checkpointing")) {
        if (!ac->is_object()) {
            f.error("activation_checkpointing", "must be an object, got " + detail::describe(*ac));
        } else {
            KeyReader a(*ac, f, "activation_checkpointing");
            const auto partition = a.boolean("partition_activations");
            const auto cpu = a.boolean("cpu_checkpointing");
            a.boolean("contiguous_memory_optimization");
            a.boolean("synchronize_checkpoint_boundary");
            a.boolean("profile");
            if (const json* n = a.get("number_checkpoints"); n && !n->is_number())
                f.error(a.path("number_checkpoints"),
                        "must be a number or null, got " + detail::describe(*n));
            f.plan.recompute.set(Recompute::Full, "activation_checkpointing");
            f.note("activation_checkpointing",
                   "modelled as full recompute (DeepSpeed recomputes the layers the model wraps in "
                   "deepspeed.checkpointing.checkpoint)" +
                       std::string(partition.value_or(false)
                                       ? "; partition_activations splits the saved inputs over tp"
                                       : ""));
            if (cpu.value_or(false))
                f.warning(a.path("cpu_checkpointing"), "activation offload to CPU is not modelled");
            a.warnUnread("activation_checkpointing keys");
        }
    }
    if (const json* tpConf = r.get("tensor_parallel")) {
        if (!tpConf->is_object()) {
            f.error("tensor_parallel", "must be an object, got " + detail::describe(*tpConf));
        } else {
            KeyReader t(*tpConf, f, "tensor_parallel");
            if (auto tp = t.integer("autotp_size", 1, 1'000'000))
                f.plan.tp.set(static_cast<int>(*tp), t.path("autotp_size"));
            t.markRead(
                {"tp_overlap_comm", "tp_grain_size", "preset_model", "partition_config", "tp"});
            t.warnUnread("tensor_parallel keys");
        }
    }
    if (auto sp = r.integer("sequence_parallel_size", 1, 1'000'000); sp && *sp > 1)
        f.warning("sequence_parallel_size",
                  "DeepSpeed-Ulysses sequence parallelism is not modelled");
    if (r.has("elasticity"))
        f.warning("elasticity",
                  "elastic batch sizes are not modelled; the fixed sizes above are used");
    if (r.has("pipeline"))
        f.note("pipeline",
               "pipeline settings are read from the training script (PipelineModule num_stages)");
    (void)r.number("gradient_clipping", 0.0, 1e30, true);
    if (const json* ct = r.get("communication_data_type");
        ct && ct->is_string() && ct->get<std::string>() != "fp32")
        f.note("communication_data_type",
               "the estimate assumes gradients are reduced in the training precision");
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
    r.warnUnread("top-level keys");
    return f;
}

json exportDeepSpeedConfig(const Scenario& s, const Plan& p, ImportIssues& issues) {
    const std::string file = "ds_config.json";
    auto warn = [&](const std::string& key, const std::string& msg) {
        issues.push_back({Severity::Warning, file, key, msg});
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
        warn("bf16", "DeepSpeed has no fp8 setting: written as bf16 (fp8 GEMMs come from "
                     "Transformer Engine in the model code)");
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
            warn("activation_checkpointing",
                 "DeepSpeed has no selective recompute: written as full activation checkpointing");
    }
    if (p.tp > 1 && p.pp == 1) j["tensor_parallel"] = {{"autotp_size", p.tp}};
    if (p.cp > 1)
        warn("", "context parallelism is not expressible in DeepSpeed (cp=" + std::to_string(p.cp) +
                     " dropped)");
    if (p.ep > 1)
        warn("", "expert parallelism (ep=" + std::to_string(p.ep) +
                     ") is set in the model code (deepspeed.moe), not in ds_config.json");
    j["gradient_clipping"] = 1.0;
    j["steps_per_print"] = 100;
    j["wall_clock_breakdown"] = false;
    return j;
}

} // namespace trainplan::model::io
