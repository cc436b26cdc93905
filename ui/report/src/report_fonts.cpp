#include <trainplan/report/report_fonts.h>

#include <QFontDatabase>

namespace trainplan::report {

namespace {

const QString kLatin = QStringLiteral("DejaVu Sans");
const QString kCjk = QStringLiteral("Noto Sans CJK SC");

QFont withFamilies(QFont f, bool bold) {
    const QStringList families = reportFontFamilies();
    if (!families.isEmpty()) f.setFamilies(families);
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting); // metrics in points, as the PDF draws them
    f.setKerning(true);
    return f;
}

} // namespace

QStringList reportFontFamilies() {
    QStringList out;
    for (const QString& family : {kLatin, kCjk})
        if (QFontDatabase::hasFamily(family)) out << family;
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
    return QFontDatabase::hasFamily(kCjk);
}

} // namespace trainplan::report
