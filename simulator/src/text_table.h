#pragma once

// An English → Simplified Chinese table of fixed strings, shared by the derivation's catalogues
// (explain_text.cpp, explain_formulas.cpp).

#include <trainplan/simulator/advice_text.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace trainplan::sim::detail {

struct TextPair {
    std::string_view en;
    std::string_view zh;
};

// The Chinese of `english` in `table`, or null when the table has no row for it.
template <std::size_t N>
const std::string_view* findText(const TextPair (&table)[N], std::string_view english) {
    for (const TextPair& p : table)
        if (p.en == english) return &p.zh;
    return nullptr;
}

// `english` in `lang`: the table's Chinese for ZhCN, the English itself otherwise or when the
// table has no row.
template <std::size_t N>
std::string translateText(const TextPair (&table)[N], std::string_view english, Lang lang) {
    if (lang == Lang::ZhCN)
        if (const std::string_view* zh = findText(table, english)) return std::string(*zh);
    return std::string(english);
}

} // namespace trainplan::sim::detail
