#include <trainplan/simulator/break_points.h>

#include "parallel_for.h"

#include <trainplan/simulator/search_best.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace trainplan::sim {

using model::Framework;
using model::Scenario;
using model::TransformerSpec;

namespace {

int roundToMultiple(double v, int quantum, int minimum) {
    const long long n = std::llround(v / quantum) * quantum;
    return static_cast<int>(std::max<long long>(minimum, n));
}

std::vector<Framework> frameworksOf(const SearchResult& base, const BreakPointOptions& options) {
    if (!options.frameworks.empty()) return options.frameworks;
    std::vector<Framework> out;
    for (const FrameworkResult& r : base.frameworks)
        out.push_back(r.framework);
    return out;
}

const FrameworkResult* resultOf(const SearchResult& r, Framework f) {
    for (const FrameworkResult& fr : r.frameworks)
        if (fr.framework == f) return &fr;
    return nullptr;
}

bool isCancelled(const BreakPointOptions& o) {
    return o.cancelled && o.cancelled();
}

// Whether any plan of `f` fits `s`: the first-fit search (docs/search.md §3).
bool anyPlanFits(const Scenario& s, Framework f, const BreakPointOptions& o) {
    SearchOptions so;
    so.frameworks = {f};
    so.runnersUp = 0;
    so.threads = o.threads;
    so.cancelled = o.cancelled;
    so.firstFitOnly = true;
    return searchPlans(s, so).anyFits;
}

} // namespace

std::string_view toString(ModelSizeStatus s) {
    switch (s) {
    case ModelSizeStatus::Found:
        return "found";
    case ModelSizeStatus::NothingFits:
        return "nothing_fits";
    case ModelSizeStatus::AllFit:
        return "all_fit";
    }
    return "found";
}

std::string_view toString(GpuScaleStatus s) {
    switch (s) {
    case GpuScaleStatus::Found:
        return "found";
    case GpuScaleStatus::NoPlanAt:
        return "no_plan_at";
    case GpuScaleStatus::NotReached:
        return "not_reached";
    case GpuScaleStatus::AlwaysBelow:
        return "always_below";
    case GpuScaleStatus::NeverFits:
        return "never_fits";
    }
    return "found";
}

std::string_view toString(BandwidthStatus s) {
    switch (s) {
    case BandwidthStatus::Found:
        return "found";
    case BandwidthStatus::AlwaysExceeds:
        return "always_exceeds";
    case BandwidthStatus::NeverExceeds:
        return "never_exceeds";
    case BandwidthStatus::NotApplicable:
        return "not_applicable";
    }
    return "found";
}

const ModelSizeBreak* BreakPoints::modelSizeOf(Framework f) const {
    for (const auto& b : modelSize)
        if (b.framework == f) return &b;
    return nullptr;
}
const GpuCountBreak* BreakPoints::gpuCountOf(Framework f) const {
    for (const auto& b : gpuCount)
        if (b.framework == f) return &b;
    return nullptr;
}
const BandwidthBreak* BreakPoints::bandwidthOf(Framework f) const {
    for (const auto& b : bandwidth)
        if (b.framework == f) return &b;
    return nullptr;
}

namespace {

// Query-head granularity around `heads`: multiples of 8 from 32 heads up keep tp ∈ {1, 2, 4, 8}
// valid where large models need it; smaller models step by 4 (16–31 heads) or 2. Under GQA every
// query group stays whole.
int headQuantum(const TransformerSpec& b, double heads) {
    const int q = heads >= 31.5 ? 8 : heads >= 15.5 ? 4 : 2;
    const bool gqa = b.kvHeads != b.heads && b.kvHeads > 1;
    return gqa ? std::lcm(q, b.kvHeads) : q;
}

// Layer granularity: multiples of 4 (pipeline splits) from 32 layers up, 2 below.
int layerQuantum(double layers) {
    return layers >= 31 ? 4 : 2;
}

TransformerSpec reshape(const TransformerSpec& b, int heads, int layers) {
    TransformerSpec m = b;
    const bool mha = b.kvHeads == b.heads;
    m.heads = heads;
    m.kvHeads = mha ? heads : b.kvHeads;
    m.headDim = b.headDim > 0 ? b.headDim : b.hidden / std::max(1, b.heads);
    m.hidden = static_cast<int>(static_cast<long long>(b.hidden) * heads / std::max(1, b.heads));
    const double ffnRatio = static_cast<double>(b.ffnHidden) / std::max(1, b.hidden);
    m.ffnHidden = roundToMultiple(ffnRatio * m.hidden, 128, 128);
    if (b.moe.enabled() && b.moe.expertFfnHidden > 0) {
        const double expertRatio =
            static_cast<double>(b.moe.expertFfnHidden) / std::max(1, b.hidden);
        m.moe.expertFfnHidden = roundToMultiple(expertRatio * m.hidden, 128, 128);
    }
    m.layers = layers;
    m.moe.firstDenseLayers = std::min(b.moe.firstDenseLayers, m.layers - 1);
    if (!(m == b)) {
        m.publishedParameters = 0;
        m.name = b.name + "-scaled";
        m.displayName = (b.displayName.empty() ? b.name : b.displayName) + " (scaled)";
    }
    return m;
}

struct Shape {
    double parameters = 0;
    int heads = 0;
    int layers = 0;
    double aspectError = 0; // |ln((layers/hidden) / (base layers/base hidden))|
};

} // namespace

TransformerSpec scaleModel(const TransformerSpec& b, double c) {
    const double heads = b.heads * c;
    const int hq = headQuantum(b, heads);
    const double layers = b.layers * c;
    const int lq = layerQuantum(layers);
    return reshape(b, roundToMultiple(heads, hq, hq), roundToMultiple(layers, lq, lq));
}

ModelLadder modelLadder(const TransformerSpec& base, double minParameters, double maxParameters) {
    ModelLadder ladder;
    const double baseParams = model::countParameters(base).total;
    if (baseParams <= 0 || base.heads < 1 || base.hidden < 1 || base.layers < 1) return ladder;
    // Every shape on the head/layer grid whose depth-to-width ratio is within a factor of two of
    // the base's; the thinning below prefers those within ±30% and the closest of them.
    constexpr double kAspectBand = 2.0;
    const double aspect = static_cast<double>(base.layers) / base.hidden;
    std::vector<Shape> shapes;
    for (int h = 1; h <= 65536; ++h) {
        if (h % headQuantum(base, h) != 0) continue;
        const double hidden = static_cast<double>(base.hidden) * h / base.heads;
        const double centre = aspect * hidden;
        const int lo = std::max(2, static_cast<int>(std::ceil(centre / kAspectBand / 2)) * 2);
        const int hi = std::max(lo, static_cast<int>(std::floor(centre * kAspectBand / 2)) * 2);
        double smallest = 0;
        for (int l = lo; l <= hi; l += 2) {
            if (l % layerQuantum(l) != 0) continue;
            const double p = model::countParameters(reshape(base, h, l)).total;
            if (smallest == 0) smallest = p;
            shapes.push_back({p, h, l, std::fabs(std::log(l / hidden / aspect))});
        }
        if (smallest > maxParameters * 1.1) break;
    }
    std::sort(shapes.begin(), shapes.end(),
              [](const Shape& a, const Shape& b) { return a.parameters < b.parameters; });
    // Thin to rungs 2–6% apart, walking out from the base and preferring shapes near its aspect.
    constexpr double kMinStep = 1.02, kMaxStep = 1.06;
    const double preferred = std::log(1.3);
    auto better = [preferred](const Shape* a,
                              const Shape* b) { // a closer to the base's proportions than b
        const bool an = a->aspectError <= preferred, bn = b->aspectError <= preferred;
        if (an != bn) return an;
        return a->aspectError < b->aspectError;
    };
    std::vector<const Shape*> up, down;
    for (double last = baseParams;;) {
        auto i = std::upper_bound(shapes.begin(), shapes.end(), last * kMinStep,
                                  [](double v, const Shape& s) { return v < s.parameters; });
        if (i == shapes.end() || i->parameters > maxParameters) break;
        const Shape* best = &*i;
        for (auto j = i;
             j != shapes.end() && j->parameters <= std::min(last * kMaxStep, maxParameters); ++j)
            if (better(&*j, best)) best = &*j;
        up.push_back(best);
        last = best->parameters;
    }
    for (double last = baseParams;;) {
        auto i = std::lower_bound(shapes.begin(), shapes.end(), last / kMinStep,
                                  [](const Shape& s, double v) { return s.parameters < v; });
        if (i == shapes.begin()) break;
        --i;
        if (i->parameters < minParameters) break;
        const Shape* best = &*i;
        for (auto j = i;; --j) {
            if (j->parameters < last / kMaxStep || j->parameters < minParameters) break;
            if (better(&*j, best)) best = &*j;
            if (j == shapes.begin()) break;
        }
        down.push_back(best);
        last = best->parameters;
    }
    for (auto it = down.rbegin(); it != down.rend(); ++it) {
        ladder.models.push_back(reshape(base, (*it)->heads, (*it)->layers));
        ladder.parameters.push_back((*it)->parameters);
    }
    ladder.baseIndex = static_cast<int>(ladder.models.size());
    ladder.models.push_back(base);
    ladder.parameters.push_back(baseParams);
    for (const Shape* s : up) {
        ladder.models.push_back(reshape(base, s->heads, s->layers));
        ladder.parameters.push_back(s->parameters);
    }
    return ladder;
}

double dpCommFraction(const PlanEstimate& e) {
    return e.time.stepSeconds > 0 ? e.communication.dpSeconds / e.time.stepSeconds : 0.0;
}

Scenario withNodes(const Scenario& s, int nodes) {
    Scenario t = s;
    t.cluster.nodes = nodes;
    t.constraints.maxGpus.reset();
    t.plans.clear();
    return t;
}

Scenario withInterNodeBandwidth(const Scenario& s, double bytesPerSecondPerNic) {
    Scenario t = s;
    t.cluster.interNode.bytesPerSecond = bytesPerSecondPerNic;
    t.cluster.interNodeRef.clear();
    return t;
}

ModelSizeBreak findModelSizeBreak(const Scenario& s, Framework f, const ModelLadder& ladder,
                                  const BreakPointOptions& options,
                                  std::optional<bool> fitsAtBase) {
    ModelSizeBreak out;
    out.framework = f;
    const int n = static_cast<int>(ladder.models.size());
    if (n == 0) return out;
    // Each probe asks only whether a plan fits (a first-fit search, which stops at the first
    // plan that does); the largest fitting rung is searched in full once, for its plan.
    std::map<int, bool> memo;
    auto atRung = [&](int i) {
        Scenario t = s;
        t.model = ladder.models[static_cast<std::size_t>(i)];
        t.modelRef.clear();
        t.plans.clear();
        return t;
    };
    auto fits = [&](int i) {
        if (auto it = memo.find(i); it != memo.end()) return it->second;
        ++out.probes;
        return memo[i] = anyPlanFits(atRung(i), f, options);
    };
    // Only the fastest plan of the largest fitting rung is wanted: the branch and bound finds
    // exactly searchPlans' FrameworkResult::best (search_best.h) while timing few plans.
    auto bestPlanAt = [&](int i) -> std::optional<PlanEstimate> {
        ++out.probes;
        const Scenario rung = atRung(i);
        return searchBestPlans(makeContext(rung), {f}).best.front();
    };
    int lo = -1, hi = n; // fits(lo), !fits(hi)
    if (fitsAtBase && ladder.baseIndex >= 0) (*fitsAtBase ? lo : hi) = ladder.baseIndex;
    if (lo < 0) {
        if (!fits(0)) {
            out.status = ModelSizeStatus::NothingFits;
            out.next = ladder.models[0];
            out.nextParameters = ladder.parameters[0];
            return out;
        }
        lo = 0;
    }
    if (hi >= n) {
        if (fits(n - 1)) {
            lo = n - 1;
            hi = n;
        } else {
            hi = n - 1;
        }
    }
    while (hi - lo > 1 && !isCancelled(options)) {
        const int mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
    }
    out.largest = ladder.models[static_cast<std::size_t>(lo)];
    out.largestParameters = ladder.parameters[static_cast<std::size_t>(lo)];
    if (!isCancelled(options)) out.largestPlan = bestPlanAt(lo);
    if (hi >= n) {
        out.status = ModelSizeStatus::AllFit;
    } else {
        out.status = ModelSizeStatus::Found;
        out.next = ladder.models[static_cast<std::size_t>(hi)];
        out.nextParameters = ladder.parameters[static_cast<std::size_t>(hi)];
    }
    return out;
}

std::vector<GpuCountBreak> findGpuCountBreaks(const Scenario& s,
                                              const std::vector<Framework>& frameworks,
                                              const BreakPointOptions& options,
                                              const SearchResult* base) {
    std::vector<GpuCountBreak> out;
    for (Framework f : frameworks) {
        GpuCountBreak b;
        b.framework = f;
        out.push_back(b);
    }
    const long long perNode = std::max(1, s.cluster.gpusPerNode);
    const long long maxGpus =
        options.maxScanGpus > 0 ? options.maxScanGpus : 4 * s.cluster.gpuCount();
    std::vector<int> nodes;
    for (long long n = 1; n * perNode <= maxGpus; n *= 2)
        nodes.push_back(static_cast<int>(n));
    if (static_cast<long long>(s.cluster.nodes) * perNode <= maxGpus)
        nodes.push_back(s.cluster.nodes);
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());

    // The scenario's own count is the search already run on it (the same scenario: no plans, no
    // GPU cap, the same frameworks).
    const bool reuse = base && !base->cancelled && !s.constraints.maxGpus &&
                       std::all_of(frameworks.begin(), frameworks.end(),
                                   [&](Framework f) { return resultOf(*base, f) != nullptr; });
    // Every other count needs only each framework's fastest fitting plan: the branch and bound of
    // search_best.h, which finds exactly searchPlans' FrameworkResult::best while timing only the
    // plans that could still beat it. One task per (count, framework), the largest counts first.
    std::vector<Scenario> scenarios;
    scenarios.reserve(nodes.size());
    for (int n : nodes)
        scenarios.push_back(withNodes(s, n));
    std::vector<PlanContext> contexts;
    contexts.reserve(nodes.size());
    for (const Scenario& t : scenarios)
        contexts.push_back(makeContext(t));
    std::vector<std::pair<std::size_t, std::size_t>> tasks; // (node index, framework index)
    for (std::size_t ni = nodes.size(); ni-- > 0;)
        if (!(reuse && nodes[ni] == s.cluster.nodes))
            for (std::size_t fi = 0; fi < frameworks.size(); ++fi)
                tasks.emplace_back(ni, fi);
    std::vector<std::optional<PlanEstimate>> bests(nodes.size() * frameworks.size());
    detail::parallelFor(tasks.size(), options.threads, [&](std::size_t k) {
        if (isCancelled(options)) return;
        const auto [ni, fi] = tasks[k];
        const std::shared_ptr<ShapeTable> table = makeShapeTable();
        BestPlanSearch search(contexts[ni], frameworks[fi], *table);
        BestPlans counts;
        bests[ni * frameworks.size() + fi] = search.best(counts);
    });
    if (isCancelled(options)) return out;

    for (std::size_t ni = 0; ni < nodes.size(); ++ni) {
        const bool own = reuse && nodes[ni] == s.cluster.nodes;
        for (std::size_t fi = 0; fi < frameworks.size(); ++fi) {
            const PlanEstimate* best = nullptr;
            if (own) {
                const FrameworkResult* fr = resultOf(*base, frameworks[fi]);
                if (fr->best) best = &*fr->best;
            } else if (const auto& b = bests[ni * frameworks.size() + fi]) {
                best = &*b;
            }
            ScalingPoint p;
            p.gpus = nodes[ni] * perNode;
            if (best) {
                p.fits = true;
                p.mfu = best->throughput.mfu;
                p.stepSeconds = best->time.stepSeconds;
                p.usd = best->cost.usd;
                p.plan = best->plan;
            }
            out[fi].points.push_back(std::move(p));
        }
    }
    const double threshold = options.mfuThreshold;
    for (GpuCountBreak& b : out) {
        const auto& pts = b.points;
        const auto reached = std::find_if(pts.begin(), pts.end(), [&](const ScalingPoint& p) {
            return p.fits && p.mfu >= threshold;
        });
        if (reached == pts.end()) {
            const bool anyFit =
                std::any_of(pts.begin(), pts.end(), [](const ScalingPoint& p) { return p.fits; });
            b.status = anyFit ? GpuScaleStatus::AlwaysBelow : GpuScaleStatus::NeverFits;
            continue;
        }
        const auto drop = std::find_if(reached, pts.end(), [&](const ScalingPoint& p) {
            return !p.fits || p.mfu < threshold;
        });
        const auto last = drop == pts.end() ? pts.end() - 1 : drop - 1;
        b.lastGpus = last->gpus;
        b.lastMfu = last->mfu;
        if (drop == pts.end()) {
            b.status = GpuScaleStatus::NotReached;
        } else {
            b.status = drop->fits ? GpuScaleStatus::Found : GpuScaleStatus::NoPlanAt;
            b.nextGpus = drop->gpus;
            b.nextMfu = drop->mfu;
        }
    }
    return out;
}

BandwidthBreak findBandwidthBreak(const Scenario& s, const model::Plan& plan,
                                  const BreakPointOptions& options) {
    BandwidthBreak out;
    out.framework = plan.framework;
    out.plan = plan;
    out.currentBytesPerSecondPerNic = s.cluster.interNode.bytesPerSecond;
    auto share = [&](double bytesPerSecond) {
        const Scenario t = withInterNodeBandwidth(s, bytesPerSecond);
        const PlanContext ctx = makeContext(t);
        return dpCommFraction(evaluatePlan(ctx, plan));
    };
    out.currentFraction = share(out.currentBytesPerSecondPerNic);
    if (s.cluster.nodes <= 1) return out;
    double lo = 1e8, hi = 1e12; // 0.1 GB/s … 1 TB/s per NIC
    const double atLo = share(lo), atHi = share(hi);
    if (std::fabs(atLo - atHi) < 1e-12) return out; // DP traffic stays inside a node
    const double x = options.dpCommThreshold;
    if (atHi > x) {
        out.status = BandwidthStatus::AlwaysExceeds;
        out.bytesPerSecondPerNic = hi;
        out.fractionAt = atHi;
        return out;
    }
    if (atLo <= x) {
        out.status = BandwidthStatus::NeverExceeds;
        out.bytesPerSecondPerNic = lo;
        out.fractionAt = atLo;
        return out;
    }
    // The share falls as bandwidth grows: keep share(lo) > x ≥ share(hi).
    while (hi / lo > 1.01) {
        const double mid = std::sqrt(lo * hi);
        (share(mid) > x ? lo : hi) = mid;
    }
    out.status = BandwidthStatus::Found;
    out.bytesPerSecondPerNic = hi;
    out.fractionAt = share(hi);
    out.belowBytesPerSecondPerNic = hi / 1.01;
    out.fractionBelow = share(out.belowBytesPerSecondPerNic);
    return out;
}

BreakPoints findBreakPoints(const Scenario& s, const SearchResult& base,
                            const BreakPointOptions& options) {
    BreakPoints bp;
    bp.mfuThreshold = options.mfuThreshold;
    bp.dpCommThreshold = options.dpCommThreshold;
    const std::vector<Framework> frameworks = frameworksOf(base, options);
    const ModelLadder ladder = modelLadder(s.model, options.minParameters, options.maxParameters);
    for (Framework f : frameworks) {
        if (isCancelled(options)) break;
        const FrameworkResult* fr = resultOf(base, f);
        std::optional<bool> fitsAtBase;
        if (fr) fitsAtBase = fr->best.has_value();
        bp.modelSize.push_back(findModelSizeBreak(s, f, ladder, options, fitsAtBase));
        BandwidthBreak bw;
        bw.framework = f;
        bw.currentBytesPerSecondPerNic = s.cluster.interNode.bytesPerSecond;
        if (fr && fr->best) bw = findBandwidthBreak(s, fr->best->plan, options);
        bp.bandwidth.push_back(bw);
    }
    if (!isCancelled(options)) bp.gpuCount = findGpuCountBreaks(s, frameworks, options, &base);
    bp.cancelled = isCancelled(options);
    return bp;
}

} // namespace trainplan::sim
