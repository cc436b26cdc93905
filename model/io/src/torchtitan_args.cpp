#include "torchtitan_args.h"

#include <trainplan/model/io/launcher.h>

#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "shell_args.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

namespace trainplan::model::io::detail {

void readTorchtitan(const ParsedArgs& args, ImportedFields& f) {
    detail::ArgReader a(args, f);
    auto integer = [&](const char* flag, long long min, long long max) {
        return a.integer(flag, min, max);
    };
    f.plan.framework.set(Framework::Fsdp, "torchtitan");
    const auto replicate =
        integer("--parallelism.data_parallel_replicate_degree", 1, 10'000'000).value_or(1);
    const auto shard =
        integer("--parallelism.data_parallel_shard_degree", -1, 10'000'000).value_or(-1);
    const auto tp = integer("--parallelism.tensor_parallel_degree", 1, 1'000'000).value_or(1);
    const auto pp = integer("--parallelism.pipeline_parallel_degree", 1, 1'000'000).value_or(1);
    const auto cp = integer("--parallelism.context_parallel_degree", 1, 1'000'000).value_or(1);
    const auto ep = integer("--parallelism.expert_parallel_degree", 1, 1'000'000).value_or(1);
    if (shard == 0)
        f.error("--parallelism.data_parallel_shard_degree", ImportTextId::TtShardDegree);
    const Origin o = Origin::Explicit;
    f.plan.tp.set(static_cast<int>(tp), "--parallelism.tensor_parallel_degree",
                  args.values.count("--parallelism.tensor_parallel_degree") ? o
                                                                            : Origin::ToolDefault);
    f.plan.pp.set(
        static_cast<int>(pp), "--parallelism.pipeline_parallel_degree",
        args.values.count("--parallelism.pipeline_parallel_degree") ? o : Origin::ToolDefault);
    f.plan.cp.set(static_cast<int>(cp), "--parallelism.context_parallel_degree",
                  args.values.count("--parallelism.context_parallel_degree") ? o
                                                                             : Origin::ToolDefault);
    f.plan.ep.set(static_cast<int>(ep), "--parallelism.expert_parallel_degree",
                  args.values.count("--parallelism.expert_parallel_degree") ? o
                                                                            : Origin::ToolDefault);
    // torchtitan applies sequence parallelism with every TP plan it ships.
    f.plan.sequenceParallel.set(tp > 1, "--parallelism.tensor_parallel_degree",
                                fieldNote(ImportTextId::FieldTorchtitanSp), Origin::ToolDefault);
    if (shard == 1) {
        if (tp > 1 || pp > 1 || cp > 1)
            f.plan.zeroStage.set(0, "--parallelism.data_parallel_shard_degree 1",
                                 fieldNote(ImportTextId::FieldReplicated));
        else
            f.plan.framework.set(Framework::Ddp, "--parallelism.data_parallel_shard_degree 1",
                                 ImportText::verbatim("DDP"));
        f.plan.zeroStage.set(0, "--parallelism.data_parallel_shard_degree 1");
        if (replicate > 1)
            f.plan.dp.set(static_cast<int>(replicate),
                          "--parallelism.data_parallel_replicate_degree");
    } else {
        std::string reshard = "default";
        if (auto r = a.string("--parallelism.fsdp_reshard_after_forward")) {
            reshard = *r;
            if (reshard != "default" && reshard != "always" && reshard != "never")
                f.error("--parallelism.fsdp_reshard_after_forward", IssueId::NotOneOf,
                        {reshard, "default, always, never"});
        }
        f.plan.zeroStage.set(reshard == "never" ? 2 : 3, "--parallelism.fsdp_reshard_after_forward",
                             args.values.count("--parallelism.fsdp_reshard_after_forward")
                                 ? o
                                 : Origin::ToolDefault);
        f.plan.hybridShard.set(replicate > 1, "--parallelism.data_parallel_replicate_degree",
                               args.values.count("--parallelism.data_parallel_replicate_degree")
                                   ? o
                                   : Origin::ToolDefault);
        if (shard > 1) {
            const long long dp = replicate * shard;
            if (dp <= 10'000'000)
                f.plan.dp.set(
                    static_cast<int>(dp),
                    "--parallelism.data_parallel_replicate_degree × data_parallel_shard_degree");
        }
    }
    f.plan.vpp.set(1, "--parallelism.pipeline_parallel_schedule", Origin::ToolDefault);
    if (auto sched = a.string("--parallelism.pipeline_parallel_schedule")) {
        const bool looped = sched->find("Interleaved") != std::string::npos ||
                            sched->find("Looped") != std::string::npos ||
                            *sched == "ZBVZeroBubble" ||
                            sched->find("DualPipe") != std::string::npos;
        if (looped) {
            if (auto lps =
                    a.integer("--parallelism.pipeline_parallel_layers_per_stage", 1, 100'000))
                f.plan.layersPerVirtualStage.set(
                    static_cast<int>(*lps), "--parallelism.pipeline_parallel_layers_per_stage");
            else
                f.warning("--parallelism.pipeline_parallel_schedule",
                          ImportTextId::TtInterleavedNoLayersPerStage, {*sched});
            if (!f.plan.layersPerVirtualStage.has())
                f.plan.vpp.set(2, "--parallelism.pipeline_parallel_schedule", Origin::Guess);
        }
    }
    {
        // torchtitan counts the embedding and the norm + output as this many layers each when it
        // splits the pipeline (configs.py, default 1 and 1).
        PipelineLayout layout;
        std::string keys;
        if (auto v = a.integer("--parallelism.pipeline_parallel_first_stage_less_layers", 0,
                               1'000'000)) {
            layout.firstStageLessLayers = static_cast<int>(*v);
            keys = "--parallelism.pipeline_parallel_first_stage_less_layers";
        }
        if (auto v =
                a.integer("--parallelism.pipeline_parallel_last_stage_less_layers", 0, 1'000'000)) {
            layout.lastStageLessLayers = static_cast<int>(*v);
            keys += (keys.empty() ? "" : ", ") +
                    std::string("--parallelism.pipeline_parallel_last_stage_less_layers");
        }
        if (!layout.isDefault()) f.plan.pipeline.set(layout, keys);
    }
    // Micro-batch: per-rank batch, split into pipeline micro-batches when pp > 1.
    const auto local = args.values.count("--training.local_batch_size")
                           ? a.integer("--training.local_batch_size", 1, 1'000'000)
                           : a.integer("--training.batch_size", 1, 1'000'000);
    const auto pipeMicro =
        a.integer("--parallelism.pipeline_parallel_microbatch_size", 1, 1'000'000);
    if (pp > 1) {
        const int micro = static_cast<int>(pipeMicro.value_or(1));
        f.plan.microBatch.set(micro, "--parallelism.pipeline_parallel_microbatch_size",
                              pipeMicro ? Origin::Explicit : Origin::ToolDefault);
        if (local) {
            if (*local % micro != 0)
                f.error("--training.local_batch_size", ImportTextId::TtLocalBatchNotMultiple,
                        {*local, micro});
            else
                f.plan.gradAccum.set(
                    static_cast<int>(*local / micro),
                    "--training.local_batch_size / pipeline_parallel_microbatch_size");
        }
    } else if (local) {
        f.plan.microBatch.set(static_cast<int>(*local), "--training.local_batch_size");
    }
    if (auto g = a.integer("--training.global_batch_size", -1, 1'000'000'000LL); g && *g > 0)
        f.training.globalBatch.set(*g, "--training.global_batch_size");
    else if (pp == 1 && local)
        f.plan.gradAccum.set(1, "--training.global_batch_size", absentNote("local × dp"),
                             Origin::ToolDefault);
    if (auto seq = a.integer("--training.seq_len", 1, 1'000'000'000))
        f.model.seqLen.set(static_cast<int>(*seq), "--training.seq_len");
    if (auto steps = a.integer("--training.steps", 1, 1'000'000'000'000LL))
        f.training.trainSteps.set(*steps, "--training.steps");
    Precision prec = Precision::Bf16;
    bool precGiven = false;
    if (auto mp = a.string("--training.mixed_precision_param")) {
        precGiven = true;
        if (*mp == "bfloat16")
            prec = Precision::Bf16;
        else if (*mp == "float32")
            prec = Precision::Fp32;
        else
            f.error("--training.mixed_precision_param", IssueId::NotOneOf,
                    {*mp, "bfloat16, float32"});
    }
    if (auto conv = a.string("--model.converters");
        conv && conv->find("float8") != std::string::npos) {
        prec = Precision::Fp8;
        precGiven = true;
    }
    f.training.precision.set(prec, "--training.mixed_precision_param",
                             precGiven ? ImportText() : absentNote("bfloat16"),
                             precGiven ? Origin::Explicit : Origin::ToolDefault);
    if (args.values.count("--training.enable_cpu_offload")) {
        f.plan.offload.set(Offload::Cpu, "--training.enable_cpu_offload");
        f.plan.offloadParams.set(shard != 1, "--training.enable_cpu_offload",
                                 fieldNote(ImportTextId::FieldFsdpOffloadsParams));
    }
    if (auto mode = a.string("--activation_checkpoint.mode")) {
        if (*mode == "none")
            f.plan.recompute.set(Recompute::None, "--activation_checkpoint.mode");
        else if (*mode == "full")
            f.plan.recompute.set(Recompute::Full, "--activation_checkpoint.mode");
        else if (*mode == "selective") {
            // Layer-wise selective AC (selective_ac_option "k") fully checkpoints every k-th
            // block (torchtitan parallelize.py _apply_ac_to_transformer_block): a partial full
            // recompute of ⌈layers per stage / k⌉ layers.
            const auto opt = a.string("--activation_checkpoint.selective_ac_option");
            int every = 0;
            if (opt && *opt != "op") {
                try {
                    std::size_t used = 0;
                    every = std::stoi(*opt, &used);
                    if (used != opt->size() || every < 1) every = -1;
                } catch (const std::exception&) {
                    every = -1;
                }
            }
            if (every < 0) {
                f.error("--activation_checkpoint.selective_ac_option",
                        ImportTextId::TtSelectiveAcOption, {*opt});
            } else if (every == 0) {
                f.plan.recompute.set(Recompute::Selective, "--activation_checkpoint.mode");
            } else {
                f.plan.recompute.set(Recompute::Full, "--activation_checkpoint.selective_ac_option",
                                     fieldNote(ImportTextId::FieldEveryKLayers, {*opt}));
                if (every > 1)
                    f.plan.recomputeEvery.set(every, "--activation_checkpoint.selective_ac_option");
            }
        } else {
            f.error("--activation_checkpoint.mode", IssueId::NotOneOf,
                    {*mode, "none, selective, full"});
        }
    } else {
        f.plan.recompute.set(Recompute::Selective, "--activation_checkpoint.mode",
                             absentNote("selective"), Origin::ToolDefault);
    }
    if (args.values.count("--parallelism.enable_async_tensor_parallel"))
        f.plan.tpCommOverlap.set(true, "--parallelism.enable_async_tensor_parallel");
    if (auto name = a.string("--optimizer.name")) {
        if (*name == "AdamW")
            f.training.optimizer.set(Optimizer::AdamW, "--optimizer.name");
        else if (*name == "Adam")
            f.training.optimizer.set(Optimizer::Adam, "--optimizer.name");
        else
            f.warning("--optimizer.name", ImportTextId::TtOptimizerAsAdam, {*name});
    }
    if (args.values.count("--job.config_file"))
        f.note("--job.config_file", ImportTextId::TtTomlNotRead);
}

} // namespace trainplan::model::io::detail
