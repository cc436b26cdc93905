#pragma once
// Internal: searchPlans' first-fit mode (SearchOptions::firstFitOnly), implemented next to the
// branch and bound in search_best.cpp, whose stage slots and memory checks it shares.
#include <trainplan/simulator/search.h>

#include <vector>

namespace trainplan::sim::detail {

// Whether any plan of `frameworks` fits, as searchPlans' exhaustive walk would answer it, checking
// per layout, sharding, overlap, SP and recompute only the smallest micro-batch that accumulates
// and the one that does not (fitting is a prefix of the accumulated micro-batches: search_best.cpp).
// Stops at the first plan that fits; evaluatedPlans counts the memory checks made.
[[nodiscard]] SearchResult firstFitSearch(const PlanContext& ctx,
                                          const std::vector<model::Framework>& frameworks,
                                          const SearchOptions& options);

} // namespace trainplan::sim::detail
