#pragma once

#include <trainplan/ui/app_settings.h>

namespace trainplan::ui {

// Applies a light or dark palette (Fusion style); System follows the palette the platform gave
// the application at start-up. Call once before applying any theme to record that palette.
void rememberSystemPalette();
void applyTheme(Theme theme);
[[nodiscard]] bool isDarkPalette();

} // namespace trainplan::ui
