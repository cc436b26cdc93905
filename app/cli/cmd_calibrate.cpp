#include "cli_store.h"
#include "commands.h"
#include "profile_resolver.h"
#include "text_table.h"
#include <trainplan/model/ascii_text.h>

#include <trainplan/model/csv.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/calibrate_json.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/calibration_text.h>
#include <trainplan/simulator/validation.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kCalibrateUsage =
    "calibrate (--runs CSV | --from-store [--cluster KEY]) [--scenario FILE|NAME] [--fit "
    "gemm,intra_bw,inter_bw,latency,mem_overhead] "
    "[--source TEXT] [--no-memory] [--profile NAME [--notes TEXT]] [--format table|json]";

// Runs ready to fit, and what could not be used (printed as notes).
struct LoadedRuns {
    std::vector<sim::CalibrationRun> runs;
    std::vector<std::string> skipped;
    bool inputProblems = false; // malformed input was reported on ctx.err
};

void addReferenceCase(LoadedRuns& out, const sim::ReferenceCase& c, const std::string& where) {
    if (c.skip) {
        out.skipped.push_back(where + ": " + c.skip->text(sim::Lang::En));
        return;
    }
    auto run = sim::calibrationRun(c);
    if (!run) {
        out.skipped.push_back(where + ": no valid plan for the published layout");
        return;
    }
    out.runs.push_back(std::move(*run));
}

// data/reference/published_runs.csv rows, rebuilt as `validate` rebuilds them.
LoadedRuns runsFromPublishedCsv(CliContext& ctx, const std::string& file,
                                const std::optional<std::string>& source) {
    LoadedRuns out;
    const model::PublishedRunsLoad load = model::loadPublishedRuns(file);
    for (const auto& issue : load.issues)
        ctx.err << file << ": " << issue.text() << '\n';
    out.inputProblems = !load.ok();
    for (const model::PublishedRun& row : load.runs) {
        if (source && !services::containsIgnoringCase(row.sourceText, *source) &&
            !services::containsIgnoringCase(row.framework, *source))
            continue;
        addReferenceCase(out, sim::referenceCase(row, ctx.catalog()),
                         "line " + std::to_string(row.line));
    }
    return out;
}

// Measurement columns of a measurements CSV (and their published_runs.csv spellings).
std::optional<sim::ValidationMetric> measurementColumn(const std::string& name) {
    if (name == "step_time_s" || name == "measured_step_time_s")
        return sim::ValidationMetric::StepSeconds;
    if (name == "tokens_per_s_per_gpu" || name == "measured_tokens_per_s_per_gpu")
        return sim::ValidationMetric::TokensPerSecondPerGpu;
    if (name == "mfu_pct" || name == "measured_mfu_pct") return sim::ValidationMetric::MfuPercent;
    if (name == "peak_memory_gib" || name == "measured_peak_mem_gb")
        return sim::ValidationMetric::PeakMemoryGiB;
    return std::nullopt;
}

nlohmann::json cellValue(const std::string& cell) {
    const std::string l = model::asciiLower(cell);
    if (l == "true" || l == "yes" || l == "y") return true;
    if (l == "false" || l == "no" || l == "n") return false;
    if (!cell.empty() &&
        std::all_of(cell.begin(), cell.end(), [](unsigned char c) { return std::isdigit(c); }))
        return std::stoll(cell);
    return cell;
}

// A CSV of the user's own runs of one scenario: one row per run, plan columns named as the
// scenario's plan keys (framework, dp, tp, pp, micro_batch, zero_stage, recompute, ...),
// measurement columns step_time_s, tokens_per_s_per_gpu, mfu_pct, peak_memory_gib, and an optional
// label.
LoadedRuns runsFromMeasurementsCsv(CliContext& ctx, const std::string& file,
                                   const model::CsvDocument& csv, const model::Scenario& scenario) {
    LoadedRuns out;
    const std::vector<std::string>& header = csv.records.front().fields;
    const nlohmann::json doc = model::toJson(scenario);
    for (std::size_t r = 1; r < csv.records.size(); ++r) {
        const model::CsvRecord& rec = csv.records[r];
        const std::string where = file + ": line " + std::to_string(rec.line);
        if (rec.fields.size() != header.size()) {
            ctx.err << where << ": " << rec.fields.size() << " fields, the header has "
                    << header.size() << '\n';
            out.inputProblems = true;
            continue;
        }
        nlohmann::json plan = nlohmann::json::object();
        std::vector<std::pair<sim::ValidationMetric, double>> measured;
        std::string label = scenario.name + " run " + std::to_string(r);
        bool bad = false;
        for (std::size_t i = 0; i < header.size(); ++i) {
            const std::string& name = header[i];
            const std::string& cell = rec.fields[i];
            if (cell.empty()) continue;
            if (name == "label") {
                label = cell;
            } else if (name == "notes") {
                continue;
            } else if (const auto metric = measurementColumn(name)) {
                try {
                    std::size_t used = 0;
                    const double v = std::stod(cell, &used);
                    if (used != cell.size() || !(v > 0)) throw std::invalid_argument(cell);
                    measured.emplace_back(*metric, v);
                } catch (const std::exception&) {
                    ctx.err << where << ", column " << name << ": '" << cell
                            << "' is not a positive number\n";
                    bad = true;
                }
            } else {
                plan[name] = cellValue(cell);
            }
        }
        if (bad) {
            out.inputProblems = true;
            continue;
        }
        if (measured.empty()) {
            out.skipped.push_back(where + ": no measurement");
            continue;
        }
        std::string why;
        const auto s = services::scenarioWithPlan(doc, plan, ctx.catalog(), why);
        if (!s) {
            ctx.err << where << ": " << why << '\n';
            out.inputProblems = true;
            continue;
        }
        sim::CalibrationRun run = services::calibrationRunOf(*s, label);
        run.measured = std::move(measured);
        out.runs.push_back(std::move(run));
    }
    return out;
}

// The library's runs (services::loadStoredCalibrationRuns, shared with the GUI Calibration view).
LoadedRuns runsFromStore(CliContext& ctx, store::Store& st,
                         const std::optional<std::string>& scenarioName,
                         const std::optional<std::string>& source,
                         const std::optional<std::string>& cluster) {
    services::StoredCalibrationRuns stored =
        services::loadStoredCalibrationRuns(st, {scenarioName, source, cluster});
    for (const std::string& problem : stored.problems)
        ctx.err << problem << '\n';
    return {std::move(stored.runs), std::move(stored.skipped), !stored.problems.empty()};
}

std::string formatParameter(sim::CalibrationParameter p, double v) {
    return p == sim::CalibrationParameter::LatencyScale ? formatFixed(v, 3) : formatFixed(v, 4);
}

// The Calibration tab's words (calibration_text.h), in English.
std::string text(sim::CalText id, std::initializer_list<sim::MessageArg> args = {}) {
    return sim::calibrationText(id, sim::Lang::En, args);
}

void printTable(CliContext& ctx, const sim::CalibrationResult& r) {
    using sim::CalText;
    std::ostream& out = ctx.out;
    if (r.ok()) {
        TextTable params({text(CalText::ColParameter), text(CalText::ColStart),
                          text(CalText::ColFitted), text(CalText::ColSigma),
                          text(CalText::ColBounds), text(CalText::ColInformedBy)});
        for (const sim::FittedParameter& p : r.parameters)
            params.addRow(
                {std::string(sim::efficiencyKey(p.parameter)),
                 formatParameter(p.parameter, p.start),
                 p.atBound
                     ? text(CalText::AtBound, {sim::textArg(formatParameter(p.parameter, p.value))})
                     : formatParameter(p.parameter, p.value),
                 std::isfinite(p.sigma) ? formatParameter(p.parameter, p.sigma) : "-",
                 "[" + formatFixed(p.bounds.lower, 2) + ", " + formatFixed(p.bounds.upper, 2) + "]",
                 text(CalText::MeasurementCount, {sim::countArg(p.informativeMeasurements)})});
        params.print(out);
        out << '\n';
    }
    TextTable rows({text(CalText::ColRun), text(CalText::ColMetric), text(CalText::ColMeasured),
                    text(CalText::ColBefore), text(CalText::ColAfter),
                    text(CalText::ColLeaveOneOut)});
    for (const sim::CalibrationResidual& x : r.residuals) {
        const auto loo = x.errorLeaveOneOut();
        rows.addRow(
            {x.fitted || !r.ok() ? x.label : text(CalText::NotFitted, {sim::textArg(x.label)}),
             sim::toString(x.metric), formatMeasurement(x.metric, 3, x.measured),
             formatMeasurement(x.metric, 3, x.before) + " (" + signedPercent(x.errorBefore()) + ")",
             r.ok() ? formatMeasurement(x.metric, 3, x.after) + " (" +
                          signedPercent(x.errorAfter()) + ")"
                    : "-",
             loo ? formatMeasurement(x.metric, 3, *x.leaveOneOut) + " (" + signedPercent(*loo) + ")"
                 : "-"});
    }
    rows.print(out);
    // The lines the Calibration tab shows under its tables.
    out << '\n';
    for (const std::string& line : sim::calibrationSummaryLines(r, sim::Lang::En))
        out << line << '\n';
    if (r.ok())
        out << "Fitted in " << r.iterations << " iteration" << (r.iterations == 1 ? "" : "s")
            << (r.converged ? "" : " (not converged)") << ".\n";
    if (r.ok() && r.parameters.size() > 1) {
        out << "\ncorrelation:\n";
        std::vector<std::string> header{""};
        for (const auto& p : r.parameters)
            header.emplace_back(sim::shortName(p.parameter));
        TextTable corr(header);
        for (std::size_t i = 0; i < r.parameters.size(); ++i) {
            std::vector<std::string> row{std::string(sim::shortName(r.parameters[i].parameter))};
            for (std::size_t j = 0; j < r.parameters.size(); ++j) {
                const double c =
                    r.correlation(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j));
                row.push_back(std::isfinite(c) ? formatFixed(c, 3) : "-");
            }
            corr.addRow(row);
        }
        corr.print(out);
    }
    for (const sim::Message& w : r.warnings)
        out << "note: " << sim::render(w, sim::Lang::En) << '\n';
}

} // namespace

int cmdCalibrate(CliContext& ctx) {
    const auto runsFile = ctx.takeOption("--runs");
    const bool fromStore = ctx.takeFlag("--from-store");
    const auto scenarioArg = ctx.takeOption("--scenario");
    const auto fitArg = ctx.takeOption("--fit");
    const auto source = ctx.takeOption("--source");
    const auto cluster = ctx.takeOption("--cluster");
    const bool noMemory = ctx.takeFlag("--no-memory");
    const auto profileName = ctx.takeOption("--profile");
    const auto notes = ctx.takeOption("--notes");
    rejectUnknownOptions(ctx, kCalibrateUsage);
    if (!ctx.args.empty())
        throw UsageError("calibrate: unexpected argument '" + ctx.args[0] +
                         "' (usage: " + kCalibrateUsage + ")");
    if (runsFile.has_value() == fromStore)
        throw UsageError(std::string("calibrate needs --runs CSV or --from-store (usage: ") +
                         kCalibrateUsage + ")");
    if (notes && !profileName) throw UsageError("calibrate: --notes goes with --profile NAME");
    if (cluster && !fromStore)
        throw UsageError("calibrate: --cluster selects stored runs: use it with --from-store (the "
                         "keys are listed by 'trainplan-cli runs check')");
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt != Format::Table && fmt != Format::Json)
        throw UsageError("calibrate: --format must be table or json");

    sim::CalibrationOptions options;
    options.useMemory = !noMemory;
    for (const std::string& name : splitList(fitArg.value_or("gemm"))) {
        const auto p = sim::calibrationParameterFromString(name);
        if (!p)
            throw UsageError("--fit: '" + name +
                             "' is not one of gemm, intra_bw, inter_bw, latency, mem_overhead");
        options.parameters.push_back(*p);
    }

    LoadedRuns loaded;
    if (runsFile) {
        const model::CsvDocument csv = model::readCsvFile(*runsFile);
        if (!csv.ok() || csv.records.empty()) {
            ctx.err << *runsFile << ": " << (csv.ok() ? "empty file" : csv.error->text()) << '\n';
            return kExitInvalidInput;
        }
        const auto& header = csv.records.front().fields;
        const bool published =
            std::find(header.begin(), header.end(), "model_name") != header.end() &&
            std::find(header.begin(), header.end(), "source") != header.end();
        if (published) {
            if (scenarioArg)
                throw UsageError("calibrate: --scenario is for a CSV of your own runs; rows of "
                                 "published_runs.csv "
                                 "describe their own model and cluster");
            loaded = runsFromPublishedCsv(ctx, *runsFile, source);
        } else {
            if (!scenarioArg)
                throw UsageError("calibrate: " + *runsFile +
                                 " is not in the published_runs.csv format, so --scenario FILE "
                                 "must give the model "
                                 "and cluster its runs ran on");
            if (source)
                throw UsageError(
                    "calibrate: --source filters published_runs.csv rows or stored runs");
            auto scenario = ctx.loadScenario(*scenarioArg);
            if (!scenario) return kExitInvalidInput;
            loaded = runsFromMeasurementsCsv(ctx, *runsFile, csv, *scenario);
        }
    } else {
        std::optional<store::Store> st = openStoreForReading(ctx);
        if (!st) {
            ctx.err << "calibrate: no library at " << databasePath(ctx).string()
                    << " (add runs with 'trainplan-cli runs add' or 'runs import')\n";
            return kExitInvalidInput;
        }
        if (scenarioArg && st->runs(scenarioArg).empty()) {
            ctx.err << "calibrate: --scenario: the library has no runs of '" << *scenarioArg
                    << "'\n";
            return kExitInvalidInput;
        }
        loaded = runsFromStore(ctx, *st, scenarioArg, source, cluster);
    }
    if (loaded.inputProblems) return kExitInvalidInput;
    if (loaded.runs.empty()) {
        ctx.err << "calibrate: no runs to fit";
        if (cluster) ctx.err << " on cluster '" << *cluster << "'";
        if (!loaded.skipped.empty())
            ctx.err << " (" << loaded.skipped.size() << " skipped: " << loaded.skipped.front()
                    << ")";
        ctx.err << '\n';
        return kExitInvalidInput;
    }

    const sim::CalibrationResult result = sim::calibrate(loaded.runs, options);

    if (fmt == Format::Json) {
        nlohmann::json doc = sim::toJson(result);
        doc["skipped"] = loaded.skipped;
        if (profileName && result.ok()) doc["profile"] = *profileName;
        ctx.out << doc.dump(2) << '\n';
    } else {
        std::string fitted;
        for (auto p : options.parameters)
            fitted += (fitted.empty() ? "" : ", ") + std::string(sim::shortName(p));
        ctx.out << "Calibration of " << fitted << " on " << loaded.runs.size() << " run"
                << (loaded.runs.size() == 1 ? "" : "s") << "\n\n";
        printTable(ctx, result);
        if (!loaded.skipped.empty()) {
            ctx.out << '\n'
                    << text(sim::CalText::RunsNotUsed,
                            {sim::countArg(static_cast<double>(loaded.skipped.size()))})
                    << '\n';
            for (const auto& s : loaded.skipped)
                ctx.out << "  " << s << '\n';
        }
    }
    if (!result.ok()) {
        ctx.err << "calibrate: refused: " << result.refusal << '\n';
        return kExitInvalidInput;
    }
    if (profileName) {
        store::Store st = openStoreForWriting(ctx);
        std::string text = notes.value_or("");
        if (text.empty()) {
            text = "fitted on " + std::to_string(loaded.runs.size()) + " runs from " +
                   (runsFile ? *runsFile : std::string("the library")) +
                   (source ? " (source contains '" + *source + "')" : "");
        }
        st.saveCalibrationProfile(*profileName, sim::profileParameters(result), text);
        (fmt == Format::Json ? ctx.err : ctx.out)
            << "saved calibration profile '" << *profileName << "' in " << st.location()
            << "; use it with \"efficiency\": {\"profile\": \"" << *profileName << "\"}\n";
    }
    return kExitOk;
}

} // namespace trainplan::cli
