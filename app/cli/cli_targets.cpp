#include "cli_targets.h"

#include "cli_labels.h"

#include <trainplan/services/cli_text.h>
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

std::string targetsCell(const sim::TargetCheck& t, sim::Lang lang) {
    using services::CliText;
    if (!t.any()) return "";
    sim::SizingTextOptions o;
    o.lang = lang;
    std::string out;
    auto add = [&out, lang](const std::string& s) {
        out = out.empty() ? s
                          : services::cliText(CliText::TargetsBoth, lang,
                                              {sim::textArg(out), sim::textArg(s)});
    };
    if (t.hasDeadline && !t.meetsDeadline)
        add(services::cliText(CliText::TargetsLate, lang,
                              {sim::textArg(sim::formatDays(-t.deadlineSlackSeconds, o))}));
    if (t.hasBudget && !t.priced)
        add(noPriceText(lang));
    else if (t.hasBudget && !t.meetsBudget)
        add(services::cliText(CliText::TargetsOver, lang,
                              {sim::textArg(sim::formatMoney(-t.budgetSlackUsd, o))}));
    return out.empty() ? services::cliText(CliText::TargetsMet, lang) : out;
}

} // namespace trainplan::cli
