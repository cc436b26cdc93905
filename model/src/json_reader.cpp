#include "json_reader.h"

#include <cstdio>
#include <limits>

namespace trainplan::model::detail {

std::string describeType(const nlohmann::json& j) {
    switch (j.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "a string";
    case nlohmann::json::value_t::boolean: return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "an integer";
    case nlohmann::json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

std::string formatNumber(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

ObjectReader::ObjectReader(const nlohmann::json& j, std::string path, ValidationIssues& issues)
    : m_path(std::move(path))
    , m_issues(issues) {
    if (j.is_object())
        m_obj = &j;
    else
        add(m_path, "must be an object, got " + describeType(j));
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

void ObjectReader::add(std::string path, std::string message) {
    m_issues.push_back({std::move(path), std::move(message)});
}

bool ObjectReader::readInt64(std::string_view key, long long& out, bool required, long long min,
                             long long max) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), "is required");
        return false;
    }
    if (!v->is_number()) {
        add(fieldPath(key), "must be an integer, got " + describeType(*v));
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d)) {
        add(fieldPath(key), "must be a finite integer");
        return false;
    }
    if (d != std::floor(d)) {
        add(fieldPath(key), "must be a whole number, got " + formatNumber(d));
        return false;
    }
    if (d < static_cast<double>(min) || d > static_cast<double>(max)) {
        add(fieldPath(key), formatNumber(d) + " is out of range [" + std::to_string(min) + ", " +
                                std::to_string(max) + "]");
        return false;
    }
    out = v->is_number_integer() ? v->get<long long>() : static_cast<long long>(d);
    return true;
}

bool ObjectReader::readInt(std::string_view key, int& out, bool required, long long min, long long max) {
    long long v = 0;
    if (!readInt64(key, v, required, min, std::min<long long>(max, std::numeric_limits<int>::max())))
        return false;
    out = static_cast<int>(v);
    return true;
}

bool ObjectReader::readDouble(std::string_view key, double& out, bool required, double min, double max) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), "is required");
        return false;
    }
    if (!v->is_number()) {
        add(fieldPath(key), "must be a number, got " + describeType(*v));
        return false;
    }
    const double d = v->get<double>();
    if (!std::isfinite(d)) {
        add(fieldPath(key), "must be a finite number");
        return false;
    }
    if (d < min || d > max) {
        add(fieldPath(key), formatNumber(d) + " is out of range [" + formatNumber(min) + ", " +
                                formatNumber(max) + "]");
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
        if (required && m_obj) add(fieldPath(key), "is required");
        return false;
    }
    if (!v->is_boolean()) {
        add(fieldPath(key), "must be true or false, got " + describeType(*v));
        return false;
    }
    out = v->get<bool>();
    return true;
}

bool ObjectReader::readString(std::string_view key, std::string& out, bool required) {
    const nlohmann::json* v = raw(key);
    if (!v) {
        if (required && m_obj) add(fieldPath(key), "is required");
        return false;
    }
    if (!v->is_string()) {
        add(fieldPath(key), "must be a string, got " + describeType(*v));
        return false;
    }
    out = v->get<std::string>();
    return true;
}

void ObjectReader::finish() {
    if (!m_obj) return;
    for (auto it = m_obj->begin(); it != m_obj->end(); ++it)
        if (!m_known.contains(it.key())) add(fieldPath(it.key()), "unknown key");
}

} // namespace trainplan::model::detail
