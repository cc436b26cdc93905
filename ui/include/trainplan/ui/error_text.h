#pragma once

#include <QString>

#include <exception>
#include <string>

namespace trainplan::ui {

// A caught exception as the window shows it: a library (store) error in the window's language
// (store::StoreError::textIn(advisorLanguage())), any other exception's what() as it is.
[[nodiscard]] std::string errorText(const std::exception& e);
[[nodiscard]] QString errorQText(const std::exception& e);

} // namespace trainplan::ui
