#include <trainplan/model/gpu_price.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

namespace trainplan::model {

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

std::string_view toString(Currency c) {
    return c == Currency::Cny ? "CNY" : "USD";
}

std::optional<Currency> currencyFromString(std::string_view s) {
    if (iequals(s, "USD")) return Currency::Usd;
    if (iequals(s, "CNY") || iequals(s, "RMB")) return Currency::Cny;
    return std::nullopt;
}

const PriceTableEntry* PriceTable::find(std::string_view gpu, std::string_view cloud,
                                        std::string_view region, std::string_view contract) const {
    const PriceTableEntry* best = nullptr;
    for (const PriceTableEntry& e : entries) {
        if (!iequals(e.gpu, gpu)) continue;
        if (!cloud.empty() && !iequals(e.price.cloud, cloud)) continue;
        if (!region.empty() && !iequals(e.price.region, region)) continue;
        if (!contract.empty() && !iequals(e.price.contract, contract)) continue;
        // ISO dates compare as text; an undated row loses to a dated one.
        if (!best || e.price.date > best->price.date) best = &e;
    }
    return best;
}

bool isIsoDate(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    for (std::size_t i : {0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u})
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
    const int y = std::stoi(std::string(s.substr(0, 4)));
    const int m = std::stoi(std::string(s.substr(5, 2)));
    const int d = std::stoi(std::string(s.substr(8, 2)));
    if (m < 1 || m > 12 || d < 1) return false;
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

double usdPerGpuHour(const GpuPrice& p, double cnyPerUsd) {
    if (!p.priced()) return 0;
    if (p.currency == Currency::Cny) return cnyPerUsd > 0 ? p.perGpuHour / cnyPerUsd : 0;
    return p.perGpuHour;
}

std::string describe(const GpuPrice& p) {
    if (!p.priced())
        return p.unpricedReason.empty() ? std::string("no price") : "no price: " + p.unpricedReason;
    char amount[64];
    std::snprintf(amount, sizeof amount, "%s%.2f/GPU-h", p.currency == Currency::Cny ? "¥" : "$",
                  p.perGpuHour);
    std::string what;
    auto add = [&what](const std::string& s) {
        if (!s.empty()) what += (what.empty() ? "" : ", ") + s;
    };
    add(p.cloud);
    add(p.region);
    add(p.contract);
    add(p.source);
    if (!p.date.empty()) add("read " + p.date);
    std::string out = amount;
    const std::string origin = p.origin.empty() ? std::string("catalog") : p.origin;
    out += " (" + origin + (what.empty() ? "" : ": " + what) + ")";
    return out;
}

} // namespace trainplan::model
