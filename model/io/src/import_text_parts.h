#pragma once

// Internal: the import catalogue is written in parts (one .cpp per family of importers, each a
// run of consecutive ids); import_text.cpp joins them.

#include <trainplan/model/io/import_text.h>

#include <span>

namespace trainplan::model::io::detail {

using ImportEntry = TextEntry<ImportTextId>;

// Entries [first, first + N) in id order: each part is one run of consecutive ids.
template <std::size_t N>
[[nodiscard]] constexpr bool consecutiveIds(const ImportEntry (&entries)[N], ImportTextId first,
                                            ImportTextId end) {
    for (std::size_t i = 0; i < N; ++i)
        if (static_cast<std::size_t>(entries[i].id) != static_cast<std::size_t>(first) + i)
            return false;
    return static_cast<std::size_t>(first) + N == static_cast<std::size_t>(end);
}

[[nodiscard]] std::span<const ImportEntry> importTextsCommon();  // import_text.cpp
[[nodiscard]] std::span<const ImportEntry> importTextsConfigs(); // import_text_configs.cpp
[[nodiscard]] std::span<const ImportEntry> importTextsLaunch();  // import_text_launch.cpp
[[nodiscard]] std::span<const ImportEntry> importTextsLogs();    // import_text_logs.cpp

} // namespace trainplan::model::io::detail
