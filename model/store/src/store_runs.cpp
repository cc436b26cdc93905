#include <trainplan/model/ascii_text.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/store/store.h>

#include "json_text.h"
#include "run_json.h"
#include "store_internal.h"

namespace trainplan::store {

namespace {

// A run of a deleted (not yet purged) scenario keeps its scenario_id, so undeleting relinks it,
// but reads as unlinked meanwhile, as after a purge.
constexpr const char* kRunColumns =
    "r.id, (SELECT s.id FROM scenarios s WHERE s.id = r.scenario_id AND s.deleted_at IS NULL), "
    "r.scenario_name, r.plan, r.step_time_s, r.tokens_per_s_per_gpu, r.peak_memory_bytes, "
    "r.flops_per_s_per_gpu, r.mfu, r.measured_on, r.notes, r.source, r.details, r.created_at";

MeasuredRun readRun(const Statement& q) {
    MeasuredRun r;
    r.id = q.int64(0);
    r.scenarioId = q.optionalInt64(1);
    r.scenarioName = q.text(2);
    if (auto plan = q.optionalText(3)) r.plan = detail::parseJson(*plan);
    r.stepSeconds = q.optionalReal(4);
    r.tokensPerSecondPerGpu = q.optionalReal(5);
    r.peakMemoryBytes = q.optionalReal(6);
    r.flopsPerSecondPerGpu = q.optionalReal(7);
    r.mfu = q.optionalReal(8);
    r.measuredOn = q.optionalText(9);
    r.notes = q.text(10);
    r.source = q.text(11);
    r.details = detail::parseJson(q.text(12));
    r.createdAt = q.text(13);
    return r;
}

} // namespace

bool Store::insertRun(const NewMeasuredRun& run, std::optional<std::int64_t> scenarioId,
                      const std::optional<std::string>& createdAt) {
    auto q = m_connection.cached(
        "INSERT INTO measured_runs (scenario_id, scenario_name, plan, step_time_s, "
        "tokens_per_s_per_gpu, "
        "peak_memory_bytes, flops_per_s_per_gpu, mfu, measured_on, notes, source, details, "
        "fingerprint, created_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, coalesce(?14, " +
        std::string(detail::kNow) + ")) ON CONFLICT (fingerprint) DO NOTHING");
    std::optional<std::string> plan;
    if (run.plan) plan = detail::dumpJson(*run.plan);
    q->bindAll(scenarioId, run.scenarioName, plan, run.stepSeconds, run.tokensPerSecondPerGpu,
               run.peakMemoryBytes, run.flopsPerSecondPerGpu, run.mfu, run.measuredOn, run.notes,
               run.source, detail::dumpJson(run.details), detail::runFingerprint(run), createdAt)
        .run();
    return m_connection.changes() == 1;
}

std::int64_t Store::addRun(const NewMeasuredRun& run) {
    model::ValidationIssues issues = detail::validateRun(run, "run");
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::RunInvalid),
                         issues);
    Transaction tx(m_connection);
    const ScenarioRecord owner = scenario(run.scenarioName);
    NewMeasuredRun stored = run;
    stored.scenarioName = owner.name; // as the library spells it
    if (!insertRun(stored, owner.id))
        throw StoreError(StoreErrorKind::Conflict, location(),
                         storeText(StoreText::RunDuplicate, {run.scenarioName}));
    const std::int64_t id = m_connection.lastInsertRowId();
    tx.commit();
    return id;
}

ImportSummary Store::importRuns(const std::vector<NewMeasuredRun>& runs) {
    model::ValidationIssues issues;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        auto more = detail::validateRun(runs[i], "runs[" + std::to_string(i) + "]");
        issues.insert(issues.end(), more.begin(), more.end());
    }
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::RunsInvalid),
                         issues);
    ImportSummary summary;
    Transaction tx(m_connection);
    for (const auto& run : runs) {
        if (insertRun(run, scenarioId(run.scenarioName)))
            ++summary.added;
        else
            ++summary.skipped;
    }
    tx.commit();
    return summary;
}

std::vector<MeasuredRun> Store::runs(const std::optional<std::string>& scenarioName) {
    std::vector<MeasuredRun> out;
    auto q = m_connection.cached(
        "SELECT " + std::string(kRunColumns) +
        " FROM measured_runs r WHERE ?1 IS NULL OR r.scenario_name = ?1 COLLATE NOCASE ORDER BY "
        "r.id");
    q->bindAll(scenarioName);
    while (q->step())
        out.push_back(readRun(*q));
    return out;
}

void Store::relinkRunsAndComparisons(std::int64_t scenarioId, const std::string& name) {
    {
        auto q = m_connection.cached(
            "UPDATE measured_runs SET scenario_name = ?2 WHERE scenario_id = ?1");
        q->bindAll(scenarioId, name).run();
    }
    {
        auto q =
            m_connection.cached("UPDATE comparisons SET scenario_name = ?2 WHERE scenario_id = ?1");
        q->bindAll(scenarioId, name).run();
    }
    // The fingerprint covers the scenario name. A run identical to one already stored under the
    // new name keeps no fingerprint (both rows stay), as the v2 migration does for v1 duplicates.
    std::vector<std::pair<std::int64_t, std::string>> fingerprints;
    {
        auto q =
            m_connection.cached("SELECT " + std::string(kRunColumns) +
                                " FROM measured_runs r WHERE r.scenario_id = ?1 ORDER BY r.id");
        q->bindAll(scenarioId);
        while (q->step())
            fingerprints.emplace_back(q->int64(0), detail::runFingerprint(readRun(*q)));
    }
    for (const auto& [runId, fp] : fingerprints) {
        auto q = m_connection.cached(
            "UPDATE measured_runs SET fingerprint = CASE WHEN EXISTS (SELECT 1 FROM measured_runs "
            "o WHERE o.fingerprint = ?2 AND o.id <> ?1) THEN NULL ELSE ?2 END WHERE id = ?1");
        q->bindAll(runId, fp).run();
    }
}

void Store::deleteRun(std::int64_t id) {
    Transaction tx(m_connection);
    auto q = m_connection.cached("DELETE FROM measured_runs WHERE id = ?1");
    q->bindAll(id).run();
    if (m_connection.changes() == 0)
        throw StoreError(StoreErrorKind::NotFound, location(),
                         storeText(StoreText::NoRun, {std::to_string(id)}));
    tx.commit();
}

// --- Comparisons

std::int64_t Store::saveComparison(const std::string& name,
                                   const std::optional<std::string>& scenarioName,
                                   const nlohmann::json& result) {
    if (result.is_discarded())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::ComparisonNotJson));
    Transaction tx(m_connection);
    const std::optional<std::int64_t> sid = scenarioName ? scenarioId(*scenarioName) : std::nullopt;
    auto q = m_connection.cached(
        "INSERT INTO comparisons (name, scenario_id, scenario_name, body) VALUES (?1, ?2, ?3, ?4)");
    q->bindAll(model::trimmed(name), sid, scenarioName, detail::dumpJson(result)).run();
    const std::int64_t id = m_connection.lastInsertRowId();
    tx.commit();
    return id;
}

std::vector<ComparisonRecord> Store::comparisons() {
    std::vector<ComparisonRecord> out;
    auto q = m_connection.cached(
        "SELECT id, name, scenario_name, body, created_at FROM comparisons ORDER BY id");
    while (q->step())
        out.push_back({q->int64(0), q->text(1), q->optionalText(2), detail::parseJson(q->text(3)),
                       q->text(4)});
    return out;
}

ComparisonRecord Store::comparison(std::int64_t id) {
    auto q = m_connection.cached(
        "SELECT id, name, scenario_name, body, created_at FROM comparisons WHERE id = ?1");
    q->bindAll(id);
    if (!q->step())
        throw StoreError(StoreErrorKind::NotFound, location(),
                         storeText(StoreText::NoComparison, {std::to_string(id)}));
    return {q->int64(0), q->text(1), q->optionalText(2), detail::parseJson(q->text(3)), q->text(4)};
}

void Store::deleteComparison(std::int64_t id) {
    Transaction tx(m_connection);
    auto q = m_connection.cached("DELETE FROM comparisons WHERE id = ?1");
    q->bindAll(id).run();
    if (m_connection.changes() == 0)
        throw StoreError(StoreErrorKind::NotFound, location(),
                         storeText(StoreText::NoComparison, {std::to_string(id)}));
    tx.commit();
}

// --- Calibration profiles

void Store::saveCalibrationProfile(const std::string& name, const nlohmann::json& parameters,
                                   const std::string& notes) {
    model::ValidationIssues issues;
    if (model::trimmed(name).empty()) issues.push_back({"name", model::IssueId::Required});
    if (!parameters.is_object()) issues.push_back({"parameters", model::IssueId::MustBeJsonObject});
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::ProfileInvalid),
                         issues);
    Transaction tx(m_connection);
    auto q = m_connection.cached(
        "INSERT INTO calibration_profiles (name, parameters, notes) VALUES (?1, ?2, ?3) ON "
        "CONFLICT (name) DO UPDATE "
        "SET parameters = excluded.parameters, notes = excluded.notes, updated_at = " +
        std::string(detail::kNow));
    q->bindAll(model::trimmed(name), detail::dumpJson(parameters), notes).run();
    tx.commit();
}

std::vector<CalibrationProfile> Store::calibrationProfiles() {
    std::vector<CalibrationProfile> out;
    auto q = m_connection.cached("SELECT id, name, parameters, notes, created_at, updated_at FROM "
                                 "calibration_profiles ORDER BY name");
    while (q->step())
        out.push_back({q->int64(0), q->text(1), detail::parseJson(q->text(2)), q->text(3),
                       q->text(4), q->text(5)});
    return out;
}

std::optional<CalibrationProfile> Store::findCalibrationProfile(const std::string& name) {
    auto q = m_connection.cached("SELECT id, name, parameters, notes, created_at, updated_at FROM "
                                 "calibration_profiles WHERE name = ?1");
    q->bindAll(name);
    if (!q->step()) return std::nullopt;
    return CalibrationProfile{q->int64(0), q->text(1), detail::parseJson(q->text(2)),
                              q->text(3),  q->text(4), q->text(5)};
}

void Store::deleteCalibrationProfile(const std::string& name) {
    Transaction tx(m_connection);
    auto q = m_connection.cached("DELETE FROM calibration_profiles WHERE name = ?1");
    q->bindAll(name).run();
    if (m_connection.changes() == 0)
        throw StoreError(StoreErrorKind::NotFound, location(),
                         storeText(StoreText::NoProfile, {name}));
    tx.commit();
}

} // namespace trainplan::store
