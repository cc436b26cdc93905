#include <trainplan/model/io/launcher.h>

#include <trainplan/model/io/shell_script.h>

#include "json_keys.h"
#include "shell_args.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

// The launch scripts TrainPlan writes for a plan: torchrun, torchtitan and Slurm (the importer is
// launcher.cpp).

namespace trainplan::model::io {

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
    auto warn = [&](const std::string& key, ImportTextId id, std::vector<IssueArg> args = {}) {
        issues.emplace_back(Severity::Warning, file, key, id, std::move(args));
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
        warn("--parallelism.data_parallel_shard_degree", ImportTextId::TtExportNoShard);
    }
    if (p.framework == Framework::Ddp && (p.tp > 1 || p.pp > 1))
        warn("", ImportTextId::TtExportDdpWithTpPp);
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
        warn("TORCHTITAN_CONFIG", ImportTextId::TtExportNoTrainConfig,
             {m.displayName.empty() ? m.name : m.displayName});
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
        warn("--training.mixed_precision_param", ImportTextId::TtExportNoFp16);
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
        warn("--optimizer.name", ImportTextId::TtExportAdamWOnly);
        words.push_back("--optimizer.name AdamW");
        break;
    }
    words.push_back("--parallelism.data_parallel_replicate_degree " + std::to_string(replicate));
    words.push_back("--parallelism.data_parallel_shard_degree " + std::to_string(shard));
    if (shard > 1) words.push_back("--parallelism.fsdp_reshard_after_forward " + reshard);
    words.push_back("--parallelism.tensor_parallel_degree " + std::to_string(p.tp));
    if (p.tp > 1 && !p.sequenceParallel)
        warn("--parallelism.tensor_parallel_degree", ImportTextId::TtExportAlwaysSp);
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
                     ImportTextId::TtExportNoLayersPerStage, {stages, effective});
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
    const bool layerWise =
        p.recompute == Recompute::Full && p.recomputeLayers > 0 && p.recomputeLayers < chunkLayers;
    const int every = layerWise ? (chunkLayers + p.recomputeLayers - 1) / p.recomputeLayers : 0;
    if (layerWise && (chunkLayers + every - 1) / every == p.recomputeLayers) {
        words.push_back("--activation_checkpoint.mode selective");
        words.push_back("--activation_checkpoint.selective_ac_option " + std::to_string(every));
    } else {
        if (layerWise)
            warn("--activation_checkpoint.selective_ac_option", ImportTextId::TtExportNoSuchK,
                 {p.recomputeLayers, chunkLayers});
        words.push_back(std::string("--activation_checkpoint.mode ") +
                        std::string(toString(p.recompute)));
    }
    if (p.recompute == Recompute::Selective)
        words.push_back("--activation_checkpoint.selective_ac_option op");
    if (p.offload == Offload::Cpu) words.push_back("--training.enable_cpu_offload");
    if (p.offload == Offload::Nvme)
        warn("--training.enable_cpu_offload", ImportTextId::TtExportNoNvme);
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
        << (c.hostCpuCoresPerNode > 0
                ? "#SBATCH --cpus-per-task=" + std::to_string(c.hostCpuCoresPerNode) + "\n"
                : std::string())
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
