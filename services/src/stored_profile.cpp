#include <trainplan/services/stored_profile.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/simulator/calibration_profile.h>

#include <algorithm>
#include <cctype>

namespace trainplan::services {

model::ValidationIssues applyStoredProfile(store::Store& store, model::Scenario& scenario) {
    if (!scenario.efficiency.profile) return {};
    return applyProfileFrom(store.calibrationProfiles(), store.location(), scenario);
}

model::ValidationIssues applyProfileFrom(const std::vector<store::CalibrationProfile>& profiles,
                                         const std::string& location, model::Scenario& scenario) {
    if (!scenario.efficiency.profile) return {};
    const std::string name = *scenario.efficiency.profile;
    // Profile names are unique without regard to ASCII case (COLLATE NOCASE in the schema).
    auto same = [&](const std::string& other) {
        return std::equal(
            name.begin(), name.end(), other.begin(), other.end(),
            [](unsigned char a, unsigned char b) { return std::tolower(a) == std::tolower(b); });
    };
    const auto profile =
        std::find_if(profiles.begin(), profiles.end(),
                     [&](const store::CalibrationProfile& p) { return same(p.name); });
    if (profile == profiles.end()) {
        std::string known;
        for (const auto& p : profiles)
            known += (known.empty() ? "" : ", ") + ("'" + p.name + "'");
        if (known.empty())
            return {{"efficiency.profile",
                     model::IssueId::ProfileNotFoundNoneStored,
                     {name, location}}};
        return {{"efficiency.profile", model::IssueId::ProfileNotFound, {name, location, known}}};
    }
    return sim::applyCalibrationProfile(scenario.efficiency, name, profile->parameters);
}

} // namespace trainplan::services
