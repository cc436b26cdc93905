#include <trainplan/simulator/calibration_profile.h>

#include <trainplan/model/issue_text.h>

#include "json_number.h"

#include <cmath>
#include <optional>

namespace trainplan::sim {

using detail::numberOrNull;
using nlohmann::json;

namespace {

std::optional<double>& field(model::EfficiencySpec& spec, CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return spec.gemmEfficiency;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return spec.intraNodeBandwidthEfficiency;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return spec.interNodeBandwidthEfficiency;
    case CalibrationParameter::LatencyScale:
        return spec.latencyScale;
    case CalibrationParameter::MemoryOverheadFraction:
        return spec.memoryOverheadFraction;
    }
    return spec.gemmEfficiency;
}

// The ranges the scenario reader accepts for the same keys (model/src/scenario_json.cpp).
bool inRange(CalibrationParameter p, double v) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return v >= 0.01 && v <= 1.0;
    case CalibrationParameter::LatencyScale:
        return v >= 0.0 && v <= 1000.0;
    case CalibrationParameter::MemoryOverheadFraction:
        return v >= 0.0 && v <= 1.0;
    }
    return false;
}

} // namespace

json profileParameters(const CalibrationResult& result) {
    json j = json::object();
    j["schema"] = kCalibrationProfileSchema;
    json sigma = json::object();
    for (const FittedParameter& p : result.parameters) {
        const std::string key(efficiencyKey(p.parameter));
        j[key] = p.value;
        sigma[key] = numberOrNull(p.sigma);
    }
    j["uncertainty"] = sigma;
    std::size_t runs = 0;
    std::size_t measurements = 0;
    std::optional<std::size_t> last;
    for (const CalibrationResidual& r : result.residuals) {
        if (!r.fitted) continue;
        ++measurements;
        if (!last || *last != r.run) ++runs;
        last = r.run;
    }
    j["fit"] = {{"runs", runs},
                {"measurements", measurements},
                {"mean_abs_error_before", result.before.meanAbs},
                {"mean_abs_error_after", result.after.meanAbs},
                {"mean_abs_error_leave_one_out",
                 result.leaveOneOut.count > 0 ? json(result.leaveOneOut.meanAbs) : json(nullptr)},
                {"residual_sigma", numberOrNull(result.residualSigma)}};
    return j;
}

model::ValidationIssues applyCalibrationProfile(model::EfficiencySpec& spec,
                                                const std::string& name, const json& parameters) {
    model::ValidationIssues issues;
    spec.profile = name;
    if (!parameters.is_object()) {
        issues.push_back({"efficiency.profile", model::IssueId::ProfileNoParameters, {name}});
        return issues;
    }
    for (CalibrationParameter p : kAllCalibrationParameters) {
        const std::string key(efficiencyKey(p));
        const auto it = parameters.find(key);
        if (it == parameters.end() || it->is_null()) continue;
        if (!it->is_number() || !inRange(p, it->get<double>())) {
            issues.push_back(
                {"efficiency.profile", model::IssueId::ProfileOutOfRange, {name, key, it->dump()}});
            continue;
        }
        std::optional<double>& f = field(spec, p);
        if (!f) f = it->get<double>();
    }
    return issues;
}

} // namespace trainplan::sim
