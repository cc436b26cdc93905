#include <trainplan/model/ascii_text.h>

#include <trainplan/model/issue_text.h>
#include <trainplan/store/store.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/store/schema.h>

#include "json_text.h"
#include "run_json.h"
#include "store_internal.h"
#include "store_open_checks.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <random>
#include <set>
#include <system_error>
#include <thread>

namespace trainplan::store {

namespace fs = std::filesystem;

namespace {

// A catalog kind as a message names it ("gpu", "GPU").
StoreArg catalogKindWord(CatalogKind kind) {
    switch (kind) {
    case CatalogKind::Gpu:
        return storeText(StoreText::KindGpu).asArg();
    case CatalogKind::Link:
        return storeText(StoreText::KindLink).asArg();
    case CatalogKind::Model:
        return storeText(StoreText::KindModel).asArg();
    }
    return storeText(StoreText::KindGpu).asArg();
}

model::Catalog defaultBuiltins() {
    try {
        return model::loadCatalog(model::dataDirectory() / "catalog");
    } catch (const std::exception& e) {
        throw StoreError(StoreErrorKind::Io, "",
                         storeText(StoreText::BuiltinCatalogUnreadable, {std::string(e.what())}));
    }
}

// Switches the file to WAL, waiting up to `busyTimeout` for other processes. SQLite does not
// run the busy handler for every lock this switch takes: leaving rollback mode needs an exclusive
// lock, and SQLite returns SQLITE_BUSY at once where waiting could deadlock (sqlite.org/c3ref/
// busy_handler.html, "the presence of a busy-handler does not guarantee that it will be invoked").
// With ~100 processes opening a brand-new library at once, one in ~13 runs got "database is
// locked" after 1.5 s although the timeout was 120 s. So retry here, with a jittered backoff.
void enterWalMode(Connection& c, std::chrono::milliseconds busyTimeout) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point deadline = Clock::now() + busyTimeout;
    std::minstd_rand jitter(std::random_device{}());
    std::chrono::milliseconds backoff(1);
    for (;;) {
        try {
            // Answers the mode in force: "wal", or the old mode where the file system cannot
            // hold the WAL index (the library then works in rollback mode, as before).
            (void)c.queryText("PRAGMA journal_mode = WAL");
            return;
        } catch (const StoreError& e) {
            if (e.kind() != StoreErrorKind::Busy || Clock::now() >= deadline) throw;
        }
        const auto wait = std::chrono::milliseconds(1 + jitter() % backoff.count());
        std::this_thread::sleep_for(std::min<Clock::duration>(wait, deadline - Clock::now()));
        backoff = std::min(backoff * 2, std::chrono::milliseconds(64));
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
        throw StoreError(StoreErrorKind::CannotOpen, "", storeText(StoreText::EmptyPath));
    detail::preflight(file, options.mode);

    // Reading a database in a directory we cannot write: SQLite could not create the WAL index
    // (-shm) there, so read the file as it is.
    const bool immutable = !detail::directoryWritable(file);
    std::error_code ec;
    if (options.mode == OpenMode::ReadWrite && fs::file_size(file, ec) > 0 && !ec) {
        // Every refusal is decided on a read-only connection first: closing a read-write one
        // checkpoints the WAL into the file, so a stale -wal beside a restored backup, or a
        // newer schema's last changes, would be written into the very file we refuse.
        Connection probe =
            Connection::open(location, OpenMode::ReadOnly, options.busyTimeout, immutable);
        (void)detail::checkBeforeUse(probe, options);
    }
    Connection c = Connection::open(location, options.mode, options.busyTimeout,
                                    immutable && options.mode == OpenMode::ReadOnly);
    const detail::FileInfo info =
        detail::checkBeforeUse(c, options, options.mode == OpenMode::ReadOnly);
    c.exec("PRAGMA foreign_keys = ON");

    if (options.mode == OpenMode::ReadOnly) {
        if (info.userVersion < kSchemaVersion)
            throw StoreError(
                StoreErrorKind::OlderSchema, location,
                storeText(StoreText::OlderSchemaReadOnly,
                          {std::to_string(info.userVersion), std::to_string(kSchemaVersion)}));
        return Store(std::move(c), info.userVersion);
    }

    std::optional<fs::path> backup;
    if (info.userVersion >= 1 && info.userVersion < kSchemaVersion)
        backup = detail::writeBackup(c, info.userVersion);
    // WAL: readers never block the writer nor see a half-written transaction; a killed process
    // leaves a WAL whose uncommitted tail is ignored on the next open.
    enterWalMode(c, options.busyTimeout);
    c.exec("PRAGMA synchronous = FULL");
    std::vector<StoreMessage> notes;
    try {
        migrateSchema(c, kSchemaVersion, &notes);
    } catch (const StoreError& e) {
        if (!backup) throw;
        throw StoreError(
            e.kind(), location,
            storeText(StoreText::WithBackupNote, {e.storeMessage().asArg(), backup->string()}),
            e.issues());
    }

    Store store(std::move(c), kSchemaVersion);
    store.m_backupPath = backup;
    store.m_upgradeNotes = std::move(notes);
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
    // Up to date when the data files are the ones last synced and every built-in row still holds
    // what they say: a damaged built-in row (edited, or a bad page) blocked every save, and
    // `catalog add/remove` refuse built-ins, so the sync itself is the repair.
    auto rowsIntact = [&] {
        for (CatalogKind kind : kAllCatalogKinds) {
            std::map<std::string, std::string> expected;
            for (const auto& body : all[std::string(detail::catalogArrayKey(kind))])
                expected[model::asciiLower(body.at("name").get<std::string>())] =
                    detail::dumpJson(body);
            auto q = m_connection.cached("SELECT name, body FROM " + detail::catalogTable(kind) +
                                         " WHERE builtin = 1");
            // (A built-in name a user entry took first is the user's: not a damaged row.)
            while (q->step()) {
                const auto it = expected.find(model::asciiLower(q->text(0)));
                if (it == expected.end() || it->second != q->text(1)) return false;
            }
        }
        return true;
    };
    if (stored() == fp && rowsIntact()) return;

    Transaction tx(m_connection);
    if (stored() == fp && rowsIntact()) return; // another process synced meanwhile
    for (CatalogKind kind : kAllCatalogKinds) {
        const std::string table = detail::catalogTable(kind);
        const nlohmann::json& entries = all[std::string(detail::catalogArrayKey(kind))];
        std::set<std::string> names;
        for (const auto& body : entries) {
            const std::string name = body.at("name").get<std::string>();
            names.insert(model::asciiLower(name));
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
                if (!names.count(model::asciiLower(q->text(1)))) orphaned.push_back(q->int64(0));
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
                throw StoreError(StoreErrorKind::Corrupt, location(),
                                 storeText(StoreText::StoredCatalogEntryInvalid), issues);
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
                         storeText(StoreText::CatalogEntryNotObject, {catalogKindWord(kind)}));
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
        issues.push_back({what + ".name", model::IssueId::Required});
    if (!issues.empty())
        throw StoreError(StoreErrorKind::Invalid, location(),
                         storeText(StoreText::CatalogEntryInvalid, {catalogKindWord(kind)}),
                         issues);

    const std::string table = detail::catalogTable(kind);
    Transaction tx(m_connection);
    std::optional<std::int64_t> id;
    {
        auto q = m_connection.cached("SELECT id, builtin, name FROM " + table + " WHERE name = ?1");
        q->bindAll(name);
        if (q->step()) {
            if (q->int64(1) != 0)
                throw StoreError(StoreErrorKind::Conflict, location(),
                                 storeText(StoreText::BuiltinReadOnlyAddOther,
                                           {q->text(2), catalogKindWord(kind)}));
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
                             storeText(StoreText::NoUserEntry, {catalogKindWord(kind), name,
                                                                detail::didYouMean(name, names)}));
        }
        if (q->int64(1) != 0)
            throw StoreError(
                StoreErrorKind::Conflict, location(),
                storeText(StoreText::BuiltinReadOnly, {q->text(2), catalogKindWord(kind)}));
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
    std::vector<StoreArg> users;
    {
        auto q = m_connection.cached("SELECT name, deleted_at IS NOT NULL FROM scenarios WHERE (" +
                                     where + ") ORDER BY name");
        q->bindAll(storedName);
        while (q->step())
            users.push_back(
                storeText(q->int64(1) != 0 ? StoreText::DeletedUser : StoreText::QuotedName,
                          {q->text(0)})
                    .asArg());
    }
    if (!users.empty()) {
        const StoreArg separator = storeText(StoreText::ListSeparator).asArg();
        StoreArg list("");
        for (std::size_t i = 0; i < users.size(); ++i) {
            list.en += (i ? separator.en : "") + users[i].en;
            list.zh += (i ? separator.zh : "") + users[i].zh;
        }
        throw StoreError(
            StoreErrorKind::Conflict, location(),
            storeText(StoreText::CatalogEntryInUse,
                      {catalogKindWord(kind), storedName, std::to_string(users.size()), list}));
    }
    auto q = m_connection.cached("DELETE FROM " + table + " WHERE id = ?1");
    q->bindAll(id).run();
    tx.commit();
}

// --- Integrity

IntegrityReport Store::checkIntegrity() {
    return detail::runIntegrityCheck(m_connection);
}

std::vector<std::string> Store::upgradeNotes(model::Lang lang) const {
    std::vector<std::string> out;
    out.reserve(m_upgradeNotes.size());
    for (const StoreMessage& note : m_upgradeNotes)
        out.push_back(note.in(lang));
    return out;
}

} // namespace trainplan::store
