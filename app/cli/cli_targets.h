#pragma once

// The scenario's deadline and budget (constraints.deadline_days / budget) checked for one plan,
// as compare, sweep and advise report it (docs/cli.md, "compare").
#include "cli_context.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/sizing.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace trainplan::cli {

// The targets in USD (a CNY budget at the library's rate); nullopt when the scenario has none.
[[nodiscard]] std::optional<sim::SizingConstraints> scenarioTargets(CliContext& ctx,
                                                                    const model::Scenario& s);
// Expected time and cost from the goodput model, compared with the targets.
[[nodiscard]] sim::TargetCheck checkPlanTargets(const model::Scenario& s,
                                                const sim::PlanEstimate& e,
                                                const sim::SizingConstraints& k);
[[nodiscard]] nlohmann::json toJson(const sim::TargetCheck& t, const sim::SizingConstraints& k);
// "meets", "late 3.2 days", "over $0.4M", "late 1.0 days, over $2k", "no price", in `lang`
// (services::CliText's Targets* entries).
[[nodiscard]] std::string targetsCell(const sim::TargetCheck& t, sim::Lang lang);

} // namespace trainplan::cli
