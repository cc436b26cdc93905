#pragma once

#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

// Reads how a job is launched: `#SBATCH` directives (--nodes/-N, --gpus-per-node, --gres=gpu:…,
// --gpus, --ntasks-per-node), torchrun / python -m torch.distributed.run (--nnodes,
// --nproc-per-node, --standalone) and the DeepSpeed launcher (--num_nodes, --num_gpus). When
// torchrun runs torchtitan (`-m torchtitan.train` or --parallelism.* flags) the DDP/FSDP plan is
// read from its flags; `train.py --deepspeed …` marks a DeepSpeed job. SLURM_NNODES and
// SLURM_GPUS_PER_NODE are known from the directives, so `--nnodes $SLURM_NNODES` resolves.
// Total: never throws.
[[nodiscard]] ImportedFields importLauncher(std::string_view text, std::string_view fileName);

// True when the text has #SBATCH directives or a torchrun / deepspeed launch.
[[nodiscard]] bool looksLikeLauncher(std::string_view text);

// torchrun with the rendezvous flags for a cluster: {"torchrun", "--nnodes=2", …}.
[[nodiscard]] std::vector<std::string> torchrunArgs(const ClusterSpec& c);
// Joins a command's words with " \\\n    " continuations.
[[nodiscard]] std::string joinLauncher(const std::vector<std::string>& words);

// torchrun.sh: for DDP/FSDP a torchtitan launch (flags as in torchtitan's JobConfig); for
// DeepSpeed a `train.py --deepspeed --deepspeed_config ds_config.json` launch. Lossy parts go to
// `issues`.
[[nodiscard]] std::string exportTorchrunScript(const Scenario& s, const Plan& p,
                                               ImportIssues& issues);

// job.sbatch: node and GPU counts, one task per node, MASTER_ADDR from the node list, NCCL
// settings as commented suggestions for the cluster's fabric, and `srun` of `launchScript`.
[[nodiscard]] std::string exportSlurmScript(const Scenario& s, const Plan& p,
                                            const std::string& launchScript);

} // namespace trainplan::model::io
