// compare A.json B.json [C.json D.json]: two to four scenarios side by side (issue 21), from
// services::compareScenarios, the values the GUI's "Compare scenarios" dialog shows.

#include "commands.h"
#include "text_table.h"

#include <trainplan/services/scenario_comparison.h>
#include <trainplan/simulator/pricing.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

std::string statusText(sim::RecommendationStatus s) {
    switch (s) {
    case sim::RecommendationStatus::Ready:
        return "ready";
    case sim::RecommendationStatus::NeedsPrerequisites:
        return "needs prerequisites";
    case sim::RecommendationStatus::DoesNotFit:
        break;
    }
    return "does not fit";
}

} // namespace

int compareScenarios(CliContext& ctx, const std::vector<std::string>& files) {
    if (files.size() > services::kMaxComparedScenarios)
        throw UsageError("compare takes one FILE, or two to four to compare side by side");
    std::vector<model::Scenario> scenarios;
    for (const std::string& file : files) {
        auto s = ctx.loadScenario(file);
        if (!s) return kExitInvalidInput;
        scenarios.push_back(std::move(*s));
    }
    services::Planner planner;
    const services::ScenarioComparison c = services::compareScenarios(scenarios, planner);

    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        ctx.out << services::comparisonToJson(c, files).dump(2) << '\n';
        return kExitOk;
    }
    std::vector<std::string> header{""};
    for (const auto& s : c.scenarios)
        header.push_back(s.scenario.name);
    TextTable table(header);
    auto row = [&](const std::string& name, auto cell) {
        std::vector<std::string> r{name};
        for (std::size_t i = 0; i < c.scenarios.size(); ++i)
            r.push_back(cell(c.scenarios[i], static_cast<int>(i)));
        table.addRow(std::move(r));
    };
    using S = services::ComparedScenario;
    row("model", [](const S& s, int) {
        return (s.scenario.model.displayName.empty() ? s.scenario.model.name
                                                     : s.scenario.model.displayName);
    });
    row("cluster", [](const S& s, int) {
        return std::to_string(s.gpus) + " × " + s.scenario.cluster.gpu.name;
    });
    row("recommended", [](const S& s, int) {
        return std::string(model::displayName(s.recommendation.framework)) + " (" +
               statusText(s.recommendation.status) + ")";
    });
    row("plan", [](const S& s, int) { return s.headline ? s.headline->plan.label() : "-"; });
    row("peak memory", [](const S& s, int) {
        return s.headline ? formatGiB(s.headline->memory.peakBytes) : "-";
    });
    auto fitting = [](const S& s) { return s.headline && s.headline->memory.fits; };
    row("step", [&](const S& s, int) {
        return fitting(s) ? formatSeconds(s.headline->time.stepSeconds) : "-";
    });
    row("MFU", [&](const S& s, int) {
        return fitting(s) ? formatPercent(s.headline->throughput.mfu) : "-";
    });
    row("expected time to train", [&](const S& s, int i) {
        return s.goodput ? formatDuration(s.goodput->expectedSeconds) +
                               (i == c.fastest ? " (fastest)" : "")
                         : "-";
    });
    row("expected cost", [&](const S& s, int i) {
        if (!s.goodput) return std::string("-");
        if (!s.headline->cost.priced) return std::string("no price");
        return formatUsd(s.goodput->usd) + (i == c.cheapest ? " (cheapest)" : "");
    });
    for (std::size_t k = 0; k < c.scenarios.front().frameworks.size(); ++k) {
        const model::Framework f = c.scenarios.front().frameworks[k].first;
        row(std::string(model::displayName(f)) + " step", [&](const S& s, int) {
            for (const auto& [g, best] : s.frameworks)
                if (g == f) return best ? formatSeconds(best->time.stepSeconds) : "does not fit";
            return std::string("excluded");
        });
    }
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return kExitOk;
    }
    table.print(ctx.out);
    ctx.out << "\nExpected time and cost include checkpoints, failures and restarts "
               "(the goodput model); each scenario's own prices.\n";
    return kExitOk;
}

} // namespace trainplan::cli
