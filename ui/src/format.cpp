#include <trainplan/ui/format.h>

#include <trainplan/simulator/advice_text.h>

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace trainplan::ui {

namespace {

DisplayUnits& mutableUnits() {
    static DisplayUnits units;
    return units;
}

bool chineseGrouping() {
    return QLocale().language() == QLocale::Chinese;
}

// Three significant digits, never scientific notation.
QString number(double v) {
    const double a = std::fabs(v);
    const int decimals = a >= 100 ? 0 : (a >= 10 ? 1 : 2);
    return QLocale().toString(v, 'f', decimals);
}

} // namespace

const DisplayUnits& displayUnits() {
    return mutableUnits();
}
void setDisplayUnits(const DisplayUnits& units) {
    mutableUnits() = units;
}

QString memoryUnitName() {
    return displayUnits().memory == MemoryUnit::Binary
               ? QCoreApplication::translate("Format", "GiB")
               : QCoreApplication::translate("Format", "GB");
}

double bytesToMemoryUnit(double bytes) {
    return bytes / (displayUnits().memory == MemoryUnit::Binary ? 1024.0 * 1024.0 * 1024.0 : 1e9);
}

QString formatBytes(double bytes) {
    // One byte formatter for every surface (sim::formatBytes); the window adds only the display
    // unit setting.
    return QString::fromStdString(sim::formatBytes(
        bytes, displayUnits().memory == MemoryUnit::Binary ? sim::ByteUnits::Binary
                                                           : sim::ByteUnits::Decimal));
}

QString formatSeconds(double s) {
    if (!std::isfinite(s)) return QStringLiteral("—");
    const double a = std::fabs(s);
    if (a == 0) return QCoreApplication::translate("Format", "0 s");
    if (a < 1e-3) return QCoreApplication::translate("Format", "%1 µs").arg(number(s * 1e6));
    if (a < 1) return QCoreApplication::translate("Format", "%1 ms").arg(number(s * 1e3));
    if (a < 120) return QCoreApplication::translate("Format", "%1 s").arg(number(s));
    return QCoreApplication::translate("Format", "%1 min").arg(number(s / 60));
}

QString formatDuration(double s) {
    if (!std::isfinite(s) || s < 0) return QStringLiteral("—");
    if (s < 3600) return QCoreApplication::translate("Format", "%1 min").arg(number(s / 60));
    if (s < 48 * 3600) return QCoreApplication::translate("Format", "%1 h").arg(number(s / 3600));
    if (s < 365.25 * 86400)
        return QCoreApplication::translate("Format", "%1 days").arg(number(s / 86400));
    return QCoreApplication::translate("Format", "%1 years").arg(number(s / (365.25 * 86400)));
}

QString formatFlopsPerSecond(double f) {
    if (!std::isfinite(f)) return QStringLiteral("—");
    if (f >= 1e15) return QCoreApplication::translate("Format", "%1 PFLOP/s").arg(number(f / 1e15));
    if (f >= 1e12) return QCoreApplication::translate("Format", "%1 TFLOP/s").arg(number(f / 1e12));
    return QCoreApplication::translate("Format", "%1 GFLOP/s").arg(number(f / 1e9));
}

QString formatTokensPerSecond(double t) {
    if (!std::isfinite(t)) return QStringLiteral("—");
    return QCoreApplication::translate("Format", "%1 tokens/s").arg(formatCount(t));
}

QString formatPercent(double fraction, int decimals) {
    if (!std::isfinite(fraction)) return QStringLiteral("—");
    return QCoreApplication::translate("Format", "%1 %")
        .arg(QLocale().toString(fraction * 100.0, 'f', decimals));
}

QString formatCurrency(double usd) {
    if (!std::isfinite(usd)) return QStringLiteral("—");
    const DisplayUnits& u = displayUnits();
    return u.currencySymbol + formatCount(usd * u.currencyPerUsd);
}

QString formatCount(double v) {
    if (!std::isfinite(v)) return QStringLiteral("—");
    const double a = std::fabs(v);
    if (chineseGrouping()) {
        if (a >= 1e12) return number(v / 1e12) + QStringLiteral("万亿");
        if (a >= 1e8) return number(v / 1e8) + QStringLiteral("亿");
        if (a >= 1e4) return number(v / 1e4) + QStringLiteral("万");
        return number(v);
    }
    if (a >= 1e12) return QCoreApplication::translate("Format", "%1 T").arg(number(v / 1e12));
    if (a >= 1e9) return QCoreApplication::translate("Format", "%1 B").arg(number(v / 1e9));
    if (a >= 1e6) return QCoreApplication::translate("Format", "%1 M").arg(number(v / 1e6));
    if (a >= 1e4) return QCoreApplication::translate("Format", "%1 k").arg(number(v / 1e3));
    return number(v);
}

QString formatParameters(double p) {
    return QCoreApplication::translate("Format", "%1 parameters").arg(formatCount(p));
}

QString formatBytesPerSecond(double b) {
    if (!std::isfinite(b)) return QStringLiteral("—");
    if (b >= 1e12) return QCoreApplication::translate("Format", "%1 TB/s").arg(number(b / 1e12));
    return QCoreApplication::translate("Format", "%1 GB/s").arg(number(b / 1e9));
}

QString formatBitsPerSecond(double b) {
    if (!std::isfinite(b)) return QStringLiteral("—");
    return QCoreApplication::translate("Format", "%1 Gb/s").arg(number(b * 8 / 1e9));
}

AxisScale tokensPerSecondScale(double maxValue) {
    if (chineseGrouping()) {
        if (maxValue >= 1e8) return {1e8, QCoreApplication::translate("Format", "100M tokens/s")};
        if (maxValue >= 1e4) return {1e4, QCoreApplication::translate("Format", "10k tokens/s")};
        return {1, QCoreApplication::translate("Format", "tokens/s")};
    }
    if (maxValue >= 1e6) return {1e6, QCoreApplication::translate("Format", "M tokens/s")};
    if (maxValue >= 1e3) return {1e3, QCoreApplication::translate("Format", "k tokens/s")};
    return {1, QCoreApplication::translate("Format", "tokens/s")};
}

} // namespace trainplan::ui
