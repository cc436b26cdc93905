// trainplan-cli size: from a deadline and a budget to a cluster (docs/cli.md, "size").
#include "cli_labels.h"
#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/services/cli_text.h>
#include <trainplan/services/plan_view_text.h>
#include <trainplan/simulator/sizing.h>
#include <trainplan/simulator/sizing_json.h>
#include <trainplan/simulator/sizing_text.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kSizeUsage =
    "size FILE [--deadline-days D] [--budget B] [--currency USD|CNY] [--gpus a,b,...] "
    "[--max-gpus N] [--threads N] [--lang en|zh_CN]";

using services::CliText;

// The column names of a configuration table (the front's are written out where it is printed).
std::vector<std::string> configColumns(sim::Lang lang) {
    std::vector<std::string> out;
    for (const CliText id :
         {CliText::Cluster, CliText::SizeGpus, CliText::Framework, CliText::Plan, CliText::SizeStep,
          CliText::Mfu, CliText::ExpectedTime, CliText::SizeCost})
        out.push_back(services::cliText(id, lang));
    return out;
}

std::vector<std::string> configRow(const sim::SizedConfig& c, const sim::SizingTextOptions& o) {
    return {c.clusterLabel(),
            std::to_string(c.gpus),
            std::string(model::toString(c.plan.framework)),
            c.plan.label(),
            formatSeconds(c.stepSeconds),
            formatPercent(c.mfu),
            sim::formatDays(c.expectedSeconds, o),
            sim::formatMoney(c.expectedUsd, o)};
}

void printChosen(CliContext& ctx, CliText title, const sim::ChosenCluster& c,
                 const sim::SizingTextOptions& o) {
    ctx.out << services::cliText(CliText::Heading, o.lang,
                                 {sim::textArg(services::cliText(title, o.lang))})
            << "\n  " << sim::chosenClusterText(c, model::toString(c.best.plan.framework), o);
    ctx.out << "\n  "
            << services::cliText(
                   CliText::Heading, o.lang,
                   {sim::textArg(services::cliText(CliText::BestPerFramework, o.lang))})
            << '\n';
    TextTable t(configColumns(o.lang));
    for (const auto& f : c.perFramework)
        t.addRow(configRow(f, o));
    t.print(ctx.out);
    ctx.out << '\n';
}

} // namespace

int cmdSize(CliContext& ctx) {
    const auto deadline = ctx.takeOption("--deadline-days");
    const auto budget = ctx.takeOption("--budget");
    const auto currency = ctx.takeOption("--currency");
    const auto gpuList = ctx.takeOption("--gpus");
    const auto maxGpus = ctx.takeOption("--max-gpus");
    const auto threads = ctx.takeOption("--threads");
    rejectUnknownOptions(ctx, kSizeUsage);
    if (ctx.args.size() != 1) throw UsageError(std::string("usage: ") + kSizeUsage);
    const auto scenario = ctx.loadScenario(ctx.args.front());
    if (!scenario) return kExitInvalidInput;

    const model::PriceTable& prices = ctx.priceTable();
    sim::SizingTextOptions text;
    text.lang = outputLang(ctx.lang);
    text.cnyPerUsd = prices.cnyPerUsd;
    model::Currency cur =
        scenario->constraints.budget ? scenario->constraints.budgetCurrency : model::Currency::Usd;
    if (currency) {
        const auto c = model::currencyFromString(*currency);
        if (!c) throw UsageError("--currency: '" + *currency + "' is not one of USD, CNY");
        cur = *c;
    }
    text.cny = cur == model::Currency::Cny;

    sim::SizingConstraints k = sim::sizingConstraints(scenario->constraints, prices.cnyPerUsd);
    if (deadline) {
        const double d = parseNumber(*deadline, "--deadline-days");
        if (!(d > 0)) throw UsageError("--deadline-days: must be more than 0 days");
        k.deadlineSeconds = d * 86400.0;
    }
    if (budget) {
        const double b = parseNumber(*budget, "--budget");
        if (!(b > 0)) throw UsageError("--budget: must be more than 0");
        k.budgetUsd = text.cny ? b / prices.cnyPerUsd : b;
    }

    sim::SizingInputs in;
    in.scenario = &*scenario;
    in.catalog = &ctx.catalog();
    in.threads = threads ? parseCount(*threads, "--threads") : 0;
    in.maxGpus = sim::sizingMaxGpus(*scenario);
    if (maxGpus) {
        const int m = parseCount(*maxGpus, "--max-gpus");
        if (m < scenario->cluster.gpusPerNode)
            throw UsageError("--max-gpus: " + std::to_string(m) + " is less than one node (" +
                             std::to_string(scenario->cluster.gpusPerNode) + " GPUs)");
        in.maxGpus = m;
    }
    std::vector<model::GpuSpec> all = sim::sizingCandidateGpus(*scenario, ctx.catalog(), prices);
    if (gpuList) {
        model::Catalog names;
        names.gpus = all;
        for (const std::string& name : splitList(*gpuList)) {
            const model::GpuSpec* g = names.findGpu(name);
            if (!g) {
                ctx.err << ctx.args.front() << ": --gpus: " << names.unknownGpuMessage(name)
                        << '\n';
                return kExitInvalidInput;
            }
            in.gpus.push_back(*g);
        }
        if (in.gpus.empty()) throw UsageError("--gpus: no GPU named");
    } else {
        in.gpus = std::move(all);
    }

    const sim::SizingResult r = sim::sizeCluster(in, k);
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        ctx.out << sim::sizingDocument(*scenario, in, r, text).dump(2) << '\n';
        return kExitOk;
    }
    auto T = [&text](CliText id, std::initializer_list<sim::MessageArg> args = {}) {
        return services::cliText(id, text.lang, args);
    };
    if (fmt == Format::Csv) {
        std::vector<std::string> header{"section"};
        const std::vector<std::string> columns = configColumns(text.lang);
        header.insert(header.end(), columns.begin(), columns.end());
        header.push_back("reason");
        TextTable t(header);
        auto add = [&](const std::string& section, const sim::SizedConfig& c,
                       const std::string& reason) {
            std::vector<std::string> row{section};
            for (auto& cell : configRow(c, text))
                row.push_back(std::move(cell));
            row.push_back(reason);
            t.addRow(std::move(row));
        };
        for (const auto& p : r.front)
            add("front", p.config, sim::frontReasonText(p, text));
        if (r.cheapestMeetingDeadline) add("cheapest", r.cheapestMeetingDeadline->best, "");
        if (r.fastestWithinBudget) add("fastest", r.fastestWithinBudget->best, "");
        for (const auto& [fw, list] : r.topPerFramework)
            for (const auto& c : list)
                add("top:" + std::string(model::toString(fw)), c, "");
        t.printCsv(ctx.out);
        return kExitOk;
    }

    ctx.out << T(CliText::SizingHeader,
                 {sim::textArg(scenario->name),
                  sim::textArg(k.deadlineSeconds ? sim::formatDays(*k.deadlineSeconds, text) : "—"),
                  sim::textArg(k.budgetUsd ? sim::formatMoney(*k.budgetUsd, text) : "—"),
                  sim::textArg(sim::groupedCount(in.maxGpus))})
            << "\n\n";
    if (r.front.empty()) {
        ctx.out << T(CliText::NothingMeetsBoth, {sim::textArg(sim::bindingText(r, text))})
                << "\n\n";
    } else {
        printChosen(ctx, CliText::CheapestMeetingDeadline, *r.cheapestMeetingDeadline, text);
        printChosen(ctx, CliText::FastestWithinBudget, *r.fastestWithinBudget, text);
        ctx.out << T(CliText::Heading, {sim::textArg(T(CliText::ParetoFront))}) << '\n';
        TextTable t({T(CliText::Cluster), T(CliText::SizeGpus), T(CliText::Framework),
                     T(CliText::Plan), T(CliText::ExpectedTime), T(CliText::Goodput),
                     T(CliText::SizeCost), T(CliText::WhyOnFront)});
        for (const auto& p : r.front)
            t.addRow({p.config.clusterLabel(), std::to_string(p.config.gpus),
                      std::string(model::toString(p.config.plan.framework)), p.config.plan.label(),
                      sim::formatDays(p.config.expectedSeconds, text),
                      formatPercent(p.config.goodput), sim::formatMoney(p.config.expectedUsd, text),
                      sim::frontReasonText(p, text)});
        t.print(ctx.out);
        ctx.out << '\n'
                << T(CliText::Heading, {sim::textArg(T(CliText::CheapestPerFramework))}) << '\n';
        TextTable top(configColumns(text.lang));
        for (const auto& [fw, list] : r.topPerFramework)
            for (const auto& c : list)
                top.addRow(configRow(c, text));
        top.print(ctx.out);
        ctx.out << '\n';
    }
    ctx.out << T(CliText::Heading, {sim::textArg(T(CliText::PricesUsed))}) << '\n';
    for (const auto& p : r.prices)
        ctx.out << "  "
                << services::planViewText(
                       services::PlanViewText::LabelValue, text.lang,
                       {sim::textArg(p.gpu), sim::textArg(p.describe(text.lang))})
                << '\n';
    if (text.cny)
        ctx.out << "  CNY/USD " << formatFixed(prices.cnyPerUsd, 4) << " (" << prices.cnyPerUsdDate
                << ")\n";
    auto count = [](auto n) { return sim::countArg(static_cast<double>(n)); };
    ctx.out << '\n'
            << T(CliText::SearchSummary,
                 {count(r.candidates), count(r.evaluated), count(r.prunedByDeadline),
                  count(r.prunedByBudget), count(r.prunedByDominance), count(r.prunedSearches)})
            << '\n';
    for (const auto& n : r.notes)
        ctx.out << "  " << n << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
