#include <trainplan/services/scenario_comparison.h>

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace trainplan::services {

ScenarioComparison compareScenarios(const std::vector<model::Scenario>& scenarios,
                                    Planner& planner, const PlanningOptions& options) {
    if (scenarios.size() < 2 || scenarios.size() > kMaxComparedScenarios)
        throw std::invalid_argument("compare two to " + std::to_string(kMaxComparedScenarios) +
                                    " scenarios, not " + std::to_string(scenarios.size()));
    ScenarioComparison out;
    for (const model::Scenario& s : scenarios) {
        const std::shared_ptr<const PlanningResult> planned = planner.plan(s, options);
        if (planned->cancelled) {
            out.cancelled = true;
            return out;
        }
        ComparedScenario c;
        c.scenario = s;
        c.parameters = model::countParameters(s.model).total;
        c.gpus = s.planGpus();
        c.recommendation = planned->recommendation;
        if (const sim::PlanEstimate* h = planned->headline()) {
            c.headline = *h;
            if (h->memory.fits) c.goodput = sim::estimateGoodput(s, *h);
        }
        for (const sim::FrameworkResult& f : planned->search->frameworks)
            c.frameworks.emplace_back(f.framework, f.best);
        out.scenarios.push_back(std::move(c));
    }
    double bestSeconds = 0, bestUsd = 0;
    for (std::size_t i = 0; i < out.scenarios.size(); ++i) {
        const ComparedScenario& c = out.scenarios[i];
        if (!c.goodput) continue;
        if (out.fastest < 0 || c.goodput->expectedSeconds < bestSeconds) {
            out.fastest = static_cast<int>(i);
            bestSeconds = c.goodput->expectedSeconds;
        }
        if (c.headline->cost.priced && (out.cheapest < 0 || c.goodput->usd < bestUsd)) {
            out.cheapest = static_cast<int>(i);
            bestUsd = c.goodput->usd;
        }
    }
    return out;
}

namespace {

nlohmann::json orNull(bool known, double v) {
    return known ? nlohmann::json(v) : nlohmann::json(nullptr);
}

nlohmann::json estimateJson(const std::optional<sim::PlanEstimate>& e) {
    if (!e) return nullptr;
    // A plan that does not fit gets no time, MFU or cost (issue 21).
    const bool fits = e->memory.fits;
    return {{"framework", std::string(model::toString(e->plan.framework))},
            {"plan", e->plan.label()},
            {"fits", fits},
            {"peak_bytes", e->memory.peakBytes},
            {"step_s", orNull(fits, e->time.stepSeconds)},
            {"mfu", orNull(fits, e->throughput.mfu)},
            {"tokens_per_s", orNull(fits, e->throughput.tokensPerSecond)},
            {"time_to_train_s", orNull(fits, e->cost.timeToTrainSeconds)},
            {"usd", orNull(fits && e->cost.priced, e->cost.usd)}};
}

} // namespace

nlohmann::json comparisonToJson(const ScenarioComparison& c,
                                const std::vector<std::string>& files) {
    nlohmann::json arr = nlohmann::json::array();
    for (std::size_t i = 0; i < c.scenarios.size(); ++i) {
        const ComparedScenario& s = c.scenarios[i];
        nlohmann::json fw = nlohmann::json::object();
        for (const auto& [f, best] : s.frameworks)
            fw[std::string(model::toString(f))] = estimateJson(best);
        const bool fits = s.headline && s.headline->memory.fits && s.goodput;
        nlohmann::json one = {
            {"scenario", s.scenario.name},
            {"parameters", s.parameters},
            {"gpus", s.gpus},
            {"gpu", s.scenario.cluster.gpu.name},
            {"recommended", std::string(model::toString(s.recommendation.framework))},
            {"status", std::string(sim::toString(s.recommendation.status))},
            {"headline", estimateJson(s.headline)},
            {"expected_time_s", orNull(fits, fits ? s.goodput->expectedSeconds : 0.0)},
            {"expected_usd",
             orNull(fits && s.headline->cost.priced, fits ? s.goodput->usd : 0.0)},
            {"frameworks", fw}};
        if (i < files.size()) one["file"] = files[i];
        arr.push_back(std::move(one));
    }
    return {{"scenarios", arr}, {"fastest", c.fastest}, {"cheapest", c.cheapest}};
}

} // namespace trainplan::services
