#include <trainplan/store/store.h>

#include <trainplan/model/issue_text.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/store/schema.h>

#include "json_text.h"
#include "run_json.h"
#include "store_internal.h"

#include <algorithm>
#include <set>

namespace trainplan::store {

// The library document keeps its key order (scenario bodies as the user wrote them); entries are
// compared as plain (key-sorted) JSON.
using json = nlohmann::ordered_json;
using PlainJson = nlohmann::json;

namespace {

json optionalString(const std::optional<std::string>& s) {
    return s ? json(*s) : json(nullptr);
}

// Reads library items, recording every problem with its path; never throws on bad input.
class LibraryReader {
public:
    explicit LibraryReader(model::ValidationIssues& issues)
        : m_issues(issues) {}

    const json* array(const json& parent, const char* key, const std::string& path) {
        if (!parent.contains(key)) return nullptr;
        const json& v = parent[key];
        if (!v.is_array()) {
            m_issues.push_back({path, model::IssueId::MustBeArray});
            return nullptr;
        }
        return &v;
    }
    bool object(const json& j, const std::string& path,
                std::initializer_list<const char*> knownKeys) {
        if (!j.is_object()) {
            m_issues.push_back({path, model::IssueId::MustBeObject});
            return false;
        }
        for (const auto& item : j.items()) {
            // Not a structured binding: clang before 16 cannot capture one in a lambda.
            const std::string& key = item.key();
            if (std::none_of(knownKeys.begin(), knownKeys.end(),
                             [&](const char* k) { return key == k; }))
                m_issues.push_back({path + "." + key, model::IssueId::UnknownKey});
        }
        return true;
    }
    std::string string(const json& j, const char* key, const std::string& path, bool required) {
        if (!j.contains(key) || j[key].is_null()) {
            if (required) m_issues.push_back({path + "." + key, model::IssueId::Required});
            return {};
        }
        if (!j[key].is_string()) {
            m_issues.push_back({path + "." + key, model::IssueId::MustBeString});
            return {};
        }
        std::string s = j[key].get<std::string>();
        if (required && s.find_first_not_of(" \t") == std::string::npos)
            m_issues.push_back({path + "." + key, model::IssueId::MustNotBeEmpty});
        return s;
    }
    std::optional<std::string> optionalString(const json& j, const char* key,
                                              const std::string& path) {
        if (!j.contains(key) || j[key].is_null()) return std::nullopt;
        return string(j, key, path, false);
    }

private:
    model::ValidationIssues& m_issues;
};

struct CatalogItem {
    CatalogKind kind;
    std::string name;
    PlainJson body;
    std::string path;
};

struct VersionItem {
    std::size_t index = 0; // position in the file's versions array, for issue paths
    int version = 0;
    std::optional<std::string> savedAt;
    json body;
};

struct ScenarioItem {
    std::string name;
    std::vector<std::string> tags;
    std::optional<std::string> createdAt;
    std::optional<std::string> updatedAt;
    std::vector<VersionItem> versions;
    std::string path;
};

struct RunItem {
    NewMeasuredRun run;
    std::optional<std::string> createdAt;
};

struct ComparisonItem {
    std::string name;
    std::optional<std::string> scenario;
    std::optional<std::string> createdAt;
    json result;
};

struct ProfileItem {
    std::string name;
    json parameters;
    std::string notes;
    std::optional<std::string> createdAt;
    std::optional<std::string> updatedAt;
    std::string path;
};

} // namespace

json Store::exportLibrary() {
    Transaction snapshot(m_connection, Transaction::Kind::Read);
    json lib = json::object();
    lib["schema"] = kLibrarySchema;
    lib["database_schema_version"] = kSchemaVersion;
    lib["exported_at"] = m_connection.queryText(std::string("SELECT ") + detail::kNow).value_or("");

    json catalog = json::object();
    for (CatalogKind kind : kAllCatalogKinds) {
        json arr = json::array();
        for (const auto& e : catalogEntries(kind))
            if (!e.builtin) arr.push_back(json(e.body));
        catalog[std::string(detail::catalogArrayKey(kind))] = arr;
    }
    lib["catalog"] = catalog;

    json scenarios = json::array();
    for (const auto& s : this->scenarios()) {
        json versions = json::array();
        for (const auto& v : history(s.name))
            versions.push_back({{"version", v.version},
                                {"saved_at", v.savedAt},
                                {"body", detail::parseJson<json>(v.body)}});
        scenarios.push_back({{"name", s.name},
                             {"tags", s.tags},
                             {"created_at", s.createdAt},
                             {"updated_at", s.updatedAt},
                             {"versions", versions}});
    }
    lib["scenarios"] = scenarios;

    json runs = json::array();
    for (const auto& r : this->runs()) {
        json j = detail::runToJson(r);
        j["created_at"] = r.createdAt;
        runs.push_back(j);
    }
    lib["runs"] = runs;

    json comparisons = json::array();
    for (const auto& c : this->comparisons())
        comparisons.push_back({{"name", c.name},
                               {"scenario", optionalString(c.scenarioName)},
                               {"created_at", c.createdAt},
                               {"result", c.result}});
    lib["comparisons"] = comparisons;

    json profiles = json::array();
    for (const auto& p : calibrationProfiles())
        profiles.push_back({{"name", p.name},
                            {"parameters", p.parameters},
                            {"notes", p.notes},
                            {"created_at", p.createdAt},
                            {"updated_at", p.updatedAt}});
    lib["calibration_profiles"] = profiles;
    snapshot.commit();
    return lib;
}

LibraryImportSummary Store::importLibrary(const json& lib) {
    model::ValidationIssues issues;
    LibraryReader read(issues);
    if (!read.object(lib, "library",
                     {"schema", "database_schema_version", "exported_at", "catalog", "scenarios",
                      "runs", "comparisons", "calibration_profiles"}))
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::LibraryNotObject));
    if (!lib.contains("schema") || lib["schema"] != kLibrarySchema)
        issues.push_back({"schema", model::IssueId::SchemaMustBe, {kLibrarySchema}});

    // --- Read and check everything before writing anything.
    std::vector<CatalogItem> catalogItems;
    if (lib.contains("catalog") &&
        read.object(lib["catalog"], "catalog", {"gpus", "links", "models"})) {
        for (CatalogKind kind : kAllCatalogKinds) {
            const std::string key(detail::catalogArrayKey(kind));
            const json* arr = read.array(lib["catalog"], key.c_str(), "catalog." + key);
            if (!arr) continue;
            for (std::size_t i = 0; i < arr->size(); ++i) {
                const std::string path = "catalog." + key + "[" + std::to_string(i) + "]";
                const PlainJson item((*arr)[i]);
                CatalogItem c{kind, {}, {}, path};
                switch (kind) {
                case CatalogKind::Gpu: {
                    const auto g = model::gpuFromJson(item, path, issues);
                    c.name = g.name;
                    c.body = model::toJson(g);
                    break;
                }
                case CatalogKind::Link: {
                    const auto l = model::linkFromJson(item, path, issues);
                    c.name = l.name;
                    c.body = model::toJson(l);
                    break;
                }
                case CatalogKind::Model: {
                    const auto m = model::modelFromJson(item, path, issues);
                    c.name = m.name;
                    c.body = model::toJson(m);
                    break;
                }
                }
                if (c.name.empty())
                    issues.push_back({path + ".name", model::IssueId::Required});
                else
                    catalogItems.push_back(std::move(c));
            }
        }
    }

    std::vector<ScenarioItem> scenarioItems;
    if (const json* arr = read.array(lib, "scenarios", "scenarios")) {
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string path = "scenarios[" + std::to_string(i) + "]";
            const json& item = (*arr)[i];
            if (!read.object(item, path, {"name", "tags", "created_at", "updated_at", "versions"}))
                continue;
            ScenarioItem s;
            s.path = path;
            s.name = read.string(item, "name", path, true);
            s.createdAt = read.optionalString(item, "created_at", path);
            s.updatedAt = read.optionalString(item, "updated_at", path);
            if (const json* tags = read.array(item, "tags", path + ".tags")) {
                std::vector<std::string> raw;
                for (const auto& t : *tags) {
                    if (t.is_string())
                        raw.push_back(t.get<std::string>());
                    else
                        issues.push_back({path + ".tags", model::IssueId::MustHoldStrings});
                }
                s.tags = detail::normalizeTags(raw, path + ".", issues);
            }
            const json* versions = read.array(item, "versions", path + ".versions");
            if (!versions || versions->empty()) {
                issues.push_back({path + ".versions", model::IssueId::NeedsVersion});
                continue;
            }
            for (std::size_t k = 0; k < versions->size(); ++k) {
                const std::string vpath = path + ".versions[" + std::to_string(k) + "]";
                const json& v = (*versions)[k];
                if (!read.object(v, vpath, {"version", "saved_at", "body"})) continue;
                VersionItem vi;
                vi.index = k;
                if (v.contains("version") && v["version"].is_number_integer() &&
                    v["version"].get<long long>() >= 1 &&
                    v["version"].get<long long>() <= 1000000000)
                    vi.version = v["version"].get<int>();
                else
                    issues.push_back({vpath + ".version", model::IssueId::VersionWholeNumber});
                vi.savedAt = read.optionalString(v, "saved_at", vpath);
                if (!v.contains("body") || !v["body"].is_object()) {
                    issues.push_back({vpath + ".body", model::IssueId::MustBeScenarioObject});
                    continue;
                }
                vi.body = v["body"];
                s.versions.push_back(std::move(vi));
            }
            std::sort(
                s.versions.begin(), s.versions.end(),
                [](const VersionItem& a, const VersionItem& b) { return a.version < b.version; });
            for (std::size_t k = 1; k < s.versions.size(); ++k)
                if (s.versions[k].version == s.versions[k - 1].version)
                    issues.push_back({path + ".versions",
                                      model::IssueId::VersionTwice,
                                      {s.versions[k].version}});
            if (!s.name.empty() && !s.versions.empty()) scenarioItems.push_back(std::move(s));
        }
    }

    std::vector<RunItem> runItems;
    if (const json* arr = read.array(lib, "runs", "runs")) {
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string path = "runs[" + std::to_string(i) + "]";
            RunItem r;
            r.run = detail::runFromJson(PlainJson((*arr)[i]), path, issues);
            if ((*arr)[i].is_object())
                r.createdAt = read.optionalString((*arr)[i], "created_at", path);
            auto more = detail::validateRun(r.run, path);
            issues.insert(issues.end(), more.begin(), more.end());
            runItems.push_back(std::move(r));
        }
    }

    std::vector<ComparisonItem> comparisonItems;
    if (const json* arr = read.array(lib, "comparisons", "comparisons")) {
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string path = "comparisons[" + std::to_string(i) + "]";
            const json& item = (*arr)[i];
            if (!read.object(item, path, {"name", "scenario", "created_at", "result"})) continue;
            ComparisonItem c;
            c.name = read.string(item, "name", path, false);
            c.scenario = read.optionalString(item, "scenario", path);
            c.createdAt = read.optionalString(item, "created_at", path);
            if (!item.contains("result"))
                issues.push_back({path + ".result", model::IssueId::Required});
            else
                c.result = item["result"];
            comparisonItems.push_back(std::move(c));
        }
    }

    std::vector<ProfileItem> profileItems;
    if (const json* arr = read.array(lib, "calibration_profiles", "calibration_profiles")) {
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string path = "calibration_profiles[" + std::to_string(i) + "]";
            const json& item = (*arr)[i];
            if (!read.object(item, path,
                             {"name", "parameters", "notes", "created_at", "updated_at"}))
                continue;
            ProfileItem p;
            p.path = path;
            p.name = read.string(item, "name", path, true);
            p.notes = read.string(item, "notes", path, false);
            p.createdAt = read.optionalString(item, "created_at", path);
            p.updatedAt = read.optionalString(item, "updated_at", path);
            if (!item.contains("parameters") || !item["parameters"].is_object())
                issues.push_back({path + ".parameters", model::IssueId::MustBeObject});
            else
                p.parameters = item["parameters"];
            profileItems.push_back(std::move(p));
        }
    }
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::LibraryInvalid),
                         issues);

    // --- One transaction: all of it or none of it.
    LibraryImportSummary summary;
    model::ValidationIssues conflicts;
    Transaction tx(m_connection);

    for (const CatalogItem& c : catalogItems) {
        const std::string table = detail::catalogTable(c.kind);
        auto q = m_connection.cached("SELECT builtin, body FROM " + table + " WHERE name = ?1");
        q->bindAll(c.name);
        if (!q->step()) {
            auto insert = m_connection.cached(
                "INSERT INTO " + table + " (name, builtin, source, body) VALUES (?1, 0, ?2, ?3)");
            insert->bindAll(c.name, c.body.value("source", std::string()), detail::dumpJson(c.body))
                .run();
            ++summary.catalog.added;
        } else if (detail::parseJson(q->text(1)) == c.body) {
            ++summary.catalog.skipped;
        } else {
            conflicts.push_back(
                {c.path,
                 q->int64(0) ? model::IssueId::DiffersFromBuiltin : model::IssueId::DiffersFromUser,
                 {c.name, std::string(toString(c.kind))}});
        }
    }

    const model::Catalog cat = catalog(); // includes the entries just added
    for (const ScenarioItem& s : scenarioItems) {
        // Every version must validate, not only the current one: an older version is restored
        // by `scenario restore` and compared in the history, so it is as much the library's.
        bool allValid = true;
        for (std::size_t k = 0; k < s.versions.size(); ++k) {
            const model::ScenarioLoad load =
                model::parseScenario(PlainJson(s.versions[k].body), cat);
            for (const auto& issue : load.issues) {
                model::ValidationIssue moved = issue;
                moved.path = s.path + ".versions[" + std::to_string(s.versions[k].index) +
                             "].body" + (issue.path.empty() ? "" : "." + issue.path);
                issues.push_back(std::move(moved));
            }
            allValid = allValid && load.ok();
        }
        if (!allValid) continue;

        const std::vector<std::string>& tags = s.tags;
        const std::optional<ScenarioRecord> existing = findScenario(s.name);
        if (!existing) {
            purgeDeletedNamed(s.name); // a deleted scenario gives its name up, as for a save
            json last = s.versions.back().body;
            last["name"] = s.name;
            auto insert = m_connection.cached(
                "INSERT INTO scenarios (name, body, created_at, updated_at) VALUES (?1, ?2, "
                "coalesce(?3, " +
                std::string(detail::kNow) + "), coalesce(?4, " + detail::kNow + "))");
            insert
                ->bindAll(s.name, detail::dumpJson(last, 2), s.createdAt,
                          s.updatedAt ? s.updatedAt : s.versions.back().savedAt)
                .run();
            const std::int64_t id = m_connection.lastInsertRowId();
            for (const VersionItem& v : s.versions) {
                json body = v.body;
                body["name"] = s.name;
                auto version = m_connection.cached("INSERT INTO scenario_versions (scenario_id, "
                                                   "version, body, saved_at) VALUES (?1, ?2, ?3, "
                                                   "coalesce(?4, " +
                                                   std::string(detail::kNow) + "))");
                version->bindAll(id, v.version, detail::dumpJson(body, 2), v.savedAt).run();
                ++summary.versions.added;
            }
            setTags(id, tags);
            ++summary.scenarios.added;
            continue;
        }
        ++summary.scenarios.skipped;
        std::vector<PlainJson> have;
        for (const auto& v : history(existing->name))
            have.push_back(detail::parseJson(v.body));
        const auto stored = [&](const VersionItem& v) {
            json body = v.body;
            body["name"] = existing->name;
            return std::find(have.begin(), have.end(), PlainJson(body)) != have.end();
        };
        // Appending makes the last appended version current. When the file's newest version is
        // already stored, an older version that differs (edited in the file) would become
        // current: refuse it rather than change what the library calls current.
        if (stored(s.versions.back())) {
            bool conflict = false;
            for (const VersionItem& v : s.versions)
                if (!stored(v)) {
                    conflicts.push_back({s.path + ".versions[" + std::to_string(v.index) + "]",
                                         model::IssueId::VersionNotInHistory,
                                         {v.version, existing->name}});
                    conflict = true;
                }
            if (conflict) continue;
        }
        for (const VersionItem& v : s.versions) {
            json body = v.body;
            body["name"] = existing->name;
            const PlainJson plain(body);
            if (std::find(have.begin(), have.end(), plain) != have.end()) {
                ++summary.versions.skipped;
                continue;
            }
            appendScenarioVersion(existing->name, detail::dumpJson(body, 2), std::nullopt,
                                  v.savedAt);
            have.push_back(plain);
            ++summary.versions.added;
        }
        std::vector<std::string> merged = existing->tags;
        merged.insert(merged.end(), tags.begin(), tags.end());
        setTags(existing->id, merged);
    }

    for (const RunItem& r : runItems) {
        if (insertRun(r.run, scenarioId(r.run.scenarioName), r.createdAt))
            ++summary.runs.added;
        else
            ++summary.runs.skipped;
    }

    for (const ComparisonItem& c : comparisonItems) {
        const std::string body = detail::dumpJson(c.result);
        auto same = m_connection.cached("SELECT 1 FROM comparisons WHERE name = ?1 AND "
                                        "scenario_name IS ?2 AND created_at IS ?3 AND body = ?4");
        same->bindAll(c.name, c.scenario, c.createdAt, body);
        if (same->step()) {
            ++summary.comparisons.skipped;
            continue;
        }
        const std::optional<std::int64_t> sid = c.scenario ? scenarioId(*c.scenario) : std::nullopt;
        auto insert = m_connection.cached(
            "INSERT INTO comparisons (name, scenario_id, scenario_name, body, created_at) "
            "VALUES (?1, ?2, ?3, ?4, coalesce(?5, " +
            std::string(detail::kNow) + "))");
        insert->bindAll(c.name, sid, c.scenario, body, c.createdAt).run();
        ++summary.comparisons.added;
    }

    for (const ProfileItem& p : profileItems) {
        auto q = m_connection.cached(
            "SELECT parameters, notes FROM calibration_profiles WHERE name = ?1");
        q->bindAll(p.name);
        if (!q->step()) {
            auto insert = m_connection.cached("INSERT INTO calibration_profiles (name, parameters, "
                                              "notes, created_at, updated_at) VALUES (?1, ?2, ?3, "
                                              "coalesce(?4, " +
                                              std::string(detail::kNow) + "), coalesce(?5, " +
                                              detail::kNow + "))");
            insert
                ->bindAll(p.name, detail::dumpJson(p.parameters), p.notes, p.createdAt, p.updatedAt)
                .run();
            ++summary.calibrationProfiles.added;
        } else if (detail::parseJson(q->text(0)) == PlainJson(p.parameters) &&
                   q->text(1) == p.notes) {
            ++summary.calibrationProfiles.skipped;
        } else {
            conflicts.push_back({p.path, model::IssueId::ProfileDiffers, {p.name}});
        }
    }

    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::LibraryInvalid),
                         issues);
    if (!conflicts.empty())
        throw StoreError(StoreErrorKind::Conflict, location(),
                         storeText(StoreText::LibraryConflicts), conflicts);
    tx.commit();
    return summary;
}

} // namespace trainplan::store
