#include <trainplan/simulator/sizing_json.h>

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>

#include <nlohmann/json.hpp>

namespace trainplan::sim {

using nlohmann::json;

namespace {

json optionalNumber(const std::optional<double>& v) {
    return v ? json(*v) : json("none");
}

json chosenJson(const std::optional<ChosenCluster>& c) {
    if (!c) return json::object({{"found", false}});
    json per = json::array();
    for (const SizedConfig& f : c->perFramework)
        per.push_back(toJson(f));
    json j{{"found", true}, {"configuration", toJson(c->best)}, {"per_framework", per}};
    if (c->deadlineSlackSeconds) j["deadline_slack_s"] = *c->deadlineSlackSeconds;
    if (c->budgetSlackUsd) j["budget_slack_usd"] = *c->budgetSlackUsd;
    return j;
}

json optionalConfig(const std::optional<SizedConfig>& c) {
    return c ? toJson(*c) : json::object({{"found", false}});
}

} // namespace

json toJson(const SizedConfig& c) {
    return json{{"gpu", c.gpu},
                {"nodes", c.nodes},
                {"gpus_per_node", c.gpusPerNode},
                {"gpus", c.gpus},
                {"intra_node", c.intraNode},
                {"inter_node", c.interNode},
                {"cluster", c.clusterLabel()},
                {"framework", std::string(model::toString(c.plan.framework))},
                {"plan", model::toJson(c.plan)},
                {"plan_label", c.plan.label()},
                {"step_s", c.stepSeconds},
                {"mfu", c.mfu},
                {"peak_bytes", c.peakBytes},
                {"time_to_train_s", c.usefulSeconds},
                {"expected_time_to_train_s", c.expectedSeconds},
                {"goodput", c.goodput},
                {"usd_per_gpu_hour", c.usdPerGpuHour},
                {"expected_usd", c.expectedUsd},
                {"energy_kwh", c.energyKwh}};
}

json sizingDocument(const model::Scenario& s, const SizingInputs& in, const SizingResult& r,
                    const SizingTextOptions& text) {
    json front = json::array();
    for (const FrontPoint& p : r.front) {
        json j = toJson(p.config);
        j["reason"] = std::string(toString(p.reason));
        j["reason_text"] = frontReasonText(p, text);
        j["saves_usd"] = p.savesUsd;
        j["extra_s"] = p.extraSeconds;
        front.push_back(std::move(j));
    }
    json top = json::object();
    for (const auto& [fw, list] : r.topPerFramework) {
        json arr = json::array();
        for (const SizedConfig& c : list)
            arr.push_back(toJson(c));
        top[std::string(model::toString(fw))] = std::move(arr);
    }
    json prices = json::array();
    json gpus = json::array();
    for (std::size_t i = 0; i < r.prices.size(); ++i) {
        prices.push_back(toJson(r.prices[i]));
        if (i < in.gpus.size()) gpus.push_back(model::toJson(in.gpus[i]));
    }
    json systems = json::array();
    if (in.catalog)
        for (const model::GpuSpec& g : in.gpus)
            for (const SystemOption& o : systemOptions(g, *in.catalog))
                systems.push_back({{"gpu", g.name},
                                   {"intra_node", model::toJson(o.intraNode)},
                                   {"inter_node", model::toJson(o.interNode)},
                                   {"nics_per_node", o.nicsPerNode}});
    const BindingAnalysis& b = r.binding;
    json binding{{"binding", std::string(toString(b.binding))},
                 {"text", bindingText(r, text)},
                 {"cheapest_meeting_deadline", optionalConfig(b.cheapestMeetingDeadline)},
                 {"fastest_within_budget", optionalConfig(b.fastestWithinBudget)},
                 {"over_budget_usd", b.overBudgetUsd},
                 {"late_s", b.lateSeconds}};
    if (b.fastestOverall) binding["fastest_overall"] = toJson(*b.fastestOverall);
    if (b.cheapestOverall) binding["cheapest_overall"] = toJson(*b.cheapestOverall);
    return json{{"schema", kSizingSchema},
                {"scenario", s.name},
                {"lang", std::string(toString(text.lang))},
                {"currency", text.cny ? "CNY" : "USD"},
                {"cny_per_usd", text.cnyPerUsd},
                {"constraints",
                 {{"deadline_s", optionalNumber(r.constraints.deadlineSeconds)},
                  {"budget_usd", optionalNumber(r.constraints.budgetUsd)},
                  {"max_gpus", in.maxGpus},
                  {"memory_headroom", s.constraints.memoryHeadroomFraction}}},
                {"feasible", !r.front.empty()},
                {"front", std::move(front)},
                {"cheapest_meeting_deadline", chosenJson(r.cheapestMeetingDeadline)},
                {"fastest_within_budget", chosenJson(r.fastestWithinBudget)},
                {"top_per_framework", std::move(top)},
                {"binding", std::move(binding)},
                {"prices", std::move(prices)},
                {"catalog", {{"gpus", std::move(gpus)}, {"systems", std::move(systems)}}},
                {"notes", r.notes},
                {"search",
                 {{"candidates", r.candidates},
                  {"evaluated", r.evaluated},
                  {"cached", r.cachedCandidates},
                  {"pruned_by_deadline", r.prunedByDeadline},
                  {"pruned_by_budget", r.prunedByBudget},
                  {"pruned_by_dominance", r.prunedByDominance},
                  {"framework_searches", r.searches},
                  {"pruned_framework_searches", r.prunedSearches}}}};
}

} // namespace trainplan::sim
