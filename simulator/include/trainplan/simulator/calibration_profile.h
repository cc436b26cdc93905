#pragma once

#include <trainplan/model/efficiency_spec.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/simulator/calibrate.h>

#include <nlohmann/json.hpp>

#include <string>

namespace trainplan::sim {

inline constexpr const char* kCalibrationProfileSchema = "trainplan.calibration_profile.v1";

// The `parameters` object a calibration profile is stored with
// (store::Store::saveCalibrationProfile):
//   { "schema": "trainplan.calibration_profile.v1",
//     "gemm_efficiency": 0.71, ...                        fitted values, scenario `efficiency` keys
//     "uncertainty": { "gemm_efficiency": 0.02, ... },    1-sigma (null when not defined)
//     "fit": { "runs": 8, "measurements": 8, "mean_abs_error_before": 0.12, "mean_abs_error_after":
//     0.04,
//              "mean_abs_error_leave_one_out": 0.06, "residual_sigma": 0.05 } }
// Only the value keys are read back; the rest documents the fit.
[[nodiscard]] nlohmann::json profileParameters(const CalibrationResult& result);

// Fills the overrides the scenario does not set itself from a stored profile's parameters (values
// the scenario states win over the profile) and records the profile's name. Unknown keys are
// ignored; a value that is not a number in the scenario's range is reported with the path
// "efficiency.profile" and the key, and not applied.
[[nodiscard]] model::ValidationIssues applyCalibrationProfile(model::EfficiencySpec& spec,
                                                              const std::string& name,
                                                              const nlohmann::json& parameters);

} // namespace trainplan::sim
