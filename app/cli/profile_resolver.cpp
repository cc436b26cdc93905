#include "profile_resolver.h"

#include "cli_store.h"

#include <trainplan/model/issue_text.h>
#include <trainplan/services/stored_profile.h>

#include <ostream>

namespace trainplan::cli {

bool applyStoredProfile(CliContext& ctx, model::Scenario& scenario, const std::string& origin) {
    if (!scenario.efficiency.profile) return true;
    const std::string name = *scenario.efficiency.profile;
    const std::string where = origin.empty() ? "" : origin + ": ";
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (!st) {
        const model::ValidationIssue missing("efficiency.profile", model::IssueId::ProfileNoLibrary,
                                             {name, databasePath(ctx).string()});
        ctx.err << where << missing.text() << '\n';
        return false;
    }
    const model::ValidationIssues problems = services::applyStoredProfile(*st, scenario);
    for (const model::ValidationIssue& problem : problems)
        ctx.err << where << problem.text() << '\n';
    return problems.empty();
}

} // namespace trainplan::cli
