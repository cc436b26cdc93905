#include <trainplan/model/ascii_text.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/store/store.h>

#include <trainplan/model/scenario_json.h>

#include "json_text.h"
#include "store_internal.h"

#include <algorithm>
#include <cctype>

namespace trainplan::store {

namespace {

constexpr std::size_t kMaxTagLength = 64;

std::vector<std::string> tagsFromJsonArray(const std::string& text) {
    std::vector<std::string> tags;
    for (const auto& t : detail::parseJson(text))
        if (t.is_string()) tags.push_back(t.get<std::string>());
    return tags;
}

constexpr const char* kSummaryColumns = R"sql(
    s.id, s.name, s.created_at, s.updated_at,
    (SELECT coalesce(max(version), 0) FROM scenario_versions v WHERE v.scenario_id = s.id),
    (SELECT count(*) FROM scenario_versions v WHERE v.scenario_id = s.id),
    (SELECT json_group_array(tag) FROM
        (SELECT tag FROM scenario_tags t WHERE t.scenario_id = s.id ORDER BY tag COLLATE NOCASE)),
    s.body, s.deleted_at)sql";

ScenarioRecord readRecord(const Statement& q) {
    ScenarioRecord r;
    r.id = q.int64(0);
    r.name = q.text(1);
    r.createdAt = q.text(2);
    r.updatedAt = q.text(3);
    r.currentVersion = static_cast<int>(q.int64(4));
    r.versionCount = static_cast<int>(q.int64(5));
    r.tags = tagsFromJsonArray(q.text(6));
    r.body = q.text(7);
    r.deletedAt = q.optionalText(8);
    return r;
}

} // namespace

std::optional<std::int64_t> Store::scenarioId(const std::string& name) {
    auto q = m_connection.cached("SELECT id FROM scenarios WHERE name = ?1 AND deleted_at IS NULL");
    q->bindAll(name);
    if (!q->step()) return std::nullopt;
    return q->int64(0);
}

StoreArg Store::closeScenarioNames(const std::string& name) {
    std::vector<std::string> names;
    auto q =
        m_connection.cached("SELECT name FROM scenarios WHERE deleted_at IS NULL ORDER BY name");
    while (q->step())
        names.push_back(q->text(0));
    if (names.empty()) return storeText(StoreText::NoScenariosYet).asArg();
    return detail::didYouMean(name, names);
}

std::int64_t Store::requireScenarioId(const std::string& name) {
    if (auto id = scenarioId(name)) return *id;
    throw StoreError(StoreErrorKind::NotFound, location(),
                     storeText(StoreText::NoScenario, {name, closeScenarioNames(name)}));
}

SaveResult Store::saveScenarioText(std::string_view jsonText, const SaveScenarioOptions& options) {
    detail::OrderedJson doc;
    try {
        doc = detail::parseJson<detail::OrderedJson>(jsonText);
    } catch (const std::exception&) {
        // The model's parser words JSON syntax errors for users (line, column, what was expected).
        const model::ScenarioLoad load = model::parseScenario(jsonText, catalog());
        throw StoreError(StoreErrorKind::Invalid, location(), storeText(StoreText::ScenarioNotJson),
                         load.issues);
    }
    return storeScenario(std::move(doc), options);
}

SaveResult Store::saveScenario(const nlohmann::json& document, const SaveScenarioOptions& options) {
    return storeScenario(detail::scenarioKeyOrder(detail::OrderedJson(document)), options);
}

SaveResult Store::storeScenario(detail::OrderedJson doc, const SaveScenarioOptions& options) {
    if (!doc.is_object())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::ScenarioNotObject));
    if (options.name) {
        const std::string name = model::trimmed(*options.name);
        if (name.empty())
            throw StoreError(StoreErrorKind::Invalid, location(),
                             storeText(StoreText::ScenarioNameEmpty));
        doc["name"] = name;
    }
    model::ValidationIssues tagIssues;
    std::optional<std::vector<std::string>> tags;
    if (options.tags) tags = detail::normalizeTags(*options.tags, "", tagIssues);

    const model::ScenarioLoad load = model::parseScenario(nlohmann::json(doc), catalog());
    model::ValidationIssues issues = load.issues;
    issues.insert(issues.end(), tagIssues.begin(), tagIssues.end());
    if (!issues.empty() || !load.scenario) {
        const std::string name =
            doc.contains("name") && doc["name"].is_string() ? doc["name"].get<std::string>() : "";
        throw StoreError(StoreErrorKind::Invalid, location(),
                         name.empty() ? storeText(StoreText::ScenarioInvalid)
                                      : storeText(StoreText::NamedScenarioInvalid, {name}),
                         issues);
    }
    const std::string name = model::trimmed(load.scenario->name);
    doc["name"] = name;
    Transaction tx(m_connection);
    SaveResult result = appendScenarioVersion(name, detail::dumpJson(doc, 2), tags);
    tx.commit();
    return result;
}

SaveResult Store::appendScenarioVersion(const std::string& name, const std::string& body,
                                        const std::optional<std::vector<std::string>>& tags,
                                        const std::optional<std::string>& savedAt) {
    SaveResult result;
    result.name = name;
    if (auto id = scenarioId(name)) {
        result.scenarioId = *id;
        auto next = m_connection.cached(
            "SELECT coalesce(max(version), 0) + 1 FROM scenario_versions WHERE scenario_id = ?1");
        next->bindAll(*id);
        next->step();
        result.version = static_cast<int>(next->int64(0));
        auto update = m_connection.cached(
            "UPDATE scenarios SET name = ?2, body = ?3, updated_at = coalesce(?4, " +
            std::string(detail::kNow) + ") WHERE id = ?1");
        update->bindAll(*id, name, body, savedAt).run();
    } else {
        purgeDeletedNamed(name);
        auto insert = m_connection.cached(
            "INSERT INTO scenarios (name, body, created_at, updated_at) VALUES (?1, ?2, "
            "coalesce(?3, " +
            std::string(detail::kNow) + "), coalesce(?3, " + detail::kNow + "))");
        insert->bindAll(name, body, savedAt).run();
        result.scenarioId = m_connection.lastInsertRowId();
        result.version = 1;
        result.created = true;
    }
    auto version = m_connection.cached(
        "INSERT INTO scenario_versions (scenario_id, version, body, saved_at) VALUES "
        "(?1, ?2, ?3, coalesce(?4, " +
        std::string(detail::kNow) + "))");
    version->bindAll(result.scenarioId, result.version, body, savedAt).run();
    if (tags) setTags(result.scenarioId, *tags);
    return result;
}

void Store::setTags(std::int64_t scenarioId, const std::vector<std::string>& tags) {
    auto clear = m_connection.cached("DELETE FROM scenario_tags WHERE scenario_id = ?1");
    clear->bindAll(scenarioId).run();
    for (const auto& tag : tags) {
        auto add = m_connection.cached(
            "INSERT OR IGNORE INTO scenario_tags (scenario_id, tag) VALUES (?1, ?2)");
        add->bindAll(scenarioId, tag).run();
    }
}

std::vector<ScenarioSummary> Store::scenarios() {
    std::vector<ScenarioSummary> out;
    auto q = m_connection.cached("SELECT " + std::string(kSummaryColumns) +
                                 " FROM scenarios s WHERE s.deleted_at IS NULL ORDER BY s.name "
                                 "COLLATE NOCASE");
    while (q->step())
        out.push_back(readRecord(*q));
    return out;
}

std::optional<ScenarioRecord> Store::findScenario(const std::string& name) {
    auto q = m_connection.cached("SELECT " + std::string(kSummaryColumns) +
                                 " FROM scenarios s WHERE s.name = ?1 AND s.deleted_at IS NULL");
    q->bindAll(name);
    if (!q->step()) return std::nullopt;
    return readRecord(*q);
}

ScenarioRecord Store::scenario(const std::string& name) {
    if (auto r = findScenario(name)) return *r;
    throw StoreError(StoreErrorKind::NotFound, location(),
                     storeText(StoreText::NoScenario, {name, closeScenarioNames(name)}));
}

std::vector<ScenarioVersion> Store::history(const std::string& name) {
    Transaction snapshot(m_connection, Transaction::Kind::Read);
    const std::int64_t id = requireScenarioId(name);
    std::vector<ScenarioVersion> out;
    {
        auto q = m_connection.cached("SELECT version, saved_at, body FROM scenario_versions WHERE "
                                     "scenario_id = ?1 ORDER BY version");
        q->bindAll(id);
        while (q->step())
            out.push_back({static_cast<int>(q->int64(0)), q->text(1), q->text(2)});
    }
    snapshot.commit();
    return out;
}

ScenarioVersion Store::scenarioVersion(const std::string& name, int version) {
    Transaction snapshot(m_connection, Transaction::Kind::Read);
    const std::int64_t id = requireScenarioId(name);
    ScenarioVersion v;
    {
        auto q = m_connection.cached("SELECT version, saved_at, body FROM scenario_versions WHERE "
                                     "scenario_id = ?1 AND version = ?2");
        q->bindAll(id, version);
        if (!q->step()) {
            auto range = m_connection.cached(
                "SELECT min(version), max(version) FROM scenario_versions WHERE scenario_id = ?1");
            range->bindAll(id);
            range->step();
            throw StoreError(
                StoreErrorKind::NotFound, location(),
                storeText(StoreText::NoSuchVersion,
                          {name, std::to_string(version), std::to_string(range->int64(0)),
                           std::to_string(range->int64(1))}));
        }
        v = {static_cast<int>(q->int64(0)), q->text(1), q->text(2)};
    }
    snapshot.commit();
    return v;
}

SaveResult Store::restoreScenario(const std::string& name, int version) {
    const ScenarioVersion old = scenarioVersion(name, version);
    const ScenarioRecord current = scenario(name);
    detail::OrderedJson doc = detail::parseJson<detail::OrderedJson>(old.body);
    doc["name"] = current.name;
    const model::ScenarioLoad load = model::parseScenario(nlohmann::json(doc), catalog());
    if (!load.ok())
        throw StoreError(
            StoreErrorKind::Invalid, location(),
            storeText(StoreText::VersionNoLongerValid, {std::to_string(version), current.name}),
            load.issues);
    Transaction tx(m_connection);
    SaveResult result = appendScenarioVersion(current.name, detail::dumpJson(doc, 2), std::nullopt);
    tx.commit();
    return result;
}

int Store::deleteScenario(const std::string& name) {
    Transaction tx(m_connection);
    const std::int64_t id = requireScenarioId(name);
    int versions = 0;
    {
        auto q =
            m_connection.cached("SELECT count(*) FROM scenario_versions WHERE scenario_id = ?1");
        q->bindAll(id);
        q->step();
        versions = static_cast<int>(q->int64(0));
    }
    auto del = m_connection.cached(
        "UPDATE scenarios SET deleted_at = " + std::string(detail::kNow) + " WHERE id = ?1");
    del->bindAll(id).run();
    tx.commit();
    return versions;
}

ScenarioSummary Store::undeleteScenario(const std::string& name) {
    Transaction tx(m_connection);
    std::optional<std::int64_t> id;
    {
        auto q = m_connection.cached(
            "SELECT id FROM scenarios WHERE name = ?1 AND deleted_at IS NOT NULL");
        q->bindAll(name);
        if (q->step()) id = q->int64(0);
    }
    if (!id) {
        if (scenarioId(name))
            throw StoreError(StoreErrorKind::NotFound, location(),
                             storeText(StoreText::NotDeleted, {name}));
        std::vector<std::string> deleted;
        for (const auto& s : deletedScenarios())
            deleted.push_back(s.name);
        throw StoreError(
            StoreErrorKind::NotFound, location(),
            storeText(StoreText::NoDeletedScenario,
                      {name, deleted.empty() ? storeText(StoreText::NothingDeleted).asArg()
                                             : detail::didYouMean(name, deleted)}));
    }
    auto q = m_connection.cached("UPDATE scenarios SET deleted_at = NULL WHERE id = ?1");
    q->bindAll(*id).run();
    ScenarioRecord record;
    {
        auto r = m_connection.cached("SELECT " + std::string(kSummaryColumns) +
                                     " FROM scenarios s WHERE s.id = ?1");
        r->bindAll(*id);
        r->step();
        record = readRecord(*r);
    }
    tx.commit();
    return record;
}

std::vector<ScenarioSummary> Store::deletedScenarios() {
    std::vector<ScenarioSummary> out;
    auto q = m_connection.cached("SELECT " + std::string(kSummaryColumns) +
                                 " FROM scenarios s WHERE s.deleted_at IS NOT NULL ORDER BY "
                                 "s.deleted_at DESC, s.name COLLATE NOCASE");
    while (q->step())
        out.push_back(readRecord(*q));
    return out;
}

int Store::purgeDeletedScenarios(std::chrono::seconds olderThan) {
    if (olderThan.count() < 0)
        throw StoreError(
            StoreErrorKind::Invalid, location(),
            storeText(StoreText::NegativePurgeAge, {std::to_string(olderThan.count())}));
    // julianday counts days; the age in seconds is compared as a fraction of 86400 s.
    const std::string due = "deleted_at IS NOT NULL AND julianday(deleted_at) <= "
                            "julianday('now') - ?1 / 86400.0";
    {
        // Only take the write lock when something is due (Store::open calls this every time).
        auto q = m_connection.cached("SELECT count(*) FROM scenarios WHERE " + due);
        q->bindAll(static_cast<double>(olderThan.count()));
        q->step();
        if (q->int64(0) == 0) return 0;
    }
    Transaction tx(m_connection);
    auto q = m_connection.cached("DELETE FROM scenarios WHERE " + due);
    q->bindAll(static_cast<double>(olderThan.count())).run();
    const int purged = m_connection.changes();
    tx.commit();
    return purged;
}

void Store::purgeDeletedNamed(const std::string& name) {
    auto q =
        m_connection.cached("DELETE FROM scenarios WHERE name = ?1 AND deleted_at IS NOT NULL");
    q->bindAll(name).run();
}

ScenarioSummary Store::renameScenario(const std::string& name, const std::string& newName) {
    const std::string target = model::trimmed(newName);
    if (target.empty())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::NewNameEmpty, {name}),
                         {{"name", model::IssueId::Required}});
    const ScenarioRecord current = scenario(name); // NotFound
    // The renamed current version must still be a valid scenario (the validator's name rules).
    detail::OrderedJson doc = detail::parseJson<detail::OrderedJson>(current.body);
    doc["name"] = target;
    const model::ScenarioLoad load = model::parseScenario(nlohmann::json(doc), catalog());
    if (!load.ok())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::CannotRenameInvalid, {current.name, target}),
                         load.issues);

    Transaction tx(m_connection);
    const std::int64_t id = requireScenarioId(name);
    {
        auto q = m_connection.cached(
            "SELECT name FROM scenarios WHERE name = ?1 AND deleted_at IS NULL AND id <> ?2");
        q->bindAll(target, id);
        if (q->step())
            throw StoreError(StoreErrorKind::Conflict, location(),
                             storeText(StoreText::RenameTaken, {current.name, target, q->text(0)}));
    }
    {
        auto q = m_connection.cached(
            "DELETE FROM scenarios WHERE name = ?1 AND deleted_at IS NOT NULL AND id <> ?2");
        q->bindAll(target, id).run();
    }
    // The name is part of every stored body; the rest of each version stays byte for byte.
    auto renamedBody = [&](const std::string& body) {
        detail::OrderedJson j = detail::parseJson<detail::OrderedJson>(body);
        j["name"] = target;
        return detail::dumpJson(j, 2);
    };
    std::vector<std::pair<std::int64_t, std::string>> versions;
    {
        auto q = m_connection.cached(
            "SELECT id, body FROM scenario_versions WHERE scenario_id = ?1 ORDER BY version");
        q->bindAll(id);
        while (q->step())
            versions.emplace_back(q->int64(0), renamedBody(q->text(1)));
    }
    for (const auto& [versionId, body] : versions) {
        auto q = m_connection.cached("UPDATE scenario_versions SET body = ?2 WHERE id = ?1");
        q->bindAll(versionId, body).run();
    }
    {
        auto q = m_connection.cached("UPDATE scenarios SET name = ?2, body = ?3 WHERE id = ?1");
        q->bindAll(id, target, renamedBody(current.body)).run();
    }
    relinkRunsAndComparisons(id, target);
    ScenarioRecord record;
    {
        auto r = m_connection.cached("SELECT " + std::string(kSummaryColumns) +
                                     " FROM scenarios s WHERE s.id = ?1");
        r->bindAll(id);
        r->step();
        record = readRecord(*r);
    }
    tx.commit();
    return record;
}

namespace detail {

OrderedJson scenarioKeyOrder(const OrderedJson& doc) {
    if (!doc.is_object()) return doc;
    static constexpr const char* kOrder[] = {"schema",      "name",    "description", "model",
                                             "training",    "cluster", "plans",       "efficiency",
                                             "constraints", "team",    "platform",    "stages"};
    OrderedJson out = OrderedJson::object();
    for (const char* key : kOrder)
        if (doc.contains(key)) out[key] = doc[key];
    for (const auto& [key, value] : doc.items())
        if (!out.contains(key)) out[key] = value;
    return out;
}

std::vector<std::string> normalizeTags(const std::vector<std::string>& tags,
                                       const std::string& pathPrefix,
                                       model::ValidationIssues& issues) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < tags.size(); ++i) {
        const std::string tag = model::trimmed(tags[i]);
        const std::string path = pathPrefix + "tags[" + std::to_string(i) + "]";
        if (tag.empty()) continue;
        if (tag.size() > kMaxTagLength) {
            issues.push_back({path, model::IssueId::TagTooLong, {kMaxTagLength}});
            continue;
        }
        if (std::any_of(tag.begin(), tag.end(),
                        [](unsigned char c) { return c < 0x20 || c == ','; })) {
            issues.push_back({path, model::IssueId::TagBadCharacter, {tag}});
            continue;
        }
        const bool dup = std::any_of(out.begin(), out.end(), [&](const std::string& t) {
            return std::equal(t.begin(), t.end(), tag.begin(), tag.end(), [](char a, char b) {
                return std::tolower(static_cast<unsigned char>(a)) ==
                       std::tolower(static_cast<unsigned char>(b));
            });
        });
        if (!dup) out.push_back(tag);
    }
    return out;
}

} // namespace detail

} // namespace trainplan::store
