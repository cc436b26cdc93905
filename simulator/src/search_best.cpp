// Branch and bound over the plan space of search_space.h. Every plan's step time is at least its
// pipeline slots of pure compute (evaluatePlan: step = compute + exposed communication + bubble +
// optimizer + offload, each ≥ 0, and the bubble is (p − 1)/v slots of at least the compute of one
// micro-batch). Layer compute depends only on the shape (tp, cp, ep, micro-batch, SP, recompute,
// framework), so it is tabled once per GPU and reused for every cluster size. Layouts are visited
// in increasing bound order and abandoned once their bound exceeds the best plan found: a skipped
// plan is provably slower, so the answer is exactly the exhaustive search's.

#include <trainplan/simulator/search_best.h>

#include "estimate_detail.h"
#include "search_space.h"

#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/search.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
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

struct ShapeKey {
    int framework, tp, cp, ep, etp, microBatch, recompute, gradAccum;
    bool sequenceParallel;
    bool operator==(const ShapeKey&) const = default;
};

struct ShapeKeyHash {
    std::size_t operator()(const ShapeKey& k) const {
        std::uint64_t h = 1469598103934665603ULL;
        for (const long long v : {static_cast<long long>(k.framework), static_cast<long long>(k.tp),
                                  static_cast<long long>(k.cp), static_cast<long long>(k.ep),
                                  static_cast<long long>(k.etp),
                                  static_cast<long long>(k.microBatch),
                                  static_cast<long long>(k.recompute),
                                  static_cast<long long>(k.gradAccum),
                                  static_cast<long long>(k.sequenceParallel)}) {
            h ^= static_cast<std::uint64_t>(v);
            h *= 1099511628211ULL;
        }
        return static_cast<std::size_t>(h);
    }
};

// Everything layerTimes reads besides the plan's shape (compute_model.cpp): when two contexts
// agree on it, they agree on every layer time.
std::vector<double> computeSignature(const PlanContext& ctx) {
    const Scenario& s = *ctx.scenario;
    const auto& m = s.model;
    const auto& e = ctx.eff;
    const auto& g = s.cluster.gpu;
    return {ctx.peakFlopsPerSecond,
            ctx.hbmBytesPerSecond,
            g.bf16FlopsPerSecond,
            g.fp8FlopsPerSecond,
            e.gemmEfficiency,
            e.fp8GemmEfficiency,
            e.gemmHalfDim,
            static_cast<double>(e.smCount),
            e.clockFraction,
            e.hbmEfficiency,
            e.sdpaAttentionForwardEfficiency,
            e.sdpaAttentionBackwardEfficiency,
            e.fusedAttentionForwardEfficiency,
            e.fusedAttentionBackwardEfficiency,
            e.tritonAttentionForwardEfficiency,
            e.tritonAttentionBackwardEfficiency,
            static_cast<double>(m.layers),
            static_cast<double>(m.hidden),
            static_cast<double>(m.heads),
            static_cast<double>(m.kvHeads),
            static_cast<double>(m.headDim),
            static_cast<double>(m.ffnHidden),
            static_cast<double>(m.vocab),
            static_cast<double>(m.seqLen),
            static_cast<double>(static_cast<int>(m.ffn)),
            static_cast<double>(static_cast<int>(m.positionEmbedding)),
            static_cast<double>(m.moe.experts),
            static_cast<double>(m.moe.topK),
            static_cast<double>(m.moe.expertFfnHidden),
            static_cast<double>(m.moe.sharedExperts),
            m.moe.capacityFactor,
            static_cast<double>(m.mla.qLoraRank),
            static_cast<double>(m.mla.kvLoraRank),
            static_cast<double>(m.mla.qkNopeHeadDim),
            static_cast<double>(m.mla.qkRopeHeadDim),
            static_cast<double>(m.mla.vHeadDim),
            static_cast<double>(m.slidingWindow.window),
            static_cast<double>(m.slidingWindow.fullEvery),
            static_cast<double>(m.mtpLayers),
            static_cast<double>(ctx.flops.denseLayers),
            static_cast<double>(ctx.flops.moeLayers),
            ctx.flops.dense.attentionCore,
            ctx.flops.moe.attentionCore,
            static_cast<double>(static_cast<int>(s.training.precision)),
            static_cast<double>(static_cast<int>(s.training.execution)),
            static_cast<double>(static_cast<int>(s.training.attentionKernel)),
            s.training.flashAttention ? 1.0 : 0.0};
}

} // namespace

class ShapeTable {
public:
    void bind(const PlanContext& ctx) {
        std::vector<double> sig = computeSignature(ctx);
        if (sig == m_signature) return;
        m_signature = std::move(sig);
        m_times.clear();
    }

    const LayerTimes& layerTimesOf(const PlanContext& ctx, const Plan& p, int gradAccum) {
        // The fp8 weight casts of fused stacks are paid once per step (compute_model.cpp), the
        // only use of the accumulation count.
        const bool perStepCast = ctx.scenario->training.precision == model::Precision::Fp8 &&
                                 (executionMode(*ctx.scenario, p) == model::ExecutionMode::Fused ||
                                  executionMode(*ctx.scenario, p) ==
                                      model::ExecutionMode::CudaGraphs);
        const ShapeKey key{static_cast<int>(p.framework),
                           p.tp,
                           p.cp,
                           p.ep,
                           p.etp,
                           p.microBatch,
                           // The recompute mode and its Megatron --recompute-modules.
                           static_cast<int>(p.recompute) +
                               4 * static_cast<int>(p.recomputeModules),
                           perStepCast ? gradAccum : 0,
                           p.sequenceParallel};
        auto it = m_times.find(key);
        if (it == m_times.end()) it = m_times.emplace(key, layerTimes(ctx, p, gradAccum)).first;
        return it->second;
    }

private:
    std::vector<double> m_signature;
    std::unordered_map<ShapeKey, LayerTimes, ShapeKeyHash> m_times;
};

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

// The plan's bound from its layer times (`lt` = layerTimes of the plan). The slot is the stage
// with the most compute plus exposed communication (evaluatePlanWith), so it lasts at least the
// compute of every stage, even or uneven: the most compute of them bounds it.
double boundFrom(const LayerTimes& lt, long long ga, const Plan& p, const Slots& slots) {
    double computeMb = 0.0;
    for (const StageSlot& slot : slots.slots) {
        const StageTime st = stageCompute(lt, slot, p);
        computeMb = std::max(computeMb, st.forward + st.backward + st.recompute);
    }
    const double slotsPerStep = static_cast<double>(ga) + (p.pp - 1.0) / p.vpp;
    return slotsPerStep * computeMb * kBoundSlack;
}

double boundOf(const PlanContext& ctx, ShapeTable& table, const Plan& p, const Slots& slots) {
    const long long ga = p.gradientAccumulation(ctx.scenario->training.globalBatch);
    return boundFrom(table.layerTimesOf(ctx, p, static_cast<int>(ga)), ga, p, slots);
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
};

// One (micro-batch, recompute, SP) choice inside a layout: the knobs its compute depends on.
struct Item {
    int microBatch;
    int microBatchIndex; // in the layout's inner space
    Recompute recompute;
    bool sequenceParallel;
    const LayerTimes* layerTimes; // in the table, which never moves its entries
    double bound;
    double fullBound; // full recompute of every layer: the bound when no partial plan exists
};

} // namespace

double stepLowerBoundSeconds(const PlanContext& ctx, const Plan& plan, ShapeTable* table) {
    ShapeTable local;
    ShapeTable& t = table ? *table : local;
    t.bind(ctx);
    return boundOf(ctx, t, plan, slotsOf(ctx, plan));
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
        Node n{l, innerSpace(s, l, sh), {}, 0};
        if (n.inner.count() == 0) return;
        Plan p = layoutPlan(l);
        n.slots = slotsOf(ctx, p);
        // The layout's bound is its fastest choice's. SP only divides the norms' and residuals'
        // traffic by tp (compute_model.cpp), so SP on is the least; recompute adds compute, but a
        // full recompute of one layer per chunk may cost less than a selective one of every
        // layer, so each allowed recompute is bounded. The micro-batch has no order either.
        p.sequenceParallel = n.inner.spChoices == 2;
        n.bound = std::numeric_limits<double>::infinity();
        for (Recompute r : n.inner.recomputes) {
            p.recompute = r;
            p.recomputeLayers = leastRecomputedLayers(r);
            for (int mb : n.inner.microBatches) {
                p.microBatch = mb;
                n.bound = std::min(n.bound, boundOf(ctx, table, p, n.slots));
            }
            if (r == Recompute::None) break; // none is the least of all
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
    std::vector<signed char> floorFits;
    for (const Node& n : st.nodes) {
        if (!beatable(n.bound)) break;
        ++counts.expandedLayouts;
        Plan p = layoutPlan(n.layout);
        items.clear();
        for (std::size_t mi = 0; mi < n.inner.microBatches.size(); ++mi)
            for (Recompute r : n.inner.recomputes)
                for (int sp = n.inner.spFirst; sp < n.inner.spChoices; ++sp) {
                    const int mb = n.inner.microBatches[mi];
                    p.microBatch = mb;
                    p.recompute = r;
                    p.recomputeLayers = 0;
                    p.sequenceParallel = sp == 1;
                    const long long ga = p.gradientAccumulation(globalBatch);
                    const LayerTimes& lt = t.layerTimesOf(ctx, p, static_cast<int>(ga));
                    const double full = boundFrom(lt, ga, p, n.slots);
                    p.recomputeLayers = leastRecomputedLayers(r);
                    const double least = r == Recompute::Full ? boundFrom(lt, ga, p, n.slots) : full;
                    items.push_back({mb, static_cast<int>(mi), r, sp == 1, &lt, least, full});
                }
        // Whether each (micro-batch, SP, sharding, overlap) fitted without recompute: its
        // full-recompute twin then has no partial plan (applyFewestRecomputedLayers), so its own
        // bound applies. Items with no recompute come first, being the least compute.
        const std::size_t shardings = n.inner.shardings.size();
        const std::size_t overlaps = static_cast<std::size_t>(n.inner.overlapChoices);
        const std::size_t recomputes = n.inner.recomputes.size();
        noneFits.assign(n.inner.microBatches.size() * 2 * shardings * overlaps, 0);
        // Whether the smallest micro-batch of each (sharding, overlap, SP, recompute) fits
        // (-1 until asked): when it does not, no larger micro-batch accumulated over several
        // does either, since every term of the peak grows with the micro-batch there (tokens ×
        // in-flight micro-batches = min((p − s)·b, B/dp) per stage, the loss and SP buffers
        // with b, the gradients persistent once accumulated: stage_memory.cpp). The one
        // micro-batch that accumulates nothing (B/dp) is checked on its own.
        floorFits.assign(shardings * overlaps * 2 * recomputes, -1);
        const Placements pl = placeGroups(p, ctx.scenario->cluster.gpusPerNode);
        std::stable_sort(items.begin(), items.end(),
                         [](const Item& a, const Item& b) { return a.bound < b.bound; });
        for (const Item& it : items) {
            if (!beatable(it.bound)) break;
            p.microBatch = it.microBatch;
            p.recompute = it.recompute;
            p.recomputeLayers = 0;
            p.sequenceParallel = it.sequenceParallel;
            const int ga = static_cast<int>(p.gradientAccumulation(globalBatch));
            const std::size_t ri = static_cast<std::size_t>(
                std::find(n.inner.recomputes.begin(), n.inner.recomputes.end(), it.recompute) -
                n.inner.recomputes.begin());
            for (std::size_t si = 0; si < shardings; ++si) {
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
                    if (!beatable(it.fullBound) && noneFits[key]) continue;
                    if (ga > 1) {
                        signed char& floor =
                            floorFits[((si * overlaps + static_cast<std::size_t>(ov)) * 2 +
                                       (it.sequenceParallel ? 1 : 0)) *
                                          recomputes +
                                      ri];
                        if (floor < 0) {
                            Plan least = p;
                            least.microBatch = n.inner.microBatches.front();
                            const int leastGa =
                                static_cast<int>(least.gradientAccumulation(globalBatch));
                            ++counts.memoryChecked;
                            floor = planMemory(ctx, least, pl, leastGa, n.slots.uneven).worst.fits
                                        ? 1
                                        : 0;
                        }
                        if (floor == 0) continue;
                    }
                    ++counts.memoryChecked;
                    const PlanMemory mem = planMemory(ctx, p, pl, ga, n.slots.uneven);
                    if (it.recompute == Recompute::None) noneFits[key] = mem.worst.fits ? 1 : 0;
                    if (!mem.worst.fits) continue;
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

} // namespace trainplan::sim
