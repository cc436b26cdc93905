#include <trainplan/store/schema.h>

#include <trainplan/store/store_error.h>

#include "run_json.h"
#include "schema_steps.h"

#include <functional>
#include <string>

namespace trainplan::store {

namespace {

// Each step takes the schema from version - 1 to version. Steps are never edited once released:
// a change is a new step. `after` runs in the same transaction, for what SQL alone cannot do, and
// may add notes for the user. A step that `rebuildsTables` runs with the foreign keys off: it
// drops tables other tables refer to, which would cascade.
using MigrationNotes = std::vector<StoreMessage>;
struct Migration {
    int version;
    const char* sql;
    std::function<void(Connection&, MigrationNotes&)> after;
    bool rebuildsTables = false;
};

constexpr const char* kV1 = R"sql(
CREATE TABLE catalog_gpus (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
    source TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE catalog_links (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
    source TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE catalog_models (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
    source TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE scenarios (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    tags TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TABLE scenario_versions (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    saved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (scenario_id, version)
);
CREATE TABLE measured_runs (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    scenario_name TEXT NOT NULL CHECK (length(trim(scenario_name)) > 0),
    plan TEXT CHECK (plan IS NULL OR (json_valid(plan) AND json_type(plan) = 'object')),
    step_time_s REAL CHECK (step_time_s IS NULL OR step_time_s > 0),
    tokens_per_s_per_gpu REAL CHECK (tokens_per_s_per_gpu IS NULL OR tokens_per_s_per_gpu > 0),
    peak_memory_bytes REAL CHECK (peak_memory_bytes IS NULL OR peak_memory_bytes > 0),
    measured_on TEXT CHECK (measured_on IS NULL OR date(measured_on) IS measured_on),
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX measured_runs_scenario ON measured_runs(scenario_id);
CREATE TABLE comparisons (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    scenario_name TEXT,
    body TEXT NOT NULL CHECK (json_valid(body)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX comparisons_scenario ON comparisons(scenario_id);
)sql";

constexpr const char* kV2 = R"sql(
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE scenario_tags (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    tag TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(tag)) > 0),
    PRIMARY KEY (scenario_id, tag)
) WITHOUT ROWID;
CREATE INDEX scenario_tags_tag ON scenario_tags(tag);
WITH RECURSIVE split(scenario_id, tag, rest) AS (
    SELECT id, '', tags || ',' FROM scenarios
    UNION ALL
    SELECT scenario_id, trim(substr(rest, 1, instr(rest, ',') - 1)),
           substr(rest, instr(rest, ',') + 1)
    FROM split WHERE rest <> ''
)
INSERT OR IGNORE INTO scenario_tags (scenario_id, tag)
    SELECT scenario_id, tag FROM split WHERE tag <> '';
ALTER TABLE scenarios DROP COLUMN tags;

ALTER TABLE measured_runs ADD COLUMN source TEXT NOT NULL DEFAULT '';
ALTER TABLE measured_runs ADD COLUMN flops_per_s_per_gpu REAL
    CHECK (flops_per_s_per_gpu IS NULL OR flops_per_s_per_gpu > 0);
ALTER TABLE measured_runs ADD COLUMN mfu REAL CHECK (mfu IS NULL OR (mfu > 0 AND mfu <= 1));
ALTER TABLE measured_runs ADD COLUMN details TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(details) AND json_type(details) = 'object');
ALTER TABLE measured_runs ADD COLUMN fingerprint TEXT;
CREATE UNIQUE INDEX measured_runs_fingerprint ON measured_runs(fingerprint);

CREATE TABLE calibration_profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    parameters TEXT NOT NULL CHECK (json_valid(parameters) AND json_type(parameters) = 'object'),
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
)sql";

// Soft delete: a deleted scenario keeps its row (id, versions, tags, the links of its runs and
// comparisons) with the time it was deleted, so it can be brought back exactly; lookups skip it and
// a purge deletes it for good.
constexpr const char* kV3 = R"sql(
ALTER TABLE scenarios ADD COLUMN deleted_at TEXT
    CHECK (deleted_at IS NULL OR julianday(deleted_at) IS NOT NULL);
CREATE INDEX scenarios_deleted ON scenarios(deleted_at) WHERE deleted_at IS NOT NULL;
)sql";

// The user's GPU prices (docs/store.md, "Prices"): one row per GPU and cloud/region/contract, in
// USD or CNY; the CNY/USD exchange rate lives in meta ('cny_per_usd', 'cny_per_usd_date'). STRICT
// as every table since v4.
constexpr const char* kV5 = R"sql(
CREATE TABLE gpu_prices (
    id INTEGER PRIMARY KEY,
    gpu TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(gpu)) > 0),
    cloud TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
    region TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
    contract TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
    currency TEXT NOT NULL CHECK (currency IN ('USD', 'CNY')),
    per_gpu_hour REAL NOT NULL CHECK (per_gpu_hour > 0 AND per_gpu_hour < 1e6),
    source TEXT NOT NULL DEFAULT '',
    priced_on TEXT CHECK (priced_on IS NULL OR date(priced_on) = priced_on),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (gpu, cloud, region, contract)
) STRICT;
)sql";

// v1 runs have no fingerprint; compute it so re-imports of the same run are recognised. Two
// identical v1 runs keep one fingerprint (the later one stays NULL) rather than fail the migration.
void fingerprintExistingRuns(Connection& c, MigrationNotes&) {
    Statement select = c.prepare(R"sql(
        SELECT id, scenario_name, plan, step_time_s, tokens_per_s_per_gpu, peak_memory_bytes,
               measured_on, notes FROM measured_runs ORDER BY id)sql");
    Statement update =
        c.prepare("UPDATE OR IGNORE measured_runs SET fingerprint = ?2 WHERE id = ?1");
    while (select.step()) {
        NewMeasuredRun run;
        run.scenarioName = select.text(1);
        if (auto plan = select.optionalText(2))
            run.plan = nlohmann::json::parse(*plan, nullptr, false);
        run.stepSeconds = select.optionalReal(3);
        run.tokensPerSecondPerGpu = select.optionalReal(4);
        run.peakMemoryBytes = select.optionalReal(5);
        run.measuredOn = select.optionalText(6);
        run.notes = select.text(7);
        update.bindAll(select.int64(0), detail::runFingerprint(run)).run();
        update.reset();
    }
}

const std::vector<Migration>& migrations() {
    static const std::vector<Migration> steps = {
        {1, kV1, nullptr},
        {2, kV2, fingerprintExistingRuns},
        {3, kV3, nullptr},
        {4, nullptr, detail::makeTablesStrict, true},
        {5, kV5, nullptr},
    };
    return steps;
}

// Turns the foreign keys off for the life of the guard (PRAGMA foreign_keys is a no-op inside a
// transaction, so it is set before BEGIN) and back on after, also when a step fails.
class ForeignKeysOff {
public:
    ForeignKeysOff(Connection& c, bool needed)
        : m_connection(c) {
        if (!needed) return;
        m_wereOn = c.queryInt("PRAGMA foreign_keys").value_or(0) != 0;
        if (!m_wereOn) return;
        if (c.inTransaction())
            throw StoreError(StoreErrorKind::Io, c.location(),
                             storeText(StoreText::RebuildInTransaction));
        c.exec("PRAGMA foreign_keys = OFF");
    }
    ~ForeignKeysOff() {
        if (!m_wereOn) return;
        try {
            m_connection.exec("PRAGMA foreign_keys = ON");
        } catch (const StoreError&) { // the connection is unusable anyway
        }
    }
    ForeignKeysOff(const ForeignKeysOff&) = delete;
    ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

private:
    Connection& m_connection;
    bool m_wereOn = false;
};

void apply(Connection& connection, const Migration& step, MigrationNotes& notes) {
    if (step.version == 1)
        connection.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    if (step.sql) connection.exec(step.sql);
    if (step.after) step.after(connection, notes);
    connection.exec("PRAGMA user_version = " + std::to_string(step.version));
}

bool anyRebuild(int fromVersion, int toVersion) {
    for (const Migration& step : migrations())
        if (step.version > fromVersion && step.version <= toVersion && step.rebuildsTables)
            return true;
    return false;
}

std::int64_t tableCount(Connection& c) {
    return c.queryInt("SELECT count(*) FROM sqlite_schema").value_or(0);
}

} // namespace

int migrateSchema(Connection& connection, int targetVersion, std::vector<StoreMessage>* notes) {
    const int start = static_cast<int>(connection.queryInt("PRAGMA user_version").value_or(0));
    if (targetVersion > kSchemaVersion || targetVersion < 0)
        throw StoreError(StoreErrorKind::Invalid, connection.location(),
                         storeText(StoreText::NoSchemaVersion, {std::to_string(targetVersion),
                                                                std::to_string(kSchemaVersion)}));
    MigrationNotes ignored;
    MigrationNotes& out = notes ? *notes : ignored;
    if (start == 0 && targetVersion > 0) {
        // A brand-new database gets its whole schema in one exclusive transaction: a process
        // starting at the same moment sees no schema or all of it, never a part (with hundreds
        // starting at once, one that saw the application id before the tables existed refused
        // the new library as another application's). The loser waits here (busy timeout) and
        // finds the schema made.
        ForeignKeysOff fkOff(connection, anyRebuild(0, targetVersion));
        Transaction tx(connection, Transaction::Kind::Exclusive);
        if (connection.queryInt("PRAGMA user_version").value_or(0) == 0) {
            if (tableCount(connection) != 0)
                throw StoreError(StoreErrorKind::NotADatabase, connection.location(),
                                 storeText(StoreText::TablesWithoutSchema));
            for (const Migration& step : migrations())
                if (step.version <= targetVersion) apply(connection, step, out);
        }
        tx.commit();
    }
    for (const Migration& step : migrations()) {
        if (step.version > targetVersion) break;
        // Only take the write lock when there is something to do: opening an up-to-date database
        // must not wait for (or block) another process's writes.
        if (connection.queryInt("PRAGMA user_version").value_or(0) >= step.version) continue;
        ForeignKeysOff fkOff(connection, step.rebuildsTables);
        Transaction tx(connection);
        // Re-read under the write lock: another process may have migrated meanwhile.
        const auto current = connection.queryInt("PRAGMA user_version").value_or(0);
        if (current >= step.version) continue;
        if (current != step.version - 1)
            throw StoreError(
                StoreErrorKind::Corrupt, connection.location(),
                storeText(StoreText::UnexpectedSchemaVersion, {std::to_string(current)}));
        apply(connection, step, out);
        tx.commit();
    }
    return start;
}

} // namespace trainplan::store
