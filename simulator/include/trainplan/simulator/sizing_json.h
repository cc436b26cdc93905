#pragma once

#include <trainplan/simulator/sizing.h>
#include <trainplan/simulator/sizing_text.h>

#include <nlohmann/json_fwd.hpp>

namespace trainplan::sim {

inline constexpr const char* kSizingSchema = "trainplan.sizing.v1";

[[nodiscard]] nlohmann::json toJson(const SizedConfig& c);

// The trainplan.sizing.v1 document (docs/cli.md, "size"): constraints, the front with the reason
// each point is on it, the chosen configurations with each framework's best plan and the slack,
// the top configurations per framework, the binding constraint, the prices and catalog entries
// used, and the search's counters. Sentences are rendered in `text.lang`; amounts are USD (with
// the CNY equivalent at text.cnyPerUsd when text.cny).
[[nodiscard]] nlohmann::json sizingDocument(const model::Scenario& scenario,
                                            const SizingInputs& inputs, const SizingResult& r,
                                            const SizingTextOptions& text);

} // namespace trainplan::sim
