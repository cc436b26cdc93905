#pragma once

// Internal: reads one JSON object field by field, recording every problem with its path and
// reporting keys nobody asked for. Never throws on bad input.

#include <trainplan/model/validation_issue.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace trainplan::model::detail {

std::string describeType(const nlohmann::json& j);
std::string formatNumber(double v);

class ObjectReader {
public:
    ObjectReader(const nlohmann::json& j, std::string path, ValidationIssues& issues);

    [[nodiscard]] bool valid() const { return m_obj != nullptr; }
    [[nodiscard]] bool has(std::string_view key) const;
    [[nodiscard]] std::string fieldPath(std::string_view key) const;
    // The raw value (marks the key as known); nullptr when absent.
    const nlohmann::json* raw(std::string_view key);

    bool readInt(std::string_view key, int& out, bool required, long long min, long long max);
    bool readInt64(std::string_view key, long long& out, bool required, long long min, long long max);
    bool readDouble(std::string_view key, double& out, bool required, double min, double max);
    bool readOptionalDouble(std::string_view key, std::optional<double>& out, double min, double max);
    bool readBool(std::string_view key, bool& out, bool required);
    bool readString(std::string_view key, std::string& out, bool required);

    template <typename E, typename Parse>
    bool readEnum(std::string_view key, E& out, bool required, Parse parse, std::string_view choices) {
        std::string s;
        if (!readString(key, s, required) || !has(key)) return false;
        if (auto v = parse(s)) {
            out = *v;
            return true;
        }
        add(fieldPath(key), "'" + s + "' is not one of " + std::string(choices));
        return false;
    }

    void add(std::string path, std::string message);
    // Records every key of the object that no read*/raw call asked for.
    void finish();

private:
    const nlohmann::json* m_obj = nullptr;
    std::string m_path;
    ValidationIssues& m_issues;
    std::set<std::string, std::less<>> m_known;
};

} // namespace trainplan::model::detail
