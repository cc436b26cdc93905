#pragma once

#include <filesystem>

namespace trainplan::model {

// The directory holding catalog/, scenarios/ and reference/: $TRAINPLAN_DATA_DIR, else the
// installed share/trainplan beside the executable (<prefix>/bin/../share/trainplan), else the
// configured install prefix's, else — only for executables inside the build tree — the source
// tree's data/.
// Throws std::runtime_error listing the places tried when none exists.
[[nodiscard]] std::filesystem::path dataDirectory();

} // namespace trainplan::model
