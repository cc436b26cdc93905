#include <trainplan/model/json_reader.h>

#include <trainplan/model/json_duplicate_keys.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

namespace trainplan::model::detail {

std::string describeType(const nlohmann::json& j) {
    switch (j.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::object:
        return "an object";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::string:
        return "a string";
    case nlohmann::json::value_t::boolean:
        return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return "an integer";
    case nlohmann::json::value_t::number_float:
        return "a number";
    default:
        return "an unsupported value";
    }
}

IssueArg typeArg(const nlohmann::json& j) {
    switch (j.type()) {
    case nlohmann::json::value_t::null:
        return IssueArg::jsonType("null");
    case nlohmann::json::value_t::object:
        return IssueArg::jsonType("object");
    case nlohmann::json::value_t::array:
        return IssueArg::jsonType("array");
    case nlohmann::json::value_t::string:
        return IssueArg::jsonType("string");
    case nlohmann::json::value_t::boolean:
        return IssueArg::jsonType("boolean");
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
        return IssueArg::jsonType("integer");
    case nlohmann::json::value_t::number_float:
        return IssueArg::jsonType("number");
    default:
        return IssueArg::jsonType("unsupported");
    }
}

std::string formatNumber(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    auto hex = [&out](unsigned char c) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", c);
        out += buf;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if (c < 0x20 || c == 0x7F)
                hex(c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        // Length of a well-formed UTF-8 sequence starting here (RFC 3629), 0 when ill-formed.
        std::size_t len = c >= 0xC2 && c <= 0xDF   ? 2
                          : c >= 0xE0 && c <= 0xEF ? 3
                          : c >= 0xF0 && c <= 0xF4 ? 4
                                                   : 0;
        if (len == 0 || i + len > text.size()) len = 0;
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) len = 0;
        if (len == 0) {
            hex(c);
            ++i;
        } else {
            out.append(text.substr(i, len));
            i += len;
        }
    }
    return out;
}

nlohmann::json parseJsonText(std::string_view text) {
    const nlohmann::json::parser_callback_t limitDepth =
        [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
            if (depth > kMaxJsonDepth)
                throw std::runtime_error("nested deeper than " + std::to_string(kMaxJsonDepth) +
                                         " levels");
            return true;
        };
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end(), limitDepth);
    } catch (const nlohmann::json::out_of_range& e) {
        throw std::runtime_error(numberOverflowMessage(e.what(), text));
    }
    if (auto duplicate = findDuplicateJsonKey(text)) throw std::runtime_error(*duplicate);
    return doc;
}

std::string numberOverflowMessage(const std::string& what, std::string_view text) {
    // nlohmann: "[json.exception.out_of_range.406] number overflow parsing '1e400'", no position.
    const auto open = what.find('\'');
    const auto close = open == std::string::npos ? open : what.find('\'', open + 1);
    if (close == std::string::npos) return what;
    const std::string number = what.substr(open + 1, close - open - 1);
    const auto at = text.find(number);
    if (number.empty() || at == std::string_view::npos) return what;
    const auto before = text.substr(0, at);
    const auto line = 1 + std::count(before.begin(), before.end(), '\n');
    const auto lineStart = before.rfind('\n');
    const auto column = at - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": the number " +
           number + " does not fit a double (largest about 1.8e308)";
}

std::string jsonErrorMessage(const std::exception& e) {
    std::string what = e.what();
    if (what.rfind("[json.exception.", 0) == 0) {
        const auto pos = what.find("] ");
        if (pos != std::string::npos) what = what.substr(pos + 2);
    }
    return printable(what);
}

namespace {

// `text` split at the first `separator`: {before, after}, or nullopt when it is not there.
std::optional<std::pair<std::string, std::string>> splitAt(const std::string& text,
                                                           std::string_view separator) {
    const std::size_t at = text.find(separator);
    if (at == std::string::npos) return std::nullopt;
    return std::pair{text.substr(0, at), text.substr(at + separator.size())};
}

// Only digits (a line, a column or a depth as the messages write them).
bool allDigits(const std::string& text) {
    return !text.empty() && std::all_of(text.begin(), text.end(),
                                        [](unsigned char c) { return c >= '0' && c <= '9'; });
}

// nlohmann's "parse error at line L, column C: syntax error while parsing CONTEXT - REST" taken
// apart; nullopt for any other shape.
std::optional<ValidationIssue> syntaxErrorIssue(const std::string& why) {
    constexpr std::string_view head = "parse error at line ";
    if (why.rfind(head, 0) != 0) return std::nullopt;
    const auto line = splitAt(why.substr(head.size()), ", column ");
    if (!line || !allDigits(line->first)) return std::nullopt;
    const auto column = splitAt(line->second, ": syntax error while parsing ");
    if (!column || !allDigits(column->first)) return std::nullopt;
    const auto context = splitAt(column->second, " - ");
    if (!context) return std::nullopt;
    std::vector<IssueArg> args{line->first, column->first, jsonSyntaxWord(context->first)};
    const std::string& rest = context->second;
    constexpr std::string_view expected = "; expected ";
    if (rest.rfind("unexpected ", 0) == 0) {
        const std::string tokens = rest.substr(11);
        if (const auto both = splitAt(tokens, expected)) {
            args.push_back(jsonSyntaxWord(both->first));
            args.push_back(jsonSyntaxWord(both->second));
            return ValidationIssue("", IssueId::JsonSyntaxUnexpectedExpected, std::move(args));
        }
        args.push_back(jsonSyntaxWord(tokens));
        return ValidationIssue("", IssueId::JsonSyntaxUnexpected, std::move(args));
    }
    // A lexer error: "MESSAGE; last read: 'TOKEN'[; expected EXPECTED]". The token is verbatim
    // and may hold quotes, so the expectation is looked for from the end.
    const auto lexer = splitAt(rest, "; last read: '");
    if (!lexer) return std::nullopt;
    args.push_back(jsonSyntaxWord(lexer->first));
    const std::string& read = lexer->second;
    const std::size_t expectedAt = read.rfind("'" + std::string(expected));
    if (expectedAt != std::string::npos) {
        args.emplace_back(read.substr(0, expectedAt));
        args.push_back(jsonSyntaxWord(read.substr(expectedAt + 1 + expected.size())));
        return ValidationIssue("", IssueId::JsonSyntaxLexerExpected, std::move(args));
    }
    if (read.empty() || read.back() != '\'') return std::nullopt;
    args.emplace_back(read.substr(0, read.size() - 1));
    return ValidationIssue("", IssueId::JsonSyntaxLexer, std::move(args));
}

// numberOverflowMessage's "line L, column C: the number N does not fit a double (...)".
std::optional<ValidationIssue> numberTooLargeIssue(const std::string& why) {
    constexpr std::string_view head = "line ";
    if (why.rfind(head, 0) != 0) return std::nullopt;
    const auto line = splitAt(why.substr(head.size()), ", column ");
    if (!line || !allDigits(line->first)) return std::nullopt;
    const auto column = splitAt(line->second, ": the number ");
    if (!column || !allDigits(column->first)) return std::nullopt;
    const auto number = splitAt(column->second, " does not fit a double");
    if (!number) return std::nullopt;
    return ValidationIssue("", IssueId::JsonNumberTooLarge,
                           {line->first, column->first, number->first});
}

// findDuplicateJsonKey's "duplicate key "K"[ in PATH] at line L, column C (first given at line
// L, column C); only one value can be used: remove the other", read from the end (the key and the
// path are as the file wrote them).
std::optional<ValidationIssue> duplicateKeyIssue(const std::string& why) {
    constexpr std::string_view head = "duplicate key \"";
    constexpr std::string_view tail = "); only one value can be used: remove the other";
    if (why.rfind(head, 0) != 0 || why.size() < head.size() + tail.size() ||
        why.compare(why.size() - tail.size(), tail.size(), tail) != 0)
        return std::nullopt;
    const std::string body = why.substr(head.size(), why.size() - head.size() - tail.size());
    const std::size_t firstAt = body.rfind(" (first given at line ");
    if (firstAt == std::string::npos) return std::nullopt;
    const auto first = splitAt(body.substr(firstAt + 22), ", column ");
    const std::size_t at = body.rfind(" at line ", firstAt);
    if (!first || at == std::string::npos) return std::nullopt;
    const auto here = splitAt(body.substr(at + 9, firstAt - at - 9), ", column ");
    if (!here) return std::nullopt;
    const std::string keyAndPath = body.substr(0, at);
    const std::size_t in = keyAndPath.rfind("\" in ");
    if (in == std::string::npos) {
        if (keyAndPath.empty() || keyAndPath.back() != '"') return std::nullopt;
        return ValidationIssue("", IssueId::JsonDuplicateKeyAt,
                               {keyAndPath.substr(0, keyAndPath.size() - 1), here->first,
                                here->second, first->first, first->second});
    }
    return ValidationIssue("", IssueId::JsonDuplicateKeyInAt,
                           {keyAndPath.substr(0, in), keyAndPath.substr(in + 5), here->first,
                            here->second, first->first, first->second});
}

} // namespace

ValidationIssue jsonErrorIssue(const std::exception& e) {
    const std::string why = jsonErrorMessage(e);
    if (why.rfind("duplicate key", 0) == 0) {
        const ValidationIssue verbatim("", IssueId::JsonDuplicateKey, {why});
        const std::optional<ValidationIssue> structured = duplicateKeyIssue(why);
        return structured && structured->message == verbatim.message ? *structured : verbatim;
    }
    const ValidationIssue verbatim("", IssueId::NotValidJson, {why});
    std::optional<ValidationIssue> structured = syntaxErrorIssue(why);
    if (!structured) structured = numberTooLargeIssue(why);
    if (!structured) {
        const auto depth = splitAt(why, "nested deeper than ");
        if (depth && depth->first.empty()) {
            const auto levels = splitAt(depth->second, " levels");
            if (levels && allDigits(levels->first) && levels->second.empty())
                structured = ValidationIssue("", IssueId::JsonTooDeep, {levels->first});
        }
    }
    // Structured only when its English is what nlohmann wrote, byte for byte.
    return structured && structured->message == verbatim.message ? *structured : verbatim;
}

double toFileUnit(double si, double unit) {
    const double v = si / unit;
    if (!std::isfinite(v) || v == 0) return v;
    return std::strtod(formatNumber(v).c_str(), nullptr);
}

ObjectReader::ObjectReader(const nlohmann::json& j, std::string path, ValidationIssues& issues)
    : m_path(std::move(path))
    , m_issues(issues) {
    if (j.is_object())
        m_obj = &j;
    else
        add(m_path, IssueId::MustBeObjectGot, {typeArg(j)});
}

bool ObjectReader::has(std::string_view key) const {
    return m_obj && m_obj->find(key) != m_obj->end();
}

std::string ObjectReader::fieldPath(std::string_view key) const {
    return m_path.empty() ? std::string(key) : m_path + "." + std::string(key);
}

const nlohmann::json* ObjectReader::raw(std::string_view key) {
    m_known.emplace(key);
    if (!m_obj) return nullptr;
    auto it = m_obj->find(key);
    return it == m_obj->end() ? nullptr : &*it;
}

void ObjectReader::add(std::string path, IssueId id, std::vector<IssueArg> args) {
    m_issues.emplace_back(std::move(path), id, std::move(args));
}

bool ObjectReader::readInt64(std::string_view key, long long& out, bool required, long long min,
                             long long max) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), IssueId::Required);
        return false;
    }
    if (!v->is_number()) {
        add(fieldPath(key), IssueId::MustBeIntegerGot, {typeArg(*v)});
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d)) {
        add(fieldPath(key), IssueId::MustBeFiniteInteger);
        return false;
    }
    if (d != std::floor(d)) {
        add(fieldPath(key), IssueId::MustBeWholeNumberGot, {formatNumber(d)});
        return false;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        add(fieldPath(key), IssueId::OutOfRange, {formatNumber(d), min, max});
        return false;
    }
    out = v->is_number_integer() ? v->get<long long>() : static_cast<long long>(d);
    return true;
}

bool ObjectReader::readInt(std::string_view key, int& out, bool required, long long min,
                           long long max) {
    long long v = 0;
    if (!readInt64(key, v, required, min,
                   std::min<long long>(max, std::numeric_limits<int>::max())))
        return false;
    out = static_cast<int>(v);
    return true;
}

bool ObjectReader::readDouble(std::string_view key, double& out, bool required, double min,
                              double max) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), IssueId::Required);
        return false;
    }
    if (!v->is_number()) {
        add(fieldPath(key), IssueId::MustBeNumberGot, {typeArg(*v)});
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d)) {
        add(fieldPath(key), IssueId::MustBeFiniteNumber);
        return false;
    }
    if (d < min || d > max) {
        add(fieldPath(key), IssueId::OutOfRange,
            {formatNumber(d), formatNumber(min), formatNumber(max)});
        return false;
    }
    out = d;
    return true;
}

bool ObjectReader::readOptionalDouble(std::string_view key, std::optional<double>& out, double min,
                                      double max) {
    double d = 0;
    if (!readDouble(key, d, false, min, max)) return false;
    out = d;
    return true;
}

bool ObjectReader::readBool(std::string_view key, bool& out, bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), IssueId::Required);
        return false;
    }
    if (!v->is_boolean()) {
        add(fieldPath(key), IssueId::MustBeBoolGot, {typeArg(*v)});
        return false;
    }
    out = v->get<bool>();
    return true;
}

bool ObjectReader::readString(std::string_view key, std::string& out, bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), IssueId::Required);
        return false;
    }
    if (!v->is_string()) {
        add(fieldPath(key), IssueId::MustBeStringGot, {typeArg(*v)});
        return false;
    }
    out = v->get<std::string>();
    return true;
}

namespace {

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

} // namespace

void ObjectReader::finish() {
    if (!m_obj) return;
    for (auto it = m_obj->begin(); it != m_obj->end(); ++it) {
        if (m_known.contains(it.key())) continue;
        // Suggest a known key only for a likely typo ("layer" -> "layers"), not any short key.
        const std::string& key = it.key();
        const std::size_t allowed = key.size() < 6 ? 1 : key.size() / 3;
        std::string best;
        std::size_t bestDistance = allowed + 1;
        for (const std::string& k : m_known)
            if (const std::size_t d = editDistance(key, k); d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        if (best.empty())
            add(fieldPath(printable(key)), IssueId::UnknownKey);
        else
            add(fieldPath(printable(key)), IssueId::UnknownKeyDidYouMean, {best});
    }
}

} // namespace trainplan::model::detail
