#pragma once

// The one set of number and unit formats every surface uses (window, CLI, report, deck,
// presentation), in English and Simplified Chinese. SI values in, text out; three significant
// digits and never an exponent. Chinese groups counts in 万 (10⁴), 亿 (10⁸) and 万亿 (10¹²) and
// writes its units in Chinese (秒, 天, token/秒); English uses k, M, B, T and SI symbols.

#include <trainplan/simulator/advice_text.h>

#include <string>

namespace trainplan::sim {

// Three significant digits without an exponent: 1.35, 12.3, 175, 1234.
[[nodiscard]] std::string sig3(double v);
// A count: 1234, 70.6B, 12.5k / 1234, 706亿, 1.25万.
[[nodiscard]] std::string formatCount(double v, Lang lang);
// A step-scale time: 25.0 µs, 12.3 ms, 4.56 s, 600 s / 25.0 微秒, 12.3 毫秒, 4.56 秒, 600 秒.
[[nodiscard]] std::string formatSeconds(double seconds, Lang lang);
// A run-scale time: 30.0 min, 5.00 hours, 12.5 days / 30.0 分钟, 5.00 小时, 12.5 天.
[[nodiscard]] std::string formatDuration(double seconds, Lang lang);
// 22.9k tokens/s / 22.9万 token/秒.
[[nodiscard]] std::string formatTokensPerSecond(double tokensPerSecond, Lang lang);
// 431 TFLOP/s, 1.23 PFLOP/s (SI symbols in both languages).
[[nodiscard]] std::string formatFlopsPerSecond(double flopsPerSecond);
// A fraction as a percentage with `decimals` decimals: 43.6%.
[[nodiscard]] std::string formatPercent(double fraction, int decimals = 1);
// `symbol` + the count: $116k / $116万, ¥838万.
[[nodiscard]] std::string formatMoney(double amount, std::string_view symbol, Lang lang);

// Link and memory bandwidth in datasheet units, SI symbols in both languages: 900 GB/s, 3.35 TB/s.
[[nodiscard]] std::string formatBytesPerSecond(double bytesPerSecond);
// A NIC's rate in bits: 400 Gb/s (from bytes per second).
[[nodiscard]] std::string formatBitsPerSecond(double bytesPerSecond);
// A model's size: 70.6B parameters / 706亿 参数.
[[nodiscard]] std::string formatParameters(double parameters, Lang lang);

// A unit to scale a chart axis by: value / divisor, labelled `suffix`.
struct AxisUnit {
    double divisor = 1;
    std::string suffix;
};
// Tokens per second for an axis reaching `maxValue`: k/M tokens/s, or 万/亿 token/秒, the grouping
// formatCount uses in each language.
[[nodiscard]] AxisUnit tokensPerSecondAxis(double maxValue, Lang lang);
// Model parameters on an axis: billions in English, 亿 (10⁸) in Chinese, as formatCount groups them
// ("706亿", never "70.6 十亿").
[[nodiscard]] AxisUnit parametersAxis(Lang lang);
// An amount of money on an axis: millions in English; 万 (10⁴), or 亿 (10⁸) from 1亿 on, in
// Chinese, as formatMoney writes it ("$88.1万"). The suffix is the unit word only ("million",
// "万").
[[nodiscard]] AxisUnit moneyAxis(double maxValue, Lang lang);

} // namespace trainplan::sim
