#pragma once

// Planning-report data computed on a worker thread, shared by File → Export report… and
// presentation mode.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/ui/latest_job.h>

#include <QString>

#include <memory>

namespace trainplan::ui {

struct ReportOutcome {
    std::shared_ptr<const report::ReportData> data; // null when cancelled or failed
    double computeSeconds = 0;
    bool cancelled = false;
    QString error;
};

// Full: everything the written report shows. Slides: the presentation of the scenario as edited:
// the same advice as the report and the Roadmap (break points included, from the shared planner's
// cache), without the model-size sweep and the sizing section. Quick: also no break-point searches
// (the scaling chart then comes from a GPU-count sweep) — what presentation mode re-runs on every
// what-if change.
enum class ReportDepth { Full, Slides, Quick };

// Runs report::computeReportData with the catalog, the published runs of the data directory (the
// accuracy section; skipped when the file is missing) and today's date. Polls `control` for cancel
// and reports progress into it. Safe on any thread. `prices` is the library's price table (the
// sizing section prices every candidate GPU from it, as the CLI's report does; empty: catalog).
// `planner`: the window's planning cache, so the report reads the search and advice the tabs show.
// `measured`: the library's runs on the cluster (services::calibrationRunsOf of
// ScenarioDocument::measuredRunRecords) for the predicted-against-measured section; nullptr
// leaves it out. `compareWith`: other scenarios shown side by side (report::ReportInputs).
[[nodiscard]] ReportOutcome computeReport(const model::Scenario& scenario,
                                          std::shared_ptr<const model::Catalog> catalog,
                                          const model::PriceTable& prices, ReportDepth depth,
                                          const JobControl& control,
                                          services::Planner* planner = nullptr,
                                          const services::StoredCalibrationRuns* measured = nullptr,
                                          std::vector<model::Scenario> compareWith = {});

} // namespace trainplan::ui
