// runs import-log LOG… --scenario NAME: a measured run from a job's training logs
// (services::importLogRun, shared with the GUI's log drop).

#include "cli_store.h"
#include "commands.h"
#include "text_table.h"

#include <trainplan/model/units.h>
#include <trainplan/services/log_run_import.h>

#include <nlohmann/json.hpp>

#include <ostream>

namespace trainplan::cli {

namespace {

constexpr const char* kRunsLogUsage =
    "runs import-log LOG... --scenario NAME [--plan JSON | --plan-index N] [--mapping FILE] "
    "[--warmup ITERATIONS] [--date YYYY-MM-DD] [--notes TEXT] [--source TEXT] [--dry-run]";

std::string statCell(const std::optional<model::io::LogStatistic>& s, double scale, int decimals) {
    if (!s) return "-";
    return formatFixed(s->median / scale, decimals) + " (IQR " +
           formatFixed(s->p25 / scale, decimals) + "–" + formatFixed(s->p75 / scale, decimals) +
           ", n " + std::to_string(s->count) + ")";
}

} // namespace

int runsImportLog(CliContext& ctx) {
    services::LogRunRequest req;
    const auto scenario = ctx.takeOption("--scenario");
    if (!scenario)
        throw UsageError(
            "runs import-log needs --scenario NAME (usage: " + std::string(kRunsLogUsage) + ")");
    req.scenarioName = *scenario;
    const auto planText = ctx.takeOption("--plan");
    const auto planIndex = ctx.takeOption("--plan-index");
    if (planText && planIndex)
        throw UsageError("runs import-log: give --plan or --plan-index, not both");
    if (planText) {
        try {
            req.plan = nlohmann::json::parse(*planText);
        } catch (const nlohmann::json::exception&) {
            throw UsageError("--plan: not JSON (expected an object like "
                             "{\"framework\":\"megatron\",\"tp\":8,...})");
        }
        if (!req.plan->is_object()) throw UsageError("--plan: must be a JSON object");
    }
    if (planIndex) req.planIndex = parseCount(*planIndex, "--plan-index");
    const auto mappingFile = ctx.takeOption("--mapping");
    if (auto w = ctx.takeOption("--warmup")) {
        const double v = parseNumber(*w, "--warmup");
        if (v < 0 || v != static_cast<double>(static_cast<long long>(v)))
            throw UsageError("--warmup: '" + *w + "' is not a whole number of iterations >= 0");
        req.summary.warmupIterations = static_cast<long long>(v);
    }
    req.measuredOn = ctx.takeOption("--date").value_or(services::todayUtc());
    req.notes = ctx.takeOption("--notes").value_or("");
    req.source = ctx.takeOption("--source").value_or("");
    const bool dryRun = ctx.takeFlag("--dry-run");
    rejectUnknownOptions(ctx, kRunsLogUsage);
    if (ctx.args.empty())
        throw UsageError(std::string("runs import-log needs at least one LOG (usage: ") +
                         kRunsLogUsage + ")");

    model::io::ImportIssues readIssues;
    for (const auto& file : ctx.args)
        if (auto in = services::readLogInput(file, readIssues)) req.logs.push_back(std::move(*in));
    if (mappingFile)
        if (auto in = services::readLogInput(*mappingFile, readIssues))
            req.mapping = std::move(*in);

    services::LogRunImport result;
    result.issues = readIssues;
    if (!model::io::hasErrors(readIssues)) {
        store::Store st = openStoreForWriting(ctx);
        result = dryRun ? services::prepareLogRun(st, req) : services::importLogRun(st, req);
    }
    const bool ok = result.ok() && (dryRun || result.storedId);

    if (ctx.format == Format::Json) {
        nlohmann::json doc{
            {"ok", ok}, {"issues", importIssuesJson(result.issues)}, {"dry_run", dryRun}};
        doc["summary"] = model::io::toJson(result.summary);
        doc["run_id"] =
            result.storedId ? nlohmann::json(*result.storedId) : nlohmann::json(nullptr);
        if (result.run) {
            nlohmann::json r = {{"scenario", result.run->scenarioName},
                                {"plan", *result.run->plan}};
            auto put = [&](const char* key, const std::optional<double>& v) {
                r[key] = v ? nlohmann::json(*v) : nlohmann::json(nullptr);
            };
            put("step_time_s", result.run->stepSeconds);
            put("tokens_per_s_per_gpu", result.run->tokensPerSecondPerGpu);
            put("peak_memory_bytes", result.run->peakMemoryBytes);
            put("flops_per_s_per_gpu", result.run->flopsPerSecondPerGpu);
            put("mfu", result.run->mfu);
            r["details"] = result.run->details;
            doc["run"] = r;
        }
        ctx.out << doc.dump(2) << '\n';
        return ok ? kExitOk : kExitInvalidInput;
    }
    for (const auto& i : result.issues)
        ctx.err << i.text() << '\n';
    if (!ok) {
        ctx.err << "runs import-log: "
                << model::io::countSeverity(result.issues, model::io::Severity::Error)
                << " error(s); nothing was saved\n";
        return kExitInvalidInput;
    }
    const auto& s = result.summary;
    const auto& run = *result.run;
    if (dryRun)
        ctx.out << "would add a run of '" << run.scenarioName << "' (--dry-run: nothing saved)\n";
    else
        ctx.out << "added run " << *result.storedId << " of '" << run.scenarioName << "'\n";
    ctx.out << "  iterations  " << s.iterationsUsed << " in " << s.steadyRecords
            << " steady-state reports (" << s.firstIteration << "–" << s.lastIteration << "), "
            << s.warmupRecords << " warm-up reports dropped, " << s.starts
            << (s.starts == 1 ? " start" : " starts") << '\n';
    ctx.out << "  step time   " << statCell(s.stepSeconds, 1, 3) << " s"
            << (run.stepSeconds && !s.stepSeconds
                    ? " → " + formatFixed(*run.stepSeconds, 3) + " s (derived)"
                    : "")
            << '\n';
    ctx.out << "  tokens/s/GPU " << statCell(s.tokensPerSecondPerGpu, 1, 0)
            << (run.tokensPerSecondPerGpu && !s.tokensPerSecondPerGpu
                    ? " → " + formatFixed(*run.tokensPerSecondPerGpu, 0) + " (derived)"
                    : "")
            << '\n';
    if (s.flopsPerSecondPerGpu)
        ctx.out << "  TFLOP/s/GPU " << statCell(s.flopsPerSecondPerGpu, model::units::kTera, 1)
                << '\n';
    ctx.out << "  peak memory "
            << (run.peakMemoryBytes
                    ? formatFixed(*run.peakMemoryBytes / model::units::kGiB, 2) + " GiB (" +
                          std::string(model::io::toString(s.peakMemory->kind)) + ")"
                    : std::string("-"))
            << '\n';
    return kExitOk;
}

} // namespace trainplan::cli
