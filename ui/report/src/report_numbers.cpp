#include <trainplan/report/report_numbers.h>

#include <trainplan/report/report_strings.h>
#include <trainplan/simulator/number_format.h>

#include <array>
#include <cmath>

namespace trainplan::report {

QString qs(std::string_view utf8) {
    return QString::fromUtf8(utf8.data(), static_cast<qsizetype>(utf8.size()));
}

QString number(sim::ArgKind kind, double value, sim::Lang lang) {
    return qs(sim::formatArg(sim::MessageArg::number(kind, value), lang));
}

QString fmtBytes(double bytes, sim::Lang lang) {
    return number(sim::ArgKind::Bytes, bytes, lang);
}
QString fmtSeconds(double seconds, sim::Lang lang) {
    return number(sim::ArgKind::Seconds, seconds, lang);
}
QString fmtDuration(double seconds, sim::Lang lang) {
    return number(sim::ArgKind::Duration, seconds, lang);
}
QString fmtPercent(double fraction, sim::Lang lang) {
    return number(sim::ArgKind::Percent, fraction, lang);
}
QString fmtUsd(double usd, sim::Lang lang) {
    return number(sim::ArgKind::Usd, usd, lang);
}
QString fmtCost(double usd, sim::Lang lang) {
    return usd > 0 ? fmtUsd(usd, lang) : text(Text::NoGpuPrice, lang);
}
QString fmtParameters(double count, sim::Lang lang) {
    return number(sim::ArgKind::Parameters, count, lang);
}
QString fmtBandwidth(double bytesPerSecond, sim::Lang lang) {
    return number(sim::ArgKind::BytesPerSecond, bytesPerSecond, lang);
}
QString fmtFactor(double factor, sim::Lang lang) {
    return number(sim::ArgKind::Factor, factor, lang);
}
QString fmtCount(double value, sim::Lang lang) {
    return number(sim::ArgKind::Count, value, lang);
}
QString fmtWeeks(double weeks, sim::Lang lang) {
    return number(sim::ArgKind::Weeks, weeks, lang);
}

namespace {

// Three significant digits without an exponent: the one rule, sim::sig3.
QString sig3(double v) {
    return qs(sim::sig3(v));
}

} // namespace

QString sig3Si(double value) {
    static constexpr std::array<std::pair<double, const char*>, 6> prefixes{
        {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
    const double a = std::fabs(value);
    for (const auto& [scale, prefix] : prefixes)
        if (a >= 0.9995 * scale) return sig3(value / scale) + QString::fromLatin1(prefix);
    return sig3(value);
}

QString fmtTokensPerSecond(double tokensPerSecond, sim::Lang lang) {
    return qs(sim::formatTokensPerSecond(tokensPerSecond, lang));
}

QString fmtFlops(double flops) {
    QString s = sig3Si(flops);
    if (!s.isEmpty() && s.back().isLetter())
        return s.insert(s.size() - 1, QLatin1Char(' ')) + QStringLiteral("FLOP");
    return s + QStringLiteral(" FLOP");
}

QString fmtFlopsPerSecond(double flopsPerSecond) {
    return qs(sim::formatFlopsPerSecond(flopsPerSecond));
}

QString fmtEnergy(double kwh) {
    if (std::fabs(kwh) >= 0.9995e6) return sig3(kwh / 1e6) + QStringLiteral(" GWh");
    if (std::fabs(kwh) >= 0.9995e3) return sig3(kwh / 1e3) + QStringLiteral(" MWh");
    return sig3(kwh) + QStringLiteral(" kWh");
}

QString fmtGpuHours(double hours, sim::Lang lang) {
    return qs(sim::formatCount(hours, lang)) + QStringLiteral(" GPU·h");
}

QString fmtFixed(double value, int decimals) {
    return QString::number(value, 'f', decimals);
}

QString fmtWithUnit(double value, const std::string& unit, sim::Lang lang) {
    const bool zh = lang == sim::Lang::ZhCN;
    if (unit == "bytes") return fmtBytes(value, lang);
    if (unit == "s") return fmtSeconds(value, lang);
    if (unit == "FLOP") return fmtFlops(value);
    if (unit == "bytes/s") return fmtBandwidth(value, lang);
    if (unit == "fraction") return fmtPercent(value, lang);
    if (unit == "factor") return fmtFactor(value, lang);
    if (unit == "elements") return fmtCount(value, lang);
    // Counted units, in the report's language (the Chinese report has no English unit words).
    const QString count = qs(sim::formatCount(value, lang));
    if (unit == "parameters/s")
        return count + (zh ? QStringLiteral(" 参数/秒") : QStringLiteral(" params/s"));
    if (unit == "cores")
        return qs(sim::sig3(value)) + (zh ? QStringLiteral(" 核") : QStringLiteral(" cores"));
    if (unit == "channels")
        return count + (zh ? QStringLiteral(" 个通道") : QStringLiteral(" channels"));
    if (unit.empty()) return sig3Si(value);
    return sig3Si(value) + QLatin1Char(' ') + qs(unit);
}

} // namespace trainplan::report
