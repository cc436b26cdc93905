#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/io/import_files.h>
#include <trainplan/model/io/import_hints.h>
#include <trainplan/model/scenario_json.h>

#include <nlohmann/json.hpp>

#include <charconv>
#include <ostream>

namespace trainplan::cli {

namespace {

std::optional<int> positiveOption(CliContext& ctx, const std::string& name, int max) {
    auto v = ctx.takeOption(name);
    if (!v) return std::nullopt;
    int n = 0;
    auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
    if (ec != std::errc() || p != v->data() + v->size() || n < 1 || n > max)
        throw UsageError(name + ": '" + *v + "' is not a whole number between 1 and " +
                         std::to_string(max));
    return n;
}

} // namespace

int cmdImport(CliContext& ctx) {
    model::io::ImportOptions opt;
    const auto output = ctx.takeOption("-o");
    const auto output2 = ctx.takeOption("--output");
    if (auto v = ctx.takeOption("--name")) opt.scenarioName = *v;
    if (auto v = ctx.takeOption("--model")) opt.model = *v;
    if (auto v = ctx.takeOption("--gpu")) opt.gpu = *v;
    if (auto v = ctx.takeOption("--intra-node")) opt.intraNode = *v;
    if (auto v = ctx.takeOption("--inter-node")) opt.interNode = *v;
    opt.seqLen = positiveOption(ctx, "--seq-len", 100'000'000);
    opt.nodes = positiveOption(ctx, "--nodes", 1'000'000);
    opt.gpusPerNode = positiveOption(ctx, "--gpus-per-node", 1024);
    for (const auto& a : ctx.args)
        if (a.size() > 1 && a[0] == '-') throw UsageError("import: unknown option '" + a + "'");
    if (ctx.args.empty())
        throw UsageError("import needs at least one FILE (config.json, ds_config.json, a "
                         "Megatron-LM or torchrun/Slurm "
                         "script, or a scenario)");
    const std::string out = output ? *output : output2.value_or("-");

    std::vector<std::filesystem::path> files(ctx.args.begin(), ctx.args.end());
    const model::io::ImportResult r = model::io::importFiles(files, ctx.catalog(), opt);
    const bool ok = r.ok();
    if (ctx.format == Format::Json) {
        nlohmann::json doc{{"ok", ok}, {"issues", importIssuesJson(r.issues)}};
        nlohmann::json kinds = nlohmann::json::array();
        for (const auto& [file, kind] : r.files)
            kinds.push_back({{"file", file}, {"kind", std::string(model::io::toString(kind))}});
        doc["files"] = kinds;
        if (ok && out != "-") {
            model::saveScenarioFile(*r.scenario, out);
            doc["written"] = out;
        } else if (ok) {
            doc["scenario"] = model::toJson(*r.scenario);
        }
        ctx.out << doc.dump(2) << '\n';
        return ok ? kExitOk : kExitInvalidInput;
    }
    for (const auto& i : r.issues)
        ctx.err << i.text()
                << (model::io::catalogModelWouldHelp(i) ? " (or pass --model NAME)" : "") << '\n';
    if (!ok) {
        ctx.err << "import: " << model::io::countSeverity(r.issues, model::io::Severity::Error)
                << " error(s); no scenario written\n";
        return kExitInvalidInput;
    }
    const model::Scenario& s = *r.scenario;
    if (out == "-") {
        ctx.out << model::toJsonText(s);
        return kExitOk;
    }
    model::saveScenarioFile(s, out);
    const auto params = model::countParameters(s.model);
    ctx.out << "wrote " << out << ": " << s.name << '\n'
            << "  model     " << (s.model.displayName.empty() ? s.model.name : s.model.displayName)
            << ", " << formatFixed(params.total / 1e9, 2) << "B parameters, seq " << s.model.seqLen
            << '\n'
            << "  cluster   " << s.cluster.nodes << " × " << s.cluster.gpusPerNode << " "
            << s.cluster.gpu.name << '\n'
            << "  training  global batch " << s.training.globalBatch << ", "
            << model::toString(s.training.precision) << ", "
            << model::toString(s.training.optimizer) << '\n';
    if (s.plans.empty()) ctx.out << "  plans     none (the planner searches)\n";
    for (const auto& p : s.plans)
        ctx.out << "  plan      " << model::displayName(p.framework) << " " << p.label() << '\n';
    ctx.out << "  " << model::io::countSeverity(r.issues, model::io::Severity::Warning)
            << " warning(s), " << model::io::countSeverity(r.issues, model::io::Severity::Note)
            << " note(s)\n";
    return kExitOk;
}

} // namespace trainplan::cli
