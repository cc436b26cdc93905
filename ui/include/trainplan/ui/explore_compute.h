#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace trainplan::ui {

// The data behind the Explore charts. Pure functions over values (no Qt), run on worker threads.

struct SweepPoint {
    double x = 0;                          // GPUs, or parameters
    std::optional<sim::PlanEstimate> best; // fastest plan that fits; empty = nothing fits
};

struct SweepSeries {
    model::Framework framework = model::Framework::Ddp;
    std::vector<SweepPoint> points;
};

struct Sweep {
    std::vector<SweepSeries> series; // one per framework searched
    double currentX = 0;             // the scenario's own GPU count / parameter count
    bool cancelled = false;
};

struct SweepControl {
    std::function<void(double)> progress; // 0..1 over the whole sweep
    std::function<bool()> cancelled;
};

// Node counts for the scaling chart: powers of two around the scenario's cluster, and its own.
[[nodiscard]] std::vector<int> scalingNodeCounts(const model::Scenario& s);

// Best plan per framework at each node count (sim::runSweep over GPU counts).
[[nodiscard]] Sweep sweepNodes(const model::Scenario& s, const std::vector<int>& nodes,
                               const model::Catalog& catalog, const SweepControl& control);
// Best plan per framework at each model scale (sim::runSweep over sim::scaleModelParameters
// factors; x = the scaled model's parameter count).
[[nodiscard]] Sweep sweepModelScale(const model::Scenario& s, const std::vector<double>& factors,
                                    const model::Catalog& catalog, const SweepControl& control);

// Keeps at most about `maxPoints` of `indices` for drawing: one per cell of a grid over
// (log step time, memory); `keep` are always kept.
[[nodiscard]] std::vector<std::size_t> thinForPlot(const std::vector<sim::PlanSummary>& plans,
                                                   const std::vector<std::size_t>& indices,
                                                   std::size_t maxPoints);

} // namespace trainplan::ui
