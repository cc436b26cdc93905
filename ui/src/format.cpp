#include <trainplan/ui/format.h>

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/number_format.h>
#include <trainplan/ui/advisor_text.h>

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

// Three significant digits, never scientific notation: the one rule, sim::sig3.
QString number(double v) {
    return QString::fromStdString(sim::sig3(v));
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

// The window's numbers are the simulator's formats (sim/number_format.h) in the interface
// language, so a figure reads the same here, in the CLI and in the report.
QString formatSeconds(double s) {
    return QString::fromStdString(sim::formatSeconds(s, advisorLanguage()));
}

QString formatDuration(double s) {
    return QString::fromStdString(sim::formatDuration(s, advisorLanguage()));
}

QString formatFlopsPerSecond(double f) {
    return QString::fromStdString(sim::formatFlopsPerSecond(f));
}

QString formatTokensPerSecond(double t) {
    return QString::fromStdString(sim::formatTokensPerSecond(t, advisorLanguage()));
}

QString formatPercent(double fraction, int decimals) {
    return QString::fromStdString(sim::formatPercent(fraction, decimals));
}

QString formatCurrency(double usd) {
    const DisplayUnits& u = displayUnits();
    return QString::fromStdString(sim::formatMoney(
        usd * u.currencyPerUsd, u.currencySymbol.toStdString(), advisorLanguage()));
}

QString formatCount(double v) {
    return QString::fromStdString(sim::formatCount(v, advisorLanguage()));
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
