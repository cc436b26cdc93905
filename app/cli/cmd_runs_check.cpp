// runs check [--scenario NAME] [--cluster KEY]: every stored run against the model's prediction
// for its scenario and plan (services::checkStoredRuns, shared with the GUI's Measurements tab and
// the report), grouped by cluster, with the error, the 80% interval and the likely causes of a
// run far outside it.

#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/units.h>
#include <trainplan/services/run_check_text.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/calibration_text.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kRunsCheckUsage =
    "runs check [--scenario NAME] [--cluster KEY] [--format table|json]";

using services::RunText;

// The Measurements tab's words (run_check_text.h), in English.
std::string text(RunText id, std::initializer_list<sim::MessageArg> args = {}) {
    return services::runText(id, sim::Lang::En, args);
}

nlohmann::json metricJson(const std::optional<services::MetricCheck>& m) {
    if (!m) return nullptr;
    return {{"measured", m->measured},   {"predicted", m->predicted},
            {"error", m->error()},       {"interval_low", m->low},
            {"interval_high", m->high},  {"inside_interval", m->insideInterval()},
            {"far_outside", m->farOutside()}};
}

void addRows(TextTable& table, const services::RunCheck& r) {
    struct Row {
        const char* metric;
        const std::optional<services::MetricCheck>* check;
        double scale;
        int decimals;
    };
    const Row rows[] = {{"step s", &r.stepSeconds, 1.0, 3},
                        {"tokens/s/GPU", &r.tokensPerSecondPerGpu, 1.0, 0},
                        {"peak GiB", &r.peakMemoryBytes, model::units::kGiB, 1}};
    bool first = true;
    for (const Row& row : rows) {
        if (!*row.check) continue;
        const services::MetricCheck& m = **row.check;
        const std::string verdict = text(m.farOutside()       ? RunText::FarOutside
                                         : m.insideInterval() ? RunText::Within
                                                              : RunText::Outside);
        table.addRow(
            {first ? std::to_string(r.runId) : "", first ? r.label : "", row.metric,
             formatFixed(m.measured / row.scale, row.decimals),
             formatFixed(m.predicted / row.scale, row.decimals), signedPercent(m.error()),
             formatFixed(m.low / row.scale, row.decimals) + "–" +
                 formatFixed(m.high / row.scale, row.decimals),
             first ? std::string(services::evidenceName(r.uncertainty.evidence, sim::Lang::En))
                   : "",
             verdict});
        first = false;
    }
    if (first) // only MFU or TFLOP/s measured: FLOP conventions differ, nothing is checked
        table.addRow({std::to_string(r.runId), r.label, "MFU only", "-", "-", "-", "-",
                      std::string(services::evidenceName(r.uncertainty.evidence, sim::Lang::En)),
                      text(RunText::NotCheckedMfuOnly)});
}

} // namespace

int runsCheck(CliContext& ctx) {
    const auto scenario = ctx.takeOption("--scenario");
    const auto cluster = ctx.takeOption("--cluster");
    rejectUnknownOptions(ctx, kRunsCheckUsage);
    if (!ctx.args.empty())
        throw UsageError("runs check: unexpected argument '" + ctx.args[0] +
                         "' (usage: " + kRunsCheckUsage + ")");
    const Format fmt = ctx.format.value_or(Format::Table);
    if (fmt != Format::Table && fmt != Format::Json)
        throw UsageError("runs check: --format must be table or json");
    std::optional<store::Store> st = openStoreForReading(ctx);
    if (!st) {
        ctx.err << "runs check: no library at " << databasePath(ctx).string()
                << " (add runs with 'trainplan-cli runs add', 'runs import' or 'runs import-log')\n";
        return kExitInvalidInput;
    }
    const services::RunChecks checks =
        services::checkStoredRuns(*st, ctx.residuals(), {scenario, std::nullopt, cluster});
    for (const std::string& p : checks.problems)
        ctx.err << p << '\n';
    if (!checks.problems.empty()) return kExitInvalidInput;

    if (fmt == Format::Json) {
        nlohmann::json runs = nlohmann::json::array();
        for (const services::RunCheck& r : checks.runs) {
            nlohmann::json causes = nlohmann::json::array();
            for (const services::CauseShare& c : r.causes)
                causes.push_back({{"cause", services::toString(c.cause)}, {"share", c.share}});
            runs.push_back({{"id", r.runId},
                            {"label", r.label},
                            {"cluster", r.cluster},
                            {"plan", r.run.plan.label()},
                            {"evidence", sim::toString(r.uncertainty.evidence)},
                            {"family", r.uncertainty.family},
                            {"step_time_s", metricJson(r.stepSeconds)},
                            {"tokens_per_s_per_gpu", metricJson(r.tokensPerSecondPerGpu)},
                            {"peak_memory_bytes", metricJson(r.peakMemoryBytes)},
                            {"flagged", r.flagged},
                            {"likely_causes", causes}});
        }
        ctx.out << nlohmann::json{{"runs", runs}, {"skipped", checks.skipped}}.dump(2) << '\n';
        return kExitOk;
    }
    if (checks.runs.empty()) {
        ctx.out << text(RunText::NoRunsToCheck);
        if (scenario) ctx.out << " of '" << *scenario << "'";
        if (cluster) ctx.out << " on cluster '" << *cluster << "'";
        ctx.out << '\n';
    }
    for (const services::ClusterRuns& c : services::clustersOf(checks)) {
        ctx.out << text(RunText::ClusterHeading,
                        {sim::textArg(c.cluster), sim::countArg(static_cast<double>(c.runs))})
                << '\n';
        // The Measurements tab's and the Calibration tab's column names.
        auto cal = [](sim::CalText id) { return sim::calibrationText(id, sim::Lang::En); };
        TextTable table({text(RunText::ColId), cal(sim::CalText::ColRun),
                         cal(sim::CalText::ColMetric), cal(sim::CalText::ColMeasured),
                         cal(sim::CalText::ColPredicted), cal(sim::CalText::ColError),
                         text(RunText::ColInterval), text(RunText::ColEvidence),
                         text(RunText::ColCheck)});
        for (const services::RunCheck& r : checks.runs)
            if (r.cluster == c.cluster) addRows(table, r);
        table.print(ctx.out);
        for (const services::RunCheck& r : checks.runs)
            if (r.cluster == c.cluster && r.flagged)
                ctx.out << services::flaggedRunText(r, sim::Lang::En) << '\n';
        ctx.out << '\n';
    }
    for (const std::string& s : checks.skipped)
        ctx.out << "skipped " << s << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
