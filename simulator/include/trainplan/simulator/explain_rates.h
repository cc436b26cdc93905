#pragma once

// The derivation of the rates and totals a user clicks in a comparison: MFU, tokens/s, time to
// train, GPU-hours and cost. One leaf each (units "fraction", "tokens/s", "duration", "GPU-h",
// "USD"), each the estimate's own number (estimate.cpp computes them) with its formula and inputs.

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/explain.h>

#include <vector>

namespace trainplan::sim {

[[nodiscard]] std::vector<DerivationTerm> rateTerms(const PlanContext& ctx, const PlanEstimate& e);

} // namespace trainplan::sim
