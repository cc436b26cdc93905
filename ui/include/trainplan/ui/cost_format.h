#pragma once

#include <QString>

namespace trainplan::ui {

// A plan's cost: formatCurrency, or "no GPU price" when the scenario has none (the cost is 0),
// never "$0.00" (issue 21: an imported scenario without a price showed $0.00 in every cost cell).
[[nodiscard]] QString formatCost(double usd);

} // namespace trainplan::ui
