#pragma once

#include "cli_context.h"

#include <trainplan/model/io/import_issue.h>
#include <trainplan/store/store.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::cli {

// --db PATH, else $TRAINPLAN_DB, else the XDG location.
[[nodiscard]] std::filesystem::path databasePath(const CliContext& ctx);

// Opens the library for writing: creates, migrates and seeds it as needed. Notes a migration's
// backup on ctx.err. Throws store::StoreError.
[[nodiscard]] store::Store openStoreForWriting(CliContext& ctx);

// Opens the library for reading without creating it: nullopt when no database file exists yet.
// A database that cannot be written (read-only file or directory) is opened read-only.
[[nodiscard]] std::optional<store::Store> openStoreForReading(CliContext& ctx);

// "a,b , c" -> {"a", "b", "c"}
[[nodiscard]] std::vector<std::string> splitList(const std::string& text);
// Import findings as `--format json` writes them: severity, file, key and the English message.
[[nodiscard]] nlohmann::json importIssuesJson(const model::io::ImportIssues& issues);

// Writes text to FILE atomically (temporary file + rename), or to ctx.out for "-". Throws
// std::runtime_error naming the file.
void writeOutputFile(CliContext& ctx, const std::string& file, const std::string& text);
[[nodiscard]] std::string readInputFile(const std::string& file);
// JSON text nested at most 256 levels deep. Throws std::exception (nlohmann's parse errors).
[[nodiscard]] nlohmann::ordered_json parseJsonText(const std::string& text);

// Prints a rejected input's issues as "FILE: path: message" lines and a summary; returns exit
// code 1.
int reportRejected(CliContext& ctx, const store::StoreError& e, const std::string& file);

// Option values: UsageError naming `what` when malformed.
[[nodiscard]] int parseCount(const std::string& text, const std::string& what);
[[nodiscard]] double parseNumber(const std::string& text, const std::string& what);
// UsageError for any argument left that looks like an option.
void rejectUnknownOptions(const CliContext& ctx, const std::string& usage);

} // namespace trainplan::cli
