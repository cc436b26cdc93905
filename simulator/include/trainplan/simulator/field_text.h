#pragma once

// A scenario field's name and meaning as people read them, by its path in the scenario file
// ("cluster.nodes" → "Nodes" / "节点数", "Number of nodes (servers)."): the editor's form labels
// and tooltips and the report's scenario table take the field's words from here, so a field is
// named the same on both.

#include <trainplan/simulator/advice_text.h>

#include <string_view>

namespace trainplan::sim {

// The field's label in `lang`, or the path itself for a field the catalogue does not name (views
// of string literals or of `path`).
[[nodiscard]] std::string_view fieldLabel(std::string_view path, Lang lang);
// What the field means, one sentence in `lang` (the editor's tooltip); empty for a path the
// catalogue does not explain.
[[nodiscard]] std::string_view fieldHelp(std::string_view path, Lang lang);

} // namespace trainplan::sim
