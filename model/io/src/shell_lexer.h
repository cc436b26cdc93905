#pragma once

// Internal: the first pass of the shell-script reader (split out of shell_script.cpp): script text
// to raw words, separators and array assignments, with quoting, comments, continuations,
// redirections and heredocs handled, and every `$…` left as a segment for shell_script.cpp to
// expand.

#include <trainplan/model/io/shell_script.h>

#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io::detail {

inline constexpr std::size_t kMaxArrayElements = 1 << 16;

inline bool isNameStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
inline bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
inline bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

// A piece of a raw word: literal text, or an expansion to evaluate later (quoted or not).
struct Segment {
    enum Kind { Literal, Param, Command, Arith } kind = Literal;
    std::string
        text; // literal text, or the expansion's inside (`NAME`, `NAME[@]`, `N:-8`, command)
    bool quoted = false;
    bool braced = false; // ${…} rather than $NAME
};

struct RawWord {
    std::vector<Segment> segments;
    int line = 0;
};

struct Token {
    enum Kind { Word, Separator, ArrayAssign } kind = Word;
    RawWord word;                  // Word
    std::string name;              // ArrayAssign: variable name
    bool append = false;           // ArrayAssign: +=
    std::vector<RawWord> elements; // ArrayAssign
    int line = 0;
};

// The tokens of `text`, ending with a separator. Unterminated quotes and the like go to
// out.problems, whole-line comments to out.comments. Never throws.
[[nodiscard]] std::vector<Token> lexShellScript(std::string_view text, ShellScript& out);

} // namespace trainplan::model::io::detail
