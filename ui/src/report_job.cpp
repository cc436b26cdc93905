#include <trainplan/ui/report_job.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>

#include <QDate>
#include <QElapsedTimer>

#include <filesystem>
#include <vector>

#ifndef TRAINPLAN_VERSION
#define TRAINPLAN_VERSION "0.0.0"
#endif

namespace trainplan::ui {

namespace {

// The published runs `trainplan-cli validate` uses; rows with problems are that command's business.
std::vector<model::PublishedRun> publishedRuns() {
    try {
        const std::filesystem::path file =
            model::dataDirectory() / "reference" / "published_runs.csv";
        if (std::filesystem::exists(file)) return model::loadPublishedRuns(file).runs;
    } catch (const std::exception&) {
        // No data directory: the report leaves the accuracy section out.
    }
    return {};
}

} // namespace

ReportOutcome computeReport(const model::Scenario& scenario,
                            std::shared_ptr<const model::Catalog> catalog,
                            const model::PriceTable& prices, ReportDepth depth,
                            const JobControl& control, services::Planner* planner,
                            const services::StoredCalibrationRuns* measured,
                            std::vector<model::Scenario> compareWith) {
    QElapsedTimer clock;
    clock.start();
    ReportOutcome outcome;
    if (!catalog) {
        outcome.error = QStringLiteral("no hardware and model catalog is loaded");
        return outcome;
    }
    const std::vector<model::PublishedRun> runs = publishedRuns();
    report::ReportInputs in;
    in.catalog = catalog.get();
    in.publishedRuns = runs.empty() ? nullptr : &runs;
    in.version = TRAINPLAN_VERSION;
    in.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    in.breakPoints = depth != ReportDepth::Quick;
    in.planner = planner;
    in.measuredRuns = measured;
    in.compareWith = std::move(compareWith);
    in.crossover = depth == ReportDepth::Full;
    in.sizing = depth == ReportDepth::Full; // the presentation (Quick) has no sizing page
    in.prices = &prices;
    in.progress = [&control](double fraction) { control.setProgress(fraction); };
    in.cancelled = [&control] { return control.isCancelled(); };
    auto data = std::make_shared<report::ReportData>(report::computeReportData(scenario, in));
    outcome.computeSeconds = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    if (control.isCancelled()) {
        outcome.cancelled = true;
        return outcome;
    }
    outcome.data = std::move(data);
    return outcome;
}

} // namespace trainplan::ui
