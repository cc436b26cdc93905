#pragma once

#include <trainplan/model/cluster_spec.h>
#include <trainplan/model/gpu_price.h>
#include <trainplan/simulator/advice_text.h>

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace trainplan::sim {

// Where the price of a GPU-hour came from, most specific first.
enum class PriceOrigin {
    Scenario,   // cluster.gpu_hour_usd
    PriceTable, // a row of the library's price table (cloud/region/contract)
    Catalog,    // the GPU's catalog default (public on-demand list price, with source and date)
    None        // nothing: costs are not computed and every surface says so
};
[[nodiscard]] std::string_view toString(PriceOrigin o); // "scenario", "price_table", "catalog",
                                                        // "none"

// The price every cost in the simulator uses. The one home of "which price": estimate, goodput,
// search, sweep and sizing all read it through resolvePrice.
struct ResolvedPrice {
    PriceOrigin origin = PriceOrigin::None;
    double usdPerGpuHour = 0; // 0 when origin == None
    model::GpuPrice stated;   // the figure as stated (currency, source, date, cloud, …)
    std::string gpu;          // the GPU it is for

    [[nodiscard]] bool priced() const { return origin != PriceOrigin::None; }
    // One line for reports and the CLI: "$3.99/GPU-h (catalog: …, read 2026-09-20)", or
    // "no price for H20: …".
    [[nodiscard]] std::string describe() const;
    // The same line in `lang` (the catalog's source_zh / unpriced_zh in Chinese when it has one).
    [[nodiscard]] std::string describe(Lang lang) const;
};

// {"gpu", "origin", "priced", "usd_per_gpu_hour", "description", "stated": {...}} or, unpriced,
// {"gpu", "origin": "none", "priced": false, "unpriced_reason", "description"}.
[[nodiscard]] nlohmann::json toJson(const ResolvedPrice& p);

// cluster.gpu_hour_usd when the scenario states it (> 0), else the GPU's attached price (a
// price-table row, or the catalog default), else None.
[[nodiscard]] ResolvedPrice resolvePrice(const model::ClusterSpec& cluster);

// Replaces the price attached to `gpu` by the table's row for it (matching the selector fields
// that are not empty), converting with the table's exchange rate; leaves it alone when the table
// has no row. The one place a price-table row reaches a GPU.
void applyPriceTable(model::GpuSpec& gpu, const model::PriceTable& table,
                     std::string_view cloud = {}, std::string_view region = {},
                     std::string_view contract = {});

} // namespace trainplan::sim
