#include "cli_targets.h"

#include "cli_labels.h"

#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/sizing_text.h>

namespace trainplan::cli {

std::optional<sim::SizingConstraints> scenarioTargets(CliContext& ctx, const model::Scenario& s) {
    if (!s.constraints.deadlineDays && !s.constraints.budget) return std::nullopt;
    return sim::sizingConstraints(s.constraints, ctx.priceTable().cnyPerUsd);
}

sim::TargetCheck checkPlanTargets(const model::Scenario& s, const sim::PlanEstimate& e,
                                  const sim::SizingConstraints& k) {
    const sim::GoodputEstimate g = sim::estimateGoodput(s, e);
    return sim::checkTargets(k, g.expectedSeconds, g.usd, e.cost.priced);
}

nlohmann::json toJson(const sim::TargetCheck& t, const sim::SizingConstraints& k) {
    nlohmann::json j{
        {"meets_deadline", t.meetsDeadline}, {"meets_budget", t.meetsBudget}, {"priced", t.priced}};
    if (k.deadlineSeconds) {
        j["deadline_s"] = *k.deadlineSeconds;
        j["deadline_slack_s"] = t.deadlineSlackSeconds;
    }
    if (k.budgetUsd) {
        j["budget_usd"] = *k.budgetUsd;
        if (t.priced) j["budget_slack_usd"] = t.budgetSlackUsd;
    }
    return j;
}

std::string targetsCell(const sim::TargetCheck& t, bool zh) {
    if (!t.any()) return "";
    sim::SizingTextOptions o;
    o.lang = zh ? sim::Lang::ZhCN : sim::Lang::En;
    std::string out;
    auto add = [&out, zh](const std::string& s) {
        out += (out.empty() ? "" : zh ? "，" : ", ") + s;
    };
    if (t.hasDeadline && !t.meetsDeadline)
        add((zh ? "晚 " : "late ") + sim::formatDays(-t.deadlineSlackSeconds, o));
    if (t.hasBudget && !t.priced)
        add(noPriceText(o.lang));
    else if (t.hasBudget && !t.meetsBudget)
        add((zh ? "超支 " : "over ") + sim::formatMoney(-t.budgetSlackUsd, o));
    return out.empty() ? (zh ? "满足" : "meets") : out;
}

} // namespace trainplan::cli
