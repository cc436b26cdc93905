#include "log_text.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace trainplan::model::io::logs {

namespace {

// ESC '[' parameters intermediates final-byte (ECMA-48 §5.4), e.g. "\033[38;2;54;234;195m".
std::string stripEscapes(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\033') {
            if (i + 1 < s.size() && s[i + 1] == '[') {
                std::size_t j = i + 2;
                while (j < s.size() && !(s[j] >= 0x40 && s[j] <= 0x7e))
                    ++j;
                i = j; // skip the final byte too
            } else {
                ++i; // a two-byte escape
            }
            continue;
        }
        out.push_back(s[i]);
    }
    return out;
}

bool isDigits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

// torchrun --tee / --local-ranks-filter prefixes "[rank3]:" or "[<role>3]:" ("[default3]:");
// srun --label prefixes "3: ". Returns the rank and removes the prefix.
std::optional<int> takeRankPrefix(std::string& s) {
    std::size_t start = s.find_first_not_of(' ');
    if (start == std::string::npos) return std::nullopt;
    if (s[start] == '[') {
        const std::size_t close = s.find("]:", start);
        if (close != std::string::npos && close - start < 40) {
            const std::string_view inside(s.data() + start + 1, close - start - 1);
            std::size_t d = inside.size();
            while (d > 0 && std::isdigit(static_cast<unsigned char>(inside[d - 1])))
                --d;
            const std::string_view name = inside.substr(0, d);
            const std::string_view digits = inside.substr(d);
            bool word = !name.empty();
            for (char c : name)
                if (!std::isalpha(static_cast<unsigned char>(c)) && c != '_') word = false;
            if (word && isDigits(digits) && digits.size() < 7) {
                const int rank = std::stoi(std::string(digits));
                s.erase(0, close + 2);
                return rank;
            }
        }
        return std::nullopt;
    }
    const std::size_t colon = s.find(": ", start);
    if (colon != std::string::npos && colon > start && colon - start < 7 &&
        isDigits(std::string_view(s).substr(start, colon - start))) {
        const int rank = std::stoi(s.substr(start, colon - start));
        s.erase(0, colon + 2);
        return rank;
    }
    return std::nullopt;
}

} // namespace

std::vector<LogLine> splitLogLines(std::string_view text) {
    std::vector<LogLine> lines;
    std::size_t pos = 0;
    int number = 0;
    while (pos < text.size()) {
        const std::size_t end = text.find('\n', pos);
        const bool complete = end != std::string_view::npos;
        std::string_view raw = text.substr(pos, complete ? end - pos : std::string_view::npos);
        pos = complete ? end + 1 : text.size();
        ++number;
        std::string s = stripEscapes(raw);
        for (char& c : s)
            if (c == '\r' || c == '\t') c = ' ';
        LogLine line;
        line.number = number;
        line.rank = takeRankPrefix(s);
        while (!s.empty() && s.back() == ' ')
            s.pop_back();
        line.text = std::move(s);
        line.complete = complete;
        lines.push_back(std::move(line));
    }
    return lines;
}

std::optional<double> readNumber(std::string_view text, std::size_t& pos) {
    std::size_t i = pos;
    while (i < text.size() && text[i] == ' ')
        ++i;
    // Collect the characters of one number; ends[k] is the text index after digits[k].
    std::string digits;
    std::vector<std::size_t> ends;
    auto put = [&](char c, std::size_t next) {
        digits.push_back(c);
        ends.push_back(next);
    };
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) {
        put(text[i], i + 1);
        ++i;
    }
    bool any = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        const bool digitNext =
            i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]));
        if (std::isdigit(static_cast<unsigned char>(c))) {
            put(c, i + 1);
            any = true;
        } else if (c == ',' && any && digitNext &&
                   digits.find_first_of(".eE") == std::string::npos) {
            continue; // thousands separator (torchtitan's "tps: 3,421")
        } else if (c == '.' || ((c == 'e' || c == 'E') && any) ||
                   ((c == '-' || c == '+') && !digits.empty() &&
                    (digits.back() == 'e' || digits.back() == 'E'))) {
            put(c, i + 1);
        } else {
            break;
        }
    }
    if (!any) return std::nullopt;
    const char* first = digits.data();
    if (*first == '+') ++first;
    double v = 0;
    auto [p, ec] = std::from_chars(first, digits.data() + digits.size(), v);
    if (ec != std::errc() || !std::isfinite(v) || p == digits.data()) return std::nullopt;
    pos = ends[static_cast<std::size_t>(p - digits.data()) - 1];
    return v;
}

std::optional<int> rankOf(const LogLine& line) {
    if (auto r = numberAfter(line.text, "[Rank "); r && *r >= 0) return static_cast<int>(*r);
    return line.rank;
}

std::optional<double> numberAfter(std::string_view text, std::string_view label) {
    const std::size_t at = text.find(label);
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t pos = at + label.size();
    return readNumber(text, pos);
}

bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

void skip(ParsedLog& log, const LogLine& line, ImportText reason) {
    if (!line.complete) reason = ImportText(ImportTextId::LogCutOff, {}, {std::move(reason)});
    std::string english = reason.render(Lang::En);
    log.skipped.push_back({line.number, std::move(english), std::move(reason)});
}

void skipRow(ParsedLog& log, int row, ImportText reason) {
    std::string english = reason.render(Lang::En);
    log.skipped.push_back({row, std::move(english), std::move(reason)});
}

void requireRecords(ParsedLog& log, ImportTextId looked) {
    if (!log.records.empty() || !log.memory.empty()) return;
    if (log.skipped.empty())
        log.issues.emplace_back(
            Severity::Error, log.file, "",
            ImportText(ImportTextId::LogNoUsableReport, {log.lines}, {ImportText(looked)}));
    else
        log.issues.emplace_back(
            Severity::Error, log.file, "",
            ImportText(ImportTextId::LogNoUsableReportSkipped,
                       {log.lines, log.skipped.size(), log.skipped.front().line},
                       {ImportText(looked), log.skipped.front().why}));
}

} // namespace trainplan::model::io::logs
