#include "commands.h"
#include "text_table.h"

#include <trainplan/model/scenario_json.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

int cmdCheck(CliContext& ctx) {
    if (ctx.args.size() != 1) throw UsageError("check needs exactly one FILE");
    const std::string file = ctx.args.front();
    model::ScenarioLoad load = model::loadScenarioFile(file, ctx.catalog());
    if (ctx.format == Format::Json) {
        nlohmann::json problems = nlohmann::json::array();
        for (const auto& i : load.issues) {
            // Whole-file problems name the file in their text; the document names it once, in
            // "file".
            std::string message = i.message;
            if (i.path.empty() && message.rfind(file + ": ", 0) == 0)
                message.erase(0, file.size() + 2);
            problems.push_back({{"path", i.path}, {"message", message}});
        }
        ctx.out
            << nlohmann::json{{"file", file}, {"valid", load.ok()}, {"problems", problems}}.dump(2)
            << '\n';
        return load.ok() ? kExitOk : kExitInvalidInput;
    }
    if (!load.ok()) {
        for (const auto& issue : load.issues)
            ctx.err << (issue.path.empty() ? issue.message : file + ": " + issue.text()) << '\n';
        ctx.err << load.issues.size() << (load.issues.size() == 1 ? " problem" : " problems")
                << " in " << file << '\n';
        return kExitInvalidInput;
    }
    const model::Scenario& s = *load.scenario;
    const auto params = model::countParameters(s.model);
    ctx.out << file << ": valid\n"
            << "  scenario  " << s.name << '\n'
            << "  model     " << (s.model.displayName.empty() ? s.model.name : s.model.displayName)
            << ", " << formatFixed(params.total / 1e9, 2) << "B parameters";
    if (s.model.moe.enabled())
        ctx.out << " (" << formatFixed(params.active / 1e9, 2) << "B active)";
    ctx.out << ", " << s.model.layers << " layers, hidden " << s.model.hidden << ", seq "
            << s.model.seqLen << '\n'
            << "  training  global batch " << s.training.globalBatch << " × " << s.model.seqLen
            << " tokens, " << model::toString(s.training.precision) << ", "
            << model::toString(s.training.optimizer) << '\n'
            << "  cluster   " << s.cluster.nodes << " × " << s.cluster.gpusPerNode << " "
            << s.cluster.gpu.name << " (" << s.cluster.gpuCount() << " GPUs), "
            << s.cluster.intraNode.name << " in node, " << s.cluster.nicsPerNode << " × "
            << s.cluster.interNode.name << " per node\n"
            << "  plans     "
            << (s.plans.empty() ? std::string("none (the planner searches)")
                                : std::to_string(s.plans.size()))
            << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
