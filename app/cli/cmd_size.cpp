// trainplan-cli size: from a deadline and a budget to a cluster (docs/cli.md, "size").
#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

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

struct SizeLabels {
    const char* header;
    const char* cheapest;
    const char* fastest;
    const char* perFramework;
    const char* front;
    const char* top;
    const char* nothing;
    const char* prices;
    const char* searched;
    std::vector<std::string> frontColumns;
    std::vector<std::string> configColumns;
};

const SizeLabels kSizeEn{
    "Sizing",
    "Cheapest configuration meeting the deadline within the budget",
    "Fastest configuration within the budget meeting the deadline",
    "best plan per framework on that cluster",
    "Pareto front (expected time to train × cost), fastest first",
    "Cheapest configurations per framework",
    "Nothing meets both constraints: ",
    "Prices used",
    "Search",
    {"cluster", "GPUs", "framework", "plan", "expected time", "goodput", "cost",
     "why on the front"},
    {"cluster", "GPUs", "framework", "plan", "step", "MFU", "expected time", "cost"}};
const SizeLabels kSizeZh{
    "集群规模测算",
    "满足期限且在预算内的最便宜方案",
    "在预算内且满足期限的最快方案",
    "该集群上各框架的最佳方案",
    "帕累托前沿（预期训练时间 × 成本），按速度排序",
    "各框架最便宜的方案",
    "没有方案同时满足两个约束：",
    "所用价格",
    "搜索",
    {"集群", "GPU 数", "框架", "方案", "预期时间", "有效率", "成本", "入选原因"},
    {"集群", "GPU 数", "框架", "方案", "步长", "MFU", "预期时间", "成本"}};

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

void printChosen(CliContext& ctx, const SizeLabels& L, const char* title,
                 const sim::ChosenCluster& c, const sim::SizingTextOptions& o) {
    ctx.out << title << ":\n  "
            << sim::chosenClusterText(c, model::toString(c.best.plan.framework), o);
    ctx.out << "\n  " << L.perFramework << ":\n";
    TextTable t(L.configColumns);
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
    text.lang = ctx.lang == "zh_CN" ? sim::Lang::ZhCN : sim::Lang::En;
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
    const SizeLabels& L = text.lang == sim::Lang::ZhCN ? kSizeZh : kSizeEn;
    if (fmt == Format::Csv) {
        std::vector<std::string> header{"section"};
        header.insert(header.end(), L.configColumns.begin(), L.configColumns.end());
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

    ctx.out << L.header << ": " << scenario->name << " — "
            << (k.deadlineSeconds ? sim::formatDays(*k.deadlineSeconds, text) : "—") << ", "
            << (k.budgetUsd ? sim::formatMoney(*k.budgetUsd, text) : "—") << ", ≤ "
            << sim::groupedCount(in.maxGpus) << " GPUs\n\n";
    if (r.front.empty()) {
        ctx.out << L.nothing << sim::bindingText(r, text) << "\n\n";
    } else {
        printChosen(ctx, L, L.cheapest, *r.cheapestMeetingDeadline, text);
        printChosen(ctx, L, L.fastest, *r.fastestWithinBudget, text);
        ctx.out << L.front << ":\n";
        TextTable t(L.frontColumns);
        for (const auto& p : r.front)
            t.addRow({p.config.clusterLabel(), std::to_string(p.config.gpus),
                      std::string(model::toString(p.config.plan.framework)), p.config.plan.label(),
                      sim::formatDays(p.config.expectedSeconds, text),
                      formatPercent(p.config.goodput), sim::formatMoney(p.config.expectedUsd, text),
                      sim::frontReasonText(p, text)});
        t.print(ctx.out);
        ctx.out << '\n' << L.top << ":\n";
        TextTable top(L.configColumns);
        for (const auto& [fw, list] : r.topPerFramework)
            for (const auto& c : list)
                top.addRow(configRow(c, text));
        top.print(ctx.out);
        ctx.out << '\n';
    }
    ctx.out << L.prices << ":\n";
    for (const auto& p : r.prices)
        ctx.out << "  " << p.gpu << ": " << p.describe() << '\n';
    if (text.cny)
        ctx.out << "  CNY/USD " << formatFixed(prices.cnyPerUsd, 4) << " (" << prices.cnyPerUsdDate
                << ")\n";
    ctx.out << '\n'
            << L.searched << ": " << r.candidates << " candidates, " << r.evaluated << " searched, "
            << r.prunedByDeadline << " pruned by the deadline, " << r.prunedByBudget
            << " by the budget, " << r.prunedByDominance << " by dominance; "
            << r.prunedSearches << " framework searches skipped on their layouts' bounds\n";
    for (const auto& n : r.notes)
        ctx.out << "  " << n << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
