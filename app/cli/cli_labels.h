#pragma once

// Words several CLI commands print, in English and Simplified Chinese, from the command line's
// catalogue (services/cli_text.h); the sentences themselves come from the advisor's message
// catalogue (simulator/advice_text.h).
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/advisor.h>

#include <string>
#include <string_view>

namespace trainplan::cli {

// The language --lang names ("en", "zh_CN"); English when it names none.
[[nodiscard]] sim::Lang outputLang(std::string_view lang);

// A recommendation's status: "ready", "needs prerequisites", "nothing fits".
[[nodiscard]] std::string statusText(sim::RecommendationStatus s, sim::Lang lang);

// A typed number in the one style of every catalogue ("1.34 TiB", "3.06万"), in `lang`.
[[nodiscard]] std::string numberText(sim::ArgKind kind, double value, sim::Lang lang);

// What a cost cell says when no price is known ("no price", never "$0").
[[nodiscard]] std::string noPriceText(sim::Lang lang);

} // namespace trainplan::cli
