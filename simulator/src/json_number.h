#pragma once

// A number for JSON output: the value when finite, null otherwise (JSON has no NaN or infinity).

#include <nlohmann/json.hpp>

#include <cmath>

namespace trainplan::sim::detail {

[[nodiscard]] inline nlohmann::json numberOrNull(double v) {
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr);
}

} // namespace trainplan::sim::detail
