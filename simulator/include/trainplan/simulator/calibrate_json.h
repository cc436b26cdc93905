#pragma once

#include <trainplan/simulator/calibrate.h>

#include <nlohmann/json.hpp>

namespace trainplan::sim {

inline constexpr const char* kCalibrationSchema = "trainplan.calibration.v1";

// The result as a "trainplan.calibration.v1" document (documented in docs/calibration.md): ok,
// refusal, parameters with start/value/sigma/bounds, correlation, per-measurement before/after/
// leave-one-out, error summaries and warnings. Undefined numbers (NaN sigma) are null.
[[nodiscard]] nlohmann::json toJson(const CalibrationResult& result);

} // namespace trainplan::sim
