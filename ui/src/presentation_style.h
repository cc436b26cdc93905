#pragma once

// What the presentation window (presentation_window.cpp) and its slides (presentation_pages.cpp)
// share: the review deck's colours and the slides' font.

#include <QColor>
#include <QFont>

namespace trainplan::ui::detail {

// The review deck's colours (ui/report/src/deck.h), so slides and deck look alike.
inline const QColor kInk(0x1a, 0x1a, 0x1a);
inline const QColor kMuted(0x5f, 0x66, 0x70);
inline const QColor kAccent(0x1f, 0x4e, 0x79);
inline const QColor kPanel(0xee, 0xf3, 0xf8);
inline const QColor kStrip(0xf4, 0xf5, 0xf7);

// The report's fonts at `pixels` (8 at least).
[[nodiscard]] QFont slideFont(int pixels, bool bold = false);

} // namespace trainplan::ui::detail
