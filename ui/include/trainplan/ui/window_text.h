#pragma once

// The window's, its dialogs' and the library's sentences (services::windowText) in the GUI's
// language.

#include <trainplan/services/window_text.h>
#include <trainplan/ui/advisor_text.h>

#include <QString>

#include <initializer_list>

namespace trainplan::ui {

[[nodiscard]] inline QString winText(services::WindowText id,
                                     std::initializer_list<sim::MessageArg> args = {}) {
    return QString::fromStdString(services::windowText(id, advisorLanguage(), args));
}

} // namespace trainplan::ui
