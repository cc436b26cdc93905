// The lexer of the shell-script reader (split out of shell_script.cpp): quoting and `$…` segments,
// comments, separators, redirections and heredoc bodies, array assignments.
#include "shell_lexer.h"

#include <trainplan/model/io/import_text.h>

#include <algorithm>
#include <string>
#include <utility>

namespace trainplan::model::io::detail {

namespace {

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

    void problem(ImportText what) { problem(std::move(what), m_line); }
    void problem(ImportText what, int line) {
        if (m_out.problems.size() >= 100) return;
        m_out.problemTexts.emplace_back(ImportTextId::ShellLineProblem, std::vector<IssueArg>{line},
                                        std::vector<ImportText>{std::move(what)});
        m_out.problems.push_back(m_out.problemTexts.back().render(Lang::En));
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
        problem(ImportTextId::ShellArrayNotClosed);
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
        problem(ImportText(ImportTextId::ShellNotClosedWith,
                           {std::string(1, open), std::string(1, close)}));
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
                problem(ImportTextId::ShellDollarQuoteNotClosed);
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
                    problem(ImportTextId::ShellSingleQuoteNotClosed, openLine);
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
                if (!closed) problem(ImportTextId::ShellDoubleQuoteNotClosed, openLine);
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
                if (end == std::string_view::npos) problem(ImportTextId::ShellBackquoteNotClosed);
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

} // namespace

std::vector<Token> lexShellScript(std::string_view text, ShellScript& out) {
    return Lexer(text, out).run();
}

} // namespace trainplan::model::io::detail
