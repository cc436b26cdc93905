#pragma once

// A scenario field's name as people read it, by its path in the scenario file ("cluster.nodes" →
// "Nodes" / "节点数"): the editor's form labels and the report's scenario table both take the
// field's words from here, so a field is named the same on both.

#include <trainplan/simulator/advice_text.h>

#include <string_view>

namespace trainplan::sim {

// The field's label in `lang`, or the path itself for a field the catalogue does not name (views
// of string literals or of `path`).
[[nodiscard]] std::string_view fieldLabel(std::string_view path, Lang lang);

} // namespace trainplan::sim
