#pragma once

// Internal: one candidate cluster of the sizing search (a GPU, one of its systems and a node
// count) and the plan searches run on it (sizing_candidate.cpp), shared with sizing.cpp, which
// orders the candidates, prunes them and ranks what they yield.

#include <trainplan/simulator/sizing.h>

#include <cstddef>
#include <functional>
#include <vector>

namespace trainplan::sim::detail {

struct Candidate {
    int gpu = 0, system = 0, nodes = 0;
    double lowerSeconds = 0; // compute-only bound on the time to train
    double lowerUsd = 0;     // … and on the cost (the same for every count of a GPU)
    double usdPerGpuHour = 0;
};

// What a framework's search on a candidate is worth, judged from its bounds before it runs.
using Wanted = std::function<bool(std::size_t framework, double lowerSeconds, double lowerUsd)>;

// Runs the plan search of every framework of `entry` not yet searched that `wanted` accepts (all
// when it is null), and records each one's best plan with its expected time and cost.
// Returns how many searches ran.
std::size_t fillEntry(const SizingInputs& in, const std::vector<model::Framework>& fws,
                      const std::vector<std::vector<SystemOption>>& systems, const Candidate& c,
                      SizingCache& cache, SizingCache::Entry& entry, const Wanted& wanted);

} // namespace trainplan::sim::detail
