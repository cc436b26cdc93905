#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/uncertainty.h>

#include <nlohmann/json.hpp>

#include <vector>

namespace trainplan::sim {

inline constexpr const char* kEstimateSchema = "trainplan.estimate.v1";

// One entry of "results" in trainplan.estimate.v1 (DESIGN §4).
[[nodiscard]] nlohmann::json toJson(const EstimateResult& r);
// A result's error bar: each headline figure's 80% interval and the evidence level.
[[nodiscard]] nlohmann::json toJson(const Uncertainty& u, const PlanEstimate& e);
// One result with its reliability and, given residuals, its uncertainty extensions.
[[nodiscard]] nlohmann::json resultDocument(const model::Scenario& s, const EstimateResult& r,
                                            const ResidualTable* residuals = nullptr);
// The whole trainplan.estimate.v1 document; with residuals, each valid result carries its
// "uncertainty".
[[nodiscard]] nlohmann::json estimateDocument(const model::Scenario& s,
                                              const std::vector<EstimateResult>& results,
                                              const ResidualTable* residuals = nullptr);

} // namespace trainplan::sim
