#pragma once

// Internal: turns SQLite result codes into StoreErrors a user can act on.

#include <trainplan/store/store_error.h>

#include <optional>
#include <string>

struct sqlite3;

namespace trainplan::store::detail {

// The file a connection works on, as shown in messages (":memory:" for an in-memory database).
[[nodiscard]] std::string displayLocation(sqlite3* db);
[[nodiscard]] StoreErrorKind kindOf(int resultCode);
// Throws the StoreError for `resultCode` on `db`, with `context` (may be empty) saying what was
// being done.
[[noreturn]] void throwSqlite(sqlite3* db, int resultCode,
                              std::optional<StoreText> context = std::nullopt);
[[noreturn]] void throwSqlite(const std::string& location, sqlite3* db, int resultCode,
                              std::optional<StoreText> context);

} // namespace trainplan::store::detail
