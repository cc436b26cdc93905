#pragma once

// The energy of training: a board's average power and the facility's overhead on it. One home for
// the estimate's energy (estimate.cpp), goodput's (goodput.cpp) and the assumptions a derivation
// lists (explain.cpp).

#include <trainplan/model/cluster_spec.h>

namespace trainplan::sim {

// Facility power usage effectiveness when the cluster does not state it: a modern, efficient data
// centre (assumption; the Uptime Institute's 2023 survey puts the industry average at 1.58).
inline constexpr double kDefaultPue = 1.3;
// Board power of a GPU that waits (a checkpoint, a restart, communication) with its memory in use,
// as a fraction of TDP (assumption, above deep idle; measure yours with nvidia-smi).
inline constexpr double kIdlePowerFraction = 0.3;

[[nodiscard]] inline double facilityPue(const model::ClusterSpec& cluster) {
    return cluster.pue > 0 ? cluster.pue : kDefaultPue;
}

// Average board power as a fraction of TDP: the idle floor plus the rest in proportion to the
// share of the step the GPU computes (`busyFraction` in [0, 1]).
[[nodiscard]] inline double boardPowerFraction(double busyFraction) {
    return kIdlePowerFraction + (1.0 - kIdlePowerFraction) * busyFraction;
}

} // namespace trainplan::sim
