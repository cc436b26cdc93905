#pragma once

#include <trainplan/model/gpu_price.h>
#include <trainplan/model/plan.h>

#include <optional>
#include <vector>

namespace trainplan::model {

// GPU (and host) memory a plan leaves free when the scenario does not say: a margin for what the
// memory model does not see — allocator retries and spikes, NVLink SHARP buffers, profiler and
// checkpoint staging — on top of the modelled fragmentation and NCCL buffers (docs/model.md).
inline constexpr double kDefaultMemoryHeadroomFraction = 0.05;

// What the user fixes for the plan search.
struct ConstraintsSpec {
    std::optional<long long> maxGpus;
    double memoryHeadroomFraction = kDefaultMemoryHeadroomFraction; // keep this fraction free
    std::vector<Framework> frameworks;   // empty = all
    bool tpAcrossNodes = false;
    std::optional<int> tp, pp, dp, cp, ep, vpp, microBatch, zeroStage;
    std::optional<int> etp; // the routed experts' tensor-parallel size (Plan::expertTp)
    std::optional<Recompute> recompute;
    std::optional<Offload> offload;
    // What-if sizing targets (docs/scenario-format.md): the expected time to train must not exceed
    // deadlineDays, the expected cost must not exceed budget (in budgetCurrency).
    std::optional<double> deadlineDays;
    std::optional<double> budget;
    Currency budgetCurrency = Currency::Usd;

    bool operator==(const ConstraintsSpec&) const = default;
};

} // namespace trainplan::model
