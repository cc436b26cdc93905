#include <trainplan/model/io/shell_script.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>

namespace trainplan::model::io {

namespace {

constexpr std::size_t kMaxWordBytes = 1 << 20; // an expansion larger than this stays unresolved
constexpr std::size_t kMaxArrayElements = 1 << 16;
constexpr int kMaxDepth = 32; // nested ${…:-${…}} and $(( ( … ) ))

bool isNameStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

constexpr std::size_t kMaxUnresolved = 16;
// Marks an unresolved $(( … )) that failed for a reason of its own, not an unset variable.
constexpr const char* kCannotCompute = "cannot be computed: it ";
constexpr std::size_t kMaxTotalWords = 1'000'000;

// Keeps the list of unresolved names short and free of repeats, so doubling expansions
// (A=$A$A) stay bounded.
void addUnresolved(std::vector<std::string>& into, const std::vector<std::string>& items) {
    for (const auto& item : items) {
        if (into.size() >= kMaxUnresolved) return;
        if (std::find(into.begin(), into.end(), item) == into.end()) into.push_back(item);
    }
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

// A scalar is an array of one element; each element keeps what it could not resolve.
struct Variable {
    std::vector<ShellWord> elements;
};

class Lexer {
public:
    Lexer(std::string_view text, ShellScript& out)
        : m_s(text)
        , m_out(out) {}

    std::vector<Token> run() {
        std::vector<Token> tokens;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (isBlank(c)) {
                ++m_i;
            } else if (c == '\\' && peek(1) == '\n') {
                m_i += 2;
                ++m_line;
            } else if (c == '\n') {
                newline(tokens);
            } else if (c == '#') {
                comment(tokens);
            } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '{' ||
                       c == '}') {
                // `{`/`}` only as words of their own (group or function body); else part of a word.
                if ((c == '{' || c == '}') && m_i + 1 < m_s.size() && !isBlank(peek(1)) &&
                    peek(1) != '\n' && peek(1) != ';') {
                    word(tokens);
                    continue;
                }
                ++m_i;
                if (c == '&' && peek(0) == '>') { // &> file
                    ++m_i;
                    skipRedirectTarget();
                    continue;
                }
                separator(tokens);
            } else if (c == '<' || c == '>') {
                redirect();
            } else {
                word(tokens);
            }
        }
        separator(tokens);
        return tokens;
    }

private:
    char peek(std::size_t ahead) const {
        return m_i + ahead < m_s.size() ? m_s[m_i + ahead] : '\0';
    }

    void problem(const std::string& what) { problem(what, m_line); }
    void problem(const std::string& what, int line) {
        if (m_out.problems.size() < 100)
            m_out.problems.push_back("line " + std::to_string(line) + ": " + what);
    }

    void separator(std::vector<Token>& tokens) {
        if (!tokens.empty() && tokens.back().kind == Token::Separator) return;
        Token t;
        t.kind = Token::Separator;
        t.line = m_line;
        tokens.push_back(std::move(t));
    }

    void newline(std::vector<Token>& tokens) {
        ++m_i;
        separator(tokens);
        ++m_line;
        if (!m_heredocs.empty()) skipHeredocs();
    }

    void comment(std::vector<Token>& tokens) {
        const std::size_t start = m_i + 1;
        while (m_i < m_s.size() && m_s[m_i] != '\n')
            ++m_i;
        // A whole-line comment: nothing but blanks before it on this line.
        std::size_t b = start - 1;
        bool wholeLine = true;
        while (b > 0) {
            const char p = m_s[b - 1];
            if (p == '\n') break;
            if (!isBlank(p)) {
                wholeLine = false;
                break;
            }
            --b;
        }
        if (wholeLine && m_out.comments.size() < 100000) {
            m_out.comments.push_back(
                {std::string(m_s.substr(start, m_i - start)), m_line, !m_sawCommand});
        }
        (void)tokens;
    }

    void skipHeredocs() {
        // Body lines of pending heredocs, each up to its delimiter line.
        for (const auto& [delim, stripTabs] : m_heredocs) {
            while (m_i < m_s.size()) {
                std::size_t end = m_s.find('\n', m_i);
                if (end == std::string_view::npos) end = m_s.size();
                std::string_view line = m_s.substr(m_i, end - m_i);
                if (stripTabs)
                    while (!line.empty() && line.front() == '\t')
                        line.remove_prefix(1);
                if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
                m_i = end < m_s.size() ? end + 1 : end;
                ++m_line;
                if (line == delim) break;
            }
        }
        m_heredocs.clear();
    }

    void skipRedirectTarget() {
        while (m_i < m_s.size() && isBlank(m_s[m_i]))
            ++m_i;
        if (m_i < m_s.size() && m_s[m_i] != '\n' && m_s[m_i] != ';' && m_s[m_i] != '|' &&
            m_s[m_i] != '&') {
            RawWord w = readWord();
            (void)w;
        }
    }

    void redirect() {
        const char c = m_s[m_i];
        ++m_i;
        if (c == '<' && peek(0) == '<') {
            ++m_i;
            if (peek(0) == '<') { // here-string <<< word
                ++m_i;
                skipRedirectTarget();
                return;
            }
            bool stripTabs = false;
            if (peek(0) == '-') {
                stripTabs = true;
                ++m_i;
            }
            while (m_i < m_s.size() && isBlank(m_s[m_i]))
                ++m_i;
            RawWord w = readWord();
            std::string delim;
            for (const auto& seg : w.segments)
                delim += seg.kind == Segment::Literal ? seg.text : "$" + seg.text;
            if (!delim.empty()) m_heredocs.emplace_back(delim, stripTabs);
            return;
        }
        if (peek(0) == '>' || peek(0) == '&' || peek(0) == '|') {
            if (peek(0) == '&') {
                ++m_i; // >&2, >&-
                while (m_i < m_s.size() &&
                       (std::isdigit(static_cast<unsigned char>(m_s[m_i])) || m_s[m_i] == '-'))
                    ++m_i;
                return;
            }
            ++m_i;
        }
        skipRedirectTarget();
    }

    void word(std::vector<Token>& tokens) {
        const int line = m_line;
        RawWord w = readWord();
        if (w.segments.empty()) return;
        // A redirection right after digits (2>file): the digits were a file descriptor.
        if (m_i < m_s.size() && (m_s[m_i] == '>' || m_s[m_i] == '<') && w.segments.size() == 1 &&
            w.segments[0].kind == Segment::Literal && !w.segments[0].quoted &&
            std::all_of(w.segments[0].text.begin(), w.segments[0].text.end(),
                        [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
            return;
        // NAME=( … ) and NAME+=( … )
        if (m_i < m_s.size() && m_s[m_i] == '(' && w.segments.size() == 1 &&
            w.segments[0].kind == Segment::Literal && !w.segments[0].quoted) {
            const std::string& t = w.segments[0].text;
            const bool append = t.size() >= 2 && t.compare(t.size() - 2, 2, "+=") == 0;
            const std::size_t nameLen = t.size() - (append ? 2 : 1);
            if (!t.empty() && t.back() == '=' && nameLen > 0 && isNameStart(t[0]) &&
                std::all_of(t.begin(), t.begin() + static_cast<long>(nameLen), isNameChar)) {
                ++m_i;
                Token a;
                a.kind = Token::ArrayAssign;
                a.name = t.substr(0, nameLen);
                a.append = append;
                a.line = line;
                readArrayElements(a.elements);
                m_sawCommand = true;
                tokens.push_back(std::move(a));
                return;
            }
        }
        m_sawCommand = true;
        Token t;
        t.kind = Token::Word;
        t.word = std::move(w);
        t.word.line = line;
        t.line = line;
        tokens.push_back(std::move(t));
    }

    void readArrayElements(std::vector<RawWord>& out) {
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (isBlank(c)) {
                ++m_i;
            } else if (c == '\\' && peek(1) == '\n') {
                m_i += 2;
                ++m_line;
            } else if (c == '\n') {
                ++m_i;
                ++m_line;
            } else if (c == '#') {
                while (m_i < m_s.size() && m_s[m_i] != '\n')
                    ++m_i;
            } else if (c == ')') {
                ++m_i;
                return;
            } else {
                const int line = m_line;
                RawWord w = readWord(true);
                if (w.segments.empty()) {
                    ++m_i; // a character that cannot start a word inside ( … ): skip it
                    continue;
                }
                w.line = line;
                if (out.size() < kMaxArrayElements) out.push_back(std::move(w));
            }
        }
        problem("array assignment not closed with ')'");
    }

    static void appendLiteral(RawWord& w, char c, bool quoted) {
        if (!w.segments.empty() && w.segments.back().kind == Segment::Literal &&
            w.segments.back().quoted == quoted)
            w.segments.back().text += c;
        else
            w.segments.push_back({Segment::Literal, std::string(1, c), quoted, false});
    }
    static void appendLiteral(RawWord& w, std::string_view s, bool quoted) {
        for (char c : s)
            appendLiteral(w, c, quoted);
    }

    // Reads up to the closing character matching `open` (for $( … ), ${ … }), honouring quotes.
    std::string readBalanced(char open, char close) {
        std::string inside;
        int depth = 1;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i++];
            if (c == '\n') ++m_line;
            if (c == '\\' && m_i < m_s.size()) {
                inside += c;
                inside += m_s[m_i++];
                continue;
            }
            if (c == '\'') {
                inside += c;
                while (m_i < m_s.size() && m_s[m_i] != '\'') {
                    if (m_s[m_i] == '\n') ++m_line;
                    inside += m_s[m_i++];
                }
                if (m_i < m_s.size()) inside += m_s[m_i++];
                continue;
            }
            if (c == open) ++depth;
            if (c == close && --depth == 0) return inside;
            inside += c;
        }
        problem(std::string("'") + open + "' not closed with '" + close + "'");
        return inside;
    }

    // `$` at m_i: appends a segment for the expansion.
    void dollar(RawWord& w, bool quoted) {
        ++m_i;
        const char c = peek(0);
        if (c == '(' && peek(1) == '(') {
            m_i += 2;
            std::string expr = readBalanced('(', ')');
            if (peek(0) == ')') ++m_i;
            w.segments.push_back({Segment::Arith, std::move(expr), quoted, false});
        } else if (c == '(') {
            ++m_i;
            w.segments.push_back(
                {Segment::Command, "$(" + readBalanced('(', ')') + ")", quoted, false});
        } else if (c == '{') {
            ++m_i;
            w.segments.push_back({Segment::Param, readBalanced('{', '}'), quoted, true});
        } else if (isNameStart(c)) {
            std::string name;
            while (m_i < m_s.size() && isNameChar(m_s[m_i]))
                name += m_s[m_i++];
            w.segments.push_back({Segment::Param, std::move(name), quoted, false});
        } else if (c != '\0' && (std::isdigit(static_cast<unsigned char>(c)) ||
                                 std::string_view("@*#?$!-").find(c) != std::string_view::npos)) {
            ++m_i;
            w.segments.push_back({Segment::Param, std::string(1, c), quoted, false});
        } else if (c == '\'' && !quoted) { // $'…' ANSI-C quoting: common escapes only
            ++m_i;
            while (m_i < m_s.size() && m_s[m_i] != '\'') {
                char ch = m_s[m_i++];
                if (ch == '\\' && m_i < m_s.size()) {
                    const char e = m_s[m_i++];
                    ch = e == 'n' ? '\n' : e == 't' ? '\t' : e;
                }
                if (ch == '\n') ++m_line;
                appendLiteral(w, ch, true);
            }
            if (m_i < m_s.size())
                ++m_i;
            else
                problem("$'…' quote not closed");
            if (w.segments.empty()) w.segments.push_back({Segment::Literal, "", true, false});
        } else {
            appendLiteral(w, '$', quoted);
        }
    }

    RawWord readWord(bool inArray = false) {
        RawWord w;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i];
            if (isBlank(c) || c == '\n' || c == ';' || c == '&' || c == '|' || c == '<' || c == '>')
                break;
            if (c == '(' || c == ')') {
                // `(` right after `NAME=` starts an array (handled by the caller); `)` ends one.
                break;
            }
            if (inArray && c == '#' && w.segments.empty()) break;
            if (c == '\\') {
                if (peek(1) == '\n') {
                    m_i += 2;
                    ++m_line;
                    continue;
                }
                if (m_i + 1 < m_s.size()) appendLiteral(w, m_s[m_i + 1], true);
                m_i = std::min(m_i + 2, m_s.size());
            } else if (c == '\'') {
                const int openLine = m_line;
                ++m_i;
                const std::size_t end = m_s.find('\'', m_i);
                const std::size_t stop = end == std::string_view::npos ? m_s.size() : end;
                std::string_view lit = m_s.substr(m_i, stop - m_i);
                m_line += static_cast<int>(std::count(lit.begin(), lit.end(), '\n'));
                if (lit.empty())
                    w.segments.push_back({Segment::Literal, "", true, false});
                else
                    appendLiteral(w, lit, true);
                if (end == std::string_view::npos)
                    problem("the single quote opened here is never closed", openLine);
                m_i = end == std::string_view::npos ? m_s.size() : end + 1;
            } else if (c == '"') {
                const int openLine = m_line;
                ++m_i;
                bool closed = false;
                const std::size_t before = w.segments.size();
                while (m_i < m_s.size()) {
                    const char d = m_s[m_i];
                    if (d == '"') {
                        ++m_i;
                        closed = true;
                        break;
                    }
                    if (d == '\\' && m_i + 1 < m_s.size()) {
                        const char e = m_s[m_i + 1];
                        if (e == '\n') {
                            ++m_line;
                        } else if (e == '$' || e == '`' || e == '"' || e == '\\') {
                            appendLiteral(w, e, true);
                        } else {
                            appendLiteral(w, '\\', true);
                            appendLiteral(w, e, true);
                        }
                        m_i += 2;
                    } else if (d == '$') {
                        dollar(w, true);
                    } else if (d == '`') {
                        ++m_i;
                        const std::size_t end = m_s.find('`', m_i);
                        const std::size_t stop = end == std::string_view::npos ? m_s.size() : end;
                        w.segments.push_back({Segment::Command,
                                              "`" + std::string(m_s.substr(m_i, stop - m_i)) + "`",
                                              true, false});
                        m_i = end == std::string_view::npos ? m_s.size() : end + 1;
                    } else {
                        if (d == '\n') ++m_line;
                        appendLiteral(w, d, true);
                        ++m_i;
                    }
                }
                if (!closed) problem("the double quote opened here is never closed", openLine);
                if (w.segments.size() == before)
                    w.segments.push_back({Segment::Literal, "", true, false}); // ""
            } else if (c == '$') {
                dollar(w, false);
            } else if (c == '`') {
                ++m_i;
                const std::size_t end = m_s.find('`', m_i);
                const std::size_t stop = end == std::string_view::npos ? m_s.size() : end;
                w.segments.push_back({Segment::Command,
                                      "`" + std::string(m_s.substr(m_i, stop - m_i)) + "`", false,
                                      false});
                if (end == std::string_view::npos) problem("backquote not closed");
                m_i = end == std::string_view::npos ? m_s.size() : end + 1;
            } else {
                appendLiteral(w, c, false);
                ++m_i;
            }
        }
        return w;
    }

    std::string_view m_s;
    ShellScript& m_out;
    std::size_t m_i = 0;
    int m_line = 1;
    bool m_sawCommand = false;
    std::vector<std::pair<std::string, bool>> m_heredocs;
};

// ---- evaluation --------------------------------------------------------------------------------

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
            m_vars[k] = Variable{{ShellWord{v, {}, 0}}};
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
            addUnresolved(joined.unresolved, e.fields[i].unresolved);
        }
        Variable& v = m_vars[name];
        if (append && !v.elements.empty()) {
            ShellWord& first = v.elements[0];
            if (first.text.size() + joined.text.size() <= kMaxWordBytes)
                first.text += joined.text;
            else
                addUnresolved(first.unresolved, {"$" + name});
            addUnresolved(first.unresolved, joined.unresolved);
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
                    if (!m_tooMany)
                        out.problems.push_back(
                            "more than 1,000,000 words after expansion; the rest is ignored");
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
                    const std::vector<std::string>& unresolved) {
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
    }

    // Unquoted expansion: split on blanks; the pieces join the surrounding text at the ends.
    static void putSplit(Expanded& e, const std::string& text,
                         const std::vector<std::string>& unresolved) {
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
            put(e, text.substr(i, j - i), unresolved);
            any = true;
            i = j;
            if (i < text.size()) e.open = false;
        }
        if (!any && !unresolved.empty()) put(e, "", unresolved);
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
                m_arithError.clear();
                if (auto v = arithmetic(s.text, depth))
                    put(e, std::to_string(*v), {});
                else if (!m_arithError.empty()) // not unset: it cannot be computed
                    put(e, "$((" + s.text + "))",
                        {"$((" + s.text + ")) " + kCannotCompute + m_arithError});
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

    std::string expandText(const std::string& text, int depth,
                           std::vector<std::string>& unresolved) {
        // Expands a default-value word (`${N:-…}`) with quoting rules of double quotes.
        ShellScript scratch;
        const std::string quotedText = "\"" + text + "\"";
        Lexer lx(quotedText, scratch);
        std::vector<Token> tokens = lx.run();
        std::string result;
        for (const Token& t : tokens) {
            if (t.kind != Token::Word) continue;
            Expanded e = expand(t.word, depth + 1);
            for (std::size_t i = 0; i < e.fields.size(); ++i) {
                if (i) result += ' ';
                result += e.fields[i].text;
                addUnresolved(unresolved, e.fields[i].unresolved);
            }
        }
        return result;
    }

    void expandParam(Expanded& e, const Segment& s, int depth) {
        const std::string& p = s.text;
        const std::string asWritten = s.braced ? "${" + p + "}" : "$" + p;
        auto unresolvedHere = [&](const std::string& what) { put(e, asWritten, {what}); };
        if (depth > kMaxDepth || p.empty() || !isNameStart(p[0])) {
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
                        put(e, values[i].text, values[i].unresolved);
                    }
                } else {
                    ShellWord joined;
                    for (std::size_t i = 0; i < values.size(); ++i) {
                        joined.text += (i ? " " : "") + values[i].text;
                        addUnresolved(joined.unresolved, values[i].unresolved);
                    }
                    put(e, joined.text, joined.unresolved);
                }
            } else {
                for (std::size_t i = 0; i < values.size(); ++i) {
                    if (i) e.open = false;
                    putSplit(e, values[i].text, values[i].unresolved);
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
                std::vector<std::string> unresolved;
                ShellWord value{expandText(word, depth, unresolved), {}, 0};
                value.unresolved = std::move(unresolved);
                if (kind == '=') m_vars[name] = Variable{{value}};
                emit({value}, false);
            }
            break;
        case '+':
            if (set) {
                std::vector<std::string> unresolved;
                ShellWord value{expandText(word, depth, unresolved), {}, 0};
                value.unresolved = std::move(unresolved);
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

    // $(( … )): integers, + - * / % and parentheses, variables by name or $name. nullopt when
    // anything is unknown, malformed or overflows.
    std::optional<long long> arithmetic(const std::string& expr, int depth) {
        if (depth > kMaxDepth) return std::nullopt;
        Arith a{expr, 0, *this, depth};
        auto v = a.sum(0);
        a.blanks();
        if (!v || a.i != expr.size()) return std::nullopt;
        return v;
    }

    struct Arith {
        const std::string& s;
        std::size_t i;
        Evaluator& ev;
        int depth;

        void blanks() {
            while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
                ++i;
        }
        std::optional<long long> fail(const char* why) {
            if (ev.m_arithError.empty()) ev.m_arithError = why;
            return std::nullopt;
        }
        std::optional<long long> apply(char op, long long a, long long b) {
            long long r = 0;
            const bool minOverMinusOne = a == std::numeric_limits<long long>::min() && b == -1;
            switch (op) {
            case '+':
                if (__builtin_add_overflow(a, b, &r)) return fail("overflows 64-bit integers");
                return r;
            case '-':
                if (__builtin_sub_overflow(a, b, &r)) return fail("overflows 64-bit integers");
                return r;
            case '*':
                if (__builtin_mul_overflow(a, b, &r)) return fail("overflows 64-bit integers");
                return r;
            case '/':
                if (b == 0) return fail("divides by zero");
                if (minOverMinusOne) return fail("overflows 64-bit integers");
                return a / b;
            case '%':
                if (b == 0) return fail("divides by zero");
                if (minOverMinusOne) return fail("overflows 64-bit integers");
                return a % b;
            }
            return std::nullopt;
        }
        std::optional<long long> sum(int level) {
            if (level > kMaxDepth) return std::nullopt;
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
                if (level > kMaxDepth) return std::nullopt;
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
            auto var = ev.lookup(name);
            if (!var || var->elements.empty() || !var->elements[0].resolved()) return std::nullopt;
            std::string text = var->elements[0].text;
            while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
                text.pop_back();
            if (text.empty()) return 0;
            return ev.arithmetic(text, depth + 1);
        }
    };

    std::map<std::string, Variable> m_vars;
    std::size_t m_totalWords = 0;
    bool m_tooMany = false;
    std::string m_arithError; // why the last $(( … )) failed, when it is not an unknown name
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
    Lexer lexer(text, out);
    const std::vector<Token> tokens = lexer.run();
    Evaluator ev(env);
    ev.run(tokens, out);
    return out;
}

} // namespace trainplan::model::io
