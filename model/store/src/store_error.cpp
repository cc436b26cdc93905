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

std::string composeWhat(const std::string& path, const StoreMessage& message,
                        const model::ValidationIssues& issues, model::Lang lang) {
    const std::string text = message.in(lang);
    // The path is a file name, written as it is; the separator follows the language.
    std::string what = path.empty()                ? text
                       : lang == model::Lang::ZhCN ? path + "：" + text
                                                   : path + ": " + text;
    for (const auto& issue : issues)
        what += "\n  " + (lang == model::Lang::En ? issue.text() : issue.text(lang));
    return what;
}

} // namespace

StoreError::StoreError(StoreErrorKind kind, std::string databasePath, StoreMessage message,
                       model::ValidationIssues issues)
    : std::runtime_error(composeWhat(databasePath, message, issues, model::Lang::En))
    , m_kind(kind)
    , m_path(std::move(databasePath))
    , m_text(std::move(message))
    , m_message(m_text.in(model::Lang::En))
    , m_issues(std::move(issues)) {}

StoreError::StoreError(StoreErrorKind kind, std::string databasePath, std::string message,
                       model::ValidationIssues issues)
    : StoreError(kind, std::move(databasePath),
                 StoreMessage{StoreText::Verbatim, {std::move(message)}}, std::move(issues)) {}

std::string StoreError::messageIn(model::Lang lang) const {
    return lang == model::Lang::En ? m_message : m_text.in(lang);
}

std::string StoreError::textIn(model::Lang lang) const {
    return lang == model::Lang::En ? std::string(what())
                                   : composeWhat(m_path, m_text, m_issues, lang);
}

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

StoreText explain(int resultCode) {
    switch (resultCode & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return StoreText::SqliteBusy;
    case SQLITE_FULL:
        return StoreText::SqliteFull;
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return StoreText::SqliteReadOnly;
    case SQLITE_CANTOPEN:
        return StoreText::SqliteCantOpen;
    case SQLITE_CORRUPT:
        return StoreText::SqliteCorrupt;
    case SQLITE_NOTADB:
        return StoreText::SqliteNotADatabase;
    case SQLITE_CONSTRAINT:
        return StoreText::SqliteConstraint;
    case SQLITE_IOERR:
        return StoreText::SqliteIo;
    case SQLITE_NOMEM:
        return StoreText::SqliteNoMemory;
    default:
        return StoreText::SqliteOther;
    }
}

} // namespace

void throwSqlite(const std::string& location, sqlite3* db, int resultCode,
                 std::optional<StoreText> context) {
    StoreMessage message = storeText(explain(resultCode));
    if (context)
        message =
            storeText(StoreText::SqliteWithContext, {storeText(*context).asArg(), message.asArg()});
    // SQLite's own words stay as SQLite wrote them, in every language.
    const char* detailText = db ? sqlite3_errmsg(db) : sqlite3_errstr(resultCode);
    if (detailText && *detailText)
        message =
            storeText(StoreText::SqliteWithDetail, {message.asArg(), std::string(detailText)});
    throw StoreError(kindOf(resultCode), location, std::move(message));
}

void throwSqlite(sqlite3* db, int resultCode, std::optional<StoreText> context) {
    throwSqlite(displayLocation(db), db, resultCode, context);
}

} // namespace detail

} // namespace trainplan::store
