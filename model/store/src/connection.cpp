#include <trainplan/store/connection.h>

#include "sqlite_error.h"

#include <sqlite3.h>

#include <cctype>
#include <utility>

namespace trainplan::store {

// --- Statement

Statement::Statement(sqlite3* db, std::string_view sql) {
    const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
        detail::throwSqlite(db, rc, StoreText::ContextPreparing);
    }
}

Statement::~Statement() {
    sqlite3_finalize(m_stmt);
}

Statement::Statement(Statement&& other) noexcept
    : m_stmt(std::exchange(other.m_stmt, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

namespace {

void check(sqlite3_stmt* stmt, int rc) {
    if (rc != SQLITE_OK) detail::throwSqlite(sqlite3_db_handle(stmt), rc);
}

} // namespace

Statement& Statement::bindInt64(int index, std::int64_t value) {
    check(m_stmt, sqlite3_bind_int64(m_stmt, index, value));
    return *this;
}

Statement& Statement::bind(int index, double value) {
    check(m_stmt, sqlite3_bind_double(m_stmt, index, value));
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    check(m_stmt, sqlite3_bind_text64(m_stmt, index, value.data(), value.size(), SQLITE_TRANSIENT,
                                      SQLITE_UTF8));
    return *this;
}

Statement& Statement::bind(int index, std::nullopt_t) {
    check(m_stmt, sqlite3_bind_null(m_stmt, index));
    return *this;
}

bool Statement::step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    sqlite3* db = sqlite3_db_handle(m_stmt);
    sqlite3_reset(m_stmt);
    detail::throwSqlite(db, rc);
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() noexcept {
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

bool Statement::isNull(int column) const {
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const {
    return sqlite3_column_int64(m_stmt, column);
}

double Statement::real(int column) const {
    return sqlite3_column_double(m_stmt, column);
}

std::string Statement::text(int column) const {
    const auto* p = sqlite3_column_text(m_stmt, column);
    const int n = sqlite3_column_bytes(m_stmt, column);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n))
             : std::string();
}

std::optional<std::int64_t> Statement::optionalInt64(int column) const {
    if (isNull(column)) return std::nullopt;
    return int64(column);
}

std::optional<double> Statement::optionalReal(int column) const {
    if (isNull(column)) return std::nullopt;
    return real(column);
}

std::optional<std::string> Statement::optionalText(int column) const {
    if (isNull(column)) return std::nullopt;
    return text(column);
}

// --- Connection

Connection::Connection(sqlite3* db, std::string location, OpenMode mode)
    : m_db(db)
    , m_location(std::move(location))
    , m_mode(mode) {}

namespace {

// file: URI of a path (RFC 3986 percent-encoding of everything but unreserved characters and '/').
std::string fileUri(const std::string& path, const char* query) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            uri += static_cast<char>(c);
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri + "?" + query;
}

} // namespace

Connection Connection::open(const std::string& location, OpenMode mode,
                            std::chrono::milliseconds busyTimeout, bool immutable) {
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    flags |= mode == OpenMode::ReadOnly ? SQLITE_OPEN_READONLY
                                        : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    std::string name = location;
    if (immutable && mode == OpenMode::ReadOnly && location != kMemoryLocation) {
        flags |= SQLITE_OPEN_URI;
        name = fileUri(location, "immutable=1");
    }
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        try {
            detail::throwSqlite(location, db, rc, StoreText::ContextCannotOpen);
        } catch (...) {
            sqlite3_close_v2(db);
            throw;
        }
    }
    Connection c(db, location, mode);
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, static_cast<int>(busyTimeout.count()));
    return c;
}

Connection::~Connection() {
    close();
}

Connection::Connection(Connection&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_location(std::move(other.m_location))
    , m_mode(other.m_mode)
    , m_cache(std::move(other.m_cache)) {}

Connection& Connection::operator=(Connection&& other) noexcept {
    if (this != &other) {
        close();
        m_db = std::exchange(other.m_db, nullptr);
        m_location = std::move(other.m_location);
        m_mode = other.m_mode;
        m_cache = std::move(other.m_cache);
    }
    return *this;
}

void Connection::close() noexcept {
    m_cache.clear(); // finalize statements before the connection
    if (m_db) sqlite3_close_v2(m_db);
    m_db = nullptr;
}

void Connection::exec(std::string_view sql) {
    const std::string text(sql);
    const int rc = sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) detail::throwSqlite(m_location, m_db, rc, std::nullopt);
}

std::optional<std::int64_t> Connection::queryInt(std::string_view sql) {
    Statement s(m_db, sql);
    if (!s.step()) return std::nullopt;
    return s.optionalInt64(0);
}

std::optional<std::string> Connection::queryText(std::string_view sql) {
    Statement s(m_db, sql);
    if (!s.step()) return std::nullopt;
    return s.optionalText(0);
}

CachedStatement Connection::cached(std::string_view sql) {
    auto it = m_cache.find(std::string(sql));
    if (it == m_cache.end())
        it = m_cache.emplace(std::string(sql), std::make_unique<Statement>(m_db, sql)).first;
    it->second->reset();
    return CachedStatement(*it->second);
}

Statement Connection::prepare(std::string_view sql) {
    return Statement(m_db, sql);
}

std::int64_t Connection::lastInsertRowId() const {
    return sqlite3_last_insert_rowid(m_db);
}

int Connection::changes() const {
    return sqlite3_changes(m_db);
}

bool Connection::inTransaction() const {
    return sqlite3_get_autocommit(m_db) == 0;
}

// --- Transaction

Transaction::Transaction(Connection& connection, Kind kind)
    : m_connection(&connection) {
    // A read inside a transaction already has its snapshot.
    if (kind == Kind::Read && m_connection->inTransaction()) {
        m_open = false;
        return;
    }
    m_connection->exec(kind == Kind::Write       ? "BEGIN IMMEDIATE"
                       : kind == Kind::Exclusive ? "BEGIN EXCLUSIVE"
                                                 : "BEGIN");
}

Transaction::~Transaction() {
    // A failed statement (disk full, I/O error) may already have rolled the transaction back.
    if (m_open && m_connection->inTransaction())
        sqlite3_exec(m_connection->handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    if (!m_open) return;
    m_connection->exec("COMMIT");
    m_open = false;
}

} // namespace trainplan::store
