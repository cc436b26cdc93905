#include <trainplan/services/log_run_import.h>

#include "sha256.h"

#include <trainplan/model/io/import_text.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/services/stored_calibration_runs.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <sstream>

namespace trainplan::services {

namespace {

using model::IssueArg;
using model::io::ImportIssue;
using model::io::ImportText;
using model::io::ImportTextId;
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
            issues.push_back(model::io::ImportIssue::fromValidation(
                Severity::Error, "",
                model::ValidationIssue("plan", model::IssueId::MustBeJsonObject)));
            return std::nullopt;
        }
        return r.plan;
    }
    if (r.planIndex) {
        if (*r.planIndex < 1 || static_cast<std::size_t>(*r.planIndex) > plans.size()) {
            issues.emplace_back(Severity::Error, "", "plan", ImportTextId::SvcPlanIndexOutOfRange,
                                std::vector<IssueArg>{*r.planIndex, plans.size()});
            return std::nullopt;
        }
        return plans[static_cast<std::size_t>(*r.planIndex - 1)];
    }
    if (plans.size() == 1) return plans[0];
    if (plans.empty())
        issues.emplace_back(Severity::Error, "", "plan", ImportTextId::SvcNoPlan);
    else
        issues.emplace_back(Severity::Error, "", "plan", ImportTextId::SvcSeveralPlans,
                            std::vector<IssueArg>{plans.size()});
    return std::nullopt;
}

} // namespace

std::optional<LogInput> readLogInput(const std::filesystem::path& file,
                                     model::io::ImportIssues& issues) {
    const std::string name = file.string();
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        issues.push_back(model::io::ImportIssue::fromValidation(
            Severity::Error, name, model::ValidationIssue("", model::IssueId::NoSuchFile)));
        return std::nullopt;
    }
    if (std::filesystem::is_directory(file, ec)) {
        issues.emplace_back(Severity::Error, name, "", ImportTextId::SvcDirectoryNotLog);
        return std::nullopt;
    }
    const auto size = std::filesystem::file_size(file, ec);
    if (!ec && size > kMaxLogBytes) {
        issues.emplace_back(Severity::Error, name, "", ImportTextId::SvcLogTooLarge,
                            std::vector<IssueArg>{size >> 20});
        return std::nullopt;
    }
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    if (!in.good() && !in.eof()) {
        issues.emplace_back(Severity::Error, name, "", ImportTextId::SvcCannotRead);
        return std::nullopt;
    }
    return LogInput{name, ss.str()};
}

std::string todayUtc() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
    return buf;
}

LogRunImport prepareLogRun(store::Store& store, const LogRunRequest& request) {
    LogRunImport out;
    if (request.logs.empty()) {
        out.issues.emplace_back(Severity::Error, "", "", ImportTextId::SvcNoLog);
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
        out.issues.emplace_back(Severity::Error, "", "scenario", ImportTextId::SvcNoScenario,
                                std::vector<IssueArg>{request.scenarioName});
        return out;
    }
    const nlohmann::json doc = nlohmann::json::parse(record->body);
    const auto plan = choosePlan(doc, request, out.issues);
    if (!plan) return out;
    std::string why;
    const auto scenario = scenarioWithPlan(doc, *plan, store.catalog(), why);
    if (!scenario) {
        out.issues.emplace_back(
            Severity::Error, "", "plan",
            ImportText(ImportTextId::SvcPlanNotFit, {record->name}, {ImportText::verbatim(why)}));
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
        out.issues.push_back(ImportIssue::withKey(
            Severity::Error, "", ImportText(ImportTextId::KeyGlobalBatchSize),
            ImportText(ImportTextId::SvcBatchMismatch,
                       std::vector<IssueArg>{*s.globalBatch, record->name, globalBatch})));
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
    // Each rule once as a catalogue sentence: the English goes to `derived` (the stored details,
    // the CLI), the sentence to the issues (the GUI's language).
    std::vector<ImportText> derivedTexts;
    auto derive = [&](ImportTextId id, std::vector<IssueArg> args) {
        derivedTexts.emplace_back(id, std::move(args));
        out.derived.push_back(derivedTexts.back().render(model::Lang::En));
    };
    if (!run.tokensPerSecondPerGpu && s.tokensPerSecond) {
        run.tokensPerSecondPerGpu = s.tokensPerSecond->median / gpus;
        derive(ImportTextId::SvcDerivedTokensFromJob, {fixed(gpus, 0)});
    }
    if (!run.stepSeconds && s.samplesPerSecond) {
        run.stepSeconds = static_cast<double>(globalBatch) / s.samplesPerSecond->median;
        derive(ImportTextId::SvcDerivedStepFromSamples,
               {globalBatch, fixed(s.samplesPerSecond->median, 3)});
    }
    if (!run.stepSeconds && run.tokensPerSecondPerGpu) {
        run.stepSeconds = tokensPerStep / (*run.tokensPerSecondPerGpu * gpus);
        derive(ImportTextId::SvcDerivedStepFromTokens, {fixed(tokensPerStep, 0), fixed(gpus, 0)});
    }
    if (!run.tokensPerSecondPerGpu && run.stepSeconds) {
        run.tokensPerSecondPerGpu = tokensPerStep / (*run.stepSeconds * gpus);
        derive(ImportTextId::SvcDerivedTokensFromStep, {fixed(tokensPerStep, 0), fixed(gpus, 0)});
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
    for (auto& d : derivedTexts)
        out.issues.emplace_back(Severity::Note, "", "derived", std::move(d));
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
            out.issues.emplace_back(Severity::Error, "", "", ImportTextId::SvcAlreadyStored);
            return out;
        }
        if (e.kind() != store::StoreErrorKind::Invalid) throw;
        for (const auto& i : e.issues())
            out.issues.push_back(ImportIssue::fromValidation(Severity::Error, "", i));
    }
    return out;
}

} // namespace trainplan::services
