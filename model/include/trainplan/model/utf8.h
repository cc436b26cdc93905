#pragma once

// Text TrainPlan reads from a file ends up in JSON output, which must be UTF-8: nlohmann::json
// refuses to write anything else ([json.exception.type_error.316]), so one stored run with a stray
// Latin-1 byte broke `runs list --format json` for the whole library. Non-JSON inputs (scripts,
// CSV) are checked with this at the edge.

#include <trainplan/model/validation_issue.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

// The byte offset (0-based) of the first byte that does not start a well-formed UTF-8 sequence
// (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF); nullopt when all is well.
[[nodiscard]] std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

// "is not UTF-8 text: byte 0xE9 at offset 1234 (line 5)", or nullopt for valid text.
[[nodiscard]] std::optional<std::string> invalidUtf8Message(std::string_view text);
// The same as an issue at `path`, for both languages.
[[nodiscard]] std::optional<ValidationIssue> invalidUtf8Issue(std::string path,
                                                              std::string_view text);

} // namespace trainplan::model
