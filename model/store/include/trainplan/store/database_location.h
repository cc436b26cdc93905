#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace trainplan::store {

inline constexpr const char* kDatabaseEnvVar = "TRAINPLAN_DB";

// The per-user database file, in order of precedence:
//   1. `explicitPath` (the --db PATH option of both executables),
//   2. $TRAINPLAN_DB,
//   3. $XDG_DATA_HOME/trainplan/trainplan.db (XDG Base Directory spec: ignored unless absolute),
//   4. $HOME/.local/share/trainplan/trainplan.db (HOME from the password database when unset).
// Throws StoreError when none can be determined. The file and its directory need not exist.
[[nodiscard]] std::filesystem::path
resolveDatabasePath(const std::optional<std::string>& explicitPath = std::nullopt);

// Steps 3-4 alone: where the database lives when nothing overrides it.
[[nodiscard]] std::filesystem::path defaultDatabasePath();

} // namespace trainplan::store
