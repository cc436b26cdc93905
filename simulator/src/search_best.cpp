// Branch and bound over the plan space of search_space.h. Every plan's step time is at least its
// pipeline slots of pure compute (evaluatePlan: step = compute + exposed communication + bubble +
// optimizer + offload, each ≥ 0, and the bubble is (p − 1)/v slots of at least the compute of one
// micro-batch). Layer compute depends only on the shape (tp, cp, ep, micro-batch, SP, recompute,
// framework), so it is tabled once per GPU and reused for every cluster size. Layouts are visited
// in increasing bound order and abandoned once their bound exceeds the best plan found: a skipped
// plan is provably slower, so the answer is exactly the exhaustive search's.

#include <trainplan/simulator/search_best.h>

#include "estimate_detail.h"
#include "parallel_for.h"
#include "search_first_fit.h"
#include "search_space.h"
#include "shape_table.h"

#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/search.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <mutex>
#include <numeric>
#include <unordered_map>

namespace trainplan::sim {

using namespace detail;
using model::Framework;
using model::Plan;
using model::Recompute;
using model::Scenario;

namespace {

// Relative slack so that rounding (the bound sums the same terms in another order) never puts a
// bound above the step time it bounds.
constexpr double kBoundSlack = 1.0 - 1e-9;

} // namespace

std::shared_ptr<ShapeTable> makeShapeTable() {
    return std::make_shared<ShapeTable>();
}

namespace {

// The stage slots evaluatePlan sets the pipeline slot from: the first and last stages of an even
// layout, every distinct stage composition of an uneven one.
struct Slots {
    std::vector<StageSlot> slots;
    std::vector<StageSlot> uneven; // unevenBoundingSlots: empty for an even layout
};

Slots slotsOf(const PlanContext& ctx, const Plan& probe) {
    Slots out;
    out.uneven = unevenBoundingSlots(ctx, probe);
    out.slots = out.uneven;
    if (out.uneven.empty()) {
        out.slots.push_back(evenSlot(ctx, probe, 0));
        if (probe.pp > 1) out.slots.push_back(evenSlot(ctx, probe, probe.pp - 1));
    }
    return out;
}

// What a plan pays besides its compute whatever that compute hides (dp_traffic.cpp with no limit
// on hiding): its data-parallel traffic per pipeline slot, and per step the data-parallel
// reduction and gather, the optimizer and any offload. They depend on the layout and the sharding
// only.
struct Floor {
    double perSlotSeconds = 0, perStepSeconds = 0;
};

Floor floorOf(const PlanContext& ctx, const Plan& p, const Placements& pl, const Slots& slots) {
    const DpTraffic t =
        dpTraffic(ctx, p, pl, slots.slots.data(), slots.slots.size(), !slots.uneven.empty());
    const DpExposed dp = dpExposed(t, p, ctx.eff, nullptr);
    const OptimizerStep opt = optimizerStep(ctx, p, pl, t, nullptr, 1.0);
    return {dp.perMicroBatchSeconds,
            dp.reduceSeconds + dp.gatherSeconds + opt.optimizerSeconds + opt.offloadSeconds};
}

// The slots of one step and the most compute of one micro-batch on any stage: the pipeline slot
// is the stage with the most compute plus exposed communication (evaluatePlanWith), so it lasts at
// least the compute of every stage, even or uneven.
struct SlotCompute {
    double slotsPerStep = 0, computeSeconds = 0;
};

SlotCompute slotCompute(const LayerTimes& lt, long long ga, const Plan& p, const Slots& slots) {
    SlotCompute out;
    for (const StageSlot& slot : slots.slots) {
        const StageTime st = stageCompute(lt, slot, p);
        out.computeSeconds = std::max(out.computeSeconds, st.forward + st.backward + st.recompute);
    }
    out.slotsPerStep = static_cast<double>(ga) + (p.pp - 1.0) / p.vpp;
    return out;
}

// Step = (m + (p − 1)/v) × slot + step-level terms (evaluatePlanWith), each at least its floor.
double boundWith(const SlotCompute& c, const Floor& f) {
    return (c.slotsPerStep * (c.computeSeconds + f.perSlotSeconds) + f.perStepSeconds) *
           kBoundSlack;
}

// A full-recompute choice may end up recomputing as few as one layer per chunk
// (applyFewestRecomputedLayers), so its bound counts that one; other choices recompute as given.
int leastRecomputedLayers(Recompute r) {
    return r == Recompute::Full ? 1 : 0;
}

struct Node {
    Layout layout;
    InnerSpace inner;
    Slots slots;
    double bound = 0;
    std::vector<Floor> floors; // per sharding of the inner space
    Floor least;               // the least of each part over the shardings
};

// One (micro-batch, recompute, SP) choice inside a layout: the knobs its compute depends on.
struct Item {
    int microBatch;
    int microBatchIndex; // in the layout's inner space
    RecomputeChoice recompute;
    std::size_t recomputeIndex; // in the layout's inner space
    bool sequenceParallel;
    const LayerTimes* layerTimes; // in the table, which never moves its entries
    SlotCompute least;            // with the fewest recomputed layers the choice allows
    SlotCompute full;             // full recompute of every layer: when no partial plan exists
    double bound;                 // boundWith(least, the node's least floor)
};

} // namespace

double stepLowerBoundSeconds(const PlanContext& ctx, const Plan& plan, ShapeTable* table) {
    ShapeTable local;
    ShapeTable& t = table ? *table : local;
    t.bind(ctx);
    const Slots slots = slotsOf(ctx, plan);
    const long long ga = plan.gradientAccumulation(ctx.scenario->training.globalBatch);
    const SlotCompute c =
        slotCompute(t.layerTimesOf(ctx, plan, static_cast<int>(ga)), ga, plan, slots);
    return boundWith(c, floorOf(ctx, plan, placeGroups(plan, ctx.scenario->cluster.gpusPerNode),
                                slots));
}

struct BestPlanSearch::State {
    const PlanContext* ctx = nullptr;
    ShapeTable* table = nullptr;
    std::vector<Node> nodes; // by increasing bound
    long long layouts = 0;
};

BestPlanSearch::BestPlanSearch(const PlanContext& ctx, Framework fw, ShapeTable& table)
    : m_state(std::make_unique<State>()) {
    State& st = *m_state;
    st.ctx = &ctx;
    st.table = &table;
    table.bind(ctx);
    const Scenario& s = *ctx.scenario;
    const std::vector<Sharding> sh = shardings(fw, s.constraints);
    forEachLayout(s, ctx.clusterGpus, fw, 0, [&](const Layout& l) {
        ++st.layouts;
        Node n{l, innerSpace(s, l, sh), {}, 0, {}, {}};
        if (n.inner.count() == 0) return;
        Plan p = layoutPlan(l);
        n.slots = slotsOf(ctx, p);
        const Placements pl = placeGroups(p, s.cluster.gpusPerNode);
        n.least = {std::numeric_limits<double>::infinity(),
                   std::numeric_limits<double>::infinity()};
        for (const Sharding& shard : n.inner.shardings) {
            applySharding(p, shard);
            const Floor f = floorOf(ctx, p, pl, n.slots);
            n.floors.push_back(f);
            n.least.perSlotSeconds = std::min(n.least.perSlotSeconds, f.perSlotSeconds);
            n.least.perStepSeconds = std::min(n.least.perStepSeconds, f.perStepSeconds);
        }
        // The layout's bound is its fastest choice's. SP only divides the norms' and residuals'
        // traffic by tp (compute_model.cpp), so SP on is the least; recompute adds compute, but a
        // full recompute of one layer per chunk may cost less than a selective one of every
        // layer, so each allowed recompute is bounded. The micro-batch has no order either.
        p.sequenceParallel = n.inner.spChoices == 2;
        n.bound = std::numeric_limits<double>::infinity();
        for (const RecomputeChoice& r : n.inner.recomputes) {
            p.recompute = r.mode;
            p.recomputeModules = r.modules;
            p.recomputeLayers = leastRecomputedLayers(r.mode);
            for (int mb : n.inner.microBatches) {
                p.microBatch = mb;
                const long long ga = p.gradientAccumulation(s.training.globalBatch);
                const LayerTimes& lt = table.layerTimesOf(ctx, p, static_cast<int>(ga));
                n.bound = std::min(n.bound, boundWith(slotCompute(lt, ga, p, n.slots), n.least));
            }
            if (r.mode == Recompute::None) break; // none is the least of all
        }
        st.nodes.push_back(std::move(n));
    });
    std::stable_sort(st.nodes.begin(), st.nodes.end(),
                     [](const Node& a, const Node& b) { return a.bound < b.bound; });
}

BestPlanSearch::~BestPlanSearch() = default;

double BestPlanSearch::lowerBoundSeconds() const {
    return m_state->nodes.empty() ? std::numeric_limits<double>::infinity()
                                  : m_state->nodes.front().bound;
}

std::optional<PlanEstimate> BestPlanSearch::best(BestPlans& counts) {
    const State& st = *m_state;
    const PlanContext& ctx = *st.ctx;
    ShapeTable& t = *st.table;
    t.bind(ctx); // another search may have bound the table to its own context since
    const long long globalBatch = ctx.scenario->training.globalBatch;
    counts.layouts += st.layouts;
    std::optional<PlanEstimate> best;
    auto beatable = [&](double bound) { return !best || bound <= best->time.stepSeconds; };
    std::vector<Item> items;
    std::vector<char> noneFits;
    std::vector<int> fitLimit;
    std::vector<StageStatics> statics[2];
    for (const Node& n : st.nodes) {
        if (!beatable(n.bound)) break;
        ++counts.expandedLayouts;
        Plan p = layoutPlan(n.layout);
        items.clear();
        for (std::size_t mi = 0; mi < n.inner.microBatches.size(); ++mi)
            for (std::size_t ri = 0; ri < n.inner.recomputes.size(); ++ri)
                for (int sp = n.inner.spFirst; sp < n.inner.spChoices; ++sp) {
                    const RecomputeChoice r = n.inner.recomputes[ri];
                    const int mb = n.inner.microBatches[mi];
                    p.microBatch = mb;
                    p.recompute = r.mode;
                    p.recomputeModules = r.modules;
                    p.recomputeLayers = 0;
                    p.sequenceParallel = sp == 1;
                    const long long ga = p.gradientAccumulation(globalBatch);
                    const LayerTimes& lt = t.layerTimesOf(ctx, p, static_cast<int>(ga));
                    const SlotCompute full = slotCompute(lt, ga, p, n.slots);
                    p.recomputeLayers = leastRecomputedLayers(r.mode);
                    const SlotCompute least =
                        r.mode == Recompute::Full ? slotCompute(lt, ga, p, n.slots) : full;
                    items.push_back({mb, static_cast<int>(mi), r, ri, sp == 1, &lt, least, full,
                                     boundWith(least, n.least)});
                }
        // Whether each (micro-batch, SP, sharding, overlap) fitted without recompute: its
        // full-recompute twin then has no partial plan (applyFewestRecomputedLayers), so its own
        // bound applies. Items with no recompute come first, being the least compute.
        const std::size_t shardings = n.inner.shardings.size();
        const std::size_t overlaps = static_cast<std::size_t>(n.inner.overlapChoices);
        const std::size_t recomputes = n.inner.recomputes.size();
        noneFits.assign(n.inner.microBatches.size() * 2 * shardings * overlaps, 0);
        // The largest micro-batch of each (sharding, overlap, SP, recompute) that fits among
        // those accumulated over several (-2 until asked, -1 when none does), found by bisection:
        // there every term of the peak grows with the micro-batch (tokens × in-flight
        // micro-batches = min((p − s)·b, B/dp) per stage, the loss and SP buffers with b, the
        // gradients persistent once accumulated: stage_memory.cpp), so fitting is a prefix. The
        // one micro-batch that accumulates nothing (B/dp) is checked on its own.
        fitLimit.assign(shardings * overlaps * 2 * recomputes, -2);
        const std::vector<int>& mbs = n.inner.microBatches;
        const int accumulated = static_cast<int>(mbs.size()) -
                                (!mbs.empty() && mbs.back() * n.layout.dp == globalBatch ? 1 : 0);
        const Placements pl = placeGroups(p, ctx.scenario->cluster.gpusPerNode);
        // Each bounding stage's parameters and communicators, without and with HSDP (the only
        // part of the sharding they depend on), built when first needed.
        for (auto& v : statics) v.clear();
        auto staticsFor = [&](const Plan& q) -> const StageStatics* {
            std::vector<StageStatics>& v = statics[q.hybridShard ? 1 : 0];
            if (v.empty())
                for (const StageSlot& slot : n.slots.slots)
                    v.push_back(stageStatics(ctx, q, pl, slot));
            return v.data();
        };
        std::stable_sort(items.begin(), items.end(),
                         [](const Item& a, const Item& b) { return a.bound < b.bound; });
        for (const Item& it : items) {
            if (!beatable(it.bound)) break;
            p.microBatch = it.microBatch;
            p.recompute = it.recompute.mode;
            p.recomputeModules = it.recompute.modules;
            p.recomputeLayers = 0;
            p.sequenceParallel = it.sequenceParallel;
            const int ga = static_cast<int>(p.gradientAccumulation(globalBatch));
            const std::size_t ri = it.recomputeIndex;
            for (std::size_t si = 0; si < shardings; ++si) {
                // The sharding's own floor: its data-parallel traffic, optimizer and offload.
                if (!beatable(boundWith(it.least, n.floors[si]))) continue;
                const double fullBound = boundWith(it.full, n.floors[si]);
                applySharding(p, n.inner.shardings[si]);
                for (int ov = 0; ov < n.inner.overlapChoices; ++ov) {
                    p.tpCommOverlap = ov == 1;
                    const std::size_t key =
                        ((static_cast<std::size_t>(it.microBatchIndex) * 2 +
                          (it.sequenceParallel ? 1 : 0)) *
                             shardings +
                         si) *
                            overlaps +
                        static_cast<std::size_t>(ov);
                    // Only a partial plan could still win, and there is none.
                    if (!beatable(fullBound) && noneFits[key]) continue;
                    if (ga > 1) {
                        int& limit = fitLimit[((si * overlaps + static_cast<std::size_t>(ov)) * 2 +
                                               (it.sequenceParallel ? 1 : 0)) *
                                                  recomputes +
                                              ri];
                        if (limit == -2) {
                            Plan q = p;
                            auto fitsAt = [&](int mi) {
                                q.microBatch = mbs[static_cast<std::size_t>(mi)];
                                const int qGa = static_cast<int>(q.gradientAccumulation(globalBatch));
                                ++counts.memoryChecked;
                                return planFits(ctx, q, pl, qGa, n.slots.uneven, staticsFor(q));
                            };
                            int lo = -1, hi = accumulated; // fits at lo (or none), not at hi
                            while (hi - lo > 1) {
                                // The smallest first: most often nothing fits.
                                const int mid = lo < 0 ? 0 : lo + (hi - lo) / 2;
                                (fitsAt(mid) ? lo : hi) = mid;
                            }
                            limit = lo;
                        }
                        if (it.microBatchIndex > limit) continue; // and below it, it fits
                    } else {
                        ++counts.memoryChecked;
                        if (!planFits(ctx, p, pl, ga, n.slots.uneven, staticsFor(p))) continue;
                    }
                    const PlanMemory mem = planMemory(ctx, p, pl, ga, n.slots.uneven, staticsFor(p));
                    if (it.recompute.mode == Recompute::None) noneFits[key] = 1;
                    const Precomputed pre{it.layerTimes, &n.slots.uneven, &pl, &mem};
                    PlanEstimate est = evaluatePlanWith(ctx, p, pre, false);
                    // Its fewest recomputed layers, when no recompute does not fit, are faster.
                    applyFewestRecomputedLayers(ctx, est, {it.layerTimes, &n.slots.uneven, &pl});
                    ++counts.timed;
                    if (!best || fasterThan(est, *best)) best = std::move(est);
                }
            }
        }
    }
    return best;
}

BestPlans searchBestPlans(const PlanContext& ctx, const std::vector<Framework>& frameworks,
                          ShapeTable* table) {
    ShapeTable local;
    ShapeTable& t = table ? *table : local;
    BestPlans out;
    for (const Framework fw : frameworks) {
        BestPlanSearch search(ctx, fw, t);
        out.lowerBoundSeconds.push_back(search.lowerBoundSeconds());
        out.best.push_back(search.best(out));
    }
    return out;
}

namespace detail {

namespace {

// Whether some plan of one layout fits (firstFitSearch): per sharding, overlap, SP and recompute,
// the smallest micro-batch that accumulates stands for every accumulated one, since fitting is a
// prefix of them (BestPlanSearch::best), and the one that accumulates nothing is checked alone.
bool layoutFits(const PlanContext& ctx, const Layout& l, const std::vector<Sharding>& sh,
                std::atomic<long long>& checked) {
    const Scenario& s = *ctx.scenario;
    const InnerSpace in = innerSpace(s, l, sh);
    if (in.count() == 0) return false;
    Plan p = layoutPlan(l);
    const Slots slots = slotsOf(ctx, p);
    const Placements pl = placeGroups(p, s.cluster.gpusPerNode);
    const long long globalBatch = s.training.globalBatch;
    const std::vector<int>& mbs = in.microBatches;
    const bool lastAlone = static_cast<long long>(mbs.back()) * l.dp == globalBatch;
    std::vector<int> probes;
    if (mbs.size() > (lastAlone ? 1U : 0U)) probes.push_back(mbs.front());
    if (lastAlone) probes.push_back(mbs.back());
    std::vector<StageStatics> statics[2]; // without and with HSDP, as in best()
    for (const Sharding& shard : in.shardings) {
        applySharding(p, shard);
        std::vector<StageStatics>& st = statics[p.hybridShard ? 1 : 0];
        if (st.empty())
            for (const StageSlot& slot : slots.slots)
                st.push_back(stageStatics(ctx, p, pl, slot));
        for (int ov = 0; ov < in.overlapChoices; ++ov)
            for (int sp = in.spFirst; sp < in.spChoices; ++sp)
                for (const RecomputeChoice& r : in.recomputes)
                    for (const int mb : probes) {
                        p.tpCommOverlap = ov == 1;
                        p.sequenceParallel = sp == 1;
                        p.recompute = r.mode;
                        p.recomputeModules = r.modules;
                        p.recomputeLayers = 0;
                        p.microBatch = mb;
                        const int ga = static_cast<int>(p.gradientAccumulation(globalBatch));
                        checked.fetch_add(1, std::memory_order_relaxed);
                        if (planFits(ctx, p, pl, ga, slots.uneven, st.data())) return true;
                    }
    }
    return false;
}

} // namespace

SearchResult firstFitSearch(const PlanContext& ctx, const std::vector<Framework>& frameworks,
                            const SearchOptions& options) {
    const Scenario& s = *ctx.scenario;
    SearchResult result;
    result.gpus = ctx.clusterGpus;
    result.usableBytes = usableGpuBytes(s);
    struct Task {
        Layout layout;
        std::size_t framework;
    };
    std::vector<Task> tasks;
    std::vector<std::vector<Sharding>> sh;
    for (std::size_t f = 0; f < frameworks.size(); ++f) {
        sh.push_back(shardings(frameworks[f], s.constraints));
        forEachLayout(s, ctx.clusterGpus, frameworks[f], static_cast<int>(f), [&](const Layout& l) {
            tasks.push_back({l, f});
        });
    }
    std::vector<std::atomic<long long>> checked(frameworks.size());
    std::atomic<bool> found{false}, stop{false};
    std::atomic<std::size_t> completed{0};
    std::mutex cancelMutex;
    auto halted = [&] {
        if (stop.load(std::memory_order_relaxed)) return true;
        if (!options.cancelled) return false;
        std::lock_guard lock(cancelMutex);
        if (options.cancelled()) stop.store(true);
        return stop.load();
    };
    parallelFor(tasks.size(), options.threads, [&](std::size_t k) {
        if (halted()) return;
        const Task& t = tasks[k];
        if (layoutFits(ctx, t.layout, sh[t.framework], checked[t.framework])) {
            found.store(true);
            stop.store(true);
        }
        completed.fetch_add(1);
    });
    // Whether a plan fits does not depend on which worker found one first.
    result.anyFits = found.load();
    result.cancelled = !result.anyFits && completed.load() < tasks.size();
    for (std::size_t f = 0; f < frameworks.size(); ++f) {
        FrameworkResult r;
        r.framework = frameworks[f];
        r.evaluatedPlans = checked[f].load();
        result.evaluatedPlans += r.evaluatedPlans;
        result.frameworks.push_back(std::move(r));
    }
    if (!result.cancelled && options.progress) options.progress(1.0);
    return result;
}

SearchResult bestOnlySearch(const PlanContext& ctx, const std::vector<Framework>& frameworks,
                            const SearchOptions& options) {
    SearchResult result;
    result.gpus = ctx.clusterGpus;
    result.usableBytes = usableGpuBytes(*ctx.scenario);
    std::vector<FrameworkResult> found(frameworks.size());
    std::vector<char> done(frameworks.size(), 0);
    std::mutex cancelMutex;
    auto cancelled = [&] {
        if (!options.cancelled) return false;
        std::lock_guard lock(cancelMutex);
        return options.cancelled();
    };
    // One framework per worker, each with its own shape table (ShapeTable is per thread).
    parallelFor(frameworks.size(), options.threads, [&](std::size_t f) {
        if (cancelled()) return;
        ShapeTable table;
        BestPlans counts;
        BestPlanSearch search(ctx, frameworks[f], table);
        FrameworkResult& r = found[f];
        r.framework = frameworks[f];
        r.best = search.best(counts);
        r.evaluatedPlans = counts.memoryChecked;
        r.timedPlans = counts.timed;
        done[f] = 1;
    });
    result.cancelled = std::find(done.begin(), done.end(), 0) != done.end();
    // Where nothing fits, the full search of those frameworks alone names the closest plan, its
    // miss and the reasons, as searchPlans would.
    std::vector<Framework> unfit;
    for (std::size_t f = 0; f < frameworks.size(); ++f)
        if (done[f] && !found[f].best) unfit.push_back(frameworks[f]);
    if (!unfit.empty() && !result.cancelled) {
        SearchOptions full = options;
        full.frameworks = unfit;
        full.bestOnly = false;
        full.keepAll = false;
        full.runnersUp = 0;
        full.progress = nullptr;
        SearchResult rest = searchPlans(ctx, full);
        result.cancelled = rest.cancelled;
        for (FrameworkResult& r : rest.frameworks)
            for (FrameworkResult& slot : found)
                if (slot.framework == r.framework) slot = std::move(r);
    }
    for (std::size_t f = 0; f < frameworks.size(); ++f) {
        FrameworkResult& r = found[f];
        r.framework = frameworks[f];
        if (!done[f]) r.exclusionReasons.push_back({MessageId::SearchCancelled, {}});
        result.evaluatedPlans += r.evaluatedPlans;
        result.timedPlans += r.timedPlans;
        result.anyFits = result.anyFits || r.best.has_value();
        result.frameworks.push_back(std::move(r));
    }
    if (!result.cancelled && options.progress) options.progress(1.0);
    return result;
}

} // namespace detail

} // namespace trainplan::sim
