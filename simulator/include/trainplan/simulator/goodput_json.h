#pragma once

#include <trainplan/simulator/goodput.h>

#include <nlohmann/json.hpp>

#include <string>

namespace trainplan::sim {

// The "reliability" object of a trainplan.estimate.v1 result (documented in docs/reliability.md).
// Seconds, bytes and kWh are SI; "goodput" is a fraction. A figure with no finite value is a
// string saying why instead of a number (never null); "completes" is false when the expected
// time to train diverges.
[[nodiscard]] nlohmann::json toJson(const GoodputEstimate& g);
// "never completes: the job is interrupted every 0.36 s on average (1000000 GPUs), ..."
[[nodiscard]] std::string neverCompletesReason(const GoodputEstimate& g);

} // namespace trainplan::sim
