#include "commands.h"
#include "text_table.h"

#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/validation.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>
#include <stdexcept>

namespace trainplan::cli {

namespace {

// validate --scenario LINE: the scenario and plan the row at LINE is predicted with, as a scenario
// file, so that `explain`, `estimate` and the GUI can show how the prediction comes about.
int printReferenceScenario(CliContext& ctx, const std::filesystem::path& file,
                           const std::vector<model::PublishedRun>& runs, const std::string& text) {
    std::size_t line = 0;
    try {
        std::size_t used = 0;
        const long long v = std::stoll(text, &used);
        if (used != text.size() || v < 1) throw std::invalid_argument(text);
        line = static_cast<std::size_t>(v);
    } catch (const std::exception&) {
        throw UsageError("--scenario: '" + text + "' is not a line number of the CSV file");
    }
    const auto run = std::find_if(runs.begin(), runs.end(),
                                  [line](const model::PublishedRun& r) { return r.line == line; });
    if (run == runs.end()) {
        ctx.err << file.string() << ": line " << line
                << ": no usable row starts there (run 'trainplan-cli validate' for the lines)\n";
        return kExitInvalidInput;
    }
    const sim::ReferenceCase c = sim::referenceCase(*run, ctx.catalog());
    if (c.skip) {
        ctx.err << file.string() << ": line " << line << ": " << c.skip->text(sim::Lang::En)
                << '\n';
        return kExitInvalidInput;
    }
    const std::optional<sim::PlanEstimate> used = sim::bestReferencePlan(c);
    model::Scenario s = c.scenario;
    s.plans = {used ? used->plan : c.plan};
    s.description = c.group + ": " + c.label + " (line " + std::to_string(line) + ")";
    ctx.out << model::toJson(s).dump(2) << '\n';
    for (const sim::RefNote& a : c.assumptions)
        ctx.err << file.string() << ": line " << line << ": assumed " << a.text(sim::Lang::En)
                << '\n';
    return kExitOk;
}

// The row's assumptions as English sentences, as `validate --format json` has always written them.
std::vector<std::string> refNoteTexts(const std::vector<sim::RefNote>& notes) {
    std::vector<std::string> out;
    out.reserve(notes.size());
    for (const sim::RefNote& n : notes)
        out.push_back(n.text(sim::Lang::En));
    return out;
}

} // namespace

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
                        {"gpu_generation", r.generation},
                        {"framework", r.framework},
                        {"precision", r.precision},
                        {"execution", r.execution},
                        {"assumptions", refNoteTexts(r.assumptions)}});
    nlohmann::json summary = nlohmann::json::array();
    for (const auto& g : report.summary)
        summary.push_back({{"group", g.group},
                           {"metric", sim::toString(g.metric)},
                           {"rows", g.rows},
                           {"mean_abs_error", g.meanAbsError},
                           {"max_abs_error", g.maxAbsError}});
    nlohmann::json breakdown = nlohmann::json::array();
    for (const auto& b : report.breakdown)
        breakdown.push_back({{"dimension", b.dimension},
                             {"key", b.key},
                             {"rows", b.rows},
                             {"mean_abs_error", b.meanAbsError},
                             {"mean_signed_error", b.meanSignedError},
                             {"max_abs_error", b.maxAbsError}});
    nlohmann::json loso = nlohmann::json::array();
    for (const auto& l : report.leaveOneSourceOut)
        loso.push_back({{"source", l.source},
                        {"gemm_scale", l.gemmScale},
                        {"rows", l.rows},
                        {"mean_abs_error", l.meanAbsError}});
    nlohmann::json skipped = nlohmann::json::array();
    for (const auto& [line, why] : report.skipped)
        skipped.push_back({{"line", line}, {"reason", why.text(sim::Lang::En)}});
    return {{"schema", "trainplan.validate.v1"},
            {"rows", rows},
            {"summary", summary},
            {"skipped", skipped},
            {"breakdown", breakdown},
            {"leave_one_source_out", loso},
            {"leave_one_source_out_mean_abs_error", report.leaveOneSourceOutMeanAbsError},
            {"fitted_gemm_scale", report.fittedGemmScale},
            {"median_abs_speed_error", report.medianAbsSpeedError},
            {"total_rows", report.totalRows},
            {"mean_abs_error", report.meanAbsError}};
}

int cmdValidate(CliContext& ctx) {
    const std::optional<std::string> scenarioLine = ctx.takeOption("--scenario");
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
    if (scenarioLine) return printReferenceScenario(ctx, file, load.runs, *scenarioLine);
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
    // The Accuracy tab's summary columns (calibration_text.h).
    auto text = [](sim::CalText id, std::initializer_list<sim::MessageArg> args = {}) {
        return sim::calibrationText(id, sim::Lang::En, args);
    };
    TextTable summary({text(sim::CalText::ColSource), text(sim::CalText::ColMetric),
                       text(sim::CalText::ColRows), text(sim::CalText::ColMeanError),
                       text(sim::CalText::ColMaxError)});
    for (const auto& g : report.summary)
        summary.addRow({g.group, sim::toString(g.metric), std::to_string(g.rows),
                        formatPercent(g.meanAbsError), formatPercent(g.maxAbsError)});
    summary.print(ctx.out);
    ctx.out << "\nAll " << report.totalRows << " comparisons: mean |error| "
            << formatPercent(report.meanAbsError) << "; speed metrics: median |error| "
            << formatPercent(report.medianAbsSpeedError) << '\n';
    ctx.out << "\nBy dimension (mean signed error > 0: predicted too fast or too large):\n";
    TextTable byDim({"dimension", "value", "rows", "mean |error|", "mean error", "max |error|"});
    for (const auto& b : report.breakdown)
        if (b.dimension.rfind("source", 0) != 0)
            byDim.addRow({b.dimension, b.key, std::to_string(b.rows), formatPercent(b.meanAbsError),
                          (b.meanSignedError >= 0 ? "+" : "") + formatPercent(b.meanSignedError),
                          formatPercent(b.maxAbsError)});
    byDim.print(ctx.out);
    if (!report.leaveOneSourceOut.empty()) {
        ctx.out << "\nLeave one source out (fit the GEMM-rate scale on the other sources, predict "
                   "this one; speed metrics):\n";
        TextTable loso({"held-out source", "fitted scale", "rows", "mean |error|"});
        for (const auto& l : report.leaveOneSourceOut)
            loso.addRow({l.source, formatFixed(l.gemmScale, 3), std::to_string(l.rows),
                         formatPercent(l.meanAbsError)});
        loso.print(ctx.out);
        ctx.out << "Leave-one-source-out mean |error|: "
                << formatPercent(report.leaveOneSourceOutMeanAbsError)
                << "; scale fitted on all sources: " << formatFixed(report.fittedGemmScale, 3)
                << " (1 = the defaults)\n";
    }
    if (!report.skipped.empty()) {
        ctx.out << '\n'
                << text(sim::CalText::RowsNotReproduced,
                        {sim::countArg(static_cast<double>(report.skipped.size()))})
                << '\n';
        for (const auto& [line, why] : report.skipped)
            ctx.out << "  "
                    << text(sim::CalText::LineReason, {sim::countArg(static_cast<double>(line)),
                                                       sim::textArg(why.text(sim::Lang::En))})
                    << '\n';
    }
    return load.ok() ? kExitOk : kExitInvalidInput;
}

} // namespace trainplan::cli
