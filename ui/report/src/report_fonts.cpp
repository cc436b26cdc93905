#include <trainplan/report/report_fonts.h>

#include <QFontDatabase>

namespace trainplan::report {

namespace {

const QString kLatin = QStringLiteral("DejaVu Sans");
// In order of preference. Qt's PDF engine writes, for each glyph, the lowest code point the font
// maps to it (QFontSubset::getReverseMap) as its text; Noto Sans CJK shares 524 glyphs between CJK
// radicals (U+2E80–U+2FDF) and common characters, so text copied from its PDFs reads 行 as U+2F8F
// and 页 as U+2EDA. The WenQuanYi fonts map no radical to a character's glyph, so their text layer
// is the text that was written; Noto stays as the fallback.
const QStringList kCjkFamilies{QStringLiteral("WenQuanYi Micro Hei"),
                               QStringLiteral("WenQuanYi Zen Hei"),
                               QStringLiteral("Noto Sans CJK SC")};

QString cjkFamily() {
    for (const QString& family : kCjkFamilies)
        if (QFontDatabase::hasFamily(family)) return family;
    return {};
}

QFont withFamilies(QFont f, bool bold) {
    const QStringList families = reportFontFamilies();
    if (!families.isEmpty()) f.setFamilies(families);
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting); // metrics in points, as the PDF draws them
    f.setKerning(true);
    // No ligatures in Latin text: Qt's PDF text layer would give "ﬀ" (U+FB00) for "ff", so copied
    // or searched words like "offload" fail (QFont::PreferNoShaping: shaping only where a script
    // needs it).
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

} // namespace

QStringList reportFontFamilies() {
    QStringList out;
    if (QFontDatabase::hasFamily(kLatin)) out << kLatin;
    if (const QString cjk = cjkFamily(); !cjk.isEmpty()) out << cjk;
    return out;
}

QFont reportFont(double pointSize, bool bold) {
    QFont f;
    f.setPointSizeF(pointSize);
    return withFamilies(f, bold);
}

QFont chartFont(int pixelSize, bool bold) {
    QFont f;
    f.setPixelSize(pixelSize);
    return withFamilies(f, bold);
}

bool hasCjkFont() {
    return !cjkFamily().isEmpty();
}

} // namespace trainplan::report
