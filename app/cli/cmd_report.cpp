#include "cli_labels.h"
#include "cli_store.h"
#include "commands.h"

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/published_run.h>
#include <trainplan/report/report.h>
#include <trainplan/report/report_app.h>
#include <trainplan/services/scenario_comparison.h>
#include <trainplan/services/stored_calibration_runs.h>

#include <QDate>
#include <QDateTime>
#include <QTimeZone>

#include <cstdlib>
#include <filesystem>
#include <ostream>

#ifndef TRAINPLAN_VERSION
#define TRAINPLAN_VERSION "0.0.0"
#endif

namespace trainplan::cli {

namespace {

// --date, else SOURCE_DATE_EPOCH (reproducible builds), else today.
std::string reportDate(const std::optional<std::string>& option) {
    if (option) {
        const QDate d = QDate::fromString(QString::fromStdString(*option), Qt::ISODate);
        if (!d.isValid())
            throw UsageError("--date: '" + *option + "' is not a date like 2025-01-31");
        return d.toString(Qt::ISODate).toStdString();
    }
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
        char* end = nullptr;
        const long long seconds = std::strtoll(epoch, &end, 10);
        if (end != epoch && *end == '\0')
            return QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc())
                .date()
                .toString(Qt::ISODate)
                .toStdString();
    }
    return QDate::currentDate().toString(Qt::ISODate).toStdString();
}

} // namespace

int cmdReport(CliContext& ctx) {
    std::optional<std::string> output = ctx.takeOption("-o");
    if (!output) output = ctx.takeOption("--output");
    const bool deck = ctx.takeFlag("--deck");
    const bool fast = ctx.takeFlag("--no-break-points");
    const std::string date = reportDate(ctx.takeOption("--date"));
    // Other scenarios to show side by side with this one (repeatable, up to three).
    std::vector<std::string> compareWith;
    while (std::optional<std::string> w = ctx.takeOption("--compare-with"))
        compareWith.push_back(*w);
    if (compareWith.size() + 1 > services::kMaxComparedScenarios)
        throw UsageError("--compare-with: at most " +
                         std::to_string(services::kMaxComparedScenarios - 1) +
                         " other scenarios fit side by side");
    if (!output) throw UsageError("report needs -o OUT.pdf (or .html, .md, .csv, .json)");
    if (ctx.args.size() != 1) throw UsageError("report needs exactly one scenario FILE");
    const QString path = QString::fromStdString(*output);
    const auto format = report::formatFromPath(path);
    if (!format)
        throw UsageError("-o: '" + *output + "' must end in .pdf, .html, .md, .csv or .json");
    if (deck && *format != report::OutputFormat::Pdf)
        throw UsageError("--deck writes a PDF: use -o DECK.pdf");
    const sim::Lang lang = outputLang(ctx.lang);
    // A FIFO, device or read-only file is refused before the minutes of rendering.
    model::checkWriteTarget(*output);

    const std::string file = ctx.args.front();
    auto scenario = ctx.loadScenario(file);
    if (!scenario) return kExitInvalidInput;
    std::vector<model::Scenario> others;
    for (const std::string& other : compareWith) {
        auto s = ctx.loadScenario(other);
        if (!s) return kExitInvalidInput;
        others.push_back(std::move(*s));
    }

    // The accuracy section uses the same published runs as `validate`; rows with problems are that
    // command's business and are left out here.
    std::vector<model::PublishedRun> runs;
    const std::filesystem::path runsFile = ctx.dataDir() / "reference" / "published_runs.csv";
    if (std::filesystem::exists(runsFile)) runs = model::loadPublishedRuns(runsFile).runs;

    const auto app = report::ensureApplication();
    report::ReportInputs inputs;
    inputs.catalog = &ctx.catalog();
    inputs.publishedRuns = &runs;
    inputs.version = TRAINPLAN_VERSION;
    inputs.date = date;
    inputs.breakPoints = !fast;
    inputs.prices = &ctx.priceTable(); // the sizing section prices GPUs as `size` does
    // The library's measured runs on this cluster: the predicted-against-measured section.
    std::optional<services::StoredCalibrationRuns> measured;
    if (std::optional<store::Store> st = openStoreForReading(ctx))
        measured = services::loadStoredCalibrationRuns(
            *st, {std::nullopt, std::nullopt, services::clusterKey(*scenario)});
    inputs.measuredRuns = measured ? &*measured : nullptr;
    inputs.compareWith = std::move(others);
    // CSV and JSON need no charts beyond the sweeps; every format gets the same data.
    const report::ReportData data = report::computeReportData(*scenario, inputs);

    report::WriteOptions options;
    options.lang = lang;
    options.deck = deck;
    const report::WriteResult result = report::writeReport(data, path, options);
    if (!result.ok) {
        ctx.err << "trainplan-cli: " << result.error.toStdString() << '\n';
        return kExitInvalidInput;
    }
    for (qsizetype i = 0; i < result.files.size(); ++i) {
        ctx.out << "wrote " << result.files[i].toStdString();
        if (i == 0 && result.pages > 0) ctx.out << " (" << result.pages << " pages)";
        ctx.out << '\n';
    }
    return kExitOk;
}

} // namespace trainplan::cli
