#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>

#include <nlohmann/json.hpp>

#include <vector>

namespace trainplan::sim {

inline constexpr const char* kEstimateSchema = "trainplan.estimate.v1";

// One entry of "results" in trainplan.estimate.v1 (DESIGN §4).
[[nodiscard]] nlohmann::json toJson(const EstimateResult& r);
// The whole trainplan.estimate.v1 document.
[[nodiscard]] nlohmann::json estimateDocument(const model::Scenario& s,
                                              const std::vector<EstimateResult>& results);

} // namespace trainplan::sim
