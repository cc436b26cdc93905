#pragma once

// Internal: total JSON parsing and a key reader that records every problem as an ImportIssue
// naming the file and the key, and remembers which keys were read so the rest can be reported.

#include <trainplan/model/io/import_text.h>
#include <trainplan/model/io/imported_fields.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace trainplan::model::io::detail {

struct ParsedJson {
    nlohmann::json value;
    // Why the text is not JSON, worded by the model's catalogue for the whole file (empty path) as
    // the scenario loader words it (model::detail::jsonErrorIssue: a syntax error's line, column,
    // context and tokens, a number too large, a duplicate key, JsonTooDeep), its English the line
    // the importers always printed; nullopt when parsed.
    std::optional<ValidationIssue> error;
};

// Never throws: malformed, truncated, binary or absurdly nested text gives `error`.
[[nodiscard]] ParsedJson parseJson(std::string_view text);

// True when the text's first non-blank character opens a JSON object or array.
[[nodiscard]] bool looksLikeJson(std::string_view text);

// True for text a person would not call a config or script: NUL bytes or mostly non-text bytes.
[[nodiscard]] bool looksBinary(std::string_view text);

[[nodiscard]] std::string describe(const nlohmann::json& v);
// The value's JSON type as a message argument, worded per language ("an object", "对象").
[[nodiscard]] IssueArg typeArg(const nlohmann::json& v);
[[nodiscard]] std::string formatCount(double v); // 1234567 -> "1,234,567"

class KeyReader {
public:
    // `prefix` is the key path of `obj` inside the document ("zero_optimization").
    KeyReader(const nlohmann::json& obj, ImportedFields& out, std::string prefix = {});

    [[nodiscard]] std::string path(std::string_view key) const;
    [[nodiscard]] bool has(std::string_view key) const;
    // The value (marks the key as read); nullptr when absent or JSON null.
    const nlohmann::json* get(std::string_view key);
    [[nodiscard]] static bool isAuto(const nlohmann::json& v) {
        return v.is_string() && v.get_ref<const std::string&>() == "auto";
    }

    // Typed reads: a wrong type or an out-of-range value is an error naming the key; absent or
    // null gives nullopt. With allowAuto, "auto" gives nullopt and sets *wasAuto.
    std::optional<long long> integer(std::string_view key, long long min, long long max,
                                     bool allowAuto = false, bool* wasAuto = nullptr);
    std::optional<double> number(std::string_view key, double min, double max,
                                 bool allowAuto = false, bool* wasAuto = nullptr);
    std::optional<bool> boolean(std::string_view key, bool allowAuto = false,
                                bool* wasAuto = nullptr);
    std::optional<std::string> string(std::string_view key);

    void markRead(std::initializer_list<std::string_view> keys);
    // Keys of the object no read asked for, comma-separated; empty when none.
    [[nodiscard]] std::string unreadKeys() const;
    // Adds one warning listing the unread keys (not fatal): "unknown zero_optimization keys
    // ignored: …" for section "zero_optimization", "unknown top-level keys ignored: …" for "".
    void warnUnread(std::string_view section);

private:
    const nlohmann::json& m_obj;
    ImportedFields& m_out;
    std::string m_prefix;
    std::set<std::string, std::less<>> m_read;
};

} // namespace trainplan::model::io::detail
