#include "cli_targets.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/sweep.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kSweepSchema = "trainplan.sweep.v1";

std::string raw(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : "; ") + p;
    return out;
}

// Checkpoints, failures and goodput of a row's plan on its point's scenario (more GPUs fail more
// often: docs/reliability.md); empty when the row has no plan or the point is invalid.
std::optional<sim::GoodputEstimate> rowGoodput(const sim::SweepRow& r,
                                               const std::vector<sim::SweepScenario>& points) {
    if (!r.estimate || r.point >= points.size() || !points[r.point].scenario) return std::nullopt;
    return sim::estimateGoodput(*points[r.point].scenario, *r.estimate);
}

nlohmann::json rowJson(const sim::SweepRow& r, const std::optional<sim::GoodputEstimate>& g) {
    using nlohmann::json;
    json j{{"point", r.point},
           {"label", r.label},
           {"value", r.value},
           {"gpus", r.gpus},
           {"parameters", r.parameters},
           {"framework", std::string(model::toString(r.framework))},
           {"fits", r.fits},
           {"usable_bytes", r.usableBytes},
           {"miss_bytes", r.missBytes},
           {"evaluated_plans", r.evaluatedPlans},
           {"fitting_plans", r.fittingPlans},
           {"reasons", r.reasons}};
    if (r.estimate) {
        const auto& e = *r.estimate;
        json plan = model::toJson(e.plan);
        plan["grad_accum"] = e.gradAccum;
        j["plan"] = std::move(plan);
        j["plan_label"] = e.plan.label();
        j["step_s"] = e.time.stepSeconds;
        j["peak_bytes"] = e.memory.peakBytes;
        j["mfu"] = e.throughput.mfu;
        j["tokens_per_s_per_gpu"] = e.throughput.tokensPerSecondPerGpu;
        j["time_to_train_s"] = e.cost.timeToTrainSeconds;
        j["usd"] = e.cost.usd;
        j["priced"] = e.cost.priced; // false: no price is known and usd is not a cost
        if (g) {
            j["goodput"] = g->goodput;
            j["interruptions_per_day"] = g->failures.interruptionsPerDay;
            j["expected_time_to_train_s"] = g->expectedSeconds;
            j["expected_usd"] = g->usd;
        }
    } else {
        j["plan"] = nullptr;
    }
    return j;
}

} // namespace

int cmdSweep(CliContext& ctx) {
    const auto vary = ctx.takeOption("--vary");
    sim::SweepOptions options;
    if (const auto t = ctx.takeOption("--threads")) {
        const auto [ptr, ec] = std::from_chars(t->data(), t->data() + t->size(), options.threads);
        if (ec != std::errc() || ptr != t->data() + t->size() || options.threads < 0)
            throw UsageError("--threads: '" + *t + "' is not a whole number ≥ 0");
    }
    if (ctx.args.size() != 1) throw UsageError("sweep needs exactly one FILE");
    if (!vary)
        throw UsageError("sweep needs --vary KEY=A..B or KEY=V1,V2,… (e.g. --vary gpus=8..4096)");
    const sim::SweepSpecParse spec = sim::parseSweepSpec(*vary);
    if (!spec.spec) throw UsageError("--vary: " + spec.error);
    const std::string file = ctx.args.front();
    const auto scenario = ctx.loadScenario(file);
    if (!scenario) return kExitInvalidInput;
    for (const auto& name : spec.spec->models) {
        if (!ctx.catalog().findModel(name)) {
            ctx.err << "--vary: model: " << ctx.catalog().unknownModelMessage(name) << '\n';
            return kExitInvalidInput;
        }
    }
    const sim::SweepResult result = sim::runSweep(*scenario, *spec.spec, ctx.catalog(), options);
    const std::vector<sim::SweepRow> rows = sim::sweepRows(result);
    const std::string key(sim::toString(result.key));
    std::vector<sim::SweepScenario> points;
    for (std::size_t i = 0; i < result.points.size(); ++i)
        points.push_back(sim::sweepScenario(*scenario, *spec.spec, i, ctx.catalog()));
    std::vector<std::optional<sim::GoodputEstimate>> goodputs;
    for (const auto& r : rows)
        goodputs.push_back(rowGoodput(r, points));

    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        nlohmann::json labels = nlohmann::json::array();
        for (const auto& p : result.points)
            labels.push_back(p.label);
        nlohmann::json arr = nlohmann::json::array();
        const std::optional<sim::SizingConstraints> targets = scenarioTargets(ctx, *scenario);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            nlohmann::json row = rowJson(rows[i], goodputs[i]);
            // The scenario's deadline and budget on this point (a compatible extension).
            if (targets && rows[i].estimate && goodputs[i])
                row["targets"] =
                    toJson(sim::checkTargets(*targets, goodputs[i]->expectedSeconds,
                                             goodputs[i]->usd, rows[i].estimate->cost.priced),
                           *targets);
            arr.push_back(std::move(row));
        }
        nlohmann::json fws = nlohmann::json::array();
        for (auto f : result.frameworks)
            fws.push_back(std::string(model::toString(f)));
        const nlohmann::json doc{{"schema", kSweepSchema},
                                 {"scenario", scenario->name},
                                 {"vary", {{"key", key}, {"points", labels}}},
                                 {"frameworks", fws},
                                 {"cancelled", result.cancelled},
                                 {"rows", arr}};
        ctx.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    if (fmt == Format::Csv) {
        // Raw SI numbers, one row per point × framework: ready for scaling and crossover charts.
        TextTable csv({key,
                       "value",
                       "gpus",
                       "parameters",
                       "framework",
                       "fits",
                       "plan",
                       "step_s",
                       "peak_bytes",
                       "usable_bytes",
                       "miss_bytes",
                       "mfu",
                       "tokens_per_s_per_gpu",
                       "time_to_train_s",
                       "usd",
                       "evaluated_plans",
                       "fitting_plans",
                       "reasons",
                       "goodput",
                       "interruptions_per_day",
                       "expected_time_to_train_s",
                       "expected_usd"});
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const sim::SweepRow& r = rows[i];
            const auto& g = goodputs[i];
            const auto* e = r.estimate ? &*r.estimate : nullptr;
            // A plan that does not fit would not run: no time, MFU or cost (its memory stays).
            const bool run = e && r.fits;
            csv.addRow({r.label,
                        raw(r.value),
                        std::to_string(r.gpus),
                        raw(r.parameters),
                        std::string(model::toString(r.framework)),
                        r.fits ? "yes" : "no",
                        e ? e->plan.label() : "",
                        run ? raw(e->time.stepSeconds) : "",
                        e ? raw(e->memory.peakBytes) : "",
                        raw(r.usableBytes),
                        raw(r.missBytes),
                        run ? raw(e->throughput.mfu) : "",
                        run ? raw(e->throughput.tokensPerSecondPerGpu) : "",
                        run ? raw(e->cost.timeToTrainSeconds) : "",
                        run && e->cost.priced ? raw(e->cost.usd) : "",
                        std::to_string(r.evaluatedPlans),
                        std::to_string(r.fittingPlans),
                        joined(r.reasons),
                        g ? raw(g->goodput) : "",
                        g ? raw(g->failures.interruptionsPerDay) : "",
                        g ? raw(g->expectedSeconds) : "",
                        g && e && e->cost.priced ? raw(g->usd) : ""});
        }
        csv.printCsv(ctx.out);
        return kExitOk;
    }
    const bool byGpus = result.key == sim::SweepKey::Gpus;
    std::vector<std::string> header{
        key,   "GPUs",         "framework",     "fits", "plan",    "peak memory", "step",
        "MFU", "tokens/s/GPU", "time to train", "cost", "goodput", "note"};
    if (byGpus) header.erase(header.begin() + 1);
    TextTable table(header);
    std::vector<std::string> reasons; // unique, in order of appearance
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const sim::SweepRow& r = rows[i];
        const auto& g = goodputs[i];
        const auto* e = r.estimate ? &*r.estimate : nullptr;
        // A plan that does not fit would not run: no time, MFU or cost (as `estimate` prints it).
        const bool run = e && r.fits;
        const std::string none = e ? "—" : "";
        std::string note;
        if (!r.fits && e) {
            note = "over by " + formatBytes(r.missBytes);
        } else if (!r.fits && !r.reasons.empty()) {
            const std::string line = r.label + ": " + r.reasons.front();
            auto it = std::find(reasons.begin(), reasons.end(), line);
            if (it == reasons.end()) it = reasons.insert(reasons.end(), line);
            note = "no valid plan [" + std::to_string(it - reasons.begin() + 1) + "]";
        }
        std::vector<std::string> cells{r.label,
                                       std::to_string(r.gpus),
                                       std::string(model::toString(r.framework)),
                                       r.fits ? "yes" : "no",
                                       e ? e->plan.label() : "",
                                       e ? formatBytes(e->memory.peakBytes) : "",
                                       run ? formatSeconds(e->time.stepSeconds) : none,
                                       run ? formatPercent(e->throughput.mfu) : none,
                                       run ? formatFixed(e->throughput.tokensPerSecondPerGpu, 0)
                                           : none,
                                       run ? formatDuration(e->cost.timeToTrainSeconds) : none,
                                       run ? formatCost(e->cost) : none,
                                       g ? formatPercent(g->goodput) : "",
                                       note};
        if (byGpus) cells.erase(cells.begin() + 1);
        table.addRow(std::move(cells));
    }
    ctx.out << scenario->name
            << ": best plan per framework (or the closest when none fits), varying " << key
            << "\n\n";
    table.print(ctx.out);
    for (std::size_t i = 0; i < reasons.size(); ++i)
        ctx.out << (i ? "" : "\n") << "[" << i + 1 << "] " << reasons[i] << '\n';
    if (result.cancelled) ctx.out << "\nThe sweep was cancelled: the results are partial.\n";
    return kExitOk;
}

} // namespace trainplan::cli
