#include "profile_resolver.h"

#include "cli_store.h"

#include <trainplan/services/stored_profile.h>

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
    const std::vector<std::string> problems = services::applyStoredProfile(*st, scenario);
    for (const std::string& problem : problems)
        ctx.err << where << problem << '\n';
    return problems.empty();
}

} // namespace trainplan::cli
