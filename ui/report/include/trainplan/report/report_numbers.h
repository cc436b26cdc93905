#pragma once

// How the report writes numbers. Everything the advisor's sentences also show (bytes, seconds,
// durations, percentages, dollars, parameters, bandwidths) goes through sim::formatArg, so a number
// reads the same in a sentence, a table and `trainplan-cli advise`.

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/text_catalogue.h>

#include <QString>

#include <string>
#include <string_view>

namespace trainplan::report {

[[nodiscard]] QString qs(std::string_view utf8);
[[nodiscard]] inline QString qs(const std::string& utf8) {
    return qs(std::string_view(utf8));
}
[[nodiscard]] inline QString qs(const char* utf8) {
    return qs(std::string_view(utf8));
}

// sim::formatArg for a numeric kind.
[[nodiscard]] QString number(sim::ArgKind kind, double value, sim::Lang lang);

[[nodiscard]] QString fmtBytes(double bytes, sim::Lang lang);              // 78.6 GiB
[[nodiscard]] QString fmtSeconds(double seconds, sim::Lang lang);          // 14.5 s, 226 ms
[[nodiscard]] QString fmtDuration(double seconds, sim::Lang lang);         // 60.1 days / 60.1 天
[[nodiscard]] QString fmtPercent(double fraction, sim::Lang lang);         // 54.9%
[[nodiscard]] QString fmtUsd(double usd, sim::Lang lang);                  // $923k
// A cost: fmtUsd, or "no GPU price" when it is 0 (no price known: never "$0").
[[nodiscard]] QString fmtCost(double usd, sim::Lang lang);
[[nodiscard]] QString fmtParameters(double count, sim::Lang lang);         // 70.6B
[[nodiscard]] QString fmtBandwidth(double bytesPerSecond, sim::Lang lang); // 50.0 GB/s
[[nodiscard]] QString fmtFactor(double factor, sim::Lang lang);            // 1.15×
[[nodiscard]] QString fmtCount(double value, sim::Lang lang);              // 256
[[nodiscard]] QString fmtWeeks(double weeks, sim::Lang lang);              // 16 weeks / 16 周

// Three significant digits with an SI prefix: 1.23k, 45.6M, 789G.
[[nodiscard]] QString sig3Si(double value);
// 612k tok/s; in Chinese 61.2万 token/s (万/亿 as sim::formatArg counts).
[[nodiscard]] QString fmtTokensPerSecond(double tokensPerSecond, sim::Lang lang = sim::Lang::En);
[[nodiscard]] QString fmtFlops(double flops);                     // 1.23 EFLOP
[[nodiscard]] QString fmtFlopsPerSecond(double flopsPerSecond);   // 543 TFLOP/s
[[nodiscard]] QString fmtEnergy(double kwh);                      // 1.23 MWh
// 412k GPU·h; in Chinese 41.2万 GPU·h.
[[nodiscard]] QString fmtGpuHours(double hours, sim::Lang lang = sim::Lang::En);
[[nodiscard]] QString fmtFixed(double value, int decimals);

// The typed arguments of the report's sentences (report_strings.h): the catalogues' one set
// (sim/text_catalogue.h); counts: sim::countArg, fractions: sim::percentArg.
using sim::bandwidthArg;
using sim::bytesArg;
using sim::durationArg;
using sim::factorArg;
using sim::parametersArg;
using sim::secondsArg;
using sim::usdArg;
using sim::weeksArg;
// A name, a label or a value the report formats itself (tokens/s, GPU·h, energy, dates).
[[nodiscard]] inline sim::MessageArg qsArg(const QString& text) {
    return sim::textArg(text.toStdString());
}

// A value in its unit, for derivation terms and the efficiency parameters alike: "bytes", "s",
// "FLOP", "bytes/s", "fraction" (a percentage), "factor", "elements", and the counted units
// "parameters/s", "cores", "channels" in the report's language; anything else verbatim.
[[nodiscard]] QString fmtWithUnit(double value, const std::string& unit, sim::Lang lang);

} // namespace trainplan::report
