// $(( … )) arithmetic of the shell-script reader (split out of shell_script.cpp): a recursive
// descent over + - * / % and parentheses in 64-bit integers, refusing overflow and division by
// zero.
#include "shell_arithmetic.h"

#include "shell_lexer.h"

#include <cctype>
#include <charconv>
#include <limits>
#include <utility>

namespace trainplan::model::io::detail {

namespace {

struct Arith {
    const std::string& s;
    std::size_t i;
    const ShellValueOf& valueOf;
    ImportTextId& error;
    int depth;

    void blanks() {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
    }
    std::optional<long long> fail(ImportTextId why) {
        if (error == ImportTextId::Verbatim) error = why;
        return std::nullopt;
    }
    std::optional<long long> apply(char op, long long a, long long b) {
        long long r = 0;
        const bool minOverMinusOne = a == std::numeric_limits<long long>::min() && b == -1;
        switch (op) {
        case '+':
            if (__builtin_add_overflow(a, b, &r)) return fail(ImportTextId::ShellOverflows);
            return r;
        case '-':
            if (__builtin_sub_overflow(a, b, &r)) return fail(ImportTextId::ShellOverflows);
            return r;
        case '*':
            if (__builtin_mul_overflow(a, b, &r)) return fail(ImportTextId::ShellOverflows);
            return r;
        case '/':
            if (b == 0) return fail(ImportTextId::ShellDividesByZero);
            if (minOverMinusOne) return fail(ImportTextId::ShellOverflows);
            return a / b;
        case '%':
            if (b == 0) return fail(ImportTextId::ShellDividesByZero);
            if (minOverMinusOne) return fail(ImportTextId::ShellOverflows);
            return a % b;
        }
        return std::nullopt;
    }
    std::optional<long long> sum(int level) {
        if (level > kMaxShellDepth) return std::nullopt;
        auto left = product(level);
        while (left) {
            blanks();
            if (i >= s.size() || (s[i] != '+' && s[i] != '-')) break;
            const char op = s[i++];
            auto right = product(level);
            if (!right) return std::nullopt;
            left = apply(op, *left, *right);
        }
        return left;
    }
    std::optional<long long> product(int level) {
        auto left = unary(level);
        while (left) {
            blanks();
            if (i >= s.size() || (s[i] != '*' && s[i] != '/' && s[i] != '%')) break;
            const char op = s[i++];
            auto right = unary(level);
            if (!right) return std::nullopt;
            left = apply(op, *left, *right);
        }
        return left;
    }
    std::optional<long long> unary(int level) {
        blanks();
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
            const char op = s[i++];
            if (level > kMaxShellDepth) return std::nullopt;
            auto v = unary(level + 1);
            if (!v) return std::nullopt;
            return op == '-' ? apply('-', 0, *v) : v;
        }
        return primary(level);
    }
    std::optional<long long> primary(int level) {
        blanks();
        if (i >= s.size()) return std::nullopt;
        if (s[i] == '(') {
            ++i;
            auto v = sum(level + 1);
            blanks();
            if (i >= s.size() || s[i] != ')') return std::nullopt;
            ++i;
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(s[i]))) {
            long long v = 0;
            const char* b = s.data() + i;
            auto [p, ec] = std::from_chars(b, s.data() + s.size(), v);
            if (ec != std::errc()) return std::nullopt;
            i += static_cast<std::size_t>(p - b);
            return v;
        }
        std::string name;
        if (s[i] == '$') {
            ++i;
            if (i < s.size() && s[i] == '{') {
                ++i;
                while (i < s.size() && s[i] != '}')
                    name += s[i++];
                if (i >= s.size()) return std::nullopt;
                ++i;
            } else {
                while (i < s.size() && isNameChar(s[i]))
                    name += s[i++];
            }
        } else {
            while (i < s.size() && isNameChar(s[i]))
                name += s[i++];
        }
        if (name.empty() || !isNameStart(name[0])) return std::nullopt;
        auto value = valueOf(name);
        if (!value) return std::nullopt;
        std::string text = std::move(*value);
        while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
            text.pop_back();
        if (text.empty()) return 0;
        return shellArithmetic(text, depth + 1, valueOf, error);
    }
};

} // namespace

std::optional<long long> shellArithmetic(const std::string& expr, int depth,
                                         const ShellValueOf& valueOf, ImportTextId& error) {
    if (depth > kMaxShellDepth) return std::nullopt;
    Arith a{expr, 0, valueOf, error, depth};
    auto v = a.sum(0);
    a.blanks();
    if (!v || a.i != expr.size()) return std::nullopt;
    return v;
}

} // namespace trainplan::model::io::detail
