#include <trainplan/services/stored_calibration_runs.h>

#include <trainplan/model/csv.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/services/stored_profile.h>
#include <trainplan/simulator/validation.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace trainplan::services {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// A published row stored by `runs import` (its cells kept in `details`), back as a PublishedRun.
std::optional<model::PublishedRun> publishedRowOf(const store::MeasuredRun& r) {
    if (!r.details.is_object() || !r.details.contains("model_name") ||
        !r.details.contains("source"))
        return std::nullopt;
    std::string header, row;
    for (const auto& [key, value] : r.details.items()) {
        header += (header.empty() ? "" : ",") + model::csvEscape(key);
        row += (row.empty() ? "" : ",") +
               model::csvEscape(value.is_string() ? value.get<std::string>() : value.dump());
    }
    const model::PublishedRunsLoad load = model::parsePublishedRuns(header + "\n" + row + "\n");
    if (load.runs.size() != 1) return std::nullopt;
    return load.runs.front();
}

} // namespace

bool containsIgnoringCase(const std::string& haystack, const std::string& needle) {
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document, const nlohmann::json& plan,
                                                const model::Catalog& catalog, std::string& why) {
    document["plans"] = nlohmann::json::array({plan});
    const model::ScenarioLoad load = model::parseScenario(document, catalog);
    if (load.ok()) return load.scenario;
    for (const auto& issue : load.issues) {
        std::string path = issue.path;
        if (path.rfind("plans[0]", 0) == 0) path = "plan" + path.substr(8);
        why += (why.empty() ? "" : "; ") +
               (path.empty() ? issue.message : path + ": " + issue.message);
    }
    return std::nullopt;
}

sim::CalibrationRun calibrationRunOf(const model::Scenario& scenario, std::string label) {
    sim::CalibrationRun run;
    run.label = std::move(label);
    run.scenario = scenario;
    run.plan = scenario.plans.front();
    run.scenario.plans.clear();
    return run;
}

StoredCalibrationRuns loadStoredCalibrationRuns(store::Store& store,
                                                const StoredRunFilter& filter) {
    StoredCalibrationRuns out;
    const model::Catalog catalog = store.catalog();
    for (const store::MeasuredRun& r : store.runs(filter.scenarioName)) {
        if (filter.source && !containsIgnoringCase(r.source, *filter.source)) continue;
        const std::string where = "run " + std::to_string(r.id) + " (" + r.scenarioName + ")";
        if (!r.scenarioId) {
            const std::optional<model::PublishedRun> row = publishedRowOf(r);
            if (!row) {
                out.skipped.push_back(where + ": not linked to a stored scenario");
                continue;
            }
            const sim::ReferenceCase c = sim::referenceCase(*row, catalog);
            if (!c.skipReason.empty()) {
                out.skipped.push_back(where + ": " + c.skipReason);
                continue;
            }
            auto run = sim::calibrationRun(c);
            if (!run) {
                out.skipped.push_back(where + ": no valid plan for the published layout");
                continue;
            }
            run->label = c.label + " (run " + std::to_string(r.id) + ")";
            out.runs.push_back(std::move(*run));
            out.runIds.push_back(r.id);
            continue;
        }
        const std::optional<store::ScenarioRecord> record = store.findScenario(r.scenarioName);
        if (!record) {
            out.skipped.push_back(where + ": scenario not found");
            continue;
        }
        const nlohmann::json doc = nlohmann::json::parse(record->body, nullptr, false);
        if (doc.is_discarded()) {
            out.skipped.push_back(where + ": the stored scenario is not valid JSON");
            continue;
        }
        nlohmann::json plan;
        if (r.plan)
            plan = *r.plan;
        else if (doc.contains("plans") && doc["plans"].is_array() && doc["plans"].size() == 1)
            plan = doc["plans"][0];
        else {
            out.skipped.push_back(where + ": the run does not say which plan it measured");
            continue;
        }
        std::string why;
        std::optional<model::Scenario> s = scenarioWithPlan(doc, plan, catalog, why);
        if (!s) {
            out.skipped.push_back(where + ": " + why);
            continue;
        }
        const std::vector<std::string> profileProblems = applyStoredProfile(store, *s);
        if (!profileProblems.empty()) {
            for (const std::string& p : profileProblems)
                out.problems.push_back(where + ": " + p);
            continue;
        }
        sim::CalibrationRun run =
            calibrationRunOf(*s, r.scenarioName + " #" + std::to_string(r.id));
        if (r.stepSeconds)
            run.measured.emplace_back(sim::ValidationMetric::StepSeconds, *r.stepSeconds);
        if (r.tokensPerSecondPerGpu)
            run.measured.emplace_back(sim::ValidationMetric::TokensPerSecondPerGpu,
                                      *r.tokensPerSecondPerGpu);
        // The store keeps MFU as a fraction and memory in bytes; the calibration compares percent
        // and GiB, the units of published_runs.csv.
        if (r.mfu) run.measured.emplace_back(sim::ValidationMetric::MfuPercent, 100.0 * *r.mfu);
        if (r.peakMemoryBytes)
            run.measured.emplace_back(sim::ValidationMetric::PeakMemoryGiB,
                                      *r.peakMemoryBytes / model::units::kGiB);
        if (run.measured.empty()) {
            out.skipped.push_back(where + ": no step time, tokens/s, MFU or peak memory");
            continue;
        }
        out.runs.push_back(std::move(run));
        out.runIds.push_back(r.id);
    }
    return out;
}

} // namespace trainplan::services
