#include <trainplan/model/ascii_text.h>
#include <trainplan/services/stored_calibration_runs.h>

#include <trainplan/model/csv.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/services/stored_profile.h>
#include <trainplan/simulator/validation.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace trainplan::services {

std::string StoredRunNote::text(model::Lang lang) const {
    const std::vector<model::IssueArg> where{std::to_string(runId), scenarioName};
    std::string out = model::renderIssue(model::IssueId::StoredRunWhere, where, lang) +
                      (lang == model::Lang::ZhCN ? "：" : ": ");
    if (rowSkip) out += rowSkip->text(lang);
    for (std::size_t i = 0; i < issues.size(); ++i)
        out += (i == 0 && !rowSkip          ? ""
                : lang == model::Lang::ZhCN ? "；"
                                            : "; ") +
               issues[i].text(lang);
    return out;
}

namespace {

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

// A link's catalog name, else what it is ("InfiniBand 50 GB/s") for a link written inline.
std::string linkName(const model::LinkSpec& link) {
    if (!link.name.empty()) return link.name;
    return std::string(model::toString(link.kind)) + " " +
           std::to_string(static_cast<long long>(link.bytesPerSecond / 1e9 + 0.5)) + " GB/s";
}

} // namespace

std::string clusterKey(const model::Scenario& scenario) {
    const model::ClusterSpec& c = scenario.cluster;
    std::string key = (c.gpu.name.empty() ? std::string("GPU") : c.gpu.name) + " · " +
                      std::to_string(c.gpusPerNode) + "/node · " + linkName(c.intraNode);
    if (c.nodes > 1 || !c.interNodeRef.empty() || !c.interNode.name.empty())
        key += " · " + linkName(c.interNode) + " ×" + std::to_string(c.nicsPerNode);
    return key;
}

bool containsIgnoringCase(const std::string& haystack, const std::string& needle) {
    return model::asciiLower(haystack).find(model::asciiLower(needle)) != std::string::npos;
}

std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document, const nlohmann::json& plan,
                                                const model::Catalog& catalog,
                                                model::ValidationIssues& problems) {
    document["plans"] = nlohmann::json::array({plan});
    const model::ScenarioLoad load = model::parseScenario(document, catalog);
    if (load.ok()) return load.scenario;
    for (model::ValidationIssue issue : load.issues) {
        if (issue.path.rfind("plans[0]", 0) == 0) issue.path = "plan" + issue.path.substr(8);
        problems.push_back(std::move(issue));
    }
    return std::nullopt;
}

std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document, const nlohmann::json& plan,
                                                const model::Catalog& catalog, std::string& why) {
    model::ValidationIssues problems;
    std::optional<model::Scenario> scenario =
        scenarioWithPlan(std::move(document), plan, catalog, problems);
    for (const model::ValidationIssue& issue : problems)
        why += (why.empty() ? "" : "; ") + issue.text();
    return scenario;
}

sim::CalibrationRun calibrationRunOf(const model::Scenario& scenario, std::string label) {
    sim::CalibrationRun run;
    run.label = std::move(label);
    run.scenario = scenario;
    run.plan = scenario.plans.front();
    run.scenario.plans.clear();
    return run;
}

StoredRunRecords readStoredRunRecords(store::Store& store, const StoredRunFilter& filter) {
    StoredRunRecords out;
    out.catalog = store.catalog();
    out.location = store.location();
    out.profiles = store.calibrationProfiles();
    for (store::MeasuredRun& r : store.runs(filter.scenarioName)) {
        if (filter.source && !containsIgnoringCase(r.source, *filter.source)) continue;
        if (r.scenarioId && !out.scenarioBodies.contains(r.scenarioName))
            if (const std::optional<store::ScenarioRecord> record =
                    store.findScenario(r.scenarioName))
                out.scenarioBodies.emplace(r.scenarioName, record->body);
        out.runs.push_back(std::move(r));
    }
    return out;
}

namespace {

// What a stored run ran on, before its plan is settled: a linked run's stored scenario with the
// run's plan and its profile applied, or an unlinked published row's case. Cheap: no search.
struct RunSource {
    std::optional<model::Scenario> scenario; // linked runs
    std::optional<sim::ReferenceCase> published;
    model::ValidationIssues skip;     // why the run cannot be used (none when it can)
    std::optional<sim::RefSkip> rowSkip; // why its published row cannot be rebuilt
    model::ValidationIssues problems; // the profile it names is missing or out of range
    [[nodiscard]] bool usable() const {
        return skip.empty() && !rowSkip && (scenario || published);
    }
    [[nodiscard]] const model::Scenario& cluster() const {
        return scenario ? *scenario : published->scenario;
    }
};

RunSource sourceOf(const store::MeasuredRun& r, const StoredRunRecords& records) {
    RunSource out;
    if (!r.scenarioId) {
        const std::optional<model::PublishedRun> row = publishedRowOf(r);
        if (!row) {
            out.skip.emplace_back("", model::IssueId::RunNotLinked);
            return out;
        }
        sim::ReferenceCase c = sim::referenceCase(*row, records.catalog);
        if (c.skip) {
            out.rowSkip = std::move(c.skip);
            return out;
        }
        out.published = std::move(c);
        return out;
    }
    const auto body = records.scenarioBodies.find(r.scenarioName);
    if (body == records.scenarioBodies.end()) {
        out.skip.emplace_back("", model::IssueId::RunScenarioNotFound);
        return out;
    }
    const nlohmann::json doc = nlohmann::json::parse(body->second, nullptr, false);
    if (doc.is_discarded()) {
        out.skip.emplace_back("", model::IssueId::RunScenarioNotJson);
        return out;
    }
    nlohmann::json plan;
    if (r.plan)
        plan = *r.plan;
    else if (doc.contains("plans") && doc["plans"].is_array() && doc["plans"].size() == 1)
        plan = doc["plans"][0];
    else {
        out.skip.emplace_back("", model::IssueId::RunPlanUnknown);
        return out;
    }
    out.scenario = scenarioWithPlan(doc, plan, records.catalog, out.skip);
    if (out.scenario)
        out.problems = applyProfileFrom(records.profiles, records.location, *out.scenario);
    return out;
}

} // namespace

StoredCalibrationRuns calibrationRunsOf(const StoredRunRecords& records,
                                        const StoredRunFilter& filter) {
    StoredCalibrationRuns out;
    for (const store::MeasuredRun& r : records.runs) {
        const auto skip = [&](model::ValidationIssues why,
                              std::optional<sim::RefSkip> rowSkip = std::nullopt) {
            out.skippedNotes.push_back({r.id, r.scenarioName, std::move(why), std::move(rowSkip)});
            out.skipped.push_back(out.skippedNotes.back().text(model::Lang::En));
            out.skippedIds.push_back(r.id);
        };
        const RunSource source = sourceOf(r, records);
        if (!source.usable()) {
            skip(source.skip, source.rowSkip);
            continue;
        }
        if (filter.cluster && clusterKey(source.cluster()) != *filter.cluster) continue;
        if (!source.problems.empty()) {
            for (const model::ValidationIssue& p : source.problems) {
                out.problemNotes.push_back({r.id, r.scenarioName, {p}});
                out.problems.push_back(out.problemNotes.back().text(model::Lang::En));
            }
            continue;
        }
        if (source.published) {
            const sim::ReferenceCase& c = *source.published;
            std::optional<sim::CalibrationRun> run = sim::calibrationRun(c);
            if (!run) {
                skip({{"", model::IssueId::RunNoPublishedPlan}});
                continue;
            }
            run->label = c.label + " (run " + std::to_string(r.id) + ")";
            out.runs.push_back(std::move(*run));
            out.runIds.push_back(r.id);
            continue;
        }
        sim::CalibrationRun run =
            calibrationRunOf(*source.scenario, r.scenarioName + " #" + std::to_string(r.id));
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
            skip({{"", model::IssueId::RunNoMeasurement}});
            continue;
        }
        out.runs.push_back(std::move(run));
        out.runIds.push_back(r.id);
    }
    return out;
}

std::vector<std::pair<std::string, int>> storedRunClusters(const StoredRunRecords& records) {
    std::vector<std::pair<std::string, int>> out;
    for (const store::MeasuredRun& r : records.runs) {
        const RunSource source = sourceOf(r, records);
        if (!source.usable()) continue;
        const std::string key = clusterKey(source.cluster());
        auto it =
            std::find_if(out.begin(), out.end(), [&](const auto& c) { return c.first == key; });
        if (it == out.end())
            out.emplace_back(key, 1);
        else
            ++it->second;
    }
    return out;
}

StoredCalibrationRuns loadStoredCalibrationRuns(store::Store& store,
                                                const StoredRunFilter& filter) {
    return calibrationRunsOf(readStoredRunRecords(store, filter), filter);
}

} // namespace trainplan::services
