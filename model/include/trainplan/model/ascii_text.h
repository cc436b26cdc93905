#pragma once

// Small ASCII text helpers the importers, the store and the catalog lookups share (case-insensitive
// names, trimmed CSV and tag fields). ASCII only: names TrainPlan compares are ASCII identifiers,
// and UTF-8 bytes above 0x7F pass through unchanged.

#include <string>
#include <string_view>

namespace trainplan::model {

// `text` with the ASCII letters A–Z in lower case.
[[nodiscard]] std::string asciiLower(std::string_view text);

// `text` without leading and trailing spaces, tabs, carriage returns and newlines.
[[nodiscard]] std::string trimmed(std::string_view text);

} // namespace trainplan::model
