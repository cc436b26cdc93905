#pragma once

#include <trainplan/simulator/goodput.h>

#include <nlohmann/json.hpp>

namespace trainplan::sim {

// The "reliability" object of a trainplan.estimate.v1 result (documented in docs/reliability.md).
// Seconds, bytes and kWh are SI; "goodput" is a fraction.
[[nodiscard]] nlohmann::json toJson(const GoodputEstimate& g);

} // namespace trainplan::sim
