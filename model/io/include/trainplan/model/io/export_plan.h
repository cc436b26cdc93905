#pragma once

#include <trainplan/model/io/import_issue.h>
#include <trainplan/model/scenario.h>

#include <filesystem>
#include <string>
#include <vector>

namespace trainplan::model::io {

struct ExportedFile {
    std::string name; // ds_config.json, megatron_args.sh, torchrun.sh, job.sbatch
    std::string text;
    bool executable = false;
};

struct PlanExport {
    std::vector<ExportedFile> files;
    ImportIssues issues; // what the target tools cannot express (warnings) and notes
};

// The launch files for one plan of the scenario:
//   ddp, fsdp        torchrun.sh (torchtitan) + job.sbatch
//   deepspeed        ds_config.json + torchrun.sh (train.py --deepspeed), or with pp > 1
//                    megatron_args.sh (Megatron-DeepSpeed) + job.sbatch
//   megatron         megatron_args.sh + job.sbatch
[[nodiscard]] PlanExport exportPlan(const Scenario& s, const Plan& p);

// Writes the files into `directory` (created if needed), each atomically (model/atomic_file.h).
// Throws std::runtime_error naming the file on failure; files already written stay written.
void writeExport(const PlanExport& e, const std::filesystem::path& directory);

} // namespace trainplan::model::io
