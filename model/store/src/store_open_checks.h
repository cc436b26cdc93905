#pragma once

// Internal: the checks a library file passes before it is used (store_open_checks.cpp).

#include <trainplan/store/connection.h>
#include <trainplan/store/store.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace trainplan::store::detail {

struct FileInfo {
    std::int64_t applicationId = 0;
    int userVersion = 0;
    std::vector<std::string> tables;
};

[[nodiscard]] bool directoryWritable(const std::filesystem::path& file);
// Checks a path before SQLite touches it (not a directory or device, an SQLite header, writable
// when it must be), so a file that is not ours is never written. Throws StoreError.
void preflight(const std::filesystem::path& file, OpenMode mode);
// TrainPlan's, not newer, not corrupt (verifyToo and options.verifyOnOpen): run on a read-only
// connection first, since closing a read-write one checkpoints the WAL into the file. A refusal
// says what to do with the -wal/-shm beside the file. Throws StoreError.
FileInfo checkBeforeUse(Connection& c, const StoreOptions& options, bool verifyToo = true);
// A copy beside the file, written before a migration changes it: <file>.bak-v<N>[-K].
[[nodiscard]] std::filesystem::path writeBackup(Connection& c, int version);

} // namespace trainplan::store::detail
