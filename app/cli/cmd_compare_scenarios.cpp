// compare A.json B.json [C.json D.json]: two to four scenarios side by side (issue 21), from
// services::compareScenarios, the values the GUI's "Compare scenarios" dialog shows.

#include "cli_labels.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/services/scenario_comparison.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/pricing.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

// The table's row names, in English and Simplified Chinese (the status words are shared with
// advise: cli_labels.h).
struct ComparisonLabels {
    const char* model;
    const char* cluster;
    const char* recommended;
    const char* plan;
    const char* peakMemory;
    const char* step;
    const char* mfu;
    const char* expectedTime;
    const char* expectedCost;
    const char* fastest;
    const char* cheapest;
    const char* frameworkStep; // "%s step"
    const char* doesNotFit;
    const char* excluded;
    const char* note;
};

constexpr ComparisonLabels kComparisonEn{
    "model",
    "cluster",
    "recommended",
    "plan",
    "peak memory",
    "step",
    "MFU",
    "expected time to train",
    "expected cost",
    " (fastest)",
    " (cheapest)",
    "%s step",
    "does not fit",
    "excluded",
    "Expected time and cost include checkpoints, failures and restarts (the goodput "
    "model); each scenario's own prices."};
constexpr ComparisonLabels kComparisonZh{
    "模型",
    "集群",
    "推荐",
    "方案",
    "峰值显存",
    "每步",
    "MFU",
    "预期训练时间",
    "预期花费",
    "（最快）",
    "（最省）",
    "%s 每步",
    "放不下",
    "已排除",
    "预期时间与花费已计入检查点、故障与重启（有效训练时间模型）；各场景按各自的价格计算。"};

// Numbers in the language's units (万/亿 in Chinese), through the advisor's formatter.
std::string withName(const char* pattern, const std::string& name) {
    std::string out(pattern);
    const auto at = out.find("%s");
    return at == std::string::npos ? out : out.replace(at, 2, name);
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
    const sim::Lang lang = sim::langFromString(ctx.lang).value_or(sim::Lang::En);
    const bool zh = lang == sim::Lang::ZhCN;
    const ComparisonLabels& L = zh ? kComparisonZh : kComparisonEn;
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
    row(L.model, [](const S& s, int) {
        return (s.scenario.model.displayName.empty() ? s.scenario.model.name
                                                     : s.scenario.model.displayName);
    });
    row(L.cluster, [](const S& s, int) {
        return std::to_string(s.gpus) + " × " + s.scenario.cluster.gpu.name;
    });
    row(L.recommended, [&](const S& s, int) {
        return std::string(model::displayName(s.recommendation.framework)) + (zh ? "（" : " (") +
               statusText(s.recommendation.status, lang) + (zh ? "）" : ")");
    });
    row(L.plan, [](const S& s, int) { return s.headline ? s.headline->plan.label() : "-"; });
    row(L.peakMemory, [&](const S& s, int) {
        return s.headline ? numberText(sim::ArgKind::Bytes, s.headline->memory.peakBytes, lang)
                          : "-";
    });
    auto fitting = [](const S& s) { return s.headline && s.headline->memory.fits; };
    row(L.step, [&](const S& s, int) {
        return fitting(s) ? numberText(sim::ArgKind::Seconds, s.headline->time.stepSeconds, lang)
                          : "-";
    });
    row(L.mfu, [&](const S& s, int) {
        return fitting(s) ? numberText(sim::ArgKind::Percent, s.headline->throughput.mfu, lang)
                          : "-";
    });
    row(L.expectedTime, [&](const S& s, int i) {
        return s.goodput ? numberText(sim::ArgKind::Duration, s.goodput->expectedSeconds, lang) +
                               (i == c.fastest ? L.fastest : "")
                         : "-";
    });
    row(L.expectedCost, [&](const S& s, int i) {
        if (!s.goodput) return std::string("-");
        if (!s.headline->cost.priced) return std::string(noPriceText(lang));
        return numberText(sim::ArgKind::Usd, s.goodput->usd, lang) +
               (i == c.cheapest ? L.cheapest : "");
    });
    for (std::size_t k = 0; k < c.scenarios.front().frameworks.size(); ++k) {
        const model::Framework f = c.scenarios.front().frameworks[k].first;
        row(withName(L.frameworkStep, std::string(model::displayName(f))), [&](const S& s, int) {
            for (const auto& [g, best] : s.frameworks)
                if (g == f)
                    return best ? numberText(sim::ArgKind::Seconds, best->time.stepSeconds, lang)
                                : std::string(L.doesNotFit);
            return std::string(L.excluded);
        });
    }
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return kExitOk;
    }
    table.print(ctx.out);
    ctx.out << '\n' << L.note << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
