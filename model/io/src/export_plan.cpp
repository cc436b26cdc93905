#include <trainplan/model/io/export_plan.h>

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/io/launcher.h>
#include <trainplan/model/io/megatron_args.h>

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <system_error>

namespace trainplan::model::io {

PlanExport exportPlan(const Scenario& s, const Plan& p) {
    PlanExport e;
    std::string launch;
    switch (p.framework) {
    case Framework::Ddp:
    case Framework::Fsdp:
        e.files.push_back({"torchrun.sh", exportTorchrunScript(s, p, e.issues), true});
        launch = "torchrun.sh";
        break;
    case Framework::DeepSpeed:
        e.files.push_back(
            {"ds_config.json", exportDeepSpeedConfig(s, p, e.issues).dump(2) + "\n", false});
        if (p.pp > 1) {
            e.files.push_back({"megatron_args.sh", exportMegatronScript(s, p, e.issues), true});
            launch = "megatron_args.sh";
        } else {
            e.files.push_back({"torchrun.sh", exportTorchrunScript(s, p, e.issues), true});
            launch = "torchrun.sh";
        }
        break;
    case Framework::Megatron:
        e.files.push_back({"megatron_args.sh", exportMegatronScript(s, p, e.issues), true});
        launch = "megatron_args.sh";
        break;
    }
    e.files.push_back({"job.sbatch", exportSlurmScript(s, p, launch), false});
    return e;
}

void writeExport(const PlanExport& e, const std::filesystem::path& directory) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec)
        throw std::runtime_error(directory.string() + ": cannot create the directory (" +
                                 ec.message() + ")");
    for (const auto& f : e.files)
        writeFileAtomically(directory / f.name, f.text, {.executable = f.executable});
}

} // namespace trainplan::model::io
