#pragma once

// Internal helpers shared by the Store's source files.

#include <trainplan/model/validation_issue.h>
#include <trainplan/store/connection.h>
#include <trainplan/store/records.h>
#include <trainplan/store/store_text.h>

#include "json_text.h"

#include <string>
#include <string_view>
#include <vector>

namespace trainplan::store::detail {

// SQL expression for the current UTC time, as every *_at column stores it.
inline constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

[[nodiscard]] std::string catalogTable(CatalogKind kind);         // "catalog_gpus"
[[nodiscard]] std::string_view catalogArrayKey(CatalogKind kind); // "gpus", as in data/catalog
// " (did you mean a, b?)" in both languages, or empty when nothing is close.
[[nodiscard]] StoreArg didYouMean(const std::string& name,
                                  const std::vector<std::string>& candidates);
[[nodiscard]] IntegrityReport runIntegrityCheck(Connection& connection);
// A scenario document with its top-level keys in the order the file format documents them.
[[nodiscard]] OrderedJson scenarioKeyOrder(const OrderedJson& doc);
// Trimmed, empty ones dropped, case-insensitive duplicates dropped; a comma, a control character or
// more than 64 characters is an issue at "<pathPrefix>tags[i]".
[[nodiscard]] std::vector<std::string> normalizeTags(const std::vector<std::string>& tags,
                                                     const std::string& pathPrefix,
                                                     model::ValidationIssues& issues);

} // namespace trainplan::store::detail
