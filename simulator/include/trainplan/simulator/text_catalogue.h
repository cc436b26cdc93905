#pragma once

// The one shape of every sentence catalogue (calibration_text, run_check_text, window_text,
// plan_view_text, editor_text, chart_text): an id, how many arguments its templates take, and its
// English and Simplified Chinese templates, one entry per id in the enum's order; looked up and
// rendered by the same three functions.

#include <trainplan/simulator/advice_text.h>

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace trainplan::sim {

template <typename Id> struct TextEntry {
    Id id;
    int argCount; // placeholders {0}..{argCount − 1}
    std::string_view en;
    std::string_view zh;
};

// One entry per id, entries[i].id == i, for an enum of `count` ids (checked by static_assert).
template <typename Id, std::size_t N>
[[nodiscard]] constexpr bool entriesInIdOrder(const TextEntry<Id> (&entries)[N], std::size_t count) {
    for (std::size_t i = 0; i < N; ++i)
        if (static_cast<std::size_t>(entries[i].id) != i) return false;
    return N == count;
}

template <typename Id, std::size_t N>
[[nodiscard]] constexpr const TextEntry<Id>& catalogueEntry(const TextEntry<Id> (&entries)[N],
                                                            Id id) {
    return entries[static_cast<std::size_t>(id)];
}

// The entry's template in `lang`.
template <typename Id, std::size_t N>
[[nodiscard]] constexpr std::string_view catalogueTemplate(const TextEntry<Id> (&entries)[N], Id id,
                                                           Lang lang) {
    const TextEntry<Id>& e = catalogueEntry(entries, id);
    return lang == Lang::ZhCN ? e.zh : e.en;
}

// The entry rendered in `lang` with `args` (renderTemplate).
template <typename Id, std::size_t N>
[[nodiscard]] std::string catalogueText(const TextEntry<Id> (&entries)[N], Id id, Lang lang,
                                        std::initializer_list<MessageArg> args) {
    return renderTemplate(catalogueTemplate(entries, id, lang),
                          std::span<const MessageArg>(args.begin(), args.size()), lang);
}

} // namespace trainplan::sim
