#include "commands.h"
#include "text_table.h"

#include <trainplan/model/io/export_plan.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>

namespace trainplan::cli {

namespace {

std::string planList(const model::Scenario& s) {
    std::string list;
    for (std::size_t i = 0; i < s.plans.size(); ++i)
        list += "\n  " + std::to_string(i) + ": " +
                std::string(model::toString(s.plans[i].framework)) + " " + s.plans[i].label();
    return list;
}

} // namespace

int cmdExport(CliContext& ctx) {
    auto dir = ctx.takeOption("-o");
    if (!dir) dir = ctx.takeOption("--output");
    const auto planArg = ctx.takeOption("--plan");
    if (ctx.args.size() != 1)
        throw UsageError(
            "export needs exactly one scenario FILE (export FILE --plan FRAMEWORK|INDEX -o DIR)");
    if (!dir) throw UsageError("export needs -o DIR, the directory to write the launch files into");
    const std::string file = ctx.args.front();
    auto scenario = ctx.loadScenario(file);
    if (!scenario) return kExitInvalidInput;
    model::Scenario& s = *scenario;
    if (s.plans.empty()) {
        const auto fw = planArg ? model::frameworkFromString(*planArg) : std::nullopt;
        if (!fw) {
            ctx.err << file
                    << ": plans: the scenario has no plans, and export writes the launch files of "
                       "one plan. "
                    << "Pass --plan FRAMEWORK to export the best plan the search finds for that "
                       "framework, or add "
                    << "the plan to the scenario's \"plans\" (e.g. the one 'trainplan-cli compare "
                    << file << "' recommends)\n";
            return kExitInvalidInput;
        }
        // The search's best plan for that framework, exactly as `compare` reports it (one search
        // of every framework: each framework's plans are searched on their own).
        const auto planned = services::planScenario(s, {});
        const sim::FrameworkResult* found = nullptr;
        for (const sim::FrameworkResult& fr : planned->search->frameworks)
            if (fr.framework == *fw) found = &fr;
        if (!found || !found->best) {
            ctx.err << file << ": no " << model::displayName(*fw) << " plan fits this scenario";
            if (found)
                for (const sim::Message& why : found->exclusionReasons)
                    ctx.err << "; " << sim::render(why, sim::Lang::En);
            else
                ctx.err << "; the scenario's constraints.frameworks leave it out";
            ctx.err << '\n';
            return kExitInvalidInput;
        }
        s.plans.push_back(found->best->plan);
    }
    std::size_t index = 0;
    if (planArg) {
        const bool digits =
            !planArg->empty() && std::all_of(planArg->begin(), planArg->end(), ::isdigit);
        if (digits) {
            index = planArg->size() > 6 ? s.plans.size() : std::stoul(*planArg);
            if (index >= s.plans.size())
                throw UsageError("--plan " + *planArg + ": the scenario has " +
                                 std::to_string(s.plans.size()) +
                                 " plan(s), numbered from 0:" + planList(s));
        } else {
            const auto fw = model::frameworkFromString(*planArg);
            if (!fw)
                throw UsageError(
                    "--plan: '" + *planArg +
                    "' is neither a plan index nor one of ddp, fsdp, deepspeed, megatron");
            auto it = std::find_if(s.plans.begin(), s.plans.end(),
                                   [&](const model::Plan& p) { return p.framework == *fw; });
            if (it == s.plans.end())
                throw UsageError("--plan " + *planArg + ": the scenario has no " + *planArg +
                                 " plan; its plans are:" + planList(s));
            index = static_cast<std::size_t>(it - s.plans.begin());
        }
    } else if (s.plans.size() > 1) {
        throw UsageError("the scenario has " + std::to_string(s.plans.size()) +
                         " plans: pick one with --plan FRAMEWORK or --plan INDEX:" + planList(s));
    }
    const model::Plan& plan = s.plans[index];
    // Launch files for a plan that runs out of memory would fail at start: say so first.
    const sim::EstimateResult fit = sim::estimatePlan(sim::makeContext(s), plan);
    if (fit.valid && !fit.estimate.memory.fits)
        ctx.err << "warning: plan " << index << " (" << plan.label()
                << ") does not fit: it needs " << formatBytes(fit.estimate.memory.peakBytes)
                << " per GPU of " << formatBytes(fit.estimate.memory.capacityBytes) << "\n";
    const model::io::PlanExport e = model::io::exportPlan(s, plan);
    model::io::writeExport(e, *dir);
    if (ctx.format == Format::Json) {
        nlohmann::json files = nlohmann::json::array();
        for (const auto& f : e.files)
            files.push_back((std::filesystem::path(*dir) / f.name).string());
        nlohmann::json issues = nlohmann::json::array();
        for (const auto& i : e.issues)
            issues.push_back({{"severity", std::string(model::io::toString(i.severity))},
                              {"file", i.file},
                              {"key", i.key},
                              {"message", i.message}});
        ctx.out << nlohmann::json{{"plan", model::toJson(plan)},
                                  {"files", files},
                                  {"issues", issues}}
                       .dump(2)
                << '\n';
        return kExitOk;
    }
    for (const auto& i : e.issues)
        ctx.err << i.text() << '\n';
    ctx.out << "exported " << model::displayName(plan.framework) << " plan " << index << " ("
            << plan.label() << ") to " << *dir << ":\n";
    for (const auto& f : e.files)
        ctx.out << "  " << (std::filesystem::path(*dir) / f.name).string() << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
