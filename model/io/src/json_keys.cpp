#include "json_keys.h"

#include <trainplan/model/json_duplicate_keys.h>
// The base model library's JSON helpers (describeType, formatNumber, numberOverflowMessage), so
// import messages word types and numbers exactly as scenario validation does.
#include <trainplan/model/json_reader.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace trainplan::model::io::detail {

namespace {

constexpr std::size_t kMaxDepth = 256;

// Deepest [ / { nesting outside strings; stops counting past the limit.
std::size_t nestingDepth(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > kMaxDepth) return deepest;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// Why the text is not JSON, as the scenario loader words it (model::detail::jsonErrorIssue: the
// line, column, context and tokens of a syntax error, a number too large or a duplicate key as
// arguments, so the Chinese has no English parser sentence). `why` is the importers' English
// argument of `id` (nlohmann's text without its "[json.exception…] " prefix); when the structured
// issue's English is not that line byte for byte (jsonErrorIssue writes a control byte such as
// DEL as \x7F), the importers' line is kept as it was.
ValidationIssue jsonSyntaxIssue(IssueId id, const std::string& why) {
    ValidationIssue asBefore("", id, {why});
    ValidationIssue structured = model::detail::jsonErrorIssue(std::runtime_error(why));
    return structured.message == asBefore.message ? structured : asBefore;
}

} // namespace

ParsedJson parseJson(std::string_view text) {
    ParsedJson out;
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3); // UTF-8 byte-order mark
    if (nestingDepth(text) > kMaxDepth) {
        out.error = ValidationIssue("", IssueId::JsonTooDeep, {kMaxDepth});
        return out;
    }
    try {
        out.value = nlohmann::json::parse(text.begin(), text.end());
        if (auto duplicate = findDuplicateJsonKey(text)) {
            out.value = nullptr;
            out.error = jsonSyntaxIssue(IssueId::JsonDuplicateKey, *duplicate);
        }
    } catch (const nlohmann::json::out_of_range& e) {
        out.error = jsonSyntaxIssue(IssueId::NotValidJson,
                                    model::detail::numberOverflowMessage(e.what(), text));
    } catch (const nlohmann::json::exception& e) {
        std::string what = e.what();
        const auto pos = what.find("] ");
        out.error = jsonSyntaxIssue(IssueId::NotValidJson,
                                    pos == std::string::npos ? what : what.substr(pos + 2));
    } catch (const std::exception& e) {
        out.error = jsonSyntaxIssue(IssueId::NotValidJson, e.what());
    }
    return out;
}

bool looksLikeJson(std::string_view text) {
    std::size_t i = 0;
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF) i = 3;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
    return i < text.size() && (text[i] == '{' || text[i] == '[');
}

bool looksBinary(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) return true;
    std::size_t odd = 0;
    const std::size_t n = std::min<std::size_t>(text.size(), 4096);
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f') ++odd;
    }
    return n > 0 && odd * 10 > n; // more than 10% control characters
}

std::string describe(const nlohmann::json& v) {
    return model::detail::describeType(v);
}

std::string formatCount(double v) {
    if (!std::isfinite(v)) return "?";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    std::string digits = buf, out;
    const bool neg = !digits.empty() && digits[0] == '-';
    if (neg) digits.erase(0, 1);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return (neg ? "-" : "") + out;
}

KeyReader::KeyReader(const nlohmann::json& obj, ImportedFields& out, std::string prefix)
    : m_obj(obj)
    , m_out(out)
    , m_prefix(std::move(prefix)) {}

std::string KeyReader::path(std::string_view key) const {
    return m_prefix.empty() ? std::string(key) : m_prefix + "." + std::string(key);
}

bool KeyReader::has(std::string_view key) const {
    if (!m_obj.is_object()) return false;
    auto it = m_obj.find(key);
    return it != m_obj.end() && !it->is_null();
}

const nlohmann::json* KeyReader::get(std::string_view key) {
    m_read.emplace(key);
    if (!m_obj.is_object()) return nullptr;
    auto it = m_obj.find(key);
    if (it == m_obj.end() || it->is_null()) return nullptr;
    return &*it;
}

std::optional<long long> KeyReader::integer(std::string_view key, long long min, long long max,
                                            bool allowAuto, bool* wasAuto) {
    const nlohmann::json* v = get(key);
    if (!v) return std::nullopt;
    if (allowAuto && isAuto(*v)) {
        if (wasAuto) *wasAuto = true;
        return std::nullopt;
    }
    if (!v->is_number()) {
        if (allowAuto)
            m_out.error(path(key), ImportTextId::MustBeIntegerOrAutoGot, {typeArg(*v)});
        else
            m_out.error(path(key), IssueId::MustBeIntegerGot, {typeArg(*v)});
        return std::nullopt;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) {
        m_out.error(path(key), IssueId::MustBeWholeNumberGot, {model::detail::formatNumber(d)});
        return std::nullopt;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        m_out.error(path(key), IssueId::OutOfRange, {model::detail::formatNumber(d), min, max});
        return std::nullopt;
    }
    return v->is_number_integer() ? v->get<long long>() : static_cast<long long>(d);
}

std::optional<double> KeyReader::number(std::string_view key, double min, double max,
                                        bool allowAuto, bool* wasAuto) {
    const nlohmann::json* v = get(key);
    if (!v) return std::nullopt;
    if (allowAuto && isAuto(*v)) {
        if (wasAuto) *wasAuto = true;
        return std::nullopt;
    }
    if (!v->is_number()) {
        if (allowAuto)
            m_out.error(path(key), ImportTextId::MustBeNumberOrAutoGot, {typeArg(*v)});
        else
            m_out.error(path(key), IssueId::MustBeNumberGot, {typeArg(*v)});
        return std::nullopt;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
        m_out.error(path(key), IssueId::OutOfRange,
                    {model::detail::formatNumber(d), model::detail::formatNumber(min),
                     model::detail::formatNumber(max)});
        return std::nullopt;
    }
    return d;
}

std::optional<bool> KeyReader::boolean(std::string_view key, bool allowAuto, bool* wasAuto) {
    const nlohmann::json* v = get(key);
    if (!v) return std::nullopt;
    if (allowAuto && isAuto(*v)) {
        if (wasAuto) *wasAuto = true;
        return std::nullopt;
    }
    if (!v->is_boolean()) {
        if (allowAuto)
            m_out.error(path(key), ImportTextId::MustBeBoolOrAutoGot, {typeArg(*v)});
        else
            m_out.error(path(key), IssueId::MustBeBoolGot, {typeArg(*v)});
        return std::nullopt;
    }
    return v->get<bool>();
}

std::optional<std::string> KeyReader::string(std::string_view key) {
    const nlohmann::json* v = get(key);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
        m_out.error(path(key), IssueId::MustBeStringGot, {typeArg(*v)});
        return std::nullopt;
    }
    return v->get<std::string>();
}

void KeyReader::markRead(std::initializer_list<std::string_view> keys) {
    for (auto k : keys)
        m_read.emplace(k);
}

std::string KeyReader::unreadKeys() const {
    std::string out;
    if (!m_obj.is_object()) return out;
    std::size_t n = 0;
    for (auto it = m_obj.begin(); it != m_obj.end(); ++it) {
        if (m_read.contains(it.key())) continue;
        if (n == 20) {
            out += ", …";
            break;
        }
        if (n++) out += ", ";
        out += path(it.key());
    }
    return out;
}

void KeyReader::warnUnread(std::string_view section) {
    const std::string keys = unreadKeys();
    if (keys.empty()) return;
    if (section.empty())
        m_out.warning(m_prefix, ImportTextId::UnknownTopLevelKeys, {keys});
    else
        m_out.warning(m_prefix, ImportTextId::UnknownSectionKeys, {section, keys});
}

IssueArg typeArg(const nlohmann::json& v) {
    return model::detail::typeArg(v);
}

} // namespace trainplan::model::io::detail
