#pragma once

#include <QString>

#include <string_view>

namespace trainplan::ui {

enum class MemoryUnit { Binary, Decimal }; // GiB (2^30) or GB (10^9)

// How numbers are shown to people; SI values come in, text goes out.
struct DisplayUnits {
    MemoryUnit memory = MemoryUnit::Binary;
    QString currencySymbol = QStringLiteral("$");
    double currencyPerUsd = 1.0; // exchange rate applied to the simulator's USD figures
    bool operator==(const DisplayUnits&) const = default;
};

[[nodiscard]] inline QString toQString(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

// The units the views use; set from Settings.
[[nodiscard]] const DisplayUnits& displayUnits();
void setDisplayUnits(const DisplayUnits& units);

// All formatters use the default QLocale (decimal separator, and 万/亿 grouping for Chinese).
[[nodiscard]] QString formatBytes(double bytes);
[[nodiscard]] QString memoryUnitName();               // "GiB" or "GB"
[[nodiscard]] double bytesToMemoryUnit(double bytes); // bytes -> GiB or GB
[[nodiscard]] QString formatSeconds(double seconds);  // step-scale: µs, ms, s, min
[[nodiscard]] QString formatDuration(double seconds); // run-scale: min, h, days, years
[[nodiscard]] QString formatFlopsPerSecond(double flopsPerSecond);
[[nodiscard]] QString formatTokensPerSecond(double tokensPerSecond);
[[nodiscard]] QString formatPercent(double fraction, int decimals = 1);
[[nodiscard]] QString formatCurrency(double usd);
[[nodiscard]] QString formatCount(double value); // 70.6 B / 706亿
[[nodiscard]] QString formatParameters(double parameters);
[[nodiscard]] QString formatBytesPerSecond(double bytesPerSecond); // 900 GB/s (datasheet units)
[[nodiscard]] QString formatBitsPerSecond(double bytesPerSecond);  // 400 Gb/s (NIC units)

// A unit to scale an axis by: value / divisor, shown with `suffix`.
struct AxisScale {
    double divisor = 1;
    QString suffix;
};
[[nodiscard]] AxisScale tokensPerSecondScale(double maxValue);
[[nodiscard]] AxisScale parametersScale(); // billions / 亿 (sim::parametersAxis)

} // namespace trainplan::ui
