#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/gpu_price.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/sizing.h>
#include <trainplan/simulator/sizing_text.h>
#include <trainplan/ui/latest_job.h>

#include <QString>

#include <memory>
#include <mutex>

namespace trainplan::ui {

// Evaluated sizing candidates kept between answers (sim::SizingCache) for one scenario with its
// deadline and budget taken out: a deadline or budget change re-answers from it (issue 20's
// ≤ 100 ms re-answer), any other edit starts a new cache. Shared by the Sizing tab's jobs; a job
// holds the mutex while it runs.
struct SizingCacheState {
    std::mutex mutex;
    bool valid = false;
    model::Scenario base; // the scenario the cache answers, without deadline and budget
    std::vector<model::GpuSpec> gpus;
    double cnyPerUsd = 0;
    sim::SizingCache cache;
};

// What the Sizing tab shows: the sizing answer for one scenario. Computed on a worker thread.
struct SizingOutcome {
    std::shared_ptr<const sim::SizingResult> result;
    model::Scenario scenario;         // the scenario it answers (with its deadline and budget)
    std::vector<model::GpuSpec> gpus; // the candidates, prices attached (result's gpuIndex)
    sim::SizingTextOptions text;      // language and currency of every sentence
    long long maxGpus = 0;
    double seconds = 0; // wall time of the answer
    QString error;
};

// sim::sizeCluster on `scenario` over every catalog GPU priced by `prices` (the library's price
// table, or the catalog's prices when none is open), reusing `cache` when only the deadline or
// the budget changed. `lang` is the interface's (read on the GUI thread: QLocale's default is
// not the worker's to read, and may be gone when a job outlives the window at exit).
[[nodiscard]] SizingOutcome computeSizing(const model::Scenario& scenario,
                                          const model::Catalog& catalog,
                                          const model::PriceTable& prices,
                                          SizingCacheState& cache, sim::Lang lang,
                                          const JobControl& control);

} // namespace trainplan::ui
