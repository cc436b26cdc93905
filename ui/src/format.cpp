#include <trainplan/ui/format.h>

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/number_format.h>
#include <trainplan/ui/advisor_text.h>

namespace trainplan::ui {

namespace {

DisplayUnits& mutableUnits() {
    static DisplayUnits units;
    return units;
}

} // namespace

const DisplayUnits& displayUnits() {
    return mutableUnits();
}
void setDisplayUnits(const DisplayUnits& units) {
    mutableUnits() = units;
}

QString memoryUnitName() {
    // IEC and SI symbols, the same in both languages.
    return displayUnits().memory == MemoryUnit::Binary ? QStringLiteral("GiB")
                                                       : QStringLiteral("GB");
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
    return QString::fromStdString(sim::formatParameters(p, advisorLanguage()));
}

QString formatBytesPerSecond(double b) {
    return QString::fromStdString(sim::formatBytesPerSecond(b));
}

QString formatBitsPerSecond(double b) {
    return QString::fromStdString(sim::formatBitsPerSecond(b));
}

AxisScale tokensPerSecondScale(double maxValue) {
    sim::AxisUnit u = sim::tokensPerSecondAxis(maxValue, advisorLanguage());
    return {u.divisor, QString::fromStdString(u.suffix)};
}

AxisScale parametersScale() {
    sim::AxisUnit u = sim::parametersAxis(advisorLanguage());
    return {u.divisor, QString::fromStdString(u.suffix)};
}

} // namespace trainplan::ui
