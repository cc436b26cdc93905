// compare A.json B.json [C.json D.json]: two to four scenarios side by side (issue 21), from
// services::compareScenarios, the values the GUI's "Compare scenarios" dialog shows.

#include "cli_labels.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/services/cli_text.h>
#include <trainplan/services/plan_view_text.h>
#include <trainplan/services/scenario_comparison.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/text_catalogue.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

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
    const sim::Lang lang = outputLang(ctx.lang);
    using services::CliText;
    auto T = [lang](CliText id, std::initializer_list<sim::MessageArg> args = {}) {
        return services::cliText(id, lang, args);
    };
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
    row(T(CliText::Model), [](const S& s, int) {
        return (s.scenario.model.displayName.empty() ? s.scenario.model.name
                                                     : s.scenario.model.displayName);
    });
    row(T(CliText::Cluster), [](const S& s, int) {
        return std::to_string(s.gpus) + " × " + s.scenario.cluster.gpu.name;
    });
    row(T(CliText::Recommended), [&](const S& s, int) {
        return services::planViewText(
            services::PlanViewText::Parenthesized, lang,
            {sim::textArg(std::string(model::displayName(s.recommendation.framework))),
             sim::textArg(statusText(s.recommendation.status, lang))});
    });
    row(T(CliText::Plan),
        [](const S& s, int) { return s.headline ? s.headline->plan.label() : "-"; });
    row(T(CliText::PeakMemory), [&](const S& s, int) {
        return s.headline ? numberText(sim::ArgKind::Bytes, s.headline->memory.peakBytes, lang)
                          : "-";
    });
    auto fitting = [](const S& s) { return s.headline && s.headline->memory.fits; };
    row(T(CliText::Step), [&](const S& s, int) {
        return fitting(s) ? numberText(sim::ArgKind::Seconds, s.headline->time.stepSeconds, lang)
                          : "-";
    });
    row(T(CliText::Mfu), [&](const S& s, int) {
        return fitting(s) ? numberText(sim::ArgKind::Percent, s.headline->throughput.mfu, lang)
                          : "-";
    });
    row(T(CliText::ExpectedTimeToTrain), [&](const S& s, int i) {
        if (!s.goodput) return std::string("-");
        const sim::MessageArg time = sim::durationArg(s.goodput->expectedSeconds);
        return i == c.fastest ? T(CliText::Fastest, {time}) : sim::formatArg(time, lang);
    });
    row(T(CliText::ExpectedCost), [&](const S& s, int i) {
        if (!s.goodput) return std::string("-");
        if (!s.headline->cost.priced) return noPriceText(lang);
        const sim::MessageArg cost = sim::usdArg(s.goodput->usd);
        return i == c.cheapest ? T(CliText::Cheapest, {cost}) : sim::formatArg(cost, lang);
    });
    for (std::size_t k = 0; k < c.scenarios.front().frameworks.size(); ++k) {
        const model::Framework f = c.scenarios.front().frameworks[k].first;
        row(T(CliText::FrameworkStep, {sim::textArg(std::string(model::displayName(f)))}),
            [&](const S& s, int) {
                for (const auto& [g, best] : s.frameworks)
                    if (g == f)
                        return best
                                   ? numberText(sim::ArgKind::Seconds, best->time.stepSeconds, lang)
                                   : services::planViewText(services::PlanViewText::DoesNotFit,
                                                            lang);
                return T(CliText::Excluded);
            });
    }
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return kExitOk;
    }
    table.print(ctx.out);
    ctx.out << '\n' << T(CliText::ComparisonNote) << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
