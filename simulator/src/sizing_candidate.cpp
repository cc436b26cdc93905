// One candidate cluster of the sizing search: the scenario as it would run there, and each
// framework's plan search on it — skipped when the framework's bound already rules it out — with
// the best plan's expected time and cost (split out of sizing.cpp).
#include "sizing_candidate.h"

#include "parallel_for.h"

#include <trainplan/model/units.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search_best.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace trainplan::sim::detail {

using model::Framework;
using model::GpuSpec;
using model::Scenario;
using model::units::kSecondsPerHour;

namespace {

// The scenario as it would run on one candidate cluster.
Scenario candidateScenario(const Scenario& base, const GpuSpec& gpu, const SystemOption* sys,
                           int nodes) {
    Scenario s = base;
    // A price (and a power cap) the scenario states belongs to its own GPU; every other GPU
    // brings its own.
    if (gpu.name != base.cluster.gpu.name) {
        s.cluster.gpuHourUsd = 0;
        s.cluster.gpuPowerLimitWatts = 0;
    }
    s.cluster.gpu = gpu;
    s.cluster.gpuRef = gpu.name;
    s.cluster.nodes = nodes;
    if (sys) {
        s.cluster.intraNode = sys->intraNode;
        s.cluster.intraNodeRef = sys->intraNode.name;
        s.cluster.interNode = sys->interNode;
        s.cluster.interNodeRef = sys->interNode.name;
        s.cluster.nicsPerNode = sys->nicsPerNode;
    }
    s.constraints.maxGpus.reset();
    s.plans.clear();
    return s;
}

} // namespace

std::size_t fillEntry(const SizingInputs& in, const std::vector<Framework>& fws,
                      const std::vector<std::vector<SystemOption>>& systems, const Candidate& c,
                      SizingCache& cache, SizingCache::Entry& entry, const Wanted& wanted) {
    if (entry.searched.size() != fws.size()) {
        entry.searched.assign(fws.size(), false);
        entry.perFramework.assign(fws.size(), {});
        entry.lowerBoundSeconds.assign(fws.size(), std::numeric_limits<double>::quiet_NaN());
    }
    const Scenario& base = *in.scenario;
    const double gpus = static_cast<double>(c.nodes) * base.cluster.gpusPerNode;
    auto lowerUsd = [&](double seconds) {
        return seconds * gpus * c.usdPerGpuHour / kSecondsPerHour;
    };
    // Bounds already known decide without building the candidate (what makes a re-answer cheap).
    std::vector<std::size_t> todo;
    for (std::size_t f = 0; f < fws.size(); ++f) {
        if (entry.searched[f]) continue;
        const double known = entry.lowerBoundSeconds[f];
        if (!std::isnan(known) && wanted && !wanted(f, known, lowerUsd(known))) continue;
        todo.push_back(f);
    }
    if (todo.empty()) return 0;
    const GpuSpec& gpu = in.gpus[static_cast<std::size_t>(c.gpu)];
    const auto& opts = systems[static_cast<std::size_t>(c.gpu)];
    const SystemOption* sys = opts.empty() ? nullptr : &opts[static_cast<std::size_t>(c.system)];
    const Scenario s = candidateScenario(base, gpu, sys, c.nodes);
    const PlanContext ctx = makeContext(s);
    // Useful time = steps × step time, and expected time ≥ useful time (goodput ≤ 1).
    const double steps = s.training.trainTokens /
                         (static_cast<double>(s.training.globalBatch) * s.model.seqLen);
    // Each framework's search on its own thread (and its own shape table); the decisions between
    // bounding and searching stay on this one, in framework order.
    std::vector<ShapeTable*> tables;
    for (const std::size_t f : todo) {
        std::shared_ptr<ShapeTable>& t = cache.shapes[{c.gpu, static_cast<int>(f)}];
        if (!t) t = makeShapeTable();
        tables.push_back(t.get());
    }
    std::vector<std::unique_ptr<BestPlanSearch>> searches(todo.size());
    parallelFor(todo.size(), in.threads, [&](std::size_t i) {
        searches[i] = std::make_unique<BestPlanSearch>(ctx, fws[todo[i]], *tables[i]);
    });
    std::vector<std::size_t> run;
    for (std::size_t i = 0; i < todo.size(); ++i) {
        const std::size_t f = todo[i];
        const double lowerSeconds = steps * searches[i]->lowerBoundSeconds();
        entry.lowerBoundSeconds[f] = lowerSeconds;
        if (wanted && !wanted(f, lowerSeconds, lowerUsd(lowerSeconds))) continue;
        entry.searched[f] = true;
        run.push_back(i);
    }
    std::vector<std::optional<PlanEstimate>> bests(run.size());
    parallelFor(run.size(), in.threads, [&](std::size_t j) {
        BestPlans counts;
        bests[j] = searches[run[j]]->best(counts);
    });
    for (std::size_t j = 0; j < run.size(); ++j) {
        const std::size_t f = todo[run[j]];
        if (!bests[j]) continue;
        const PlanEstimate& e = *bests[j];
        const GoodputEstimate g = estimateGoodput(s, e, in.reliability);
        if (!std::isfinite(g.expectedSeconds) || !(g.expectedSeconds > 0)) continue;
        SizedConfig cfg;
        cfg.gpu = gpu.name;
        cfg.gpuIndex = c.gpu;
        cfg.systemIndex = c.system;
        cfg.intraNode = s.cluster.intraNode.name;
        cfg.interNode = s.cluster.interNode.name;
        cfg.nodes = c.nodes;
        cfg.gpusPerNode = s.cluster.gpusPerNode;
        cfg.gpus = s.cluster.gpuCount();
        cfg.plan = e.plan;
        cfg.stepSeconds = e.time.stepSeconds;
        cfg.mfu = e.throughput.mfu;
        cfg.peakBytes = e.memory.peakBytes;
        cfg.usefulSeconds = e.cost.timeToTrainSeconds;
        cfg.expectedSeconds = g.expectedSeconds;
        cfg.goodput = g.goodput;
        cfg.usdPerGpuHour = e.cost.usdPerGpuHour;
        cfg.expectedUsd = g.usd;
        cfg.energyKwh = g.energyKwh;
        entry.perFramework[f] = {cfg};
    }
    return run.size();
}

} // namespace trainplan::sim::detail
