#pragma once

// A plan object read on its own, outside a scenario (a measured run's plan). Kept out of
// scenario_json.h, which most of the code base includes.

#include <trainplan/model/plan.h>
#include <trainplan/model/validation_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>

namespace trainplan::model {

// Checks a plan object as a scenario's plans[] entry is checked: known keys, each value's type
// and range (tp >= 1, zero_stage 0-3, ...); the framework may be missing (published runs do not
// always name one). `path` prefixes the issue paths.
[[nodiscard]] ValidationIssues validatePlanJson(const nlohmann::json& plan,
                                                const std::string& path);
// The plan the object describes, read as a scenario's plans[] entry is (the one reader, every key
// included); nullopt when validatePlanJson would report a problem.
[[nodiscard]] std::optional<Plan> parsePlanJson(const nlohmann::json& plan);

} // namespace trainplan::model
