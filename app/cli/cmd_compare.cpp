#include "cli_labels.h"
#include "cli_targets.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/estimate_json.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/goodput_json.h>
#include <trainplan/simulator/search.h>

#include <charconv>
#include <ostream>

namespace trainplan::cli {

// Defined in cmd_estimate.cpp: the table cells of one estimate (framework … cost).
std::vector<std::string> estimateRow(const sim::EstimateResult& r, const sim::Uncertainty* u);

namespace {

constexpr const char* kCompareSchema = "trainplan.compare.v1";

int intOption(CliContext& ctx, const std::string& name, int fallback, int minimum) {
    const auto v = ctx.takeOption(name);
    if (!v) return fallback;
    int out = 0;
    const auto [ptr, ec] = std::from_chars(v->data(), v->data() + v->size(), out);
    if (ec != std::errc() || ptr != v->data() + v->size() || out < minimum)
        throw UsageError(name + ": '" + *v + "' is not a whole number ≥ " +
                         std::to_string(minimum));
    return out;
}

sim::EstimateResult asResult(const sim::PlanEstimate& e) {
    sim::EstimateResult r;
    r.estimate = e;
    r.valid = true;
    return r;
}

// The plan shown for a framework: the best, else the closest, else the rejected simplest plan.
sim::EstimateResult shownResult(const sim::FrameworkResult& fr) {
    if (fr.best) return asResult(*fr.best);
    if (fr.closest) return asResult(*fr.closest);
    sim::EstimateResult r;
    r.estimate.plan = fr.rejectedPlan.value_or(model::Plan{});
    r.estimate.plan.framework = fr.framework;
    r.valid = false;
    r.errors = fr.rejectedIssues;
    return r;
}

nlohmann::json compareDocument(const model::Scenario& s, const sim::SearchResult& r,
                               const sim::ResidualTable& residuals,
                               const std::optional<sim::SizingConstraints>& targets) {
    // One trainplan.estimate.v1 result, as `estimate` prints it.
    auto resultJson = [&](const model::Scenario& sc, const sim::EstimateResult& er) {
        return sim::resultDocument(sc, er, &residuals);
    };
    using nlohmann::json;
    const auto params = model::countParameters(s.model);
    json results = json::array();
    for (const auto& fr : r.frameworks) {
        json j = resultJson(s, shownResult(fr));
        json runners = json::array();
        for (const auto& e : fr.runnersUp)
            runners.push_back(resultJson(s, asResult(e)));
        j["runners_up"] = std::move(runners);
        j["excluded"] = !fr.best.has_value();
        j["reasons"] =
            sim::renderAll(fr.exclusionReasons, sim::Lang::En); // the JSON contract's text
        j["miss_bytes"] = fr.missBytes;
        j["evaluated_plans"] = fr.evaluatedPlans;
        j["fitting_plans"] = fr.fittingPlans;
        if (targets && fr.best)
            j["targets"] = toJson(checkPlanTargets(s, *fr.best, *targets), *targets);
        results.push_back(std::move(j));
    }
    json pareto = json::array();
    for (const auto& p : r.pareto) {
        pareto.push_back({{"framework", std::string(model::toString(p.plan.framework))},
                          {"plan", model::toJson(p.plan)},
                          {"label", p.plan.label()},
                          {"step_s", p.stepSeconds},
                          {"peak_bytes", p.peakBytes},
                          {"usd", p.usd},
                          {"mfu", p.mfu}});
    }
    return json{{"schema", kCompareSchema},
                {"scenario", s.name},
                {"model", {{"parameters", params.total}, {"active_parameters", params.active}}},
                {"gpus", r.gpus},
                {"usable_bytes_per_gpu", r.usableBytes},
                {"evaluated_plans", r.evaluatedPlans},
                {"cancelled", r.cancelled},
                {"results", std::move(results)},
                {"pareto", std::move(pareto)}};
}

std::string joined(const std::vector<std::string>& parts, const char* sep) {
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : sep) + p;
    return out;
}

} // namespace

int cmdCompare(CliContext& ctx) {
    services::PlanningOptions options;
    options.threads = intOption(ctx, "--threads", 0, 0);
    options.runnersUp = intOption(ctx, "--runners-up", 5, 0);
    if (ctx.args.size() >= 2) return compareScenarios(ctx, ctx.args); // side by side
    if (ctx.args.size() != 1)
        throw UsageError("compare needs one FILE (or two to four to compare side by side)");
    const std::string file = ctx.args.front();
    const auto scenario = ctx.loadScenario(file);
    if (!scenario) return kExitInvalidInput;
    // The planning use case every surface reads (services/planning.h); the scenario's pinned plans
    // are `estimate`'s, not compare's.
    const sim::SearchResult result = *services::planScenario(*scenario, options)->search;
    const std::optional<sim::SizingConstraints> targets = scenarioTargets(ctx, *scenario);

    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        ctx.out << compareDocument(*scenario, result, ctx.residuals(), targets).dump(2) << '\n';
        return kExitOk;
    }
    std::vector<std::string> header{
        "framework",    "plan",          "fits", "peak memory",     "step",       "MFU",
        "tokens/s/GPU", "time to train", "cost", "error bar (80%)", "runners-up", "plans searched"};
    if (targets) header.push_back("targets");
    if (fmt == Format::Csv) header.push_back("excluded because");
    TextTable table(header);
    for (const auto& fr : result.frameworks) {
        const sim::EstimateResult shown = shownResult(fr);
        const sim::Uncertainty u =
            sim::uncertaintyFor(ctx.residuals(), *scenario, shown.estimate.plan);
        std::vector<std::string> row = estimateRow(shown, ctx.residuals().empty() ? nullptr : &u);
        if (!fr.best && !fr.closest) row[1] = "(no valid plan)";
        row.push_back(std::to_string(fr.runnersUp.size()));
        row.push_back(std::to_string(fr.evaluatedPlans));
        if (targets)
            row.push_back(fr.best ? targetsCell(checkPlanTargets(*scenario, *fr.best, *targets),
                                                outputLang(ctx.lang))
                                  : "—");
        if (fmt == Format::Csv)
            row.push_back(joined(sim::renderAll(fr.exclusionReasons, sim::Lang::En), "; "));
        table.addRow(std::move(row));
    }
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return kExitOk;
    }
    ctx.out << scenario->name << ": best plan per framework on " << result.gpus << " GPUs ("
            << formatBytes(result.usableBytes) << " usable per GPU), " << result.evaluatedPlans
            << " plans searched\n"
            << priceLine(scenario->cluster) << "\n\n";
    table.print(ctx.out);
    if (result.cancelled) ctx.out << "\nThe search was cancelled: the results are partial.\n";
    bool excludedHeader = false;
    for (const auto& fr : result.frameworks) {
        if (fr.exclusionReasons.empty()) continue;
        if (!excludedHeader) ctx.out << "\nExcluded:\n";
        excludedHeader = true;
        ctx.out << "  " << model::displayName(fr.framework) << ":\n";
        for (const sim::Message& why : fr.exclusionReasons)
            ctx.out << "    - " << sim::render(why, sim::Lang::En) << '\n';
    }
    if (!result.pareto.empty()) {
        ctx.out << "\nPareto front over step time × peak memory × cost (" << result.pareto.size()
                << " plans):\n";
        TextTable front({"framework", "plan", "step", "peak memory", "cost", "MFU"});
        const bool priced = sim::resolvePrice(scenario->cluster).priced();
        constexpr std::size_t kShown = 12;
        for (std::size_t i = 0; i < result.pareto.size() && i < kShown; ++i) {
            const auto& p = result.pareto[i];
            front.addRow({std::string(model::toString(p.plan.framework)), p.plan.label(),
                          formatSeconds(p.stepSeconds), formatBytes(p.peakBytes),
                          priced ? formatUsd(p.usd) : "no price", formatPercent(p.mfu)});
        }
        front.print(ctx.out);
        if (result.pareto.size() > kShown)
            ctx.out << "(the " << kShown << " fastest shown; --format json lists all "
                    << result.pareto.size() << ")\n";
    }
    return kExitOk;
}

} // namespace trainplan::cli
