#pragma once

// `trainplan.advice.v1`: the advisor's output as JSON (CLI `advise --format json`, reports).
// Sentences are rendered in `lang`; every sentence also carries its template id and typed
// arguments (SI values), so a consumer can re-render or check them. Layout: docs/advisor.md.

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advisor.h>

#include <nlohmann/json_fwd.hpp>

namespace trainplan::sim {

inline constexpr const char* kAdviceSchema = "trainplan.advice.v1";

[[nodiscard]] nlohmann::json toJson(const Message& m, Lang lang);
[[nodiscard]] nlohmann::json adviceToJson(const model::Scenario& s, const Advice& a, Lang lang);

} // namespace trainplan::sim
