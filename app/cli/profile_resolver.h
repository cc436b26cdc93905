#pragma once

#include "cli_context.h"

#include <trainplan/model/scenario.h>

namespace trainplan::cli {

// When the scenario's `efficiency` names a calibration profile ("efficiency": {"profile": NAME}),
// fills the efficiency overrides the scenario does not set itself from the profile stored in the
// library (values the scenario states win). Returns false after printing the problem on ctx.err
// (no library, no profile of that name — the stored names are listed —, or an out-of-range value).
// A scenario without a profile is left alone and true returned. Commands call it right after
// loading a scenario, before makeContext.
[[nodiscard]] bool applyStoredProfile(CliContext& ctx, model::Scenario& scenario,
                                      const std::string& origin);

} // namespace trainplan::cli
