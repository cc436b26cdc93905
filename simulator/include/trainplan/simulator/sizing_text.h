#pragma once

#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/sizing.h>

#include <string>

namespace trainplan::sim {

// Sentences of the sizing answer in English or Chinese, numbers in the advisor's style
// (formatArg). Costs are shown in USD, or in CNY at `cnyPerUsd` when `cny` is set.
struct SizingTextOptions {
    Lang lang = Lang::En;
    bool cny = false;
    double cnyPerUsd = model::kDefaultCnyPerUsd;
};

[[nodiscard]] std::string formatMoney(double usd, const SizingTextOptions& o);
[[nodiscard]] std::string formatDays(double seconds, const SizingTextOptions& o);
// Why a point is on the front: "fastest of all", "cheapest of all", "saves $1.2M over the next
// faster option for 3.5 days more".
[[nodiscard]] std::string frontReasonText(const FrontPoint& p, const SizingTextOptions& o);
// When nothing meets both: "the deadline needs ≥ 1,536 H100-SXM5-80GB ($4.20M, $1.20M over the
// budget); the budget allows 1,024 H100-SXM5-80GB (done in 75.0 days, 15.0 days late)".
[[nodiscard]] std::string bindingText(const SizingResult& r, const SizingTextOptions& o);
// A chosen cluster on one line, the same in the CLI, the GUI and the report: "16 × 8 H100-SXM5-80GB,
// IB NDR-400, <framework> TP8·PP4·… — 41.2 days, $3.10M (slack: 18.8 days, $0.40M)". The
// framework is written as the caller names it (the CLI's "megatron", the GUI's "Megatron").
[[nodiscard]] std::string chosenClusterText(const ChosenCluster& c, std::string_view framework,
                                            const SizingTextOptions& o);
// "1,536" (thousands separated; Chinese too).
[[nodiscard]] std::string groupedCount(long long n);

} // namespace trainplan::sim
