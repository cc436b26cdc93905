#include <trainplan/model/io/launcher.h>

#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "shell_args.h"
#include "torchtitan_args.h"

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
        for (const char* n :
             {"--nodes", "-N", "--gpus-per-node", "--gres", "--gpus", "-G", "--ntasks-per-node",
              "--gpus-per-task", "--ntasks", "-n", "--cpus-per-task", "-c"})
            v.push_back({n, 1, ArgUse::Mapped, {}});
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
            v.push_back({n, 1, ArgUse::Silent, {}});
        for (const char* n :
             {"--exclusive", "--requeue", "--no-requeue", "--overcommit", "-O", "--wait", "-W",
              "--hold", "-H", "--contiguous", "--use-min-nodes", "--parsable", "--spread-job",
              "--container-mount-home", "--no-container-mount-home", "--kill-on-invalid-dep"})
            v.push_back({n, 0, ArgUse::Silent, {}});
        return v;
    }();
    return specs;
}

const std::vector<ArgSpec>& torchrunOptions() {
    static const std::vector<ArgSpec> specs = [] {
        std::vector<ArgSpec> v;
        for (const char* n : {"--nnodes", "--nproc-per-node", "--num_nodes", "--num_gpus"})
            v.push_back({n, 1, ArgUse::Mapped, {}});
        v.push_back({"--standalone", 0, ArgUse::Mapped, {}});
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
            v.push_back({n, 1, ArgUse::Silent, {}});
        for (const char* n : {"--run-path", "--no-python", "--no_python", "--no_local_rank",
                              "--force_multi", "--save_pid", "--enable_each_rank_log",
                              "--bind_cores_to_rank", "--autotuning", "--virtual-local-rank"})
            v.push_back({n, 0, ArgUse::Silent, {}});
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
    std::optional<int> nodes, gpusPerNode, totalGpus, cpusPerTask, tasksPerNode, gpusPerTask;
    std::string gpuType;
    for (const ShellComment& c : pre.comments) {
        std::string_view t = c.text;
        if (t.rfind("SBATCH", 0) != 0) continue;
        t.remove_prefix(6);
        if (!c.beforeFirstCommand) {
            f.warning("#SBATCH", ImportTextId::SbatchAfterCommand, {c.line});
            continue;
        }
        ShellScript words = parseShellScript(t);
        for (const auto& cmd : words.commands) {
            detail::ParsedArgs args = detail::parseArgs(cmd.words, 0, sbatchOptions());
            for (const auto& u : args.unknown)
                f.warning("#SBATCH " + u, ImportTextId::SbatchUnknownOption);
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
                    f.warning("#SBATCH --nodes", ImportTextId::SbatchNodesRange, {v});
                    v = v.substr(0, dash);
                }
                long long count = 0;
                if (!detail::parseInteger(v, count) || count < 1 || count > 1'000'000)
                    f.error("#SBATCH --nodes", ImportTextId::MustBeNodeCount, {*n});
                else
                    nodes = static_cast<int>(count);
            }
            if (auto g = text("--gpus-per-node", nullptr)) {
                int count = 0;
                if (gpuCount(*g, count, gpuType))
                    gpusPerNode = count;
                else
                    f.error("#SBATCH --gpus-per-node", ImportTextId::MustBeTypeCount, {*g});
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
                        f.error("#SBATCH --gres", ImportTextId::SbatchGresNotGpu, {item});
                }
                if (!sawGpu) f.warning("#SBATCH --gres", ImportTextId::SbatchGresNoGpu, {*g});
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
                    f.error("#SBATCH --gpus", ImportTextId::MustBeTypeCount, {*g});
                (void)count;
                (void)type;
            }
            // sbatch -c/--cpus-per-task and --ntasks-per-node: the CPUs a node's tasks get,
            // which step an offloaded optimizer (Slurm counts cores or hardware threads, as the
            // cluster's SelectTypeParameters say).
            if (auto c2 = text("--cpus-per-task", "-c")) {
                long long n = 0;
                if (detail::parseInteger(*c2, n) && n >= 1 && n <= 100'000)
                    cpusPerTask = static_cast<int>(n);
                else
                    f.error("#SBATCH --cpus-per-task", ImportTextId::MustBeCpuCount, {*c2});
            }
            if (auto t2 = text("--ntasks-per-node", nullptr)) {
                long long n = 0;
                if (detail::parseInteger(*t2, n) && n >= 1 && n <= 1024)
                    tasksPerNode = static_cast<int>(n);
            }
            if (auto g = text("--gpus-per-task", nullptr)) {
                int per = 0;
                if (gpuCount(*g, per, gpuType))
                    gpusPerTask = per;
                else
                    f.error("#SBATCH --gpus-per-task", ImportTextId::MustBeTypeCount, {*g});
            }
        }
    }
    // --ntasks-per-node × --gpus-per-task, which scripts usually give on separate lines.
    if (!gpusPerNode && tasksPerNode && gpusPerTask) gpusPerNode = *tasksPerNode * *gpusPerTask;
    if (nodes) {
        f.cluster.nodes.set(*nodes, "#SBATCH --nodes");
        info.env["SLURM_NNODES"] = std::to_string(*nodes);
        info.env["SLURM_JOB_NUM_NODES"] = std::to_string(*nodes);
    }
    if (!gpusPerNode && totalGpus) {
        const int n = nodes.value_or(1);
        if (*totalGpus % n != 0)
            f.error("#SBATCH --gpus", ImportTextId::SbatchGpusUneven, {*totalGpus, n});
        else
            gpusPerNode = *totalGpus / n;
    }
    if (gpusPerNode) {
        f.cluster.gpusPerNode.set(*gpusPerNode, "#SBATCH --gpus-per-node");
        info.env["SLURM_GPUS_PER_NODE"] = std::to_string(*gpusPerNode);
        info.env["SLURM_GPUS_ON_NODE"] = std::to_string(*gpusPerNode);
    }
    if (!gpuType.empty()) f.cluster.gpu.set(gpuType, "#SBATCH GPU type");
    if (cpusPerTask) {
        const int cores = *cpusPerTask * tasksPerNode.value_or(1);
        f.cluster.hostCpuCoresPerNode.set(cores, "#SBATCH --cpus-per-task");
        f.note("#SBATCH --cpus-per-task", ImportTextId::SbatchCpus, {cores});
    }
    return info;
}

void setCount(ImportedFields& f, Field<int>& field, int value, const std::string& key) {
    if (field.has() && *field != value) {
        f.error(key, ImportText(ImportTextId::CountContradicts, {value, *field}, {field.source}));
        return;
    }
    field.set(value, key);
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
        f.error("", ImportTextId::LaunchBinary);
        return f;
    }
    const ShellScript pre = parseShellScript(text);
    for (const auto& p : pre.problemTexts)
        f.error("", ImportText(ImportTextId::ShellSyntax, {}, {p}));
    const SbatchInfo sbatch = readSbatch(pre, f);
    const ShellScript script = sbatch.env.empty() ? pre : parseShellScript(text, sbatch.env);
    const auto launch = findLaunch(script);
    if (!launch) {
        if (!f.cluster.nodes.has() && !f.cluster.gpusPerNode.has())
            f.error("", ImportTextId::NoLaunchFound);
        else {
            for (const auto& c : script.commands)
                for (const auto& w : c.words)
                    if (w.text.size() > 3 && (w.text.compare(w.text.size() - 3, 3, ".sh") == 0)) {
                        f.note("", ImportTextId::LaunchesScript, {w.text});
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
        f.warning(tool + " " + u, ImportTextId::UnknownLauncherOption);
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
                f.warning(tool + " " + nodesFlag, ImportTextId::ElasticRange, {v});
                v = v.substr(colon + 1);
            }
            long long count = 0;
            if (!detail::parseInteger(v, count) || count < 1 || count > 1'000'000)
                f.error(tool + " " + nodesFlag, ImportTextId::MustBeNodeCount, {*n});
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
                    f.note(tool + " " + procFlag, ImportTextId::EveryGpuOfNode, {*n});
            } else if (!detail::parseInteger(*n, count) || count < 1 || count > 1024) {
                f.error(tool + " " + procFlag, ImportTextId::MustBeGpuCount, {*n});
            } else {
                setCount(f, f.cluster.gpusPerNode, static_cast<int>(count), tool + " " + procFlag);
            }
        }
    }
    if (launch->deepspeedLauncher) f.plan.framework.set(Framework::DeepSpeed, "deepspeed launcher");

    // The training script and its arguments.
    if (launch->script >= c.words.size()) {
        f.warning(tool, ImportTextId::NoTrainingScript);
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
            specs.push_back({n, 1, ArgUse::Mapped, {}});
        specs.push_back({"--training.enable_cpu_offload", 0, ArgUse::Mapped, {}});
        specs.push_back({"--parallelism.enable_async_tensor_parallel", 0, ArgUse::Mapped, {}});
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
            f.warning(unknown.front(), ImportTextId::UnknownTorchtitanFlags, {list});
        }
        for (const auto& [flag, msg] : targs.problems)
            f.error(flag, msg);
        detail::readTorchtitan(targs, f);
        return f;
    }
    bool deepspeedScript = false;
    for (std::size_t i = argsStart; i < c.words.size(); ++i) {
        const std::string& w = c.words[i].text;
        if (w == "--deepspeed" || w.rfind("--deepspeed=", 0) == 0 ||
            w.rfind("--deepspeed_config", 0) == 0 || w.rfind("--deepspeed-config", 0) == 0)
            deepspeedScript = true;
    }
    if (deepspeedScript) {
        f.plan.framework.set(Framework::DeepSpeed, base + " --deepspeed");
        f.note(base, ImportTextId::DeepSpeedJob);
    } else if (!launch->deepspeedLauncher) {
        f.note(base, ImportTextId::ScriptArgumentsNotRead, {base});
    }
    return f;
}

} // namespace trainplan::model::io
