#pragma once

// Internal: JSON to and from the text stored in the database.

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>

namespace trainplan::store::detail {

// Keeps the key order of the text (scenario bodies are stored as the user wrote them).
using OrderedJson = nlohmann::ordered_json;

// Never throws: bytes that are not UTF-8 are replaced (U+FFFD) rather than failing a save.
template <typename Json> std::string dumpJson(const Json& j, int indent = -1) {
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// Parses text, refusing nesting deeper than 256 levels (deep nesting would exhaust the stack when
// the value is later copied or printed). Throws nlohmann::json::exception or std::runtime_error.
template <typename Json = nlohmann::json> Json parseJson(std::string_view text) {
    constexpr int kMaxDepth = 256;
    const typename Json::parser_callback_t limitDepth = [](int depth, typename Json::parse_event_t,
                                                           Json&) {
        if (depth > kMaxDepth) throw std::runtime_error("nested deeper than 256 levels");
        return true;
    };
    return Json::parse(text.begin(), text.end(), limitDepth);
}

} // namespace trainplan::store::detail
