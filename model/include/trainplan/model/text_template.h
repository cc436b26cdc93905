#pragma once

// The language-neutral part of every sentence catalogue, Qt-free and in the lowest layer so the
// model's own messages (issue_text.h) and the simulator's catalogues (sim::TextEntry, text
// catalogue.h) share it: the two languages, the one entry shape (an id, its argument count, its
// English and Simplified Chinese templates) and the one placeholder filler. The simulator adds its
// typed arguments (sim::MessageArg, formatted per language by sim::renderTemplate) on top.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

enum class Lang { En, ZhCN };

[[nodiscard]] std::string_view toString(Lang lang); // "en", "zh_CN"
[[nodiscard]] std::optional<Lang> langFromString(std::string_view s);

template <typename Id> struct TextEntry {
    Id id;
    int argCount; // placeholders {0}..{argCount − 1}
    std::string_view en;
    std::string_view zh;
};

// One entry per id, entries[i].id == i, for an enum of `count` ids (checked by static_assert).
template <typename Id, std::size_t N>
[[nodiscard]] constexpr bool entriesInIdOrder(const TextEntry<Id> (&entries)[N],
                                              std::size_t count) {
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

// The one placeholder filler of every catalogue: {0}..{9} become format(index), and
// {0|run|runs} writes the singular word when isOne(0), the plural otherwise (English templates
// need it; Chinese ones do not). Any other brace is copied as written.
template <typename Format, typename IsOne>
[[nodiscard]] std::string fillTemplate(std::string_view text, Format&& format, IsOne&& isOne) {
    std::string out;
    out.reserve(text.size() + 32);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
        if (close == std::string_view::npos || close < i + 2 || text[i + 1] < '0' ||
            text[i + 1] > '9' || (close > i + 2 && text[i + 2] != '|')) {
            out += text[i];
            continue;
        }
        const auto index = static_cast<std::size_t>(text[i + 1] - '0');
        if (close == i + 2) { // {N}
            out += format(index);
        } else { // {N|singular|plural}
            const std::string_view forms = text.substr(i + 3, close - i - 3);
            const std::size_t bar = forms.find('|');
            out += bar == std::string_view::npos ? forms
                   : isOne(index)                ? forms.substr(0, bar)
                                                 : forms.substr(bar + 1);
        }
        i = close;
    }
    return out;
}

// The set of placeholder indices a template uses, as a bit mask (bit N for {N} or {N|…|…}), so a
// test can check that a catalogue's two templates take the same arguments.
[[nodiscard]] unsigned placeholderMask(std::string_view text);

} // namespace trainplan::model
