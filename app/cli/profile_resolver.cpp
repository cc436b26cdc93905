#include "profile_resolver.h"

#include "cli_store.h"

#include <trainplan/simulator/calibration_profile.h>

#include <ostream>

namespace trainplan::cli {

bool applyStoredProfile(CliContext& ctx, model::Scenario& scenario, const std::string& origin) {
    if (!scenario.efficiency.profile) return true;
    const std::string name = *scenario.efficiency.profile;
    const std::string where = origin.empty() ? "" : origin + ": ";
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (!st) {
        ctx.err << where << "efficiency.profile: calibration profile '" << name
                << "' not found: there is no library at " << databasePath(ctx).string()
                << " (create one with 'trainplan-cli calibrate ... --profile " << name << "')\n";
        return false;
    }
    const std::optional<store::CalibrationProfile> profile = st->findCalibrationProfile(name);
    if (!profile) {
        std::string known;
        for (const auto& p : st->calibrationProfiles())
            known += (known.empty() ? "" : ", ") + ("'" + p.name + "'");
        ctx.err << where << "efficiency.profile: no calibration profile named '" << name << "' in "
                << st->location() << " (" << (known.empty() ? "none stored" : "stored: " + known)
                << ")\n";
        return false;
    }
    const model::ValidationIssues issues =
        sim::applyCalibrationProfile(scenario.efficiency, name, profile->parameters);
    for (const auto& issue : issues)
        ctx.err << where << issue.text() << '\n';
    return issues.empty();
}

} // namespace trainplan::cli
