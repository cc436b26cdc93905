#pragma once

// Checks shared by the text catalogues' tests (metrics, calibration, measured runs): whether a
// rendering is Chinese, and which arguments a template uses.
#include <set>
#include <string_view>

namespace trainplan::test {

// Whether `s` holds a CJK ideograph: U+4E00..U+9FFF is E4 B8 80 .. E9 BF BF in UTF-8.
inline bool hasCjk(std::string_view s) {
    for (std::size_t i = 0; i + 2 < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0xE4 && c <= 0xE9) return true;
    }
    return false;
}

// The argument indices a template uses: {N} and {N|singular|plural}.
inline std::set<int> placeholders(std::string_view t) {
    std::set<int> out;
    for (std::size_t i = 0; i + 2 < t.size(); ++i)
        if (t[i] == '{' && t[i + 1] >= '0' && t[i + 1] <= '9' &&
            (t[i + 2] == '}' || t[i + 2] == '|'))
            out.insert(t[i + 1] - '0');
    return out;
}

} // namespace trainplan::test
