#include "cli_store.h"

#include <trainplan/simulator/pricing.h>

#include <ostream>

namespace trainplan::cli {

const model::PriceTable& CliContext::priceTable() {
    if (!m_prices) {
        m_prices.emplace();
        try {
            if (std::optional<store::Store> st = openStoreForReading(*this))
                m_prices = st->priceTable();
        } catch (const store::StoreError& e) {
            err << "warning: the library's price table cannot be read (" << e.what()
                << "); using the catalog's default prices\n";
        }
    }
    return *m_prices;
}

std::vector<model::GpuSpec> CliContext::pricedGpus() {
    std::vector<model::GpuSpec> gpus = catalog().gpus;
    for (model::GpuSpec& g : gpus)
        sim::applyPriceTable(g, priceTable());
    return gpus;
}

} // namespace trainplan::cli
