#include <trainplan/ui/explore_compute.h>

#include <trainplan/model/transformer_spec.h>
#include <trainplan/simulator/sweep.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace trainplan::ui {

namespace {

Sweep toSweep(const sim::SweepResult& r, bool byGpus) {
    Sweep out;
    out.cancelled = r.cancelled;
    for (model::Framework f : r.frameworks) {
        SweepSeries series{f, {}};
        for (const auto& p : r.points) {
            SweepPoint point{byGpus ? static_cast<double>(p.gpus) : p.parameters, std::nullopt};
            for (const auto& fr : p.search.frameworks)
                if (fr.framework == f) point.best = fr.best;
            series.points.push_back(std::move(point));
        }
        out.series.push_back(std::move(series));
    }
    return out;
}

sim::SweepOptions options(const SweepControl& control) {
    sim::SweepOptions o;
    o.progress = control.progress;
    o.cancelled = control.cancelled;
    return o;
}

} // namespace

std::vector<int> scalingNodeCounts(const model::Scenario& s) {
    std::set<int> nodes;
    const int current = std::max(1, s.cluster.nodes);
    const int upper = std::min(4096, std::max(8, current * 4));
    for (int n = 1; n <= upper; n *= 2)
        nodes.insert(n);
    nodes.insert(current);
    return {nodes.begin(), nodes.end()};
}

Sweep sweepNodes(const model::Scenario& base, const std::vector<int>& nodes,
                 const model::Catalog& catalog, const SweepControl& control) {
    sim::SweepSpec spec;
    spec.key = sim::SweepKey::Gpus;
    for (int n : nodes)
        spec.values.push_back(static_cast<double>(n) * base.cluster.gpusPerNode);
    Sweep out = toSweep(sim::runSweep(base, spec, catalog, options(control)), true);
    out.currentX = static_cast<double>(base.cluster.gpuCount());
    return out;
}

Sweep sweepModelScale(const model::Scenario& base, const std::vector<double>& factors,
                      const model::Catalog& catalog, const SweepControl& control) {
    sim::SweepSpec spec;
    spec.key = sim::SweepKey::ModelScale;
    spec.values = factors;
    Sweep out = toSweep(sim::runSweep(base, spec, catalog, options(control)), false);
    out.currentX = model::countParameters(base.model).total;
    return out;
}


std::vector<std::size_t> thinForPlot(const std::vector<sim::PlanSummary>& plans,
                                     const std::vector<std::size_t>& indices,
                                     std::size_t maxPoints) {
    if (indices.size() <= maxPoints || indices.empty()) return indices;
    double tMin = std::numeric_limits<double>::infinity(), tMax = 0, mMin = tMin, mMax = 0;
    for (std::size_t i : indices) {
        const double t = std::log(std::max(plans[i].stepSeconds, 1e-9));
        tMin = std::min(tMin, t);
        tMax = std::max(tMax, t);
        mMin = std::min(mMin, plans[i].peakBytes);
        mMax = std::max(mMax, plans[i].peakBytes);
    }
    const int cells = std::max(8, static_cast<int>(std::sqrt(static_cast<double>(maxPoints))));
    std::map<std::pair<int, int>, std::size_t> grid;
    for (std::size_t i : indices) {
        const double t = std::log(std::max(plans[i].stepSeconds, 1e-9));
        const int cx = tMax > tMin ? static_cast<int>((t - tMin) / (tMax - tMin) * (cells - 1)) : 0;
        const int cy =
            mMax > mMin
                ? static_cast<int>((plans[i].peakBytes - mMin) / (mMax - mMin) * (cells - 1))
                : 0;
        grid.emplace(std::make_pair(cx, cy), i); // first plan in a cell stands for it
    }
    std::vector<std::size_t> out;
    out.reserve(grid.size());
    for (const auto& [cell, i] : grid)
        out.push_back(i);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace trainplan::ui
