#pragma once

#include <trainplan/model/plan.h>

#include <optional>
#include <vector>

namespace trainplan::model {

// What the user fixes for the plan search.
struct ConstraintsSpec {
    std::optional<long long> maxGpus;
    double memoryHeadroomFraction = 0.0; // keep this fraction of GPU memory free
    std::vector<Framework> frameworks;   // empty = all
    bool tpAcrossNodes = false;
    std::optional<int> tp, pp, dp, cp, ep, vpp, microBatch, zeroStage;
    std::optional<Recompute> recompute;
    std::optional<Offload> offload;

    bool operator==(const ConstraintsSpec&) const = default;
};

} // namespace trainplan::model
