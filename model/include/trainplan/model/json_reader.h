#pragma once

// Reads one JSON object field by field, recording every problem with its path and reporting keys
// nobody asked for. Never throws on bad input. Shared by the model's loaders and the importers
// (trainplan::io), so both word types, numbers and overflows the same way; namespace `detail`:
// not for the other layers.

#include <trainplan/model/issue_text.h>
#include <trainplan/model/validation_issue.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace trainplan::model::detail {

// The largest GPU count a file may state: far beyond any cluster, small enough that products of
// counts stay exact in 64 bits.
inline constexpr long long kMaxGpus = 10'000'000;

std::string describeType(const nlohmann::json& j);
// The value's JSON type as an issue argument, worded per language ("an object", "对象").
IssueArg typeArg(const nlohmann::json& j);
std::string formatNumber(double v);
// An SI value in a file unit (si / unit), rounded to 15 significant digits so that a value typed as
// 0.1 and stored as 1e-7 s saves as 0.1 again, not 0.09999999999999999.
double toFileUnit(double si, double unit);
// `text` with control characters and bytes that are not valid UTF-8 written as \xNN, so a message
// quoting a binary file stays printable.
std::string printable(std::string_view text);
// Parses JSON text, refusing nesting deeper than kMaxJsonDepth (deep nesting would exhaust the
// stack when the value is later copied or printed). Throws nlohmann::json::exception (parse_error,
// out_of_range for numbers like 1e400) or std::runtime_error for the depth limit.
inline constexpr int kMaxJsonDepth = 256;
nlohmann::json parseJsonText(std::string_view text);
// One line describing why parseJsonText failed, without nlohmann's "[json.exception...]" prefix.
std::string jsonErrorMessage(const std::exception& e);
// The same as an issue of the whole input (empty path): a syntax error with its line, column,
// context and tokens, a number too large, nesting too deep or a duplicate key, so each language
// words it; its English message is "not valid JSON: " + jsonErrorMessage(e) (or the duplicate-key
// sentence) byte for byte. What it cannot take apart is kept as nlohmann wrote it.
ValidationIssue jsonErrorIssue(const std::exception& e);
// nlohmann's out_of_range message for a number like 1e400 has no position: "line 3, column 17:
// the number 1e400 does not fit a double (largest about 1.8e308)".
std::string numberOverflowMessage(const std::string& what, std::string_view text);

class ObjectReader {
public:
    ObjectReader(const nlohmann::json& j, std::string path, ValidationIssues& issues);

    [[nodiscard]] bool valid() const { return m_obj != nullptr; }
    [[nodiscard]] bool has(std::string_view key) const;
    [[nodiscard]] std::string fieldPath(std::string_view key) const;
    // The raw value (marks the key as known); nullptr when absent.
    const nlohmann::json* raw(std::string_view key);

    bool readInt(std::string_view key, int& out, bool required, long long min, long long max);
    bool readInt64(std::string_view key, long long& out, bool required, long long min,
                   long long max);
    bool readDouble(std::string_view key, double& out, bool required, double min, double max);
    bool readOptionalDouble(std::string_view key, std::optional<double>& out, double min,
                            double max);
    bool readBool(std::string_view key, bool& out, bool required);
    bool readString(std::string_view key, std::string& out, bool required);

    template <typename E, typename Parse>
    bool readEnum(std::string_view key, E& out, bool required, Parse parse,
                  std::string_view choices) {
        std::string s;
        if (!readString(key, s, required) || !has(key)) return false;
        if (auto v = parse(s)) {
            out = *v;
            return true;
        }
        add(fieldPath(key), IssueId::NotOneOf, {s, choices});
        return false;
    }

    void add(std::string path, IssueId id, std::vector<IssueArg> args = {});
    // Records every key of the object that no read*/raw call asked for.
    void finish();

private:
    const nlohmann::json* m_obj = nullptr;
    std::string m_path;
    ValidationIssues& m_issues;
    std::set<std::string, std::less<>> m_known;
};

} // namespace trainplan::model::detail
