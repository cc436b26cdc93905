#include <trainplan/simulator/search.h>

#include "estimate_detail.h"
#include "search_first_fit.h"
#include "search_space.h"

#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/scenario_json.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <mutex>
#include <numeric>
#include <thread>
#include <tuple>

namespace trainplan::sim {

using model::Framework;
using model::Offload;
using model::Plan;
using model::Recompute;
using model::Scenario;

using namespace detail;

namespace {

// The simplest plan the constraints allow: what validatePlan is asked about when nothing is valid.
Plan representativePlan(const Scenario& s, long long gpus, Framework fw) {
    const auto& k = s.constraints;
    Plan p;
    p.framework = fw;
    p.tp = k.tp.value_or(1);
    p.pp = k.pp.value_or(1);
    p.cp = k.cp.value_or(1);
    p.ep = k.ep.value_or(1);
    if (k.etp && *k.etp != p.tp) p.etp = *k.etp;
    p.vpp = k.vpp.value_or(1);
    p.microBatch = k.microBatch.value_or(1);
    p.zeroStage = k.zeroStage.value_or(0);
    p.offload = k.offload.value_or(Offload::None);
    p.recompute = k.recompute.value_or(Recompute::None);
    const long long rest =
        static_cast<long long>(std::max(1, p.tp)) * std::max(1, p.pp) * std::max(1, p.cp);
    p.dp = k.dp.value_or(static_cast<int>(std::max(1LL, gpus / rest)));
    return p;
}

std::string fixedKnobs(const model::ConstraintsSpec& k) {
    std::string s;
    auto add = [&s](const char* name, const std::string& v) {
        s += (s.empty() ? "" : ", ") + std::string(name) + "=" + v;
    };
    auto num = [&](const char* name, const std::optional<int>& v) {
        if (v) add(name, std::to_string(*v));
    };
    num("tp", k.tp);
    num("pp", k.pp);
    num("dp", k.dp);
    num("cp", k.cp);
    num("ep", k.ep);
    num("vpp", k.vpp);
    num("micro_batch", k.microBatch);
    num("zero_stage", k.zeroStage);
    if (k.recompute) add("recompute", std::string(model::toString(*k.recompute)));
    if (k.offload) add("offload", std::string(model::toString(*k.offload)));
    return s;
}

// Search state of one framework in one worker.
struct FrameworkAcc {
    std::vector<PlanEstimate> top; // best first, at most runnersUp + 1
    bool hasClosest = false;
    Plan closestPlan;
    double closestPeak = 0;
    long long evaluated = 0, fitting = 0, timed = 0;

    void offerClosest(const Plan& p, double peak) {
        if (!hasClosest || peak < closestPeak ||
            (peak == closestPeak && planKeyLess(p, closestPlan))) {
            hasClosest = true;
            closestPlan = p;
            closestPeak = peak;
        }
    }
    void offerTop(const PlanEstimate& e, std::size_t keep) {
        if (top.size() >= keep && !fasterThan(e, top.back())) return;
        top.insert(std::upper_bound(top.begin(), top.end(), e, fasterThan), e);
        if (top.size() > keep) top.pop_back();
    }
};

bool dominates(const PlanSummary& a, const PlanSummary& b) {
    if (a.stepSeconds > b.stepSeconds || a.peakBytes > b.peakBytes || a.usd > b.usd) return false;
    if (a.stepSeconds < b.stepSeconds || a.peakBytes < b.peakBytes || a.usd < b.usd) return true;
    return planKeyLess(a.plan, b.plan); // exact tie: the first by key stands for both
}

void paretoInsert(std::vector<PlanSummary>& front, const PlanSummary& p) {
    for (const PlanSummary& q : front)
        if (dominates(q, p)) return;
    std::erase_if(front, [&](const PlanSummary& q) { return dominates(p, q); });
    front.push_back(p);
}

struct WorkerAcc {
    std::vector<FrameworkAcc> frameworks;
    std::vector<PlanSummary> pareto;
    std::vector<PlanSummary> all;
    std::exception_ptr error;
};

// Serializes progress reports and keeps them increasing.
class ProgressReporter {
public:
    ProgressReporter(const std::function<void(double)>& callback, long long total)
        : m_callback(callback)
        , m_total(std::max(1LL, total)) {}

    void advance(long long plans) {
        const long long done = m_done.fetch_add(plans) + plans;
        if (!m_callback) return;
        const double fraction =
            std::min(1.0, static_cast<double>(done) / static_cast<double>(m_total));
        std::lock_guard lock(m_mutex);
        if (fraction < m_last + 0.005 && fraction < 1.0) return;
        if (fraction <= m_last) return;
        m_last = fraction;
        m_callback(fraction);
    }
    void finish() {
        if (!m_callback) return;
        std::lock_guard lock(m_mutex);
        if (m_last < 1.0) {
            m_last = 1.0;
            m_callback(1.0);
        }
    }

private:
    const std::function<void(double)>& m_callback;
    long long m_total;
    std::atomic<long long> m_done{0};
    std::mutex m_mutex;
    double m_last = 0.0;
};

void explainNoFit(FrameworkResult& r, const PlanEstimate& closest, double usable) {
    const MessageArg fw = MessageArg::framework(r.framework);
    auto bytes = [](double b) { return MessageArg::number(ArgKind::Bytes, b); };
    const auto& m = closest.memory;
    if (m.gpuFits && !m.hostFits) {
        r.exclusionReasons.push_back(
            {MessageId::NoFitHostMemory,
             {fw, MessageArg::plan(closest.plan), bytes(m.hostBytesPerNode),
              bytes(m.hostCapacityBytesPerNode)}});
        return;
    }
    r.exclusionReasons.push_back(
        {MessageId::NoFitSmallest,
         {fw, bytes(m.peakBytes), bytes(m.peakBytes - usable), bytes(usable)}});
    const double states = m.weightsBytes + m.gradientsBytes + m.optimizerBytes;
    if (r.framework == Framework::Ddp)
        r.exclusionReasons.push_back({MessageId::NoFitWholeModel, {fw, bytes(states)}});
    else
        r.exclusionReasons.push_back({MessageId::NoFitSmallestHolds,
                                      {MessageArg::plan(closest.plan), bytes(states),
                                       bytes(m.activationsBytes + m.transientBytes)}});
}

void explainNoPlan(FrameworkResult& r, const Scenario& s, long long gpus) {
    const Plan rep = representativePlan(s, gpus, r.framework);
    model::ValidationIssues issues = model::validatePlan(s, rep, "plan");
    const MessageArg fw = MessageArg::framework(r.framework);
    const MessageArg count = MessageArg::number(ArgKind::Count, static_cast<double>(gpus));
    // The global-batch rule of plan_validation.cpp is the usual reason on a large cluster; it gets
    // its own sentence, in both languages, when it is the only one.
    const long long perStep = static_cast<long long>(rep.microBatch) * rep.dp;
    const bool onlyBatch =
        perStep > 0 && issues.size() == 1 && issues[0].path == "plan.micro_batch";
    auto num = [](long long v) {
        return MessageArg::number(ArgKind::Count, static_cast<double>(v));
    };
    if (onlyBatch && s.training.globalBatch < perStep) {
        r.exclusionReasons.push_back({MessageId::GlobalBatchTooSmall,
                                      {fw, count, num(s.training.globalBatch), num(perStep)}});
    } else if (onlyBatch && s.training.globalBatch % perStep != 0) {
        r.exclusionReasons.push_back({MessageId::GlobalBatchNotDivisible,
                                      {fw, count, num(s.training.globalBatch), num(perStep)}});
    } else {
        std::string why;
        for (const auto& issue : issues)
            why += (why.empty() ? "" : "; ") + issue.message;
        if (why.empty()) why = "no layout satisfies the model's divisibility rules";
        r.exclusionReasons.push_back(
            {MessageId::NoValidPlanOn, {fw, count, MessageArg::name(why)}});
    }
    const std::string fixed = fixedKnobs(s.constraints);
    if (!fixed.empty())
        r.exclusionReasons.push_back({MessageId::ConstraintsFix, {MessageArg::name(fixed)}});
    r.rejectedPlan = rep;
    r.rejectedIssues = std::move(issues);
}

} // namespace

bool planKeyLess(const Plan& a, const Plan& b) {
    auto key = [](const Plan& p) {
        return std::tuple(static_cast<int>(p.framework), p.tp, p.pp, p.cp, p.dp, p.ep, p.etp, p.vpp,
                          p.microBatch, p.zeroStage, p.hybridShard, static_cast<int>(p.offload),
                          p.offloadParams, static_cast<int>(p.recompute), p.recomputeLayers,
                          p.recomputeModules, p.sequenceParallel,
                          p.tpCommOverlap, !p.dpOverlap);
    };
    auto layoutKey = [](const model::PipelineLayout& l) {
        return std::tuple<int, int, bool, bool, const std::string&, const std::string&, int, int>(
            l.firstStageLayers.value_or(0), l.lastStageLayers.value_or(0), l.embeddingAsLayer,
            l.lossAsLayer, l.layout, l.partitionMethod, l.firstStageLessLayers.value_or(-1),
            l.lastStageLessLayers.value_or(-1));
    };
    if (key(a) != key(b)) return key(a) < key(b);
    return layoutKey(a.pipeline) < layoutKey(b.pipeline);
}

bool fasterThan(const PlanEstimate& a, const PlanEstimate& b) {
    if (a.time.stepSeconds != b.time.stepSeconds) return a.time.stepSeconds < b.time.stepSeconds;
    return planKeyLess(a.plan, b.plan);
}

PlanSummary summarize(const PlanEstimate& e) {
    return {e.plan,     e.time.stepSeconds, e.memory.peakBytes,
            e.cost.usd, e.throughput.mfu,   e.memory.fits};
}

std::vector<std::size_t> paretoFront2d(const std::vector<PlanSummary>& plans) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < plans.size(); ++i)
        if (plans[i].fits) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tie(plans[a].stepSeconds, plans[a].peakBytes) <
               std::tie(plans[b].stepSeconds, plans[b].peakBytes);
    });
    // By increasing step time, a plan is on the front when it needs less memory than every faster
    // plan.
    std::vector<std::size_t> front;
    double lowestBytes = std::numeric_limits<double>::infinity();
    for (std::size_t i : order)
        if (plans[i].peakBytes < lowestBytes) {
            front.push_back(i);
            lowestBytes = plans[i].peakBytes;
        }
    return front;
}

std::vector<PlanSummary> paretoFront(std::vector<PlanSummary> plans) {
    std::erase_if(plans, [](const PlanSummary& p) { return !p.fits; });
    std::sort(plans.begin(), plans.end(), [](const PlanSummary& a, const PlanSummary& b) {
        return std::tie(a.stepSeconds, a.peakBytes, a.usd) <
                   std::tie(b.stepSeconds, b.peakBytes, b.usd) ||
               (std::tie(a.stepSeconds, a.peakBytes, a.usd) ==
                    std::tie(b.stepSeconds, b.peakBytes, b.usd) &&
                planKeyLess(a.plan, b.plan));
    });
    std::vector<PlanSummary> front;
    for (const PlanSummary& p : plans)
        paretoInsert(front, p);
    std::sort(front.begin(), front.end(), [](const PlanSummary& a, const PlanSummary& b) {
        return a.stepSeconds != b.stepSeconds ? a.stepSeconds < b.stepSeconds
                                              : planKeyLess(a.plan, b.plan);
    });
    return front;
}

std::vector<Framework> searchedFrameworks(const Scenario& scenario, const SearchOptions& options) {
    std::vector<Framework> in = options.frameworks;
    if (in.empty()) in = scenario.constraints.frameworks;
    if (in.empty()) in.assign(std::begin(model::kAllFrameworks), std::end(model::kAllFrameworks));
    std::vector<Framework> out;
    for (Framework f : in)
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    return out;
}

std::vector<Plan> enumeratePlans(const Scenario& scenario, Framework framework) {
    const long long gpus = scenario.planGpus();
    const std::vector<Sharding> sh = shardings(framework, scenario.constraints);
    std::vector<Plan> out;
    forEachLayout(scenario, gpus, framework, 0, [&](const Layout& l) {
        forEachPlan(l, innerSpace(scenario, l, sh), [&](const Plan& p) {
            out.push_back(p);
            return true;
        });
    });
    std::sort(out.begin(), out.end(), planKeyLess);
    return out;
}

SearchResult searchPlans(const Scenario& scenario, const SearchOptions& options) {
    const PlanContext ctx = makeContext(scenario);
    return searchPlans(ctx, options);
}

SearchResult searchPlans(const PlanContext& ctx, const SearchOptions& options) {
    const Scenario& s = *ctx.scenario;
    const std::vector<Framework> fws = searchedFrameworks(s, options);
    if (options.firstFitOnly) return firstFitSearch(ctx, fws, options);
    if (options.bestOnly) return bestOnlySearch(ctx, fws, options);
    const long long gpus = ctx.clusterGpus;
    const std::size_t keep = static_cast<std::size_t>(std::max(0, options.runnersUp)) + 1;

    SearchResult result;
    result.gpus = gpus;
    result.usableBytes = usableGpuBytes(s);

    // Layouts of every framework, each with its inner space: the tasks the workers share.
    std::vector<Layout> layouts;
    std::vector<std::vector<Sharding>> fwShardings;
    for (std::size_t i = 0; i < fws.size(); ++i) {
        fwShardings.push_back(shardings(fws[i], s.constraints));
        forEachLayout(s, gpus, fws[i], static_cast<int>(i), [&](Layout l) {
            l.plans = innerSpace(s, l, fwShardings[i]).count();
            if (l.plans > 0) layouts.push_back(l);
        });
    }
    // Largest first, so the last tasks to be picked up are short (better balance; order never
    // changes results).
    std::stable_sort(layouts.begin(), layouts.end(),
                     [](const Layout& a, const Layout& b) { return a.plans > b.plans; });
    long long totalPlans = 0;
    for (const Layout& l : layouts)
        totalPlans += l.plans;

    int threads = options.threads > 0 ? options.threads
                                      : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, std::max<int>(1, static_cast<int>(layouts.size())));

    std::vector<WorkerAcc> accs(static_cast<std::size_t>(threads));
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> completed{0};
    std::atomic<bool> stop{false};
    ProgressReporter progress(options.progress, totalPlans);
    std::mutex cancelMutex;
    auto pollCancel = [&]() {
        if (stop.load(std::memory_order_relaxed)) return true;
        if (!options.cancelled) return false;
        std::lock_guard lock(cancelMutex);
        if (options.cancelled()) stop.store(true);
        return stop.load();
    };

    auto work = [&](WorkerAcc& out) {
        // Accumulate locally (the workers' counters must not share cache lines), hand over at the
        // end.
        WorkerAcc acc;
        acc.frameworks.resize(fws.size());
        struct Handover {
            WorkerAcc& from;
            WorkerAcc& to;
            ~Handover() { to = std::move(from); }
        } handover{acc, out};
        try {
            for (;;) {
                if (pollCancel()) return;
                const std::size_t i = next.fetch_add(1);
                if (i >= layouts.size()) return;
                const Layout& l = layouts[i];
                FrameworkAcc& fa = acc.frameworks[static_cast<std::size_t>(l.fwIndex)];
                const InnerSpace in =
                    innerSpace(s, l, fwShardings[static_cast<std::size_t>(l.fwIndex)]);
                long long sincePoll = 0;
                bool interrupted = false;
                bool lastFit = false;
                forEachPlan(l, in, [&](const Plan& p) {
                    if (++sincePoll == 512) {
                        sincePoll = 0;
                        if (pollCancel()) {
                            interrupted = true;
                            return false;
                        }
                    }
                    ++fa.evaluated;
                    // Neighbouring plans mostly agree on fitting. When the previous one fitted,
                    // evaluate in full straight away (evaluatePlan computes the same memory);
                    // otherwise prune with the cheaper evaluateMemory first. Either way `fits`
                    // comes from the same memory model, so the prediction changes only the speed,
                    // never the result.
                    if (!lastFit && !options.keepAll) {
                        const MemoryBreakdown mem = evaluateMemory(ctx, p);
                        if (!mem.fits) {
                            fa.offerClosest(p, missRankBytes(mem, ctx.memoryHeadroomFraction));
                            return true;
                        }
                    }
                    const PlanEstimate est = evaluatePlan(ctx, p);
                    ++fa.timed;
                    lastFit = est.memory.fits;
                    const PlanSummary summary = summarize(est);
                    if (options.keepAll) acc.all.push_back(summary);
                    if (!est.memory.fits) {
                        fa.offerClosest(p, missRankBytes(est.memory, ctx.memoryHeadroomFraction));
                        return true;
                    }
                    auto offer = [&](const PlanEstimate& e, const PlanSummary& sum) {
                        ++fa.fitting;
                        fa.offerTop(e, keep);
                        paretoInsert(acc.pareto, sum);
                    };
                    offer(est, summary);
                    // A full recompute also stands for its fewest recomputed layers that fit when
                    // no recompute does not (partial_recompute.cpp): faster, the full one keeps
                    // the least memory.
                    if (auto partial = fewestRecomputedLayers(ctx, est)) {
                        ++fa.timed;
                        const PlanSummary ps = summarize(*partial);
                        if (options.keepAll) acc.all.push_back(ps);
                        offer(*partial, ps);
                    }
                    return true;
                });
                if (interrupted) return;
                completed.fetch_add(1);
                progress.advance(l.plans);
            }
        } catch (...) {
            acc.error = std::current_exception();
            stop.store(true);
        }
    };

    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(work, std::ref(accs[static_cast<std::size_t>(t)]));
    work(accs[0]);
    for (auto& t : pool)
        t.join();
    for (const auto& a : accs)
        if (a.error) std::rethrow_exception(a.error);
    result.cancelled = completed.load() < layouts.size();
    if (!result.cancelled) progress.finish();

    // Merge in a total order, so the outcome does not depend on which worker saw which plan.
    for (std::size_t f = 0; f < fws.size(); ++f) {
        FrameworkResult r;
        r.framework = fws[f];
        FrameworkAcc merged;
        for (const auto& a : accs) {
            const FrameworkAcc& fa = a.frameworks[f];
            merged.evaluated += fa.evaluated;
            merged.fitting += fa.fitting;
            merged.timed += fa.timed;
            for (const auto& e : fa.top)
                merged.offerTop(e, keep);
            if (fa.hasClosest) merged.offerClosest(fa.closestPlan, fa.closestPeak);
        }
        r.evaluatedPlans = merged.evaluated;
        r.fittingPlans = merged.fitting;
        r.timedPlans = merged.timed;
        if (!merged.top.empty()) {
            r.best = merged.top.front();
            r.runnersUp.assign(merged.top.begin() + 1, merged.top.end());
        } else if (merged.hasClosest) {
            r.closest = evaluatePlan(ctx, merged.closestPlan);
            r.missBytes =
                std::max(0.0, missRankBytes(r.closest->memory, ctx.memoryHeadroomFraction) -
                                  result.usableBytes);
            explainNoFit(r, *r.closest, result.usableBytes);
        } else if (!result.cancelled) {
            explainNoPlan(r, s, gpus);
        }
        if (result.cancelled && !r.best)
            r.exclusionReasons.push_back({MessageId::SearchCancelled, {}});
        result.evaluatedPlans += r.evaluatedPlans;
        result.timedPlans += r.timedPlans;
        result.anyFits = result.anyFits || r.best.has_value();
        result.frameworks.push_back(std::move(r));
    }
    std::vector<PlanSummary> front;
    for (const auto& a : accs)
        for (const auto& p : a.pareto)
            paretoInsert(front, p);
    result.pareto = paretoFront(std::move(front));
    if (options.keepAll) {
        for (auto& a : accs)
            result.all.insert(result.all.end(), a.all.begin(), a.all.end());
        std::sort(
            result.all.begin(), result.all.end(),
            [](const PlanSummary& a, const PlanSummary& b) { return planKeyLess(a.plan, b.plan); });
    }
    return result;
}

} // namespace trainplan::sim
