#include <trainplan/ui/sizing_outcome.h>


#include <chrono>

namespace trainplan::ui {

SizingOutcome computeSizing(const model::Scenario& scenario, const model::Catalog& catalog,
                            const model::PriceTable& prices, SizingCacheState& cache,
                            sim::Lang lang, const JobControl& control) {
    const auto start = std::chrono::steady_clock::now();
    SizingOutcome out;
    out.scenario = scenario;
    out.text.lang = lang;
    out.text.cny = scenario.constraints.budget &&
                   scenario.constraints.budgetCurrency == model::Currency::Cny;
    out.text.cnyPerUsd = prices.cnyPerUsd;
    model::Scenario base = scenario;
    base.constraints.deadlineDays.reset();
    base.constraints.budget.reset();
    base.constraints.budgetCurrency = model::Currency::Usd;
    std::vector<model::GpuSpec> gpus = sim::sizingCandidateGpus(base, catalog, prices);

    const std::lock_guard lock(cache.mutex);
    if (control.isCancelled()) {
        out.error = QStringLiteral("cancelled");
        return out;
    }
    if (!cache.valid || !(cache.base == base) || !(cache.gpus == gpus) ||
        cache.cnyPerUsd != prices.cnyPerUsd) {
        cache.cache = {};
        cache.base = std::move(base);
        cache.gpus = gpus;
        cache.cnyPerUsd = prices.cnyPerUsd;
        cache.valid = true;
    }
    sim::SizingInputs in;
    in.scenario = &cache.base;
    in.gpus = std::move(gpus);
    in.catalog = &catalog;
    in.maxGpus = sim::sizingMaxGpus(cache.base);
    in.threads = 0; // every core: the window stays responsive, the answer comes sooner
    const sim::SizingConstraints k = sim::sizingConstraints(scenario.constraints, prices.cnyPerUsd);
    out.result = std::make_shared<const sim::SizingResult>(sim::sizeCluster(in, k, &cache.cache));
    out.gpus = std::move(in.gpus);
    out.maxGpus = in.maxGpus;
    out.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

} // namespace trainplan::ui
