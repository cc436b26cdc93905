#include "schema_steps.h"

#include <trainplan/store/store_error.h>

#include "json_text.h"

#include <string>
#include <vector>

// Schema v4 (issue 22 item 10). STRICT tables (SQLite 3.37+; Debian 12 has 3.40) check every
// column's type on every write: "cannot store TEXT value in REAL column measured_runs.step_time_s"
// (https://www.sqlite.org/stricttables.html). A table's constraints cannot be changed in place, so
// each table is rebuilt by the procedure of https://www.sqlite.org/lang_altertable.html#otheralter:
// create new_X, copy the rows, drop X, rename new_X to X, recreate X's indexes.

namespace trainplan::store::detail {

namespace {

constexpr const char* kNowDefault = "DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";

// A measurement: a finite number above zero (9e999 reads as +Inf in SQLite).
std::string positiveFinite(const std::string& column) {
    return column + " REAL CHECK (" + column + " IS NULL OR (" + column + " > 0 AND " + column +
           " < 9e999))";
}

std::string catalogTable(const std::string& name) {
    return "CREATE TABLE new_" + name + R"sql( (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    builtin INTEGER NOT NULL DEFAULT 0 CHECK (builtin IN (0, 1)),
    source TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL )sql" +
           kNowDefault + R"sql(,
    updated_at TEXT NOT NULL )sql" +
           kNowDefault + R"sql(
) STRICT)sql";
}

struct StrictTable {
    std::string name;
    std::string create;  // CREATE TABLE new_<name> ... STRICT
    std::string indexes; // recreated after the rename
};

// The v3 tables, column for column in their v3 order, with the same constraints, plus STRICT and
// finite measurements. Referenced tables first (any order works with the foreign keys off).
std::vector<StrictTable> strictTables() {
    return {
        {"catalog_gpus", catalogTable("catalog_gpus"), ""},
        {"catalog_links", catalogTable("catalog_links"), ""},
        {"catalog_models", catalogTable("catalog_models"), ""},
        {"scenarios",
         std::string(R"sql(CREATE TABLE new_scenarios (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    created_at TEXT NOT NULL )sql") +
             kNowDefault + R"sql(,
    updated_at TEXT NOT NULL )sql" +
             kNowDefault + R"sql(,
    deleted_at TEXT CHECK (deleted_at IS NULL OR julianday(deleted_at) IS NOT NULL)
) STRICT)sql",
         "CREATE INDEX scenarios_deleted ON scenarios(deleted_at) WHERE deleted_at IS NOT NULL"},
        {"scenario_versions",
         std::string(R"sql(CREATE TABLE new_scenario_versions (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'object'),
    saved_at TEXT NOT NULL )sql") +
             kNowDefault + R"sql(,
    UNIQUE (scenario_id, version)
) STRICT)sql",
         ""},
        {"scenario_tags", R"sql(CREATE TABLE new_scenario_tags (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    tag TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(tag)) > 0),
    PRIMARY KEY (scenario_id, tag)
) STRICT, WITHOUT ROWID)sql",
         "CREATE INDEX scenario_tags_tag ON scenario_tags(tag)"},
        {"measured_runs",
         std::string(R"sql(CREATE TABLE new_measured_runs (
    id INTEGER PRIMARY KEY,
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    scenario_name TEXT NOT NULL CHECK (length(trim(scenario_name)) > 0),
    plan TEXT CHECK (plan IS NULL OR (json_valid(plan) AND json_type(plan) = 'object')),
    )sql") + positiveFinite("step_time_s") +
             ",\n    " + positiveFinite("tokens_per_s_per_gpu") + ",\n    " +
             positiveFinite("peak_memory_bytes") + R"sql(,
    measured_on TEXT CHECK (measured_on IS NULL OR date(measured_on) IS measured_on),
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL )sql" +
             kNowDefault + R"sql(,
    source TEXT NOT NULL DEFAULT '',
    )sql" + positiveFinite("flops_per_s_per_gpu") +
             R"sql(,
    mfu REAL CHECK (mfu IS NULL OR (mfu > 0 AND mfu <= 1)),
    details TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details) AND json_type(details) = 'object'),
    fingerprint TEXT
) STRICT)sql",
         "CREATE INDEX measured_runs_scenario ON measured_runs(scenario_id);\n"
         "CREATE UNIQUE INDEX measured_runs_fingerprint ON measured_runs(fingerprint)"},
        {"comparisons",
         std::string(R"sql(CREATE TABLE new_comparisons (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL DEFAULT '',
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    scenario_name TEXT,
    body TEXT NOT NULL CHECK (json_valid(body)),
    created_at TEXT NOT NULL )sql") +
             kNowDefault + R"sql(
) STRICT)sql",
         "CREATE INDEX comparisons_scenario ON comparisons(scenario_id)"},
        {"calibration_profiles",
         std::string(R"sql(CREATE TABLE new_calibration_profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    parameters TEXT NOT NULL CHECK (json_valid(parameters) AND json_type(parameters) = 'object'),
    notes TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL )sql") +
             kNowDefault + R"sql(,
    updated_at TEXT NOT NULL )sql" +
             kNowDefault + R"sql(
) STRICT)sql",
         ""},
        {"meta", R"sql(CREATE TABLE new_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT, WITHOUT ROWID)sql",
         ""},
    };
}

struct Column {
    std::string name;
    std::string type; // INTEGER, REAL or TEXT
};

std::vector<Column> columnsOf(Connection& c, const std::string& table) {
    std::vector<Column> out;
    Statement q = c.prepare("SELECT name, upper(type) FROM pragma_table_info(?1) ORDER BY cid");
    q.bind(1, table);
    while (q.step())
        out.push_back({q.text(0), q.text(1)});
    return out;
}

// How a row is named in a message: its primary key ("id 7", "key 'builtin_catalog'").
std::string rowLabelSql(Connection& c, const std::string& table) {
    std::string label;
    Statement q = c.prepare("SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk");
    q.bind(1, table);
    while (q.step())
        label += (label.empty() ? "" : " || ', ' || ") +
                 ("'" + q.text(0) + " ' || quote(" + q.text(0) + ")");
    return label.empty() ? "'rowid ' || rowid" : label;
}

// Values a STRICT column of `type` refuses. The old columns' affinity already converted what
// converts losslessly ('9.5' in a REAL column is stored as 9.5), so what remains is refused.
std::string refusedWhere(const Column& col) {
    const std::string t = "typeof(" + col.name + ")";
    if (col.type == "INTEGER") return t + " NOT IN ('integer', 'null')";
    if (col.type == "REAL")
        return t + " NOT IN ('real', 'integer', 'null') OR abs(" + col.name + ") >= 9e999";
    return t + " NOT IN ('text', 'null')";
}

std::string shown(std::string text) {
    constexpr std::size_t kMax = 60;
    if (text.size() > kMax) text = text.substr(0, kMax) + "...";
    return text;
}

constexpr const char* kRefusedKey = "values_refused_by_schema_v4";

// A measured run's measurement that is not a finite number is not a measurement: the column is
// emptied and the value kept, as text, in the run's details under kRefusedKey.
void keepRefusedMeasurements(Connection& c, const std::vector<Column>& columns,
                             std::vector<StoreMessage>& notes) {
    for (const Column& col : columns) {
        if (col.type != "REAL") continue;
        struct Refused {
            std::int64_t id;
            std::string scenario;
            std::string value;
            std::string details;
        };
        std::vector<Refused> refused;
        {
            Statement q = c.prepare("SELECT id, scenario_name, CASE typeof(" + col.name +
                                    ") WHEN 'text' THEN " + col.name + " WHEN 'real' THEN CAST(" +
                                    col.name + " AS TEXT) ELSE quote(" + col.name +
                                    ") END, details FROM measured_runs WHERE " + refusedWhere(col) +
                                    " ORDER BY id");
            while (q.step())
                refused.push_back({q.int64(0), q.text(1), q.text(2), q.text(3)});
        }
        for (const Refused& r : refused) {
            nlohmann::json details = nlohmann::json::object();
            try {
                details = parseJson(r.details);
            } catch (const std::exception&) {
                // The old CHECK kept details a JSON object; unreadable details stay as text.
                details = {{"details_as_stored", r.details}};
            }
            if (!details.is_object()) details = {{"details_as_stored", r.details}};
            details[kRefusedKey][col.name] = r.value;
            Statement u = c.prepare("UPDATE measured_runs SET " + col.name +
                                    " = NULL, details = ?2 WHERE id = ?1");
            u.bindAll(r.id, dumpJson(details));
            u.run();
            StoreMessage note = storeText(
                StoreText::StrictMeasurementMoved,
                {std::to_string(r.id), shown(r.scenario), col.name, shown(r.value), kRefusedKey});
            Statement leftQuery =
                c.prepare("SELECT coalesce(step_time_s, tokens_per_s_per_gpu, peak_memory_bytes, "
                          "flops_per_s_per_gpu, mfu) IS NULL FROM measured_runs WHERE id = ?1");
            leftQuery.bindAll(r.id);
            if (leftQuery.step() && leftQuery.int64(0) != 0)
                note = storeText(StoreText::StrictNoMeasurementLeft, {note.asArg()});
            notes.push_back(std::move(note));
        }
    }
}

std::int64_t rowCount(Connection& c, const std::string& table) {
    return c.queryInt("SELECT count(*) FROM " + table).value_or(-1);
}

} // namespace

void makeTablesStrict(Connection& c, std::vector<StoreMessage>& notes) {
    if (c.queryInt("PRAGMA foreign_keys").value_or(1) != 0)
        throw StoreError(StoreErrorKind::Io, c.location(),
                         storeText(StoreText::StrictNeedsForeignKeysOff));
    const std::vector<StrictTable> tables = strictTables();
    for (const StrictTable& t : tables)
        c.exec(t.create);

    // Every value the new types refuse, named, before anything is copied.
    std::vector<StoreMessage> refused;
    for (const StrictTable& t : tables) {
        const std::vector<Column> columns = columnsOf(c, "new_" + t.name);
        if (t.name == "measured_runs") keepRefusedMeasurements(c, columns, notes);
        const std::string label = rowLabelSql(c, "new_" + t.name);
        for (const Column& col : columns) {
            Statement q =
                c.prepare("SELECT " + label + ", typeof(" + col.name + "), quote(" + col.name +
                          ") FROM " + t.name + " WHERE " + refusedWhere(col) + " LIMIT 5");
            while (q.step())
                refused.push_back(
                    storeText(StoreText::StrictRefusedRow,
                              {t.name, q.text(0), col.name, q.text(1), shown(q.text(2)),
                               storeText(col.type == "INTEGER" ? StoreText::StrictWantInteger
                                         : col.type == "REAL"  ? StoreText::StrictWantFiniteNumber
                                                               : StoreText::StrictWantText)
                                   .asArg()}));
        }
    }
    if (!refused.empty()) {
        // The first ten, "; "-separated ("；" in Chinese).
        StoreArg list;
        for (std::size_t i = 0; i < refused.size() && i < 10; ++i) {
            list.en += (i ? "; " : "") + refused[i].in(model::Lang::En);
            list.zh += (i ? "；" : "") + refused[i].in(model::Lang::ZhCN);
        }
        if (refused.size() > 10) {
            list.en += "; ...";
            list.zh += "；……";
        }
        throw StoreError(StoreErrorKind::Corrupt, c.location(),
                         storeText(StoreText::StrictRefusedValues, {list}));
    }

    for (const StrictTable& t : tables) {
        std::string names;
        for (const Column& col : columnsOf(c, "new_" + t.name))
            names += (names.empty() ? "" : ", ") + col.name;
        const std::int64_t before = rowCount(c, t.name);
        c.exec("INSERT INTO new_" + t.name + " (" + names + ") SELECT " + names + " FROM " +
               t.name);
        if (rowCount(c, "new_" + t.name) != before)
            throw StoreError(StoreErrorKind::Io, c.location(),
                             storeText(StoreText::StrictCopyIncomplete, {t.name}));
        c.exec("DROP TABLE " + t.name);
        c.exec("ALTER TABLE new_" + t.name + " RENAME TO " + t.name);
    }
    for (const StrictTable& t : tables)
        if (!t.indexes.empty()) c.exec(t.indexes);
}

} // namespace trainplan::store::detail
