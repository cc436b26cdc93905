#include <trainplan/simulator/calibrate_json.h>

#include "json_number.h"

#include <cmath>
#include <string>

namespace trainplan::sim {

using detail::numberOrNull;
using nlohmann::json;

namespace {

json summaryJson(const ErrorSummary& s) {
    if (s.count == 0) return nullptr;
    return {{"count", s.count},
            {"mean_abs_error", s.meanAbs},
            {"rms_error", s.rms},
            {"max_abs_error", s.maxAbs}};
}

} // namespace

json toJson(const CalibrationResult& r) {
    json params = json::array();
    for (const FittedParameter& p : r.parameters)
        params.push_back({{"name", std::string(shortName(p.parameter))},
                          {"key", std::string(efficiencyKey(p.parameter))},
                          {"start", p.start},
                          {"value", p.value},
                          {"sigma", numberOrNull(p.sigma)},
                          {"lower", p.bounds.lower},
                          {"upper", p.bounds.upper},
                          {"at_bound", p.atBound},
                          {"informative_measurements", p.informativeMeasurements}});
    json correlation = json::array();
    for (Eigen::Index i = 0; i < r.correlation.rows(); ++i) {
        json row = json::array();
        for (Eigen::Index j = 0; j < r.correlation.cols(); ++j)
            row.push_back(numberOrNull(r.correlation(i, j)));
        correlation.push_back(row);
    }
    json residuals = json::array();
    for (const CalibrationResidual& x : r.residuals) {
        const auto loo = x.errorLeaveOneOut();
        residuals.push_back(
            {{"run", x.run},
             {"label", x.label},
             {"metric", toString(x.metric)},
             {"fitted", x.fitted},
             {"measured", x.measured},
             {"before", x.before},
             {"after", r.ok() ? json(x.after) : json(nullptr)},
             {"leave_one_out", x.leaveOneOut ? json(*x.leaveOneOut) : json(nullptr)},
             {"error_before", x.errorBefore()},
             {"error_after", r.ok() ? json(x.errorAfter()) : json(nullptr)},
             {"error_leave_one_out", loo ? json(*loo) : json(nullptr)}});
    }
    json tied = json::array();
    for (CalibrationParameter p : r.indistinguishable)
        tied.push_back(std::string(shortName(p)));
    return {{"schema", kCalibrationSchema},
            {"ok", r.ok()},
            {"refusal", r.ok() ? json(nullptr) : json(r.refusal)},
            {"indistinguishable", tied},
            {"parameters", params},
            {"correlation", correlation},
            {"measurements", residuals},
            {"summary",
             {{"before", summaryJson(r.before)},
              {"after", summaryJson(r.after)},
              {"leave_one_out", summaryJson(r.leaveOneOut)}}},
            {"residual_sigma", numberOrNull(r.residualSigma)},
            {"degrees_of_freedom", r.degreesOfFreedom},
            {"iterations", r.iterations},
            {"converged", r.converged},
            {"warnings", renderAll(r.warnings, Lang::En)}};
}

} // namespace trainplan::sim
