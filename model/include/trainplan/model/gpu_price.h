#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model {

enum class Currency { Usd, Cny };
[[nodiscard]] std::string_view toString(Currency c); // "USD", "CNY"
[[nodiscard]] std::optional<Currency> currencyFromString(std::string_view s); // case-insensitive

// Default exchange rate for converting CNY prices: the CFETS central parity of the yuan against the
// U.S. dollar on 2026-01-08, 7.0197 CNY per USD (China Foreign Exchange Trade System, as reported by
// MENAFN/Xinhua that day). Set your own with `trainplan-cli price rate`.
inline constexpr double kDefaultCnyPerUsd = 7.0197;
inline constexpr const char* kDefaultCnyPerUsdDate = "2026-01-08";

// The price of one GPU-hour as a catalog entry or a price-table row states it.
struct GpuPrice {
    double perGpuHour = 0; // in `currency`; 0 = no price known
    Currency currency = Currency::Usd;
    std::string source;         // where the figure comes from (provider page, instance, tier)
    std::string sourceZh;       // the same in Simplified Chinese (optional "source_zh")
    std::string date;           // YYYY-MM-DD the figure was read
    std::string unpricedReason; // why there is no price (catalog entries without a sourced one)
    std::string unpricedReasonZh; // the same in Simplified Chinese (optional "unpriced_zh")
    // Where the figure was taken from when resolved: "catalog" or "price table" (set by whoever
    // attaches it to a GPU; not part of the catalog file).
    std::string origin;
    std::string cloud, region, contract; // price-table rows: what the price is for
    double cnyPerUsd = kDefaultCnyPerUsd; // the rate CNY prices convert at (the table's, when set)

    [[nodiscard]] bool priced() const { return perGpuHour > 0; }
    bool operator==(const GpuPrice&) const = default;
};

// The user's own prices (the library's price table), with the exchange rate they set.
struct PriceTableEntry {
    std::string gpu; // catalog GPU name (case-insensitive)
    GpuPrice price;  // cloud/region/contract/currency/source/date filled; origin "price table"
    bool operator==(const PriceTableEntry&) const = default;
};

struct PriceTable {
    std::vector<PriceTableEntry> entries;
    double cnyPerUsd = kDefaultCnyPerUsd;
    std::string cnyPerUsdDate = kDefaultCnyPerUsdDate;
    bool defaultRate = true; // false once the user set the rate

    // The row for `gpu`: the one matching every non-empty selector field, the most recently dated
    // first; nullptr when none.
    [[nodiscard]] const PriceTableEntry* find(std::string_view gpu, std::string_view cloud = {},
                                              std::string_view region = {},
                                              std::string_view contract = {}) const;
};

// True for a real calendar date written YYYY-MM-DD.
[[nodiscard]] bool isIsoDate(std::string_view s);

// A price converted to USD per GPU-hour with `cnyPerUsd`; 0 when unpriced.
[[nodiscard]] double usdPerGpuHour(const GpuPrice& p, double cnyPerUsd);
// "$3.99/GPU-h (catalog: Lambda 8x H100 SXM on-demand, lambda.ai/instances, read 2026-09-20)"-style
// one-line description of where a price comes from, for reports and the CLI.
[[nodiscard]] std::string describe(const GpuPrice& p);

} // namespace trainplan::model
