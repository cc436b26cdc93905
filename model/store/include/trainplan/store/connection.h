#pragma once

// A thin RAII layer over the SQLite C API: one connection, prepared statements, transactions.
// Every SQLite failure becomes a StoreError naming the database file. Not thread-safe: use one
// Connection per thread.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace trainplan::store {

enum class OpenMode {
    ReadWrite, // creates the file when missing
    ReadOnly,  // never creates, never writes
};

inline constexpr const char* kMemoryLocation = ":memory:";

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters are 1-based (?1, ?2, ...). An empty optional binds NULL.
    template <typename T>
    requires std::is_integral_v<T> Statement& bind(int index, T value) {
        return bindInt64(index, static_cast<std::int64_t>(value));
    }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, std::nullopt_t);
    template <typename T> Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind(index, std::nullopt);
    }
    // Binds every argument in order, starting at ?1.
    template <typename... Args> Statement& bindAll(const Args&... args) {
        int index = 0;
        (bind(++index, args), ...);
        return *this;
    }

    // Steps once: true when a row is available, false when done. Throws StoreError.
    bool step();
    // Steps until done (for statements that return no rows).
    void run();
    // Back to the start with the bindings cleared; also ends the statement's read of the database.
    void reset() noexcept;

    [[nodiscard]] bool isNull(int column) const;
    [[nodiscard]] std::int64_t int64(int column) const;
    [[nodiscard]] double real(int column) const;
    [[nodiscard]] std::string text(int column) const;
    [[nodiscard]] std::optional<std::int64_t> optionalInt64(int column) const;
    [[nodiscard]] std::optional<double> optionalReal(int column) const;
    [[nodiscard]] std::optional<std::string> optionalText(int column) const;

private:
    Statement& bindInt64(int index, std::int64_t value);

    sqlite3_stmt* m_stmt = nullptr;
};

// A statement from a connection's cache; reset when this goes out of scope, so a half-read query
// never keeps a read transaction open.
class CachedStatement {
public:
    explicit CachedStatement(Statement& s)
        : m_stmt(&s) {}
    ~CachedStatement() { m_stmt->reset(); }
    CachedStatement(const CachedStatement&) = delete;
    CachedStatement& operator=(const CachedStatement&) = delete;

    Statement* operator->() const { return m_stmt; }
    Statement& operator*() const { return *m_stmt; }

private:
    Statement* m_stmt;
};

class Connection {
public:
    // Opens `location` (a file path or ":memory:"). Sets the busy timeout: how long a write waits
    // for another connection's write lock before failing with StoreErrorKind::Busy. `immutable`
    // (read-only only) reads a file in a directory where SQLite cannot create its -shm/-wal files,
    // assuming nobody writes it meanwhile.
    static Connection open(const std::string& location, OpenMode mode,
                           std::chrono::milliseconds busyTimeout, bool immutable = false);

    ~Connection();
    Connection(Connection&& other) noexcept;
    Connection& operator=(Connection&& other) noexcept;
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    // Runs one or more statements that return no rows.
    void exec(std::string_view sql);
    // The first column of the first row of a query (NULL or no row: nullopt).
    [[nodiscard]] std::optional<std::int64_t> queryInt(std::string_view sql);
    [[nodiscard]] std::optional<std::string> queryText(std::string_view sql);

    // A prepared statement kept for the connection's lifetime, ready to bind.
    [[nodiscard]] CachedStatement cached(std::string_view sql);
    [[nodiscard]] Statement prepare(std::string_view sql);

    [[nodiscard]] std::int64_t lastInsertRowId() const;
    [[nodiscard]] int changes() const;
    [[nodiscard]] bool inTransaction() const;
    [[nodiscard]] const std::string& location() const { return m_location; }
    [[nodiscard]] bool isMemory() const { return m_location == kMemoryLocation; }
    [[nodiscard]] OpenMode mode() const { return m_mode; }
    [[nodiscard]] sqlite3* handle() const { return m_db; }

private:
    Connection(sqlite3* db, std::string location, OpenMode mode);
    void close() noexcept;

    sqlite3* m_db = nullptr;
    std::string m_location;
    OpenMode m_mode = OpenMode::ReadWrite;
    std::unordered_map<std::string, std::unique_ptr<Statement>> m_cache;
};

// Write: BEGIN IMMEDIATE (takes the write lock up front, so a busy database fails at the start
// and not half-way) ... COMMIT. Exclusive: BEGIN EXCLUSIVE (in rollback-journal mode readers wait
// too; in WAL mode the same as Write). Read: BEGIN (one consistent snapshot for several queries).
// Rolled back when destroyed without commit(). A Read inside an open transaction does nothing.
class Transaction {
public:
    enum class Kind { Write, Exclusive, Read };
    explicit Transaction(Connection& connection, Kind kind = Kind::Write);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

private:
    Connection* m_connection;
    bool m_open = true;
};

} // namespace trainplan::store
