#pragma once

#include <QString>

#include <string>

namespace trainplan::ui {

// The search's reasons (why a framework has no plan) and the calibration's warnings are English
// sentences built in the simulator. This renders the ones it knows in the interface language,
// keeping their numbers, plans and names; any other text is returned as it is.
[[nodiscard]] QString simulatorText(const std::string& english);

} // namespace trainplan::ui
