#include <trainplan/simulator/number_format.h>

#include <cmath>
#include <cstdio>

namespace trainplan::sim {

namespace {

std::string printed(const char* format, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

bool finite(double v) {
    return std::isfinite(v);
}

const std::string kDash = "—";

} // namespace

std::string sig3(double v) {
    const double a = std::fabs(v);
    if (a >= 99.95) return printed("%.0f", v);
    if (a >= 9.995) return printed("%.1f", v);
    return printed("%.2f", v);
}

std::string formatCount(double v, Lang lang) {
    if (!finite(v)) return kDash;
    const double a = std::fabs(v);
    if (lang == Lang::ZhCN) {
        if (a >= 0.9995e12) return sig3(v / 1e12) + "万亿";
        if (a >= 0.9995e8) return sig3(v / 1e8) + "亿";
        if (a >= 0.9995e4) return sig3(v / 1e4) + "万";
        return printed("%.0f", v);
    }
    if (a >= 0.9995e12) return sig3(v / 1e12) + "T";
    if (a >= 0.9995e9) return sig3(v / 1e9) + "B";
    if (a >= 0.9995e6) return sig3(v / 1e6) + "M";
    if (a >= 0.9995e4) return sig3(v / 1e3) + "k";
    return printed("%.0f", v);
}

std::string formatSeconds(double s, Lang lang) {
    if (!finite(s)) return kDash;
    const bool zh = lang == Lang::ZhCN;
    const double a = std::fabs(s);
    if (a == 0) return zh ? "0 秒" : "0 s";
    if (a < 0.9995e-3) return sig3(s * 1e6) + (zh ? " 微秒" : " µs");
    if (a < 0.9995) return sig3(s * 1e3) + (zh ? " 毫秒" : " ms");
    return sig3(s) + (zh ? " 秒" : " s"); // a step is read in seconds, however long
}

std::string formatDuration(double s, Lang lang) {
    if (!finite(s) || s < 0) return kDash;
    const bool zh = lang == Lang::ZhCN;
    const double hours = s / 3600.0;
    if (hours >= 48.0) return sig3(hours / 24.0) + (zh ? " 天" : " days");
    if (hours >= 2.0) return sig3(hours) + (zh ? " 小时" : " hours");
    return sig3(s / 60.0) + (zh ? " 分钟" : " min");
}

std::string formatTokensPerSecond(double t, Lang lang) {
    if (!finite(t)) return kDash;
    return formatCount(t, lang) + (lang == Lang::ZhCN ? " token/秒" : " tokens/s");
}

std::string formatBytesPerSecond(double b) {
    if (!finite(b)) return kDash;
    if (std::fabs(b) >= 0.9995e12) return sig3(b / 1e12) + " TB/s";
    return sig3(b / 1e9) + " GB/s";
}

std::string formatBitsPerSecond(double b) {
    if (!finite(b)) return kDash;
    return sig3(b * 8 / 1e9) + " Gb/s";
}

std::string formatParameters(double p, Lang lang) {
    if (!finite(p)) return kDash;
    return formatCount(p, lang) + (lang == Lang::ZhCN ? " 参数" : " parameters");
}

AxisUnit tokensPerSecondAxis(double maxValue, Lang lang) {
    if (lang == Lang::ZhCN) {
        if (maxValue >= 1e8) return {1e8, "亿 token/秒"};
        if (maxValue >= 1e4) return {1e4, "万 token/秒"};
        return {1, "token/秒"};
    }
    if (maxValue >= 1e6) return {1e6, "M tokens/s"};
    if (maxValue >= 1e3) return {1e3, "k tokens/s"};
    return {1, "tokens/s"};
}

AxisUnit parametersAxis(Lang lang) {
    if (lang == Lang::ZhCN) return {1e8, "亿"};
    return {1e9, "billions"};
}

AxisUnit moneyAxis(double maxValue, Lang lang) {
    if (lang == Lang::ZhCN) return maxValue >= 1e8 ? AxisUnit{1e8, "亿"} : AxisUnit{1e4, "万"};
    return {1e6, "million"};
}

std::string formatFlopsPerSecond(double f) {
    if (!finite(f)) return kDash;
    const double a = std::fabs(f);
    if (a >= 0.9995e15) return sig3(f / 1e15) + " PFLOP/s";
    if (a >= 0.9995e12) return sig3(f / 1e12) + " TFLOP/s";
    return sig3(f / 1e9) + " GFLOP/s";
}

std::string formatPercent(double fraction, int decimals) {
    if (!finite(fraction)) return kDash;
    char format[16];
    std::snprintf(format, sizeof format, "%%.%df%%%%", decimals < 0 ? 0 : decimals);
    return printed(format, fraction * 100.0);
}

std::string formatMoney(double amount, std::string_view symbol, Lang lang) {
    if (!finite(amount)) return kDash;
    return std::string(symbol) + formatCount(amount, lang);
}

} // namespace trainplan::sim
