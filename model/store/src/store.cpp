#include <trainplan/store/store.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/store/schema.h>

#include "json_text.h"
#include "run_json.h"
#include "store_internal.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <set>
#include <system_error>

namespace trainplan::store {

namespace fs = std::filesystem;

namespace {

constexpr const char* kLeftUntouched =
    "it was left untouched; move it away or choose another database with --db PATH or TRAINPLAN_DB";

std::string showBytes(const char* bytes, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '.';
    }
    return out;
}

bool directoryWritable(const fs::path& file) {
    const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
    return ::access(dir.c_str(), W_OK) == 0;
}

// Checks a database path before SQLite touches it, so a file that is not ours is never written.
void preflight(const fs::path& file, OpenMode mode) {
    const std::string path = file.string();
    std::error_code ec;
    const fs::file_status st = fs::status(file, ec);
    if (fs::exists(st)) {
        if (fs::is_directory(st))
            throw StoreError(StoreErrorKind::CannotOpen, path,
                             "is a directory, not a database file");
        if (!fs::is_regular_file(st))
            throw StoreError(StoreErrorKind::CannotOpen, path, "is not a regular file");
        std::ifstream in(file, std::ios::binary);
        if (!in)
            throw StoreError(StoreErrorKind::CannotOpen, path,
                             "cannot read the file (" + std::generic_category().message(errno) +
                                 ")");
        char header[100] = {};
        in.read(header, sizeof header);
        const auto n = static_cast<std::size_t>(in.gcount());
        if (n > 0 && (n < sizeof header || std::memcmp(header, "SQLite format 3", 16) != 0))
            throw StoreError(StoreErrorKind::NotADatabase, path,
                             "is not a TrainPlan database: not an SQLite file (it starts with \"" +
                                 showBytes(header, std::min<std::size_t>(n, 16)) + "\"); " +
                                 kLeftUntouched);
        if (mode == OpenMode::ReadWrite && ::access(file.c_str(), W_OK) != 0)
            throw StoreError(StoreErrorKind::ReadOnly, path,
                             "the file is read-only (" + std::generic_category().message(errno) +
                                 "); nothing was changed");
    } else if (mode == OpenMode::ReadOnly) {
        throw StoreError(StoreErrorKind::CannotOpen, path, "no database file here");
    }
    if (mode == OpenMode::ReadWrite) {
        const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
        if (!fs::exists(dir, ec)) {
            fs::create_directories(dir, ec);
            if (ec)
                throw StoreError(StoreErrorKind::CannotOpen, path,
                                 "cannot create the directory " + dir.string() + " (" +
                                     ec.message() + ")");
        }
        if (::access(dir.c_str(), W_OK) != 0)
            throw StoreError(
                StoreErrorKind::ReadOnly, path,
                "the directory " + dir.string() + " is not writable (" +
                    std::generic_category().message(errno) +
                    "; SQLite keeps its journal beside the database); nothing was changed");
    }
}

struct FileInfo {
    std::int64_t applicationId = 0;
    int userVersion = 0;
    std::vector<std::string> tables;
};

FileInfo inspect(Connection& c) {
    FileInfo info;
    try {
        info.applicationId = c.queryInt("PRAGMA application_id").value_or(0);
        info.userVersion = static_cast<int>(c.queryInt("PRAGMA user_version").value_or(0));
        Statement s =
            c.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
        while (s.step())
            info.tables.push_back(s.text(0));
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        throw StoreError(e.kind() == StoreErrorKind::NotADatabase ? StoreErrorKind::NotADatabase
                                                                  : StoreErrorKind::Corrupt,
                         c.location(),
                         "cannot read the database: " + e.message() + "; " + kLeftUntouched);
    }
    return info;
}

void refuseForeign(const Connection& c, const FileInfo& info) {
    if (info.applicationId == kApplicationId) return;
    if (info.applicationId == 0 && info.userVersion == 0 && info.tables.empty())
        return; // empty: ours to set up
    char id[16];
    std::snprintf(id, sizeof id, "0x%08llX",
                  static_cast<unsigned long long>(info.applicationId & 0xFFFFFFFF));
    std::string tables;
    for (std::size_t i = 0; i < info.tables.size() && i < 5; ++i)
        tables += (i ? ", " : "") + info.tables[i];
    if (info.tables.size() > 5) tables += ", ...";
    throw StoreError(
        StoreErrorKind::NotADatabase, c.location(),
        "is an SQLite database of another application, not TrainPlan's (application_id " +
            std::string(id) + (tables.empty() ? "" : ", tables " + tables) + "); " +
            kLeftUntouched);
}

void refuseNewer(const Connection& c, const FileInfo& info) {
    if (info.userVersion <= kSchemaVersion) return;
    throw StoreError(
        StoreErrorKind::NewerSchema, c.location(),
        "was written by a newer TrainPlan (schema v" + std::to_string(info.userVersion) +
            "; this version knows up to v" + std::to_string(kSchemaVersion) +
            "); it was left untouched and is never downgraded - upgrade TrainPlan, or choose "
            "another database with --db PATH or TRAINPLAN_DB");
}

void verify(Connection& c) {
    std::vector<std::string> problems;
    try {
        Statement s = c.prepare("PRAGMA quick_check(5)");
        while (s.step())
            problems.push_back(s.text(0));
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        problems = {e.message()};
    }
    if (problems.size() == 1 && problems.front() == "ok") return;
    std::string summary;
    for (const auto& p : problems)
        summary += (summary.empty() ? "" : "; ") + p;
    throw StoreError(
        StoreErrorKind::Corrupt, c.location(),
        "the database is corrupt (" + summary + "); " + kLeftUntouched +
            " (`trainplan-cli db check` lists the damage; a .bak-v* copy beside it may help)");
}

// A copy beside the file, written before a migration changes it: <file>.bak-v<N>[-K].
fs::path writeBackup(Connection& c, int version) {
    const fs::path base = c.location() + ".bak-v" + std::to_string(version);
    fs::path target = base;
    std::error_code ec;
    for (int k = 2; fs::exists(target, ec); ++k)
        target = base.string() + "-" + std::to_string(k);
    try {
        Statement s = c.prepare("VACUUM INTO ?1");
        s.bind(1, target.string());
        s.run();
    } catch (const StoreError& e) {
        fs::remove(target, ec);
        throw StoreError(e.kind(), c.location(),
                         "needs an upgrade from schema v" + std::to_string(version) + " to v" +
                             std::to_string(kSchemaVersion) + " but the backup copy " +
                             target.string() + " could not be written (" + e.message() +
                             "); nothing was changed");
    }
    return target;
}

model::Catalog defaultBuiltins() {
    try {
        return model::loadCatalog(model::dataDirectory() / "catalog");
    } catch (const std::exception& e) {
        throw StoreError(StoreErrorKind::Io, "",
                         std::string("cannot load the built-in catalog: ") + e.what());
    }
}

} // namespace

// --- Opening

Store::Store(Connection connection, int schemaVersion)
    : m_connection(std::move(connection))
    , m_schemaVersion(schemaVersion) {}

Store Store::open(const fs::path& file, StoreOptions options) {
    const std::string location = file.string();
    if (location == kMemoryLocation) return openInMemory(std::move(options));
    if (location.empty())
        throw StoreError(StoreErrorKind::CannotOpen, "", "the database path is empty");
    preflight(file, options.mode);

    // Reading a database in a directory we cannot write: SQLite could not create the WAL index
    // (-shm) there, so read the file as it is.
    const bool immutable = options.mode == OpenMode::ReadOnly && !directoryWritable(file);
    Connection c = Connection::open(location, options.mode, options.busyTimeout, immutable);
    const FileInfo info = inspect(c);
    refuseForeign(c, info);
    refuseNewer(c, info);
    if (options.verifyOnOpen && !info.tables.empty()) verify(c);
    c.exec("PRAGMA foreign_keys = ON");

    if (options.mode == OpenMode::ReadOnly) {
        if (info.userVersion < kSchemaVersion)
            throw StoreError(StoreErrorKind::OlderSchema, location,
                             "has schema v" + std::to_string(info.userVersion) +
                                 " and needs an upgrade to v" + std::to_string(kSchemaVersion) +
                                 ", which needs write access");
        return Store(std::move(c), info.userVersion);
    }

    std::optional<fs::path> backup;
    if (info.userVersion >= 1 && info.userVersion < kSchemaVersion)
        backup = writeBackup(c, info.userVersion);
    // WAL: readers never block the writer nor see a half-written transaction; a killed process
    // leaves a WAL whose uncommitted tail is ignored on the next open.
    c.exec("PRAGMA journal_mode = WAL");
    c.exec("PRAGMA synchronous = FULL");
    migrateSchema(c, kSchemaVersion);

    Store store(std::move(c), kSchemaVersion);
    store.m_backupPath = backup;
    store.syncBuiltinCatalog(options.builtinCatalog ? *options.builtinCatalog : defaultBuiltins());
    if (options.maxPageCount)
        store.m_connection.exec("PRAGMA max_page_count = " + std::to_string(*options.maxPageCount));
    if (options.purgeDeletedAfter) {
        try {
            store.m_purgedOnOpen = store.purgeDeletedScenarios(*options.purgeDeletedAfter);
        } catch (const StoreError& e) {
            // Housekeeping: another process holding the write lock only delays it to a later open.
            if (e.kind() != StoreErrorKind::Busy) throw;
        }
    }
    return store;
}

Store Store::openInMemory(StoreOptions options) {
    Connection c = Connection::open(kMemoryLocation, OpenMode::ReadWrite, options.busyTimeout);
    c.exec("PRAGMA foreign_keys = ON");
    migrateSchema(c, kSchemaVersion);
    Store store(std::move(c), kSchemaVersion);
    store.syncBuiltinCatalog(options.builtinCatalog ? *options.builtinCatalog : defaultBuiltins());
    if (options.maxPageCount)
        store.m_connection.exec("PRAGMA max_page_count = " + std::to_string(*options.maxPageCount));
    return store;
}

// --- Catalog

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

template <typename T> nlohmann::json builtinArray(const std::vector<T>& items) {
    nlohmann::json arr = nlohmann::json::array();
    for (const auto& item : items)
        arr.push_back(model::toJson(item));
    return arr;
}

} // namespace

void Store::syncBuiltinCatalog(const model::Catalog& builtins) {
    const nlohmann::json all = {{"gpus", builtinArray(builtins.gpus)},
                                {"links", builtinArray(builtins.links)},
                                {"models", builtinArray(builtins.models)}};
    const std::string fp = detail::fingerprint(detail::dumpJson(all));
    auto stored = [&] {
        auto q = m_connection.cached("SELECT value FROM meta WHERE key = 'builtin_catalog'");
        return q->step() ? std::optional<std::string>(q->text(0)) : std::nullopt;
    };
    if (stored() == fp) return;

    Transaction tx(m_connection);
    if (stored() == fp) return; // another process synced meanwhile
    for (CatalogKind kind : kAllCatalogKinds) {
        const std::string table = detail::catalogTable(kind);
        const nlohmann::json& entries = all[std::string(detail::catalogArrayKey(kind))];
        std::set<std::string> names;
        for (const auto& body : entries) {
            const std::string name = body.at("name").get<std::string>();
            names.insert(lower(name));
            // A user entry that took the name first stays the user's.
            auto q = m_connection.cached(
                "INSERT INTO " + table +
                " (name, builtin, source, body) VALUES (?1, 1, ?2, ?3) ON CONFLICT (name) DO "
                "UPDATE SET "
                "source = excluded.source, body = excluded.body, updated_at = " +
                detail::kNow + " WHERE builtin = 1 AND body <> excluded.body");
            q->bindAll(name, body.value("source", std::string()), detail::dumpJson(body)).run();
        }
        // Built-ins the data no longer has become user entries: scenarios may still refer to them.
        std::vector<std::int64_t> orphaned;
        {
            auto q = m_connection.cached("SELECT id, name FROM " + table + " WHERE builtin = 1");
            while (q->step())
                if (!names.count(lower(q->text(1)))) orphaned.push_back(q->int64(0));
        }
        for (std::int64_t id : orphaned) {
            auto q = m_connection.cached("UPDATE " + table + " SET builtin = 0, updated_at = " +
                                         detail::kNow + " WHERE id = ?1");
            q->bindAll(id).run();
        }
    }
    auto q = m_connection.cached("INSERT INTO meta (key, value) VALUES ('builtin_catalog', ?1) ON "
                                 "CONFLICT (key) DO UPDATE SET value = "
                                 "excluded.value");
    q->bindAll(fp).run();
    tx.commit();
}

model::Catalog Store::catalog() {
    model::Catalog cat;
    Transaction snapshot(m_connection, Transaction::Kind::Read);
    for (CatalogKind kind : kAllCatalogKinds) {
        for (const CatalogEntry& e : catalogEntries(kind)) {
            model::ValidationIssues issues;
            const std::string path = std::string(toString(kind)) + " '" + e.name + "'";
            switch (kind) {
            case CatalogKind::Gpu:
                cat.gpus.push_back(model::gpuFromJson(e.body, path, issues));
                break;
            case CatalogKind::Link:
                cat.links.push_back(model::linkFromJson(e.body, path, issues));
                break;
            case CatalogKind::Model:
                cat.models.push_back(model::modelFromJson(e.body, path, issues));
                break;
            }
            if (!issues.empty())
                throw StoreError(
                    StoreErrorKind::Corrupt, location(),
                    "a stored catalog entry no longer reads as valid; fix it with `catalog add` or "
                    "remove it",
                    issues);
        }
    }
    snapshot.commit();
    return cat;
}

std::vector<CatalogEntry> Store::catalogEntries(CatalogKind kind) {
    std::vector<CatalogEntry> out;
    auto q =
        m_connection.cached("SELECT name, builtin, source, body, created_at, updated_at FROM " +
                            detail::catalogTable(kind) + " ORDER BY builtin DESC, id");
    while (q->step()) {
        CatalogEntry e;
        e.kind = kind;
        e.name = q->text(0);
        e.builtin = q->int64(1) != 0;
        e.source = q->text(2);
        e.body = detail::parseJson(q->text(3));
        e.createdAt = q->text(4);
        e.updatedAt = q->text(5);
        out.push_back(std::move(e));
    }
    return out;
}

bool Store::putCatalogEntry(CatalogKind kind, const nlohmann::json& body,
                            const std::string& source) {
    const std::string what(toString(kind));
    if (!body.is_object())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         "a catalog " + what + " must be a JSON object");
    nlohmann::json input = body;
    if (!source.empty()) input["source"] = source;
    model::ValidationIssues issues;
    nlohmann::json canonical;
    std::string name;
    switch (kind) {
    case CatalogKind::Gpu: {
        const auto g = model::gpuFromJson(input, what, issues);
        canonical = model::toJson(g);
        name = g.name;
        break;
    }
    case CatalogKind::Link: {
        const auto l = model::linkFromJson(input, what, issues);
        canonical = model::toJson(l);
        name = l.name;
        break;
    }
    case CatalogKind::Model: {
        const auto m = model::modelFromJson(input, what, issues);
        canonical = model::toJson(m);
        name = m.name;
        break;
    }
    }
    if (name.find_first_not_of(" \t") == std::string::npos)
        issues.push_back({what + ".name", "is required"});
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         "the " + what + " entry is invalid; nothing was saved", issues);

    const std::string table = detail::catalogTable(kind);
    Transaction tx(m_connection);
    std::optional<std::int64_t> id;
    {
        auto q = m_connection.cached("SELECT id, builtin, name FROM " + table + " WHERE name = ?1");
        q->bindAll(name);
        if (q->step()) {
            if (q->int64(1) != 0)
                throw StoreError(
                    StoreErrorKind::Conflict, location(),
                    "'" + q->text(2) + "' is a built-in " + what +
                        " (from data/catalog) and is read-only; add yours under another name");
            id = q->int64(0);
        }
    }
    const std::string src = canonical.value("source", std::string());
    if (id) {
        auto q = m_connection.cached("UPDATE " + table +
                                     " SET name = ?2, source = ?3, body = ?4, updated_at = " +
                                     detail::kNow + " WHERE id = ?1");
        q->bindAll(*id, name, src, detail::dumpJson(canonical)).run();
    } else {
        auto q = m_connection.cached("INSERT INTO " + table +
                                     " (name, builtin, source, body) VALUES (?1, 0, ?2, ?3)");
        q->bindAll(name, src, detail::dumpJson(canonical)).run();
    }
    tx.commit();
    return !id.has_value();
}

void Store::removeCatalogEntry(CatalogKind kind, const std::string& name) {
    const std::string what(toString(kind));
    const std::string table = detail::catalogTable(kind);
    Transaction tx(m_connection);
    std::int64_t id = 0;
    std::string storedName;
    {
        auto q = m_connection.cached("SELECT id, builtin, name FROM " + table + " WHERE name = ?1");
        q->bindAll(name);
        if (!q->step()) {
            std::vector<std::string> names;
            for (const auto& e : catalogEntries(kind))
                if (!e.builtin) names.push_back(e.name);
            throw StoreError(StoreErrorKind::NotFound, location(),
                             "no user " + what + " named '" + name + "'" +
                                 detail::didYouMean(name, names));
        }
        if (q->int64(1) != 0)
            throw StoreError(StoreErrorKind::Conflict, location(),
                             "'" + q->text(2) + "' is a built-in " + what +
                                 " (from data/catalog) and is read-only");
        id = q->int64(0);
        storedName = q->text(2);
    }
    std::string where;
    switch (kind) {
    // Catalog names are case-insensitive; json_extract yields text with the BINARY collation.
    case CatalogKind::Gpu:
        where = "json_extract(body, '$.cluster.gpu') = ?1 COLLATE NOCASE";
        break;
    case CatalogKind::Link:
        where = "json_extract(body, '$.cluster.intra_node') = ?1 COLLATE NOCASE OR "
                "json_extract(body, '$.cluster.inter_node') = ?1 COLLATE NOCASE";
        break;
    case CatalogKind::Model:
        where = "json_extract(body, '$.model') = ?1 COLLATE NOCASE";
        break;
    }
    // A deleted scenario not yet purged counts: undeleting it must give back a valid scenario.
    std::vector<std::string> users;
    {
        auto q = m_connection.cached("SELECT name, deleted_at IS NOT NULL FROM scenarios WHERE (" +
                                     where + ") ORDER BY name");
        q->bindAll(storedName);
        while (q->step())
            users.push_back(q->text(0) + (q->int64(1) != 0
                                              ? "' (deleted; `scenario purge` removes it for good)"
                                              : "'"));
    }
    if (!users.empty()) {
        std::string list;
        for (const auto& u : users)
            list += (list.empty() ? "" : ", ") + ("'" + u);
        throw StoreError(StoreErrorKind::Conflict, location(),
                         "the " + what + " '" + storedName + "' is used by stored scenario" +
                             (users.size() == 1 ? " " : "s ") + list +
                             "; change or delete them first");
    }
    auto q = m_connection.cached("DELETE FROM " + table + " WHERE id = ?1");
    q->bindAll(id).run();
    tx.commit();
}

// --- Integrity

IntegrityReport Store::checkIntegrity() {
    return detail::runIntegrityCheck(m_connection);
}

IntegrityReport checkDatabaseFile(const fs::path& file) {
    preflight(file, OpenMode::ReadOnly);
    Connection c = Connection::open(file.string(), OpenMode::ReadOnly,
                                    std::chrono::milliseconds(2000), !directoryWritable(file));
    return detail::runIntegrityCheck(c);
}

namespace detail {

IntegrityReport runIntegrityCheck(Connection& c) {
    IntegrityReport r;
    try {
        r.applicationId = c.queryInt("PRAGMA application_id").value_or(0);
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        r.problems.push_back(e.message());
        return r;
    }
    r.trainplanDatabase = r.applicationId == kApplicationId;
    try {
        r.schemaVersion = static_cast<int>(c.queryInt("PRAGMA user_version").value_or(0));
        r.journalMode = c.queryText("PRAGMA journal_mode").value_or("");
        r.pageCount = c.queryInt("PRAGMA page_count").value_or(0);
        r.pageSize = c.queryInt("PRAGMA page_size").value_or(0);
        {
            Statement s = c.prepare("PRAGMA integrity_check(100)");
            while (s.step())
                if (s.text(0) != "ok") r.problems.push_back(s.text(0));
        }
        {
            Statement s = c.prepare("PRAGMA foreign_key_check");
            while (s.step())
                r.problems.push_back("foreign key: row " + std::to_string(s.int64(1)) + " of " +
                                     s.text(0) + " refers to a missing row of " + s.text(2));
        }
    } catch (const StoreError& e) {
        if (e.kind() == StoreErrorKind::Busy) throw;
        r.problems.push_back(e.message());
    }
    if (!r.trainplanDatabase && !(r.applicationId == 0 && r.schemaVersion == 0 && r.pageCount <= 1))
        r.problems.push_back("not a TrainPlan database (application_id is not TrainPlan's)");
    if (r.schemaVersion > kSchemaVersion)
        r.problems.push_back("schema v" + std::to_string(r.schemaVersion) +
                             " is newer than this TrainPlan (v" + std::to_string(kSchemaVersion) +
                             ")");
    r.ok = r.problems.empty();
    return r;
}

} // namespace detail

} // namespace trainplan::store
