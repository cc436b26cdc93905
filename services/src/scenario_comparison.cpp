#include <trainplan/services/scenario_comparison.h>

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

} // namespace trainplan::services
