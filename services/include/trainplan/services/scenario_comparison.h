#pragma once

// Two to four scenarios side by side (issue 21): for each, its headline answer from the planning
// use case (the recommended framework's best plan, as every surface leads with), its expected time
// and cost to train with failures, and each framework's best plan. The CLI (`compare A B …`) and
// the GUI's "Compare scenarios" dialog format the same values.

#include <trainplan/model/scenario.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/goodput.h>

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trainplan::services {

struct ComparedScenario {
    model::Scenario scenario;
    double parameters = 0; // total
    long long gpus = 0;    // the GPUs its plans use (Scenario::planGpus)
    sim::Recommendation recommendation;
    // The plan the scenario leads with (PlanningResult::headline), and training over its token
    // budget with checkpoints, failures and restarts (expected wall time and cost).
    std::optional<sim::PlanEstimate> headline;
    std::optional<sim::GoodputEstimate> goodput;
    // Each searched framework's best plan (nullopt: nothing fits).
    std::vector<std::pair<model::Framework, std::optional<sim::PlanEstimate>>> frameworks;
};

struct ScenarioComparison {
    std::vector<ComparedScenario> scenarios; // in the order given
    bool cancelled = false;
    // Index of the scenario with the shortest expected time and with the lowest expected cost
    // among those with a fitting headline plan (cost: priced ones only); -1 when none.
    int fastest = -1;
    int cheapest = -1;
};

inline constexpr std::size_t kMaxComparedScenarios = 4;

// Plans each scenario through `planner` (the surfaces' shared cache) with `options` (advice is not
// needed). Throws std::invalid_argument for fewer than two or more than kMaxComparedScenarios.
[[nodiscard]] ScenarioComparison compareScenarios(const std::vector<model::Scenario>& scenarios,
                                                  Planner& planner,
                                                  const PlanningOptions& options = {});

// The comparison as JSON, for `trainplan-cli compare A B --format json` and the report's JSON:
// {"scenarios": [...], "fastest": i, "cheapest": i}. `files` (optional) names each scenario's
// file. A plan that does not fit has no step time, MFU, tokens/s, time or cost (null).
[[nodiscard]] nlohmann::json comparisonToJson(const ScenarioComparison& comparison,
                                              const std::vector<std::string>& files = {});

} // namespace trainplan::services
