#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/store/store.h>

#include <string>
#include <vector>

namespace trainplan::services {

// When the scenario's `efficiency` names a calibration profile ("efficiency": {"profile": NAME}),
// fills the efficiency overrides the scenario does not set itself from that profile in the library
// (values the scenario states win; sim::applyCalibrationProfile). Returns the problems, each a
// line naming the field: no profile of that name (the stored names are listed) or an out-of-range
// stored value. A scenario without a profile is left alone and nothing returned. Each problem is
// an issue at "efficiency.profile": text() is the English line the CLI prints, text(lang) the
// same in the window's language.
[[nodiscard]] model::ValidationIssues applyStoredProfile(store::Store& store,
                                                         model::Scenario& scenario);
// The same from profiles already read (store::Store::calibrationProfiles of the library at
// `location`).
[[nodiscard]] model::ValidationIssues
applyProfileFrom(const std::vector<store::CalibrationProfile>& profiles,
                 const std::string& location, model::Scenario& scenario);

} // namespace trainplan::services
