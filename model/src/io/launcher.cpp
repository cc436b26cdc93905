#include <trainplan/model/io/launcher.h>

#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "shell_args.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

namespace trainplan::model::io {

namespace {

using detail::ArgSpec;
using detail::ArgUse;

std::string basename(const std::string& w) {
    const auto slash = w.find_last_of('/');
    return slash == std::string::npos ? w : w.substr(slash + 1);
}

const std::vector<ArgSpec>& sbatchOptions() {
    static const std::vector<ArgSpec> specs = [] {
        std::vector<ArgSpec> v;
        for (const char* n : {"--nodes", "-N", "--gpus-per-node", "--gres", "--gpus", "-G",
                              "--ntasks-per-node", "--gpus-per-task", "--ntasks", "-n"})
            v.push_back({n, 1, ArgUse::Mapped, ""});
        for (const char* n : {"--job-name",
                              "-J",
                              "--time",
                              "-t",
                              "--partition",
                              "-p",
                              "--account",
                              "-A",
                              "--output",
                              "-o",
                              "--error",
                              "-e",
                              "--cpus-per-task",
                              "-c",
                              "--mem",
                              "--mem-per-gpu",
                              "--mem-per-cpu",
                              "--qos",
                              "-q",
                              "--constraint",
                              "-C",
                              "--reservation",
                              "--nodelist",
                              "-w",
                              "--exclude",
                              "-x",
                              "--dependency",
                              "-d",
                              "--mail-type",
                              "--mail-user",
                              "--array",
                              "-a",
                              "--signal",
                              "--chdir",
                              "-D",
                              "--comment",
                              "--begin",
                              "--switches",
                              "--network",
                              "--distribution",
                              "-m",
                              "--gpu-bind",
                              "--cpus-per-gpu",
                              "--licenses",
                              "-L",
                              "--wckey",
                              "--container-image",
                              "--container-mounts",
                              "--container-workdir",
                              "--export",
                              "--open-mode",
                              "--priority",
                              "--nice",
                              "--cluster",
                              "-M",
                              "--threads-per-core",
                              "--hint",
                              "--time-min",
                              "--deadline"})
            v.push_back({n, 1, ArgUse::Silent, ""});
        for (const char* n :
             {"--exclusive", "--requeue", "--no-requeue", "--overcommit", "-O", "--wait", "-W",
              "--hold", "-H", "--contiguous", "--use-min-nodes", "--parsable", "--spread-job",
              "--container-mount-home", "--no-container-mount-home", "--kill-on-invalid-dep"})
            v.push_back({n, 0, ArgUse::Silent, ""});
        return v;
    }();
    return specs;
}

const std::vector<ArgSpec>& torchrunOptions() {
    static const std::vector<ArgSpec> specs = [] {
        std::vector<ArgSpec> v;
        for (const char* n : {"--nnodes", "--nproc-per-node", "--num_nodes", "--num_gpus"})
            v.push_back({n, 1, ArgUse::Mapped, ""});
        v.push_back({"--standalone", 0, ArgUse::Mapped, ""});
        for (const char* n : {"--node-rank",
                              "--rdzv-backend",
                              "--rdzv-endpoint",
                              "--rdzv-id",
                              "--rdzv-conf",
                              "--master-addr",
                              "--master-port",
                              "--max-restarts",
                              "--monitor-interval",
                              "--start-method",
                              "--role",
                              "--log-dir",
                              "--redirects",
                              "-r",
                              "--tee",
                              "-t",
                              "--local-addr",
                              "--local-ranks-filter",
                              "--logs-specs",
                              "--hostfile",
                              "-H",
                              "--include",
                              "-i",
                              "--exclude",
                              "-e",
                              "--launcher",
                              "--launcher_args",
                              "--master_addr",
                              "--master_port",
                              "--node_rank",
                              "--rdzv_backend",
                              "--rdzv_endpoint",
                              "--rdzv_id",
                              "--rdzv_conf",
                              "--ssh_port",
                              "--elastic_training",
                              "--min_elastic_nodes",
                              "--max_elastic_nodes"})
            v.push_back({n, 1, ArgUse::Silent, ""});
        for (const char* n : {"--run-path", "--no-python", "--no_python", "--no_local_rank",
                              "--force_multi", "--save_pid", "--enable_each_rank_log",
                              "--bind_cores_to_rank", "--autotuning", "--virtual-local-rank"})
            v.push_back({n, 0, ArgUse::Silent, ""});
        return v;
    }();
    return specs;
}

// torchtitan's JobConfig sections; flags of other sections are unknown.
constexpr std::string_view kTitanSections[] = {"job",
                                               "profiling",
                                               "metrics",
                                               "model",
                                               "optimizer",
                                               "lr_scheduler",
                                               "training",
                                               "parallelism",
                                               "checkpoint",
                                               "activation_checkpoint",
                                               "float8",
                                               "mx",
                                               "comm",
                                               "memory_estimation",
                                               "fault_tolerance",
                                               "experimental",
                                               "validation",
                                               "compile",
                                               "quantize"};

// Splits "[type:]count" (Slurm GPU counts); false when count is not a positive integer.
bool gpuCount(const std::string& spec, int& count, std::string& type) {
    std::string s = spec;
    const auto colon = s.find_last_of(':');
    if (colon != std::string::npos) {
        type = s.substr(0, colon);
        s = s.substr(colon + 1);
    }
    long long n = 0;
    if (!detail::parseInteger(s, n) || n < 1 || n > 1024) return false;
    count = static_cast<int>(n);
    return true;
}

struct SbatchInfo {
    std::map<std::string, std::string> env;
};

SbatchInfo readSbatch(const ShellScript& pre, ImportedFields& f) {
    SbatchInfo info;
    std::optional<int> nodes, gpusPerNode, totalGpus;
    std::string gpuType;
    for (const ShellComment& c : pre.comments) {
        std::string_view t = c.text;
        if (t.rfind("SBATCH", 0) != 0) continue;
        t.remove_prefix(6);
        if (!c.beforeFirstCommand) {
            f.warning("#SBATCH", "line " + std::to_string(c.line) +
                                     ": sbatch ignores #SBATCH lines after the first command");
            continue;
        }
        ShellScript words = parseShellScript(t);
        for (const auto& cmd : words.commands) {
            detail::ParsedArgs args = detail::parseArgs(cmd.words, 0, sbatchOptions());
            for (const auto& u : args.unknown)
                f.warning("#SBATCH " + u, "unknown sbatch option ignored");
            for (const auto& [flag, msg] : args.problems)
                f.error("#SBATCH " + flag, msg);
            detail::ArgReader a(args, f);
            auto text = [&](const char* longName,
                            const char* shortName) -> std::optional<std::string> {
                if (args.values.count(longName)) return a.string(longName);
                if (shortName && args.values.count(shortName)) return a.string(shortName);
                return std::nullopt;
            };
            if (auto n = text("--nodes", "-N")) {
                std::string v = *n;
                const auto dash = v.find('-');
                if (dash != std::string::npos) {
                    f.warning("#SBATCH --nodes",
                              "'" + v + "' is a range; planning for the minimum");
                    v = v.substr(0, dash);
                }
                long long count = 0;
                if (!detail::parseInteger(v, count) || count < 1 || count > 1'000'000)
                    f.error("#SBATCH --nodes", "must be a node count, got '" + *n + "'");
                else
                    nodes = static_cast<int>(count);
            }
            if (auto g = text("--gpus-per-node", nullptr)) {
                int count = 0;
                if (gpuCount(*g, count, gpuType))
                    gpusPerNode = count;
                else
                    f.error("#SBATCH --gpus-per-node", "must be [type:]count, got '" + *g + "'");
            }
            if (auto g = text("--gres", nullptr)) {
                // sbatch --gres: a comma-separated list of name[[:type]:count]; the GPU one is
                // "gpu" (also written gres/gpu, as in --tres-per-node). Other resources (shard,
                // mps, nvme) are not GPUs; a list without a GPU is worth a word, since the GPU
                // count then comes from elsewhere or a default.
                std::stringstream ss(*g);
                std::string item;
                bool sawGpu = false;
                while (std::getline(ss, item, ',')) {
                    std::string name = item.substr(0, item.find(':'));
                    std::string rest = item.size() > name.size() ? item.substr(name.size()) : "";
                    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char ch) {
                        return static_cast<char>(std::tolower(ch));
                    });
                    if (name.rfind("gres/", 0) == 0) name = name.substr(5);
                    if (name.find("gpu") == std::string::npos) continue;
                    sawGpu = true;
                    int count = 0;
                    if (name == "gpu" && rest.empty())
                        gpusPerNode = 1;
                    else if (name == "gpu" && rest.size() > 1 &&
                             gpuCount(rest.substr(1), count, gpuType))
                        gpusPerNode = count;
                    else
                        f.error("#SBATCH --gres",
                                "'" + item + "' is not gpu[:type]:count (e.g. gpu:h100:8)");
                }
                if (!sawGpu)
                    f.warning("#SBATCH --gres", "'" + *g +
                                                    "' requests no GPU (expected gpu[:type]:"
                                                    "count); the GPUs per node are not taken "
                                                    "from it");
            }
            if (auto g = text("--gpus", "-G")) {
                int count = 0;
                std::string type;
                std::string spec = *g;
                long long total = 0;
                const auto colon = spec.find_last_of(':');
                if (colon != std::string::npos) {
                    gpuType = spec.substr(0, colon);
                    spec = spec.substr(colon + 1);
                }
                if (detail::parseInteger(spec, total) && total >= 1 && total <= 10'000'000)
                    totalGpus = static_cast<int>(total);
                else
                    f.error("#SBATCH --gpus", "must be [type:]count, got '" + *g + "'");
                (void)count;
                (void)type;
            }
            if (auto t2 = text("--ntasks-per-node", nullptr);
                t2 && args.values.count("--gpus-per-task")) {
                long long tasks = 0;
                int per = 0;
                std::string type;
                auto gpt = a.string("--gpus-per-task");
                if (detail::parseInteger(*t2, tasks) && gpt && gpuCount(*gpt, per, type) &&
                    tasks >= 1 && tasks <= 1024)
                    gpusPerNode = static_cast<int>(tasks) * per;
            }
        }
    }
    if (nodes) {
        f.cluster.nodes.set(*nodes, "#SBATCH --nodes");
        info.env["SLURM_NNODES"] = std::to_string(*nodes);
        info.env["SLURM_JOB_NUM_NODES"] = std::to_string(*nodes);
    }
    if (!gpusPerNode && totalGpus) {
        const int n = nodes.value_or(1);
        if (*totalGpus % n != 0)
            f.error("#SBATCH --gpus", std::to_string(*totalGpus) +
                                          " GPUs do not split evenly over " + std::to_string(n) +
                                          " nodes");
        else
            gpusPerNode = *totalGpus / n;
    }
    if (gpusPerNode) {
        f.cluster.gpusPerNode.set(*gpusPerNode, "#SBATCH --gpus-per-node");
        info.env["SLURM_GPUS_PER_NODE"] = std::to_string(*gpusPerNode);
        info.env["SLURM_GPUS_ON_NODE"] = std::to_string(*gpusPerNode);
    }
    if (!gpuType.empty()) f.cluster.gpu.set(gpuType, "#SBATCH GPU type");
    return info;
}

void setCount(ImportedFields& f, Field<int>& field, int value, const std::string& key) {
    if (field.has() && *field != value) {
        f.error(key, std::to_string(value) + " contradicts " + field.key + " " +
                         std::to_string(*field) + " in the same file");
        return;
    }
    field.set(value, key);
}

void readTorchtitan(const detail::ParsedArgs& args, ImportedFields& f) {
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
        f.error("--parallelism.data_parallel_shard_degree", "must be -1 (the rest) or at least 1");
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
    f.plan.sequenceParallel.set(
        tp > 1,
        "--parallelism.tensor_parallel_degree (torchtitan uses sequence parallelism with TP)",
        Origin::ToolDefault);
    if (shard == 1) {
        if (tp > 1 || pp > 1 || cp > 1)
            f.plan.zeroStage.set(0, "--parallelism.data_parallel_shard_degree 1 (replicated)");
        else
            f.plan.framework.set(Framework::Ddp,
                                 "--parallelism.data_parallel_shard_degree 1 (DDP)");
        f.plan.zeroStage.set(0, "--parallelism.data_parallel_shard_degree 1");
        if (replicate > 1)
            f.plan.dp.set(static_cast<int>(replicate),
                          "--parallelism.data_parallel_replicate_degree");
    } else {
        std::string reshard = "default";
        if (auto r = a.string("--parallelism.fsdp_reshard_after_forward")) {
            reshard = *r;
            if (reshard != "default" && reshard != "always" && reshard != "never")
                f.error("--parallelism.fsdp_reshard_after_forward",
                        "'" + reshard + "' is not one of default, always, never");
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
                          "'" + *sched +
                              "' interleaves stages but "
                              "--parallelism.pipeline_parallel_layers_per_stage is not given; "
                              "planning with vpp 2");
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
                f.error("--training.local_batch_size",
                        std::to_string(*local) +
                            " is not a multiple of "
                            "--parallelism.pipeline_parallel_microbatch_size " +
                            std::to_string(micro));
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
        f.plan.gradAccum.set(1, "--training.global_batch_size (absent: local × dp)",
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
            f.error("--training.mixed_precision_param",
                    "'" + *mp + "' is not one of bfloat16, float32");
    }
    if (auto conv = a.string("--model.converters");
        conv && conv->find("float8") != std::string::npos) {
        prec = Precision::Fp8;
        precGiven = true;
    }
    f.training.precision.set(prec,
                             precGiven ? "--training.mixed_precision_param"
                                       : "--training.mixed_precision_param (absent: bfloat16)",
                             precGiven ? Origin::Explicit : Origin::ToolDefault);
    if (args.values.count("--training.enable_cpu_offload")) {
        f.plan.offload.set(Offload::Cpu, "--training.enable_cpu_offload");
        f.plan.offloadParams.set(shard != 1,
                                 "--training.enable_cpu_offload (FSDP offloads parameters too)");
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
                        "'" + *opt + "' is neither op nor a positive layer interval");
            } else if (every == 0) {
                f.plan.recompute.set(Recompute::Selective, "--activation_checkpoint.mode");
            } else {
                f.plan.recompute.set(Recompute::Full,
                                     "--activation_checkpoint.selective_ac_option (every " +
                                         *opt + " layers)");
                if (every > 1)
                    f.plan.recomputeEvery.set(every, "--activation_checkpoint.selective_ac_option");
            }
        } else {
            f.error("--activation_checkpoint.mode",
                    "'" + *mode + "' is not one of none, selective, full");
        }
    } else {
        f.plan.recompute.set(Recompute::Selective,
                             "--activation_checkpoint.mode (absent: selective)",
                             Origin::ToolDefault);
    }
    if (args.values.count("--parallelism.enable_async_tensor_parallel"))
        f.plan.tpCommOverlap.set(true, "--parallelism.enable_async_tensor_parallel");
    if (auto name = a.string("--optimizer.name")) {
        if (*name == "AdamW")
            f.training.optimizer.set(Optimizer::AdamW, "--optimizer.name");
        else if (*name == "Adam")
            f.training.optimizer.set(Optimizer::Adam, "--optimizer.name");
        else
            f.warning("--optimizer.name",
                      "'" + *name + "' is not modelled; its state is counted as Adam's");
    }
    if (args.values.count("--job.config_file"))
        f.note("--job.config_file",
               "settings in the TOML file are not read: give every plan setting as a flag "
               "(TrainPlan's export does)");
}

// The launcher command and its options; `script` is the index of the training script word.
struct Launch {
    const ShellCommand* cmd = nullptr;
    std::size_t optionsStart = 0;
    std::size_t script = 0;
    bool module = false;
    bool deepspeedLauncher = false;
};

std::optional<Launch> findLaunch(const ShellScript& script) {
    for (const auto& c : script.commands) {
        for (std::size_t i = 0; i < c.words.size(); ++i) {
            const std::string base = basename(c.words[i].text);
            Launch l;
            l.cmd = &c;
            if (base == "torchrun" || base == "deepspeed") {
                l.optionsStart = i + 1;
                l.deepspeedLauncher = base == "deepspeed";
            } else if ((base.rfind("python", 0) == 0) && i + 2 < c.words.size() &&
                       c.words[i + 1].text == "-m" &&
                       (c.words[i + 2].text == "torch.distributed.run" ||
                        c.words[i + 2].text == "torch.distributed.launch")) {
                l.optionsStart = i + 3;
            } else {
                continue;
            }
            // Options up to the script (or -m module).
            std::size_t j = l.optionsStart;
            while (j < c.words.size()) {
                const std::string& w = c.words[j].text;
                if (w == "-m" || w == "--module") {
                    l.module = true;
                    ++j;
                    break;
                }
                if (w.rfind("-", 0) != 0) break;
                const auto* spec = detail::findSpec(torchrunOptions(), w);
                ++j;
                if (w.find('=') != std::string::npos || j >= c.words.size() ||
                    c.words[j].text.rfind("-", 0) == 0)
                    continue;
                const std::string& next = c.words[j].text;
                const bool looksScript =
                    next.size() > 3 && next.compare(next.size() - 3, 3, ".py") == 0;
                if (spec ? spec->arity > 0 : !looksScript) ++j;
            }
            l.script = j;
            return l;
        }
    }
    return std::nullopt;
}

} // namespace

bool looksLikeLauncher(std::string_view text) {
    return text.find("#SBATCH") != std::string_view::npos ||
           text.find("torchrun") != std::string_view::npos ||
           text.find("torch.distributed.run") != std::string_view::npos ||
           text.find("torch.distributed.launch") != std::string_view::npos ||
           text.find("deepspeed ") != std::string_view::npos;
}

ImportedFields importLauncher(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::Launcher;
    if (detail::looksBinary(text)) {
        f.error("", "is a binary file, not a launch script");
        return f;
    }
    const ShellScript pre = parseShellScript(text);
    for (const auto& p : pre.problems)
        f.error("", "shell syntax: " + p + " (nothing after it can be read reliably)");
    const SbatchInfo sbatch = readSbatch(pre, f);
    const ShellScript script = sbatch.env.empty() ? pre : parseShellScript(text, sbatch.env);
    const auto launch = findLaunch(script);
    if (!launch) {
        if (!f.cluster.nodes.has() && !f.cluster.gpusPerNode.has())
            f.error("", "no #SBATCH directives and no torchrun / python -m torch.distributed.run / "
                        "deepspeed launch found");
        else {
            for (const auto& c : script.commands)
                for (const auto& w : c.words)
                    if (w.text.size() > 3 && (w.text.compare(w.text.size() - 3, 3, ".sh") == 0)) {
                        f.note("", "launches " + w.text +
                                       ": import it too to read the framework settings");
                        return f;
                    }
        }
        return f;
    }
    const ShellCommand& c = *launch->cmd;
    std::vector<ShellWord> options(c.words.begin() + static_cast<long>(launch->optionsStart),
                                   c.words.begin() +
                                       static_cast<long>(std::min(launch->script, c.words.size())));
    if (launch->module && !options.empty()) options.pop_back(); // the -m itself
    detail::ParsedArgs args = detail::parseArgs(options, 0, torchrunOptions());
    const std::string tool = launch->deepspeedLauncher ? "deepspeed" : "torchrun";
    for (const auto& u : args.unknown)
        f.warning(tool + " " + u, "unknown launcher option ignored");
    for (const auto& [flag, msg] : args.problems)
        f.error(tool + " " + flag, msg);
    detail::ArgReader a(args, f);
    if (args.values.count("--standalone")) setCount(f, f.cluster.nodes, 1, tool + " --standalone");
    const char* nodesFlag = launch->deepspeedLauncher ? "--num_nodes" : "--nnodes";
    if (args.values.count(nodesFlag)) {
        if (auto n = a.string(nodesFlag)) {
            std::string v = *n;
            const auto colon = v.find(':');
            if (colon != std::string::npos) {
                f.warning(tool + " " + nodesFlag,
                          "'" + v + "' is an elastic range; planning for the maximum");
                v = v.substr(colon + 1);
            }
            long long count = 0;
            if (!detail::parseInteger(v, count) || count < 1 || count > 1'000'000)
                f.error(tool + " " + nodesFlag, "must be a node count, got '" + *n + "'");
            else
                setCount(f, f.cluster.nodes, static_cast<int>(count), tool + " " + nodesFlag);
        }
    }
    const char* procFlag = launch->deepspeedLauncher ? "--num_gpus" : "--nproc-per-node";
    if (args.values.count(procFlag)) {
        if (auto n = a.string(procFlag)) {
            long long count = 0;
            if (*n == "gpu" || *n == "auto") {
                if (!f.cluster.gpusPerNode.has())
                    f.note(
                        tool + " " + procFlag,
                        "'" + *n +
                            "' uses every GPU of the node: the count comes from the other files");
            } else if (!detail::parseInteger(*n, count) || count < 1 || count > 1024) {
                f.error(tool + " " + procFlag, "must be a GPU count, got '" + *n + "'");
            } else {
                setCount(f, f.cluster.gpusPerNode, static_cast<int>(count), tool + " " + procFlag);
            }
        }
    }
    if (launch->deepspeedLauncher) f.plan.framework.set(Framework::DeepSpeed, "deepspeed launcher");

    // The training script and its arguments.
    if (launch->script >= c.words.size()) {
        f.warning(tool, "no training script after the launcher options");
        return f;
    }
    const std::string scriptWord = c.words[launch->script].text;
    const std::string base = basename(scriptWord);
    if (base.rfind("pretrain_", 0) == 0) return f; // Megatron-LM: importMegatronArgs reads it
    const std::size_t argsStart = launch->script + 1;
    bool titanFlags = false;
    for (std::size_t i = argsStart; i < c.words.size(); ++i)
        if (c.words[i].text.rfind("--parallelism.", 0) == 0 ||
            c.words[i].text.rfind("--training.", 0) == 0)
            titanFlags = true;
    if (scriptWord.find("torchtitan") != std::string::npos || titanFlags) {
        // torchtitan flags: --section.key [value]; switches are the bool fields we read.
        std::vector<ArgSpec> specs;
        static const std::vector<std::string> names = [] {
            std::vector<std::string> v;
            for (const char* n : {"--parallelism.data_parallel_replicate_degree",
                                  "--parallelism.data_parallel_shard_degree",
                                  "--parallelism.tensor_parallel_degree",
                                  "--parallelism.pipeline_parallel_degree",
                                  "--parallelism.context_parallel_degree",
                                  "--parallelism.expert_parallel_degree",
                                  "--parallelism.fsdp_reshard_after_forward",
                                  "--parallelism.pipeline_parallel_schedule",
                                  "--parallelism.pipeline_parallel_layers_per_stage",
                                  "--parallelism.pipeline_parallel_microbatch_size",
                                  "--parallelism.pipeline_parallel_first_stage_less_layers",
                                  "--parallelism.pipeline_parallel_last_stage_less_layers",
                                  "--training.local_batch_size",
                                  "--training.batch_size",
                                  "--training.global_batch_size",
                                  "--training.seq_len",
                                  "--training.steps",
                                  "--training.mixed_precision_param",
                                  "--activation_checkpoint.mode",
                                  "--activation_checkpoint.selective_ac_option",
                                  "--model.converters",
                                  "--optimizer.name",
                                  "--job.config_file"})
                v.emplace_back(n);
            return v;
        }();
        for (const auto& n : names)
            specs.push_back({n, 1, ArgUse::Mapped, ""});
        specs.push_back({"--training.enable_cpu_offload", 0, ArgUse::Mapped, ""});
        specs.push_back({"--parallelism.enable_async_tensor_parallel", 0, ArgUse::Mapped, ""});
        // Normalise dashes inside keys (tyro accepts both) before parsing.
        std::vector<ShellWord> words(c.words.begin() + static_cast<long>(argsStart), c.words.end());
        for (auto& w : words)
            if (w.text.rfind("--", 0) == 0) {
                const auto eq = w.text.find('=');
                for (std::size_t i = 2; i < std::min(eq, w.text.size()); ++i)
                    if (w.text[i] == '-') w.text[i] = '_';
            }
        detail::ParsedArgs targs = detail::parseArgs(words, 0, specs);
        std::vector<std::string> unknown;
        for (const auto& u : targs.unknown) {
            const auto dot = u.find('.');
            const std::string section = dot == std::string::npos ? "" : u.substr(2, dot - 2);
            if (std::find(std::begin(kTitanSections), std::end(kTitanSections), section) ==
                std::end(kTitanSections))
                unknown.push_back(u);
        }
        if (!unknown.empty()) {
            std::string list;
            for (std::size_t i = 0; i < unknown.size() && i < 20; ++i)
                list += (i ? ", " : "") + unknown[i];
            f.warning(unknown.front(), "unknown torchtitan flags ignored: " + list);
        }
        for (const auto& [flag, msg] : targs.problems)
            f.error(flag, msg);
        readTorchtitan(targs, f);
        return f;
    }
    bool deepspeedScript = false;
    std::size_t others = 0;
    for (std::size_t i = argsStart; i < c.words.size(); ++i) {
        const std::string& w = c.words[i].text;
        if (w == "--deepspeed" || w.rfind("--deepspeed=", 0) == 0 ||
            w.rfind("--deepspeed_config", 0) == 0 || w.rfind("--deepspeed-config", 0) == 0)
            deepspeedScript = true;
        else if (w.rfind("--", 0) == 0)
            ++others;
    }
    if (deepspeedScript) {
        f.plan.framework.set(Framework::DeepSpeed, base + " --deepspeed");
        f.note(base, "a DeepSpeed job: the ZeRO stage, batch sizes and precision come from its "
                     "ds_config.json (import it too)");
    } else if (!launch->deepspeedLauncher) {
        f.note(base, "the arguments of " + base + " are the script's own and are not interpreted" +
                         std::string(others ? "" : "") + "; the plan comes from the other files");
    }
    return f;
}

std::vector<std::string> torchrunArgs(const ClusterSpec& c) {
    return {"torchrun",
            "--nnodes=" + std::to_string(c.nodes),
            "--nproc-per-node=" + std::to_string(c.gpusPerNode),
            "--rdzv-backend=c10d",
            "--rdzv-endpoint=\"${MASTER_ADDR:-localhost}:${MASTER_PORT:-29500}\"",
            "--rdzv-id=\"${SLURM_JOB_ID:-trainplan}\""};
}

std::string joinLauncher(const std::vector<std::string>& words) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i == 0 ? "" : " \\\n    ") + words[i];
    return out;
}

// The TOML torchtitan ships for a Llama 3 model of this architecture
// (torchtitan/models/llama3/train_configs/llama3_{8b,70b,405b}.toml; layer and width as in
// torchtitan/models/llama3/__init__.py llama3_configs), or empty when it ships none.
std::string torchtitanTrainConfig(const TransformerSpec& m) {
    struct Known {
        int layers, hidden, heads, kvHeads;
        const char* file;
    };
    static constexpr Known kKnown[] = {{32, 4096, 32, 8, "llama3_8b.toml"},
                                       {80, 8192, 64, 8, "llama3_70b.toml"},
                                       {126, 16384, 128, 8, "llama3_405b.toml"}};
    for (const Known& k : kKnown)
        if (m.layers == k.layers && m.hidden == k.hidden && m.heads == k.heads &&
            m.kvHeads == k.kvHeads && m.vocab >= 128000 && m.ffn == FfnKind::SwiGlu)
            return std::string("./torchtitan/models/llama3/train_configs/") + k.file;
    return {};
}

std::string exportTorchrunScript(const Scenario& s, const Plan& p, ImportIssues& issues) {
    const std::string file = "torchrun.sh";
    auto warn = [&](const std::string& key, const std::string& msg) {
        issues.push_back({Severity::Warning, file, key, msg});
    };
    std::ostringstream out;
    out << "#!/bin/bash\n"
        << "# " << displayName(p.framework) << " launch written by TrainPlan for scenario '"
        << s.name << "'\n"
        << "# plan: " << p.label() << " on " << s.cluster.nodes << " × " << s.cluster.gpusPerNode
        << " " << s.cluster.gpu.name << ". Run one copy per node (job.sbatch does it with srun).\n";
    std::vector<std::string> words = torchrunArgs(s.cluster);
    if (p.framework == Framework::DeepSpeed) {
        out << "# train.py is your DeepSpeed training script (deepspeed.initialize with the config "
               "below).\n"
            << "set -euo pipefail\n\n"
            << "SCRIPT_DIR=${SCRIPT_DIR:-$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)}\n"
            << "TRAIN_SCRIPT=${TRAIN_SCRIPT:-train.py}\n\n";
        words.push_back("\"$TRAIN_SCRIPT\"");
        words.push_back("--deepspeed");
        words.push_back("--deepspeed_config \"$SCRIPT_DIR/ds_config.json\"");
        out << joinLauncher(words) << "\n";
        return out.str();
    }
    // torchtitan (PyTorch's reference FSDP2/DDP + TP/PP/CP stack); flags as in its JobConfig.
    const TransformerSpec& m = s.model;
    long long replicate = p.dp, shard = 1;
    std::string reshard = "default";
    if (p.framework == Framework::Fsdp && p.zeroStage >= 2) {
        shard = p.dp;
        replicate = 1;
        if (p.hybridShard) {
            const long long perNode = s.cluster.gpusPerNode / std::max(1, p.tp * p.cp);
            shard = std::max<long long>(1, std::min<long long>(p.dp, perNode));
            while (shard > 1 && p.dp % shard != 0)
                --shard;
            replicate = p.dp / shard;
        }
        if (p.zeroStage == 2) reshard = "never";
    } else if (p.framework == Framework::Fsdp && p.zeroStage == 0) {
        warn("--parallelism.data_parallel_shard_degree",
             "FSDP NO_SHARD is written as replicated data parallelism (torchtitan's DDP)");
    }
    if (p.framework == Framework::Ddp && (p.tp > 1 || p.pp > 1))
        warn("", "DDP with TP/PP is not a torchtitan layout");
    const long long ga = p.gradientAccumulation(s.training.globalBatch);
    const long long local = p.pp > 1 ? static_cast<long long>(p.microBatch) * ga : p.microBatch;
    if (p.pp == 1 && ga > 1)
        out << "# gradient accumulation: " << ga
            << " micro-batches per step (global / (local × dp)).\n";
    // The model's TOML names the model flavor: pointing a 70B plan at the 8B file would train
    // another model. Without a shipped file for this architecture the user must give one.
    std::string config = torchtitanTrainConfig(m);
    if (config.empty()) {
        config = "./train_configs/your_model.toml";
        warn("TORCHTITAN_CONFIG", "torchtitan ships no train config for " +
                                      (m.displayName.empty() ? m.name : m.displayName) +
                                      ": set TORCHTITAN_CONFIG to a TOML whose model flavor is "
                                      "this architecture");
    }
    out << "# TORCHTITAN_CONFIG is the model's TOML (model name/flavor, tokenizer, data); the "
           "flags below set the plan.\n"
        << "set -euo pipefail\n\n"
        << "TORCHTITAN_CONFIG=${TORCHTITAN_CONFIG:-" << config << "}\n\n";
    words.push_back("-m torchtitan.train");
    words.push_back("--job.config_file \"$TORCHTITAN_CONFIG\"");
    words.push_back("--training.local_batch_size " + std::to_string(local));
    words.push_back("--training.global_batch_size " + std::to_string(s.training.globalBatch));
    words.push_back("--training.seq_len " + std::to_string(m.seqLen));
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * m.seqLen;
    const long long steps =
        s.training.trainTokens > 0 && tokensPerStep > 0
            ? static_cast<long long>(std::ceil(s.training.trainTokens / tokensPerStep))
            : 1000;
    words.push_back("--training.steps " + std::to_string(steps));
    switch (s.training.precision) {
    case Precision::Fp32:
        words.push_back("--training.mixed_precision_param float32");
        break;
    case Precision::Fp16:
        warn("--training.mixed_precision_param",
             "torchtitan has no fp16 mixed precision: written as bfloat16");
        words.push_back("--training.mixed_precision_param bfloat16");
        break;
    case Precision::Bf16:
        words.push_back("--training.mixed_precision_param bfloat16");
        break;
    case Precision::Fp8:
        words.push_back("--training.mixed_precision_param bfloat16");
        words.push_back("--model.converters float8");
        break;
    }
    switch (s.training.optimizer) {
    case Optimizer::Adam:
        words.push_back("--optimizer.name Adam");
        break;
    case Optimizer::AdamW:
        words.push_back("--optimizer.name AdamW");
        break;
    case Optimizer::SgdMomentum:
        warn("--optimizer.name", "torchtitan builds Adam/AdamW only: written as AdamW");
        words.push_back("--optimizer.name AdamW");
        break;
    }
    words.push_back("--parallelism.data_parallel_replicate_degree " + std::to_string(replicate));
    words.push_back("--parallelism.data_parallel_shard_degree " + std::to_string(shard));
    if (shard > 1) words.push_back("--parallelism.fsdp_reshard_after_forward " + reshard);
    words.push_back("--parallelism.tensor_parallel_degree " + std::to_string(p.tp));
    if (p.tp > 1 && !p.sequenceParallel)
        warn("--parallelism.tensor_parallel_degree",
             "torchtitan always uses sequence parallelism with TP");
    words.push_back("--parallelism.pipeline_parallel_degree " + std::to_string(p.pp));
    if (p.pp > 1) {
        words.push_back("--parallelism.pipeline_parallel_microbatch_size " +
                        std::to_string(p.microBatch));
        if (p.vpp > 1) {
            words.push_back("--parallelism.pipeline_parallel_schedule Interleaved1F1B");
            // torchtitan builds ⌈(layers + first + last less-layers) / layers_per_stage⌉ stages,
            // two per rank when layers_per_stage is not given (pipeline_parallel.py).
            const int stages = p.pp * p.vpp;
            const int effective = m.layers + p.pipeline.firstStageLessLayers.value_or(1) +
                                  p.pipeline.lastStageLessLayers.value_or(1);
            int perStage = 0;
            for (int lps = std::max(1, effective / stages); lps <= effective && perStage == 0;
                 ++lps) {
                const int built = (effective + lps - 1) / lps;
                if (built == stages) perStage = lps;
                if (built < stages) break;
            }
            if (perStage > 0)
                words.push_back("--parallelism.pipeline_parallel_layers_per_stage " +
                                std::to_string(perStage));
            else if (p.vpp != 2)
                warn("--parallelism.pipeline_parallel_layers_per_stage",
                     "no layers-per-stage count gives " + std::to_string(stages) + " stages for " +
                         std::to_string(effective) +
                         " effective layers; torchtitan will build two stages per rank");
        } else {
            words.push_back("--parallelism.pipeline_parallel_schedule 1F1B");
        }
    }
    if (p.pipeline.firstStageLessLayers)
        words.push_back("--parallelism.pipeline_parallel_first_stage_less_layers " +
                        std::to_string(*p.pipeline.firstStageLessLayers));
    if (p.pipeline.lastStageLessLayers)
        words.push_back("--parallelism.pipeline_parallel_last_stage_less_layers " +
                        std::to_string(*p.pipeline.lastStageLessLayers));
    words.push_back("--parallelism.context_parallel_degree " + std::to_string(p.cp));
    if (p.ep > 1) words.push_back("--parallelism.expert_parallel_degree " + std::to_string(p.ep));
    if (p.tpCommOverlap) words.push_back("--parallelism.enable_async_tensor_parallel");
    // torchtitan's layer-wise selective AC checkpoints every k-th block (selective_ac_option "k",
    // torchtitan/models/llama3/infra/parallelize.py _apply_ac_to_transformer_block), ⌈L/k⌉ of a
    // chunk's L layers: the plan's N recomputed layers are written as the k with ⌈L/k⌉ = N.
    const int chunkLayers = m.layers / std::max(1, p.pp * p.vpp);
    const bool layerWise = p.recompute == Recompute::Full && p.recomputeLayers > 0 &&
                           p.recomputeLayers < chunkLayers;
    const int every =
        layerWise ? (chunkLayers + p.recomputeLayers - 1) / p.recomputeLayers : 0;
    if (layerWise && (chunkLayers + every - 1) / every == p.recomputeLayers) {
        words.push_back("--activation_checkpoint.mode selective");
        words.push_back("--activation_checkpoint.selective_ac_option " + std::to_string(every));
    } else {
        if (layerWise)
            warn("--activation_checkpoint.selective_ac_option",
                 "torchtitan checkpoints every k-th layer: " + std::to_string(p.recomputeLayers) +
                     " of " + std::to_string(chunkLayers) +
                     " layers per chunk is no such k, so every layer is recomputed");
        words.push_back(std::string("--activation_checkpoint.mode ") +
                        std::string(toString(p.recompute)));
    }
    if (p.recompute == Recompute::Selective)
        words.push_back("--activation_checkpoint.selective_ac_option op");
    if (p.offload == Offload::Cpu) words.push_back("--training.enable_cpu_offload");
    if (p.offload == Offload::Nvme)
        warn("--training.enable_cpu_offload", "FSDP has no NVMe offload: written as CPU offload");
    if (p.offload == Offload::Nvme) words.push_back("--training.enable_cpu_offload");
    out << joinLauncher(words) << "\n";
    return out.str();
}

std::string exportSlurmScript(const Scenario& s, const Plan& p, const std::string& launchScript) {
    const ClusterSpec& c = s.cluster;
    std::string name;
    for (char ch : s.name.empty() ? std::string("trainplan") : s.name)
        name += std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_' || ch == '.'
                    ? ch
                    : '-';
    std::ostringstream out;
    out << "#!/bin/bash\n"
        << "#SBATCH --job-name=" << name << "\n"
        << "#SBATCH --nodes=" << c.nodes << "\n"
        << "#SBATCH --ntasks-per-node=1\n"
        << "#SBATCH --gpus-per-node=" << c.gpusPerNode << "\n"
        << "#SBATCH --exclusive\n"
        << "#SBATCH --output=%x-%j.out\n"
        << "# Written by TrainPlan: " << displayName(p.framework) << " " << p.label() << " on "
        << c.nodes << " × " << c.gpusPerNode << " " << c.gpu.name << " (" << c.gpuCount()
        << " GPUs).\n"
        << "# Add your site's --partition, --account and --time.\n"
        << "set -euo pipefail\n\n"
        << "# NCCL: suggestions for this cluster (" << c.intraNode.name << " in the node, "
        << c.nicsPerNode << " × " << c.interNode.name
        << " per node); uncomment what your fabric needs.\n"
        << "# export NCCL_DEBUG=WARN\n"
        << "# export NCCL_SOCKET_IFNAME=eth0        # interface for bootstrap traffic (ip -br "
           "addr)\n";
    switch (c.interNode.kind) {
    case LinkKind::InfiniBand:
        out << "# export NCCL_IB_HCA=mlx5               # the InfiniBand HCAs to use (ibstat lists "
               "them)\n"
            << "# export NCCL_NET_GDR_LEVEL=PHB         # GPUDirect RDMA when NIC and GPU share a "
               "PCIe switch\n";
        break;
    case LinkKind::RoCE:
        out << "# export NCCL_IB_HCA=mlx5               # the RoCE NICs to use\n"
            << "# export NCCL_IB_GID_INDEX=3            # RoCE v2 GID (show_gids lists them)\n"
            << "# export NCCL_IB_TC=106                 # traffic class of the lossless (PFC) "
               "queue\n";
        break;
    case LinkKind::Ethernet:
        out << "# export NCCL_IB_DISABLE=1              # plain TCP sockets\n"
            << "# export NCCL_SOCKET_NTHREADS=4 NCCL_NSOCKS_PERTHREAD=4\n";
        break;
    default:
        break;
    }
    if (c.intraNode.kind == LinkKind::NvLink)
        out << "# export NCCL_NVLS_ENABLE=1             # NVLink SHARP on NVSwitch systems "
               "(H100/H200/B200)\n";
    out << "# export TORCH_NCCL_ASYNC_ERROR_HANDLING=1\n\n"
        << "export MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
        << "export MASTER_PORT=${MASTER_PORT:-29500}\n"
        << "export SCRIPT_DIR=\"${SLURM_SUBMIT_DIR:-.}\"\n\n"
        << "srun --kill-on-bad-exit=1 bash \"$SCRIPT_DIR/" << launchScript << "\"\n";
    return out.str();
}

} // namespace trainplan::model::io
