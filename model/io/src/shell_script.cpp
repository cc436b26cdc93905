// Evaluation of shell launch scripts over the tokens of shell_lexer.cpp: assignments in text order,
// parameter expansion with word splitting and ${N:-…} defaults, $(( … )) through
// shell_arithmetic.cpp.
#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/shell_script.h>

#include "shell_arithmetic.h"
#include "shell_lexer.h"

#include <algorithm>
#include <optional>

namespace trainplan::model::io {

namespace {

using detail::isNameChar;
using detail::isNameStart;
using detail::kMaxArrayElements;
using detail::kMaxShellDepth;
using detail::RawWord;
using detail::Segment;
using detail::Token;

constexpr std::size_t kMaxWordBytes = 1 << 20; // an expansion larger than this stays unresolved

constexpr std::size_t kMaxUnresolved = 16;
constexpr std::size_t kMaxTotalWords = 1'000'000;

// Keeps the list of unresolved names short and free of repeats, so doubling expansions
// (A=$A$A) stay bounded.
template <typename T> void addUnresolved(std::vector<T>& into, const std::vector<T>& items) {
    for (const auto& item : items) {
        if (into.size() >= kMaxUnresolved) return;
        if (std::find(into.begin(), into.end(), item) == into.end()) into.push_back(item);
    }
}
void addUnresolved(std::vector<std::string>& into, std::initializer_list<std::string> items) {
    addUnresolved(into, std::vector<std::string>(items));
}

// What `from` could not resolve, and why, joins `into`.
void absorb(ShellWord& into, const ShellWord& from) {
    addUnresolved(into.unresolved, from.unresolved);
    addUnresolved(into.failures, from.failures);
}

// A scalar is an array of one element; each element keeps what it could not resolve.
struct Variable {
    std::vector<ShellWord> elements;
};

// Fields produced while expanding one raw word: bash word splitting applies to unquoted
// expansions only.
struct Expanded {
    std::vector<ShellWord> fields;
    bool open = false; // the last field can still be appended to
};

class Evaluator {
public:
    explicit Evaluator(const std::map<std::string, std::string>& env) {
        for (const auto& [k, v] : env)
            m_vars[k] = Variable{{ShellWord{v, {}, 0, {}}}};
    }

    void run(const std::vector<Token>& tokens, ShellScript& out) {
        std::vector<const Token*> current;
        for (const Token& t : tokens) {
            if (t.kind == Token::Separator) {
                finishCommand(current, out);
                current.clear();
            } else {
                current.push_back(&t);
            }
        }
        finishCommand(current, out);
    }

private:
    static bool assignmentName(const RawWord& w, std::string& name, bool& append,
                               std::size_t& valueStart) {
        if (w.segments.empty() || w.segments[0].kind != Segment::Literal || w.segments[0].quoted)
            return false;
        const std::string& t = w.segments[0].text;
        const std::size_t eq = t.find('=');
        if (eq == std::string::npos || eq == 0) return false;
        append = t[eq - 1] == '+';
        const std::size_t nameLen = append ? eq - 1 : eq;
        if (nameLen == 0 || !isNameStart(t[0]) ||
            !std::all_of(t.begin(), t.begin() + static_cast<long>(nameLen), isNameChar))
            return false;
        name = t.substr(0, nameLen);
        valueStart = eq + 1;
        return true;
    }

    void assignScalar(const RawWord& w, const std::string& name, bool append,
                      std::size_t valueStart) {
        RawWord value = w;
        value.segments[0].text = value.segments[0].text.substr(valueStart);
        // No word splitting in assignments: expand as if quoted.
        for (auto& s : value.segments)
            s.quoted = true;
        Expanded e = expand(value, 0);
        ShellWord joined;
        for (std::size_t i = 0; i < e.fields.size(); ++i) {
            if (i) joined.text += ' ';
            joined.text += e.fields[i].text;
            absorb(joined, e.fields[i]);
        }
        Variable& v = m_vars[name];
        if (append && !v.elements.empty()) {
            ShellWord& first = v.elements[0];
            if (first.text.size() + joined.text.size() <= kMaxWordBytes)
                first.text += joined.text;
            else
                addUnresolved(first.unresolved, {"$" + name});
            absorb(first, joined);
        } else {
            v.elements = {std::move(joined)};
        }
    }

    void assignArray(const Token& t) {
        Variable fresh;
        Variable& v = t.append ? m_vars[t.name] : fresh;
        std::size_t bytes = 0;
        for (const auto& s : v.elements)
            bytes += s.text.size();
        for (const RawWord& rw : t.elements) {
            Expanded e = expand(rw, 0);
            for (auto& f : e.fields) {
                bytes += f.text.size();
                if (v.elements.size() >= kMaxArrayElements || bytes > kMaxWordBytes) {
                    if (!v.elements.empty())
                        addUnresolved(v.elements.back().unresolved,
                                      {"$" + t.name + " (too large)"});
                    break;
                }
                v.elements.push_back(std::move(f));
            }
        }
        if (!t.append) m_vars[t.name] = std::move(fresh);
    }

    void finishCommand(const std::vector<const Token*>& tokens, ShellScript& out) {
        if (tokens.empty()) return;
        std::size_t i = 0;
        // Reserved words that only introduce the command that follows.
        static const char* const kPrefixWords[] = {"then",  "do",    "else", "elif", "if",
                                                   "while", "until", "!",    "{",    "time"};
        auto literalText = [](const Token* t) -> std::optional<std::string> {
            if (t->kind != Token::Word || t->word.segments.size() != 1 ||
                t->word.segments[0].kind != Segment::Literal || t->word.segments[0].quoted)
                return std::nullopt;
            return t->word.segments[0].text;
        };
        while (i < tokens.size()) {
            auto lit = literalText(tokens[i]);
            if (!lit ||
                std::find_if(std::begin(kPrefixWords), std::end(kPrefixWords),
                             [&](const char* k) { return *lit == k; }) == std::end(kPrefixWords))
                break;
            ++i;
        }
        // Leading assignments (also `export`/`declare`/… arguments).
        bool builtinAssign = false;
        if (i < tokens.size()) {
            if (auto lit = literalText(tokens[i]);
                lit && (*lit == "export" || *lit == "declare" || *lit == "local" ||
                        *lit == "readonly" || *lit == "typeset")) {
                builtinAssign = true;
                ++i;
            }
        }
        ShellCommand cmd;
        cmd.line = tokens[i < tokens.size() ? i : 0]->line;
        for (; i < tokens.size(); ++i) {
            const Token* t = tokens[i];
            if (t->kind == Token::ArrayAssign) {
                if (cmd.words.empty()) assignArray(*t);
                continue;
            }
            std::string name;
            bool append = false;
            std::size_t valueStart = 0;
            if ((cmd.words.empty() || builtinAssign) &&
                assignmentName(t->word, name, append, valueStart)) {
                assignScalar(t->word, name, append, valueStart);
                continue;
            }
            if (builtinAssign) continue; // `export -x NAME` and the like
            Expanded e = expand(t->word, 0);
            for (auto& f : e.fields) {
                if (++m_totalWords > kMaxTotalWords) {
                    if (!m_tooMany) {
                        out.problemTexts.emplace_back(ImportTextId::ShellTooManyWords);
                        out.problems.push_back(out.problemTexts.back().render(Lang::En));
                    }
                    m_tooMany = true;
                    break;
                }
                f.line = t->word.line;
                cmd.words.push_back(std::move(f));
            }
        }
        if (!cmd.words.empty()) out.commands.push_back(std::move(cmd));
    }

    // Appends text to the current field (opening one if needed).
    static void put(Expanded& e, const std::string& text,
                    const std::vector<std::string>& unresolved,
                    const std::vector<ImportText>& failures = {}) {
        if (!e.open) {
            e.fields.emplace_back();
            e.open = true;
        }
        ShellWord& f = e.fields.back();
        if (f.text.size() + text.size() <= kMaxWordBytes)
            f.text += text;
        else
            addUnresolved(f.unresolved, {"(an expansion larger than 1 MiB)"});
        addUnresolved(f.unresolved, unresolved);
        addUnresolved(f.failures, failures);
    }
    static void put(Expanded& e, const ShellWord& w) { put(e, w.text, w.unresolved, w.failures); }

    // Unquoted expansion: split on blanks; the pieces join the surrounding text at the ends.
    static void putSplit(Expanded& e, const ShellWord& w) {
        const std::string& text = w.text;
        const std::vector<std::string>& unresolved = w.unresolved;
        std::size_t i = 0;
        bool any = false;
        while (i < text.size()) {
            if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n') {
                e.open = false;
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < text.size() && text[j] != ' ' && text[j] != '\t' && text[j] != '\n')
                ++j;
            put(e, text.substr(i, j - i), unresolved, w.failures);
            any = true;
            i = j;
            if (i < text.size()) e.open = false;
        }
        if (!any && !unresolved.empty()) put(e, "", unresolved, w.failures);
    }

    Expanded expand(const RawWord& w, int depth) {
        Expanded e;
        bool sawQuoted = false;
        for (const Segment& s : w.segments) {
            if (s.quoted) sawQuoted = true;
            switch (s.kind) {
            case Segment::Literal:
                put(e, s.text, {});
                break;
            case Segment::Command:
                put(e, s.text, {s.text});
                break;
            case Segment::Arith: {
                m_arithError = ImportTextId::Verbatim;
                if (auto v = arithmetic(s.text, depth))
                    put(e, std::to_string(*v), {});
                else if (m_arithError != ImportTextId::Verbatim) // not unset: it cannot be computed
                    put(e, "$((" + s.text + "))", {"$((" + s.text + "))"},
                        {ImportText(m_arithError, {"$((" + s.text + "))"})});
                else
                    put(e, "$((" + s.text + "))", {"$((" + s.text + "))"});
                break;
            }
            case Segment::Param:
                expandParam(e, s, depth);
                break;
            }
        }
        if (e.fields.empty() && sawQuoted) e.fields.emplace_back(); // "" is one empty word
        return e;
    }

    // Resolves a scalar or array value for `${…}` inside text; nullopt when unknown.
    std::optional<Variable> lookup(const std::string& name) const {
        auto it = m_vars.find(name);
        if (it == m_vars.end()) return std::nullopt;
        return it->second;
    }

    ShellWord expandText(const std::string& text, int depth) {
        // Expands a default-value word (`${N:-…}`) with quoting rules of double quotes.
        ShellScript scratch;
        const std::string quotedText = "\"" + text + "\"";
        std::vector<Token> tokens = detail::lexShellScript(quotedText, scratch);
        ShellWord result;
        for (const Token& t : tokens) {
            if (t.kind != Token::Word) continue;
            Expanded e = expand(t.word, depth + 1);
            for (std::size_t i = 0; i < e.fields.size(); ++i) {
                if (i) result.text += ' ';
                result.text += e.fields[i].text;
                absorb(result, e.fields[i]);
            }
        }
        return result;
    }

    void expandParam(Expanded& e, const Segment& s, int depth) {
        const std::string& p = s.text;
        const std::string asWritten = s.braced ? "${" + p + "}" : "$" + p;
        auto unresolvedHere = [&](const std::string& what) { put(e, asWritten, {what}); };
        if (depth > kMaxShellDepth || p.empty() || !isNameStart(p[0])) {
            unresolvedHere(p.empty() ? "${}" : "$" + p);
            return;
        }
        std::size_t n = 0;
        while (n < p.size() && isNameChar(p[n]))
            ++n;
        const std::string name = p.substr(0, n);
        const std::string rest = p.substr(n);
        const auto var = lookup(name);
        auto emit = [&](const std::vector<ShellWord>& values, bool asArray) {
            if (s.quoted) {
                if (asArray) {
                    for (std::size_t i = 0; i < values.size(); ++i) {
                        if (i) e.open = false;
                        put(e, values[i]);
                    }
                } else {
                    ShellWord joined;
                    for (std::size_t i = 0; i < values.size(); ++i) {
                        joined.text += (i ? " " : "") + values[i].text;
                        absorb(joined, values[i]);
                    }
                    put(e, joined);
                }
            } else {
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (i) e.open = false;
                    putSplit(e, values[i]);
                }
            }
        };
        auto first = [](const Variable& v) {
            return v.elements.empty() ? std::vector<ShellWord>{ShellWord{}}
                                      : std::vector<ShellWord>{v.elements[0]};
        };
        if (rest.empty() || rest == "[0]") {
            if (!var) {
                unresolvedHere("$" + name);
                return;
            }
            emit(first(*var), false);
            return;
        }
        if (rest == "[@]" || rest == "[*]") {
            if (!var) {
                unresolvedHere("$" + name);
                return;
            }
            emit(var->elements, rest == "[@]");
            return;
        }
        // ${N:-word} ${N-word} ${N:=word} ${N=word} ${N:+word} ${N:?msg}
        std::string op;
        std::size_t wordStart = 0;
        if (rest.size() >= 2 && rest[0] == ':' &&
            std::string_view("-=+?").find(rest[1]) != std::string_view::npos) {
            op = rest.substr(0, 2);
            wordStart = 2;
        } else if (std::string_view("-=+?").find(rest[0]) != std::string_view::npos) {
            op = rest.substr(0, 1);
            wordStart = 1;
        }
        if (op.empty()) {
            unresolvedHere("$" + name); // ${#N}, ${N%pat}, ${N/a/b}: not evaluated
            return;
        }
        const bool colon = op[0] == ':';
        const char kind = op.back();
        const bool set = var.has_value() &&
                         (!colon || !(var->elements.empty() || var->elements[0].text.empty()));
        const std::string word = rest.substr(wordStart);
        switch (kind) {
        case '-':
        case '=':
            if (set) {
                emit(first(*var), false);
            } else {
                ShellWord value = expandText(word, depth);
                if (kind == '=') m_vars[name] = Variable{{value}};
                emit({value}, false);
            }
            break;
        case '+':
            if (set) {
                ShellWord value = expandText(word, depth);
                emit({value}, false);
            } else if (s.quoted) {
                put(e, "", {});
            }
            break;
        case '?':
        default:
            if (set)
                emit(first(*var), false);
            else
                unresolvedHere("$" + name);
            break;
        }
    }

    // $(( … )) with this script's variables; m_arithError says why when it fails for a reason of
    // its own.
    std::optional<long long> arithmetic(const std::string& expr, int depth) {
        return detail::shellArithmetic(
            expr, depth,
            [this](const std::string& name) -> std::optional<std::string> {
                auto var = lookup(name);
                if (!var || var->elements.empty() || !var->elements[0].resolved())
                    return std::nullopt;
                return var->elements[0].text;
            },
            m_arithError);
    }

    std::map<std::string, Variable> m_vars;
    std::size_t m_totalWords = 0;
    bool m_tooMany = false;
    // Why the last $(( … )) failed, when it is not an unknown name (Verbatim: it did not).
    ImportTextId m_arithError = ImportTextId::Verbatim;
};

} // namespace

ShellScript parseShellScript(std::string_view text, const std::map<std::string, std::string>& env) {
    ShellScript out;
    // Windows line ends: bash itself fails on them ("$'\r': command not found"), but the intent
    // is plain, and read as they are a backslash-CRLF continuation ends the command, dropping
    // every flag after it (TP8 PP8 DP16 fp16 became DP1024 fp32). Read CRLF as LF.
    std::string lf;
    if (text.find("\r\n") != std::string_view::npos) {
        lf.reserve(text.size());
        for (std::size_t i = 0; i < text.size(); ++i)
            if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) lf += text[i];
        text = lf;
    }
    const std::vector<Token> tokens = detail::lexShellScript(text, out);
    Evaluator ev(env);
    ev.run(tokens, out);
    return out;
}

} // namespace trainplan::model::io
