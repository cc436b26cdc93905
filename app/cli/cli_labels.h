#pragma once

// Words several CLI commands print, in English and Simplified Chinese: one home for each (the
// sentences themselves come from the advisor's message catalogue, simulator/advice_text.h).
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/advisor.h>

namespace trainplan::cli {

// A recommendation's status: "ready", "needs prerequisites", "does not fit".
[[nodiscard]] const char* statusText(sim::RecommendationStatus s, sim::Lang lang);

// What a cost cell says when no price is known ("no price", never "$0").
[[nodiscard]] const char* noPriceText(sim::Lang lang);

} // namespace trainplan::cli
