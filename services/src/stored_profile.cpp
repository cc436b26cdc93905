#include <trainplan/services/stored_profile.h>

#include <trainplan/simulator/calibration_profile.h>

namespace trainplan::services {

std::vector<std::string> applyStoredProfile(store::Store& store, model::Scenario& scenario) {
    if (!scenario.efficiency.profile) return {};
    const std::string name = *scenario.efficiency.profile;
    const std::optional<store::CalibrationProfile> profile = store.findCalibrationProfile(name);
    if (!profile) {
        std::string known;
        for (const auto& p : store.calibrationProfiles())
            known += (known.empty() ? "" : ", ") + ("'" + p.name + "'");
        return {"efficiency.profile: no calibration profile named '" + name + "' in " +
                store.location() + " (" + (known.empty() ? "none stored" : "stored: " + known) +
                ")"};
    }
    std::vector<std::string> problems;
    for (const auto& issue :
         sim::applyCalibrationProfile(scenario.efficiency, name, profile->parameters))
        problems.push_back(issue.text());
    return problems;
}

} // namespace trainplan::services
