#pragma once

#include <QFont>
#include <QStringList>

namespace trainplan::report {

// The report's font stack: DejaVu Sans for Latin text and digits, then for Chinese WenQuanYi Micro
// Hei (fonts-wqy-microhei), else WenQuanYi Zen Hei, else Noto Sans CJK SC (fonts-noto-cjk), the
// first installed. Latin comes first on purpose: Qt's PDF engine cannot map Noto CJK's Latin
// digits back to Unicode, so digits set in it vanish from the text layer (pdftotext, copy and
// paste); WenQuanYi comes before Noto because Noto's glyphs shared with CJK radicals come back as
// radical code points in copied text (see report_fonts.cpp). Families that are not installed are
// skipped; the platform default takes over.
[[nodiscard]] QStringList reportFontFamilies();
// Point-sized (documents) and pixel-sized (charts, which are laid out in logical pixels) fonts.
[[nodiscard]] QFont reportFont(double pointSize, bool bold = false);
[[nodiscard]] QFont chartFont(int pixelSize, bool bold = false);
// Whether a font that covers Simplified Chinese is available.
[[nodiscard]] bool hasCjkFont();

} // namespace trainplan::report
