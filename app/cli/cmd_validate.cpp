#include "commands.h"
#include "text_table.h"

#include <trainplan/model/published_run.h>
#include <trainplan/simulator/validation.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {} // namespace

nlohmann::json validationJson(const sim::ValidationReport& report) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : report.rows)
        rows.push_back({{"line", r.line},
                        {"group", r.group},
                        {"run", r.label},
                        {"plan", r.plan},
                        {"metric", sim::toString(r.metric)},
                        {"measured", r.measured},
                        {"predicted", r.predicted},
                        {"relative_error", r.relativeError},
                        {"assumptions", r.assumptions}});
    nlohmann::json summary = nlohmann::json::array();
    for (const auto& g : report.summary)
        summary.push_back({{"group", g.group},
                           {"metric", sim::toString(g.metric)},
                           {"rows", g.rows},
                           {"mean_abs_error", g.meanAbsError},
                           {"max_abs_error", g.maxAbsError}});
    nlohmann::json skipped = nlohmann::json::array();
    for (const auto& [line, why] : report.skipped)
        skipped.push_back({{"line", line}, {"reason", why}});
    return {{"schema", "trainplan.validate.v1"},
            {"rows", rows},
            {"summary", summary},
            {"skipped", skipped},
            {"total_rows", report.totalRows},
            {"mean_abs_error", report.meanAbsError}};
}

int cmdValidate(CliContext& ctx) {
    if (ctx.args.size() > 1) throw UsageError("validate takes at most one CSV file");
    const std::filesystem::path file = ctx.args.empty()
                                           ? ctx.dataDir() / "reference" / "published_runs.csv"
                                           : std::filesystem::path(ctx.args.front());
    const model::PublishedRunsLoad load = model::loadPublishedRuns(file);
    for (const auto& issue : load.issues)
        ctx.err << file.string() << ": " << issue.text() << '\n';
    if (load.runs.empty()) {
        ctx.err << file.string() << ": no usable rows\n";
        return kExitInvalidInput;
    }
    const sim::ValidationReport report = sim::validatePublishedRuns(load.runs, ctx.catalog());
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt == Format::Json) {
        ctx.out << validationJson(report).dump(2) << '\n';
        return load.ok() ? kExitOk : kExitInvalidInput;
    }
    TextTable table({"line", "source", "run", "plan", "metric", "measured", "predicted", "error"});
    for (const auto& r : report.rows)
        table.addRow({std::to_string(r.line), r.group, r.label, r.plan, sim::toString(r.metric),
                      formatMeasurement(r.metric, 2, r.measured),
                      formatMeasurement(r.metric, 2, r.predicted),
                      (r.relativeError >= 0 ? "+" : "") + formatPercent(r.relativeError)});
    if (fmt == Format::Csv) {
        table.printCsv(ctx.out);
        return load.ok() ? kExitOk : kExitInvalidInput;
    }
    table.print(ctx.out);
    ctx.out << "\nSummary (mean and max |relative error|):\n";
    TextTable summary({"source", "metric", "rows", "mean |error|", "max |error|"});
    for (const auto& g : report.summary)
        summary.addRow({g.group, sim::toString(g.metric), std::to_string(g.rows),
                        formatPercent(g.meanAbsError), formatPercent(g.maxAbsError)});
    summary.print(ctx.out);
    ctx.out << "\nAll " << report.totalRows << " comparisons: mean |error| "
            << formatPercent(report.meanAbsError) << '\n';
    if (!report.skipped.empty()) {
        ctx.out << "\nRows not reproduced (" << report.skipped.size() << "):\n";
        for (const auto& [line, why] : report.skipped)
            ctx.out << "  line " << line << ": " << why << '\n';
    }
    return load.ok() ? kExitOk : kExitInvalidInput;
}

} // namespace trainplan::cli
