#include <trainplan/store/store_error.h>

#include "sqlite_error.h"

#include <sqlite3.h>

namespace trainplan::store {

const char* toString(StoreErrorKind kind) {
    switch (kind) {
    case StoreErrorKind::CannotOpen:
        return "cannot open";
    case StoreErrorKind::NotADatabase:
        return "not a TrainPlan database";
    case StoreErrorKind::Corrupt:
        return "corrupt";
    case StoreErrorKind::NewerSchema:
        return "newer schema";
    case StoreErrorKind::OlderSchema:
        return "older schema";
    case StoreErrorKind::ReadOnly:
        return "read-only";
    case StoreErrorKind::DiskFull:
        return "disk full";
    case StoreErrorKind::Busy:
        return "busy";
    case StoreErrorKind::NotFound:
        return "not found";
    case StoreErrorKind::Invalid:
        return "invalid";
    case StoreErrorKind::Conflict:
        return "conflict";
    case StoreErrorKind::Io:
        return "I/O error";
    }
    return "error";
}

namespace {

std::string composeWhat(const std::string& path, const std::string& message,
                        const model::ValidationIssues& issues) {
    std::string what = path.empty() ? message : path + ": " + message;
    for (const auto& issue : issues)
        what += "\n  " + issue.text();
    return what;
}

} // namespace

StoreError::StoreError(StoreErrorKind kind, std::string databasePath, std::string message,
                       model::ValidationIssues issues)
    : std::runtime_error(composeWhat(databasePath, message, issues))
    , m_kind(kind)
    , m_path(std::move(databasePath))
    , m_message(std::move(message))
    , m_issues(std::move(issues)) {}

namespace detail {

std::string displayLocation(sqlite3* db) {
    const char* file = db ? sqlite3_db_filename(db, "main") : nullptr;
    return file && *file ? std::string(file) : std::string(":memory:");
}

StoreErrorKind kindOf(int resultCode) {
    switch (resultCode & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return StoreErrorKind::Busy;
    case SQLITE_FULL:
        return StoreErrorKind::DiskFull;
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return StoreErrorKind::ReadOnly;
    case SQLITE_CANTOPEN:
        return StoreErrorKind::CannotOpen;
    case SQLITE_CORRUPT:
        return StoreErrorKind::Corrupt;
    case SQLITE_NOTADB:
        return StoreErrorKind::NotADatabase;
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
    case SQLITE_TOOBIG:
        return StoreErrorKind::Invalid;
    default:
        return StoreErrorKind::Io;
    }
}

namespace {

std::string explain(int resultCode) {
    switch (resultCode & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return "the database is locked by another process (gave up waiting for it); nothing was "
               "changed - "
               "try again when the other TrainPlan finishes";
    case SQLITE_FULL:
        return "the disk is full or the database reached its size limit; nothing was saved";
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return "cannot write: the database file or its directory is read-only";
    case SQLITE_CANTOPEN:
        return "cannot open the database file (check that its directory exists and is writable)";
    case SQLITE_CORRUPT:
        return "the database file is corrupt (run `trainplan-cli db check`; restore a backup or "
               "move the file "
               "away)";
    case SQLITE_NOTADB:
        return "the file is not an SQLite database";
    case SQLITE_CONSTRAINT:
        return "rejected by the database's constraints";
    case SQLITE_IOERR:
        return "I/O error while accessing the database file";
    case SQLITE_NOMEM:
        return "out of memory";
    default:
        return "database error";
    }
}

} // namespace

void throwSqlite(const std::string& location, sqlite3* db, int resultCode,
                 std::string_view context) {
    std::string message = explain(resultCode);
    if (!context.empty()) message = std::string(context) + ": " + message;
    const char* detailText = db ? sqlite3_errmsg(db) : sqlite3_errstr(resultCode);
    if (detailText && *detailText) message += " (SQLite: " + std::string(detailText) + ")";
    throw StoreError(kindOf(resultCode), location, std::move(message));
}

void throwSqlite(sqlite3* db, int resultCode, std::string_view context) {
    throwSqlite(displayLocation(db), db, resultCode, context);
}

} // namespace detail

} // namespace trainplan::store
