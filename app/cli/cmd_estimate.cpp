#include "commands.h"
#include "text_table.h"

#include <trainplan/services/planning.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/estimate_json.h>
#include <trainplan/simulator/search.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

void printBreakdown(std::ostream& out, const sim::EstimateResult& r) {
    const auto& e = r.estimate;
    const auto& m = e.memory;
    const auto& t = e.time;
    const auto& c = e.communication;
    out << "\n"
        << model::displayName(e.plan.framework) << "  " << e.plan.label() << "  (grad accumulation "
        << e.gradAccum << ")\n";
    TextTable mem({"memory per GPU", "value"});
    mem.addRow({"weights", formatBytes(m.weightsBytes)});
    mem.addRow({"gradients", formatBytes(m.gradientsBytes)});
    mem.addRow({"optimizer states", formatBytes(m.optimizerBytes)});
    mem.addRow({"activations (" + std::to_string(m.inFlightMicroBatches) + " in flight)",
                formatBytes(m.activationsBytes)});
    mem.addRow({"transient", formatBytes(m.transientBytes)});
    mem.addRow({"buffers", formatBytes(m.buffersBytes)});
    mem.addRow({"overhead", formatBytes(m.overheadBytes)});
    mem.addRow({"  NCCL buffers (" + std::to_string(m.ncclCommunicators) + " communicators)",
                formatBytes(m.ncclBytes)});
    mem.addRow({"  allocator fragmentation", formatBytes(m.fragmentationBytes)});
    mem.addRow({"peak / capacity", formatBytes(m.peakBytes) + " / " + formatBytes(m.capacityBytes)});
    mem.print(out);
    TextTable time({"step time", "value"});
    time.addRow({"compute", formatSeconds(t.computeSeconds)});
    time.addRow({"  of which recompute", formatSeconds(t.recomputeSeconds)});
    time.addRow({"exposed comm, intra-node", formatSeconds(t.exposedIntraNodeSeconds)});
    time.addRow({"exposed comm, inter-node", formatSeconds(t.exposedInterNodeSeconds)});
    time.addRow({"pipeline bubble", formatSeconds(t.bubbleSeconds)});
    time.addRow({"optimizer", formatSeconds(t.optimizerSeconds)});
    time.addRow({"offload", formatSeconds(t.offloadSeconds)});
    time.addRow({"step", formatSeconds(t.stepSeconds)});
    time.print(out);
    TextTable comm({"communication per GPU per step", "bytes", "time"});
    auto row = [&](const char* name, double bytes, double seconds) {
        if (bytes > 0) comm.addRow({name, formatBytes(bytes), formatSeconds(seconds)});
    };
    row("data parallel", c.dpBytes, c.dpSeconds);
    row("tensor parallel", c.tpBytes, c.tpSeconds);
    row("pipeline", c.ppBytes, c.ppSeconds);
    row("context parallel", c.cpBytes, c.cpSeconds);
    row("expert parallel", c.epBytes, c.epSeconds);
    comm.addRow({"intra-node / inter-node",
                 formatBytes(c.intraNodeBytes) + " / " + formatBytes(c.interNodeBytes), ""});
    comm.print(out);
}

} // namespace

std::vector<std::string> estimateRow(const sim::EstimateResult& r, const sim::Uncertainty* u) {
    const auto& e = r.estimate;
    if (!r.valid)
        return {std::string(model::toString(e.plan.framework)),
                e.plan.label(),
                "invalid",
                "",
                "",
                "",
                "",
                "",
                "",
                ""};
    // A plan that does not fit gets no time, MFU or cost: it would not run.
    if (!e.memory.fits)
        return {std::string(model::toString(e.plan.framework)),
                e.plan.label(),
                "no",
                formatBytes(e.memory.peakBytes),
                "—",
                "—",
                "—",
                "—",
                "—",
                ""};
    auto range = [](double value, double low, double high, auto format) {
        return format(value * low) + "–" + format(value * high);
    };
    std::string bar;
    if (u)
        bar = std::string(sim::toString(u->evidence)) + ", step " +
              range(e.time.stepSeconds, u->timeLow(), u->timeHigh(),
                    [](double v) { return formatSeconds(v); });
    return {std::string(model::toString(e.plan.framework)),
            e.plan.label(),
            e.memory.fits ? "yes" : "no",
            formatBytes(e.memory.peakBytes),
            formatSeconds(e.time.stepSeconds),
            formatPercent(e.throughput.mfu),
            formatFixed(e.throughput.tokensPerSecondPerGpu, 0),
            formatDuration(e.cost.timeToTrainSeconds),
            formatCost(e.cost),
            bar};
}

int cmdEstimate(CliContext& ctx) {
    if (ctx.args.size() != 1) throw UsageError("estimate needs exactly one FILE");
    auto scenario = ctx.loadScenario(ctx.args.front());
    if (!scenario) return kExitInvalidInput;
    const sim::PlanContext pc = sim::makeContext(*scenario);
    std::vector<sim::EstimateResult> results;
    // Without plans, estimate what the search finds: each framework's best plan, or the plan that
    // comes closest to fitting when none fits (docs/cli.md).
    const bool searched = scenario->plans.empty();
    std::vector<std::string> excluded;
    if (searched) {
        // The planning result's search, as `compare` and the report show it.
        const auto planned = services::planScenario(*scenario, {});
        for (const sim::FrameworkResult& f : planned->search->frameworks) {
            const std::optional<sim::PlanEstimate>& pick = f.best ? f.best : f.closest;
            if (pick)
                results.push_back(sim::estimatePlan(pc, pick->plan));
            else
                for (const sim::Message& why : f.exclusionReasons)
                    excluded.push_back(std::string(model::displayName(f.framework)) + ": " +
                                       sim::render(why, sim::Lang::En));
        }
        if (results.empty()) {
            ctx.err << ctx.args.front()
                    << ": plans: the scenario has no plans and the search found no valid plan";
            for (const std::string& why : excluded)
                ctx.err << "; " << why;
            ctx.err << '\n';
            return kExitInvalidInput;
        }
    } else {
        for (const auto& p : scenario->plans)
            results.push_back(sim::estimatePlan(pc, p));
    }
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        nlohmann::json doc = sim::estimateDocument(*scenario, results, &ctx.residuals());
        // Where the plans came from; a compatible extension of trainplan.estimate.v1.
        doc["plans_source"] = searched ? "search" : "scenario";
        ctx.out << doc.dump(2) << '\n';
        return kExitOk;
    }
    TextTable table({"framework", "plan", "fits", "peak memory", "step", "MFU", "tokens/s/GPU",
                     "time to train", "cost", "error bar (80%)"});
    const sim::ResidualTable& residuals = ctx.residuals();
    for (const auto& r : results) {
        const sim::Uncertainty u = sim::uncertaintyFor(residuals, *scenario, r.estimate.plan);
        table.addRow(estimateRow(r, residuals.empty() ? nullptr : &u));
    }
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return kExitOk;
    }
    ctx.out << scenario->name << "\n" << priceLine(scenario->cluster) << "\n\n";
    if (searched)
        ctx.out << "The scenario has no plans: estimating the best plan per framework found by the "
                   "search "
                   "(the closest plan where none fits).\n\n";
    table.print(ctx.out);
    for (const std::string& why : excluded)
        ctx.out << "  excluded " << why << '\n';
    for (const auto& r : results) {
        if (r.valid)
            printBreakdown(ctx.out, r);
        else
            for (const auto& e : r.errors)
                ctx.out << "  invalid: " << e.text() << '\n';
    }
    return kExitOk;
}

} // namespace trainplan::cli
