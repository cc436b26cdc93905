#pragma once
// Internal: searchPlans' first-fit and best-only modes (SearchOptions::firstFitOnly, bestOnly),
// implemented next to the branch and bound in search_best.cpp, whose stage slots and memory checks
// it shares.
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

// searchPlans' best-only mode (SearchOptions::bestOnly): each framework's best by branch and
// bound (one framework per worker), then the full search of the frameworks where nothing fits.
[[nodiscard]] SearchResult bestOnlySearch(const PlanContext& ctx,
                                          const std::vector<model::Framework>& frameworks,
                                          const SearchOptions& options);

} // namespace trainplan::sim::detail
