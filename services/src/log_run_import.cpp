#include <trainplan/services/log_run_import.h>

#include "sha256.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/services/stored_calibration_runs.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace trainplan::services {

namespace {

using model::io::ImportIssue;
using model::io::Severity;

constexpr std::uintmax_t kMaxLogBytes = 1ull << 30;

std::string joinNames(const std::vector<LogInput>& logs) {
    std::string s;
    for (const auto& l : logs)
        s += (s.empty() ? "" : ", ") + l.name;
    return s;
}

std::string fixed(double v, int decimals) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(decimals);
    os << v;
    return os.str();
}

// The plan measured: the request's, else the scenario's plan at planIndex, else its only plan.
std::optional<nlohmann::json> choosePlan(const nlohmann::json& doc, const LogRunRequest& r,
                                         model::io::ImportIssues& issues) {
    const nlohmann::json plans = doc.value("plans", nlohmann::json::array());
    if (r.plan) {
        if (!r.plan->is_object()) {
            issues.push_back({Severity::Error, "", "plan", "must be a JSON object"});
            return std::nullopt;
        }
        return r.plan;
    }
    if (r.planIndex) {
        if (*r.planIndex < 1 || static_cast<std::size_t>(*r.planIndex) > plans.size()) {
            issues.push_back({Severity::Error, "", "plan",
                              "plan " + std::to_string(*r.planIndex) + " of a scenario with " +
                                  std::to_string(plans.size()) + " plan(s)"});
            return std::nullopt;
        }
        return plans[static_cast<std::size_t>(*r.planIndex - 1)];
    }
    if (plans.size() == 1) return plans[0];
    issues.push_back({Severity::Error, "", "plan",
                      plans.empty()
                          ? "the scenario has no plan: give the layout the job ran (--plan JSON)"
                          : "the scenario has " + std::to_string(plans.size()) +
                                " plans: say which one the job ran (--plan-index 1.." +
                                std::to_string(plans.size()) + " or --plan JSON)"});
    return std::nullopt;
}

} // namespace

std::optional<LogInput> readLogInput(const std::filesystem::path& file,
                                     model::io::ImportIssues& issues) {
    const std::string name = file.string();
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        issues.push_back({Severity::Error, name, "", "no such file"});
        return std::nullopt;
    }
    if (std::filesystem::is_directory(file, ec)) {
        issues.push_back({Severity::Error, name, "", "is a directory, not a log file"});
        return std::nullopt;
    }
    const auto size = std::filesystem::file_size(file, ec);
    if (!ec && size > kMaxLogBytes) {
        issues.push_back(
            {Severity::Error, name, "",
             "is " + std::to_string(size >> 20) +
                 " MiB; logs over 1 GiB are not read (cut the steady-state part out)"});
        return std::nullopt;
    }
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (!in.good() && !in.eof()) {
        issues.push_back({Severity::Error, name, "", "cannot be read"});
        return std::nullopt;
    }
    return LogInput{name, ss.str()};
}

LogRunImport prepareLogRun(store::Store& store, const LogRunRequest& request) {
    LogRunImport out;
    if (request.logs.empty()) {
        out.issues.push_back({Severity::Error, "", "", "no log file given"});
        return out;
    }
    std::optional<model::io::LogMapping> mapping;
    if (request.mapping) {
        mapping =
            model::io::parseLogMapping(request.mapping->bytes, request.mapping->name, out.issues);
        if (!mapping) return out;
    }
    std::vector<model::io::ParsedLog> parsed;
    nlohmann::json files = nlohmann::json::array();
    for (const auto& log : request.logs) {
        parsed.push_back(
            model::io::parseTrainingLog(log.bytes, log.name, mapping ? &*mapping : nullptr));
        files.push_back({{"name", log.name},
                         {"sha256", detail::sha256Hex(log.bytes)},
                         {"bytes", log.bytes.size()},
                         {"format", parsed.back().format
                                        ? std::string(model::io::toString(*parsed.back().format))
                                        : ""}});
    }
    out.summary = model::io::summarizeLogs(parsed, request.summary);
    out.issues.insert(out.issues.end(), out.summary.issues.begin(), out.summary.issues.end());

    // The scenario and the plan the job ran.
    std::optional<store::ScenarioRecord> record;
    try {
        record = store.scenario(request.scenarioName);
    } catch (const store::StoreError& e) {
        if (e.kind() != store::StoreErrorKind::NotFound) throw;
        out.issues.push_back({Severity::Error, "", "scenario",
                              "no scenario '" + request.scenarioName +
                                  "' in the library (save it first: scenario save FILE)"});
        return out;
    }
    const nlohmann::json doc = nlohmann::json::parse(record->body);
    const auto plan = choosePlan(doc, request, out.issues);
    if (!plan) return out;
    std::string why;
    const auto scenario = scenarioWithPlan(doc, *plan, store.catalog(), why);
    if (!scenario) {
        out.issues.push_back(
            {Severity::Error, "", "plan", "does not fit scenario '" + record->name + "': " + why});
        return out;
    }
    if (model::io::hasErrors(out.issues)) return out;

    const model::io::LogSummary& s = out.summary;
    const long long globalBatch = scenario->training.globalBatch;
    const double seqLen = scenario->model.seqLen;
    const long long planGpus = scenario->plans.front().gpus();
    const double gpus =
        static_cast<double>(planGpus > 0 ? planGpus
                                         : static_cast<long long>(scenario->cluster.nodes) *
                                               scenario->cluster.gpusPerNode);
    if (s.globalBatch && *s.globalBatch != globalBatch) {
        out.issues.push_back({Severity::Error, "", "global batch size",
                              "the log's global batch size " + std::to_string(*s.globalBatch) +
                                  " is not scenario '" + record->name +
                                  "''s training.global_batch " + std::to_string(globalBatch) +
                                  ": the log is of another configuration"});
        return out;
    }

    store::NewMeasuredRun run;
    run.scenarioName = record->name;
    run.plan = *plan;
    // Tokens per optimizer step = global batch × seq_len (every sequence is seq_len tokens long,
    // the scenario's own assumption, docs/model.md).
    const double tokensPerStep = static_cast<double>(globalBatch) * seqLen;
    if (s.stepSeconds) run.stepSeconds = s.stepSeconds->median;
    if (s.tokensPerSecondPerGpu) run.tokensPerSecondPerGpu = s.tokensPerSecondPerGpu->median;
    if (!run.tokensPerSecondPerGpu && s.tokensPerSecond) {
        run.tokensPerSecondPerGpu = s.tokensPerSecond->median / gpus;
        out.derived.push_back("tokens/s per GPU = the job's tokens/s / " + fixed(gpus, 0) +
                              " GPUs");
    }
    if (!run.stepSeconds && s.samplesPerSecond) {
        run.stepSeconds = static_cast<double>(globalBatch) / s.samplesPerSecond->median;
        out.derived.push_back("step time = global batch " + std::to_string(globalBatch) +
                              " / samples per second " + fixed(s.samplesPerSecond->median, 3));
    }
    if (!run.stepSeconds && run.tokensPerSecondPerGpu) {
        run.stepSeconds = tokensPerStep / (*run.tokensPerSecondPerGpu * gpus);
        out.derived.push_back("step time = global batch × seq_len (" + fixed(tokensPerStep, 0) +
                              " tokens) / (tokens/s per GPU × " + fixed(gpus, 0) + " GPUs)");
    }
    if (!run.tokensPerSecondPerGpu && run.stepSeconds) {
        run.tokensPerSecondPerGpu = tokensPerStep / (*run.stepSeconds * gpus);
        out.derived.push_back("tokens/s per GPU = global batch × seq_len (" +
                              fixed(tokensPerStep, 0) + " tokens) / (step time × " +
                              fixed(gpus, 0) + " GPUs)");
    }
    if (s.flopsPerSecondPerGpu) run.flopsPerSecondPerGpu = s.flopsPerSecondPerGpu->median;
    if (s.mfu && s.mfu->median <= 1) run.mfu = s.mfu->median;
    if (s.peakMemory) run.peakMemoryBytes = s.peakMemory->bytes;
    run.measuredOn = request.measuredOn;
    run.notes = request.notes;
    run.source =
        request.source.empty() ? "training log " + joinNames(request.logs) : request.source;
    run.details = {{"import", "training-log"},
                   {"files", files},
                   {"warmup_iterations", request.summary.warmupIterations},
                   {"summary", model::io::toJson(s)},
                   {"derived", out.derived}};
    if (mapping)
        run.details["mapping"] = {{"name", request.mapping->name},
                                  {"sha256", detail::sha256Hex(request.mapping->bytes)}};
    for (const auto& d : out.derived)
        out.issues.push_back({Severity::Note, "", "derived", d});
    out.run = std::move(run);
    return out;
}

LogRunImport importLogRun(store::Store& store, const LogRunRequest& request) {
    LogRunImport out = prepareLogRun(store, request);
    if (!out.ok()) return out;
    try {
        out.storedId = store.addRun(*out.run);
    } catch (const store::StoreError& e) {
        if (e.kind() == store::StoreErrorKind::Conflict) {
            out.issues.push_back(
                {Severity::Error, "", "",
                 "this run is already stored (the same log files and figures); nothing was saved"});
            return out;
        }
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        for (const auto& i : e.issues())
            out.issues.push_back({Severity::Error, "", i.path, i.message});
    }
    return out;
}

} // namespace trainplan::services
