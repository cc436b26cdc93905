#include <trainplan/model/utf8.h>

#include <trainplan/model/issue_text.h>

#include <algorithm>
#include <cstdio>

namespace trainplan::model {

std::optional<std::size_t> firstInvalidUtf8(std::string_view text) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = byte(i);
        if (c < 0x80) {
            ++i;
            continue;
        }
        // RFC 3629 §4: the second byte's range depends on the first; the rest are 80-BF.
        std::size_t len = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return i;
        }
        if (i + len > text.size()) return i;
        if (byte(i + 1) < lo || byte(i + 1) > hi) return i;
        for (std::size_t k = 2; k < len; ++k)
            if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
        i += len;
    }
    return std::nullopt;
}

std::optional<ValidationIssue> invalidUtf8Issue(std::string path, std::string_view text) {
    const auto at = firstInvalidUtf8(text);
    if (!at) return std::nullopt;
    const auto line =
        1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(*at), '\n');
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02X",
                  static_cast<unsigned>(static_cast<unsigned char>(text[*at])));
    return ValidationIssue(std::move(path), IssueId::NotUtf8,
                           {std::string(byte), *at, static_cast<long>(line)});
}

std::optional<std::string> invalidUtf8Message(std::string_view text) {
    if (auto issue = invalidUtf8Issue("", text)) return issue->message;
    return std::nullopt;
}

} // namespace trainplan::model
