#pragma once

// JSON (RFC 8259 §4) only says object names "SHOULD be unique"; nlohmann::json keeps the last of
// two equal keys, so `"nodes": 32, "nodes": 1` silently plans for one node. Every JSON file a user
// gives TrainPlan (scenarios, imported configs, library files, catalog entries) is checked with
// this after it parsed.

#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

// For JSON text that parsed: the first key given twice in one object, as
//   duplicate key "nodes" in cluster at line 9, column 5 (first given at line 7, column 5)
// Keys compare after unescaping ("a" and "\u0061" are the same key). nullopt when none.
[[nodiscard]] std::optional<std::string> findDuplicateJsonKey(std::string_view text);

} // namespace trainplan::model
