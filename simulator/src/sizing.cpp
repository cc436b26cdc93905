// Cluster sizing: every candidate GPU, system and node count, searched cheapest bound first and
// pruned by deadline, budget and Pareto dominance; the time–cost front, the cheapest and fastest
// clusters meeting the targets, and, when none meets both, which target binds and by how much.
// Searching one candidate is sizing_candidate.cpp.
#include <trainplan/simulator/sizing.h>

#include "sizing_candidate.h"

#include <trainplan/model/units.h>
#include <trainplan/simulator/flops.h>
#include <trainplan/simulator/search.h>

#include <algorithm>
#include <limits>
#include <tuple>

namespace trainplan::sim {

using detail::Candidate;
using detail::fillEntry;
using detail::Wanted;
using model::Framework;
using model::GpuSpec;
using model::Scenario;
using model::units::kSecondsPerHour;

namespace {

bool meets(const SizedConfig& c, const SizingConstraints& k) {
    if (k.deadlineSeconds && c.expectedSeconds > *k.deadlineSeconds) return false;
    if (k.budgetUsd && c.expectedUsd > *k.budgetUsd) return false;
    return true;
}

// A total order: the stable tie-break of every ranking below.
bool keyLess(const SizedConfig& a, const SizedConfig& b) {
    return std::tie(a.gpuIndex, a.systemIndex, a.nodes) <
               std::tie(b.gpuIndex, b.systemIndex, b.nodes) ||
           (std::tie(a.gpuIndex, a.systemIndex, a.nodes) ==
                std::tie(b.gpuIndex, b.systemIndex, b.nodes) &&
            planKeyLess(a.plan, b.plan));
}

bool cheaper(const SizedConfig& a, const SizedConfig& b) {
    if (a.expectedUsd != b.expectedUsd) return a.expectedUsd < b.expectedUsd;
    if (a.expectedSeconds != b.expectedSeconds) return a.expectedSeconds < b.expectedSeconds;
    if (a.gpus != b.gpus) return a.gpus < b.gpus;
    return keyLess(a, b);
}

bool faster(const SizedConfig& a, const SizedConfig& b) {
    if (a.expectedSeconds != b.expectedSeconds) return a.expectedSeconds < b.expectedSeconds;
    if (a.expectedUsd != b.expectedUsd) return a.expectedUsd < b.expectedUsd;
    if (a.gpus != b.gpus) return a.gpus < b.gpus;
    return keyLess(a, b);
}

// Pareto dominance over (time, cost), GPUs breaking exact ties.
bool dominates(const SizedConfig& a, const SizedConfig& b) {
    if (a.expectedSeconds > b.expectedSeconds || a.expectedUsd > b.expectedUsd) return false;
    if (a.expectedSeconds < b.expectedSeconds || a.expectedUsd < b.expectedUsd) return true;
    if (a.gpus != b.gpus) return a.gpus < b.gpus;
    return keyLess(a, b);
}

// What the configurations found so far allow pruning with (feasible ones only).
struct PruneState {
    std::vector<SizedConfig> front;            // non-dominated feasible configurations
    std::vector<std::vector<double>> topCosts; // per framework: the cheapest costs, ascending
    std::size_t keep = 5;

    void offer(std::size_t f, const SizedConfig& c) {
        if (std::none_of(front.begin(), front.end(),
                         [&](const SizedConfig& q) { return dominates(q, c); })) {
            std::erase_if(front, [&](const SizedConfig& q) { return dominates(c, q); });
            front.push_back(c);
        }
        auto& costs = topCosts[f];
        costs.insert(std::upper_bound(costs.begin(), costs.end(), c.expectedUsd), c.expectedUsd);
        if (costs.size() > keep) costs.pop_back();
    }
    // True when no configuration with time ≥ t and cost ≥ usd can reach the front or any
    // framework's top list.
    [[nodiscard]] bool hopeless(double t, double usd) const {
        for (std::size_t f = 0; f < topCosts.size(); ++f)
            if (!fullBelow(f, usd)) return false;
        return dominated(t, usd);
    }
    // … or, for one framework's configurations, the front or that framework's top list.
    [[nodiscard]] bool hopelessFor(std::size_t f, double t, double usd) const {
        return fullBelow(f, usd) && dominated(t, usd);
    }
    [[nodiscard]] bool fullBelow(std::size_t f, double usd) const {
        return topCosts[f].size() >= keep && topCosts[f].back() < usd;
    }
    [[nodiscard]] bool dominated(double t, double usd) const {
        for (const auto& q : front)
            if ((q.expectedSeconds <= t && q.expectedUsd < usd) ||
                (q.expectedSeconds < t && q.expectedUsd <= usd))
                return true;
        return false;
    }
};

struct Pass {
    std::vector<SizedConfig> feasible; // best plan per (candidate, framework), meeting k
    std::vector<std::pair<std::size_t, SizedConfig>> feasibleByFramework;
    long long evaluated = 0, cached = 0, prunedDeadline = 0, prunedBudget = 0, prunedDominance = 0;
    long long prunedSearches = 0; // framework searches skipped on their layouts' bounds
    long long searches = 0;       // framework searches run
};

Pass runPass(const SizingInputs& in, const std::vector<Framework>& fws,
             const std::vector<std::vector<SystemOption>>& systems,
             const std::vector<Candidate>& candidates, const SizingConstraints& k,
             SizingCache& cache) {
    Pass pass;
    PruneState st;
    st.keep = static_cast<std::size_t>(std::max(1, in.topPerFramework));
    st.topCosts.resize(fws.size());
    for (const Candidate& c : candidates) {
        const auto key = std::make_tuple(c.gpu, c.system, c.nodes);
        auto it = cache.entries.find(key);
        const bool complete =
            it != cache.entries.end() &&
            std::all_of(it->second.searched.begin(), it->second.searched.end(),
                        [](bool b) { return b; });
        if (!complete) {
            if (in.prune) {
                // The compute-only bound first: it needs no plan enumeration.
                if (k.deadlineSeconds && c.lowerSeconds > *k.deadlineSeconds) {
                    ++pass.prunedDeadline;
                    continue;
                }
                if (k.budgetUsd && c.lowerUsd > *k.budgetUsd) {
                    ++pass.prunedBudget;
                    continue;
                }
                if (st.hopeless(c.lowerSeconds, c.lowerUsd)) {
                    ++pass.prunedDominance;
                    continue;
                }
            }
            if (it == cache.entries.end()) it = cache.entries.emplace(key, SizingCache::Entry{}).first;
            // Then each framework by the bound of its own layouts: the GEMM efficiencies, the
            // pipeline bubble and the layouts the model allows.
            int why = 0; // 1 deadline, 2 budget, 3 dominance: the first reason a search was skipped
            const Wanted wanted = [&](std::size_t f, double t, double usd) {
                if (!in.prune) return true;
                const int reason = k.deadlineSeconds && t > *k.deadlineSeconds ? 1
                                   : k.budgetUsd && usd > *k.budgetUsd         ? 2
                                   : st.hopelessFor(f, t, usd)                  ? 3
                                                                                : 0;
                if (reason == 0) return true;
                ++pass.prunedSearches;
                if (why == 0) why = reason;
                return false;
            };
            const std::size_t ran = fillEntry(in, fws, systems, c, cache, it->second, wanted);
            pass.searches += static_cast<long long>(ran);
            if (ran > 0) {
                ++pass.evaluated;
            } else if (why != 0) {
                ++(why == 1 ? pass.prunedDeadline : why == 2 ? pass.prunedBudget
                                                             : pass.prunedDominance);
            }
        } else {
            ++pass.cached;
        }
        const SizingCache::Entry& entry = it->second;
        for (std::size_t f = 0; f < entry.perFramework.size(); ++f) {
            if (!entry.searched[f]) continue;
            for (const SizedConfig& cfg : entry.perFramework[f]) {
                if (!meets(cfg, k)) continue;
                pass.feasible.push_back(cfg);
                pass.feasibleByFramework.emplace_back(f, cfg);
                st.offer(f, cfg);
            }
        }
    }
    return pass;
}

enum class Objective { Time, Cost };

struct Single {
    std::optional<SizedConfig> best;
    long long evaluated = 0, cached = 0, searches = 0;
};

// The one configuration that is fastest (or cheapest) under `k`: candidates in increasing order of
// their bound on the objective, stopping once the bound exceeds the best found (exact: nothing
// later can beat it).
Single bestSingle(const SizingInputs& in, const std::vector<Framework>& fws,
                  const std::vector<std::vector<SystemOption>>& systems,
                  std::vector<Candidate> candidates, const SizingConstraints& k, Objective o,
                  SizingCache& cache) {
    auto bound = [o](const Candidate& c) {
        return o == Objective::Time ? c.lowerSeconds : c.lowerUsd;
    };
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const Candidate& a, const Candidate& b) { return bound(a) < bound(b); });
    Single out;
    for (const Candidate& c : candidates) {
        if (in.prune) {
            if (k.deadlineSeconds && c.lowerSeconds > *k.deadlineSeconds) continue;
            if (k.budgetUsd && c.lowerUsd > *k.budgetUsd) continue;
            if (out.best && bound(c) > (o == Objective::Time ? out.best->expectedSeconds
                                                             : out.best->expectedUsd))
                break;
        }
        const auto key = std::make_tuple(c.gpu, c.system, c.nodes);
        auto it = cache.entries.find(key);
        if (it == cache.entries.end()) it = cache.entries.emplace(key, SizingCache::Entry{}).first;
        const Wanted wanted = [&](std::size_t, double t, double usd) {
            if (!in.prune) return true;
            if (k.deadlineSeconds && t > *k.deadlineSeconds) return false;
            if (k.budgetUsd && usd > *k.budgetUsd) return false;
            return !out.best ||
                   (o == Objective::Time ? t <= out.best->expectedSeconds
                                         : usd <= out.best->expectedUsd);
        };
        const std::size_t ran = fillEntry(in, fws, systems, c, cache, it->second, wanted);
        out.searches += static_cast<long long>(ran);
        if (ran > 0)
            ++out.evaluated;
        else
            ++out.cached;
        for (const auto& list : it->second.perFramework)
            for (const SizedConfig& cfg : list) {
                if (!meets(cfg, k)) continue;
                if (!out.best ||
                    (o == Objective::Time ? faster(cfg, *out.best) : cheaper(cfg, *out.best)))
                    out.best = cfg;
            }
    }
    return out;
}

// The chosen configuration with every framework's best plan on its cluster (searching those the
// bounds skipped).
ChosenCluster choose(const SizingInputs& in, const std::vector<Framework>& fws,
                     const std::vector<std::vector<SystemOption>>& systems,
                     const SizedConfig& best, const SizingConstraints& k, SizingCache& cache,
                     long long& searches) {
    ChosenCluster out;
    out.best = best;
    SizingCache::Entry& entry =
        cache.entries[std::make_tuple(best.gpuIndex, best.systemIndex, best.nodes)];
    const Candidate c{best.gpuIndex, best.systemIndex, best.nodes, 0, 0, best.usdPerGpuHour};
    searches += static_cast<long long>(fillEntry(in, fws, systems, c, cache, entry, nullptr));
    for (std::size_t f = 0; f < fws.size() && f < entry.perFramework.size(); ++f)
        for (const SizedConfig& cfg : entry.perFramework[f])
            out.perFramework.push_back(cfg);
    if (k.deadlineSeconds) out.deadlineSlackSeconds = *k.deadlineSeconds - best.expectedSeconds;
    if (k.budgetUsd) out.budgetSlackUsd = *k.budgetUsd - best.expectedUsd;
    return out;
}

std::vector<FrontPoint> frontOf(std::vector<SizedConfig> feasible) {
    std::sort(feasible.begin(), feasible.end(), faster);
    std::vector<FrontPoint> front;
    double bestUsd = std::numeric_limits<double>::infinity();
    for (const SizedConfig& c : feasible) {
        if (!(c.expectedUsd < bestUsd)) continue; // a faster (or as fast) point costs no more
        bestUsd = c.expectedUsd;
        FrontPoint p;
        p.config = c;
        front.push_back(std::move(p));
    }
    for (std::size_t i = 0; i < front.size(); ++i) {
        FrontPoint& p = front[i];
        if (i == 0) {
            p.reason = FrontReason::Fastest;
        } else {
            p.reason = i + 1 == front.size() ? FrontReason::Cheapest : FrontReason::Tradeoff;
            p.savesUsd = front[i - 1].config.expectedUsd - p.config.expectedUsd;
            p.extraSeconds = p.config.expectedSeconds - front[i - 1].config.expectedSeconds;
        }
        if (front.size() == 1) p.reason = FrontReason::Fastest; // fastest and cheapest at once
    }
    return front;
}

} // namespace

std::string SizedConfig::clusterLabel() const {
    return std::to_string(nodes) + " × " + std::to_string(gpusPerNode) + " " + gpu + " (" +
           intraNode + ", " + interNode + ")";
}

std::string_view toString(FrontReason r) {
    switch (r) {
    case FrontReason::Fastest:
        return "fastest";
    case FrontReason::Cheapest:
        return "cheapest";
    case FrontReason::Tradeoff:
        break;
    }
    return "tradeoff";
}

std::string_view toString(Binding b) {
    switch (b) {
    case Binding::None:
        return "none";
    case Binding::Deadline:
        return "deadline";
    case Binding::Budget:
        return "budget";
    case Binding::Both:
        break;
    }
    return "both";
}

SizingConstraints sizingConstraints(const model::ConstraintsSpec& k, double cnyPerUsd) {
    SizingConstraints out;
    if (k.deadlineDays) out.deadlineSeconds = *k.deadlineDays * 86400.0;
    if (k.budget)
        out.budgetUsd =
            k.budgetCurrency == model::Currency::Cny ? *k.budget / cnyPerUsd : *k.budget;
    return out;
}

TargetCheck checkTargets(const SizingConstraints& k, double expectedSeconds, double expectedUsd,
                         bool priced) {
    TargetCheck t;
    t.priced = priced;
    if (k.deadlineSeconds) {
        t.hasDeadline = true;
        t.deadlineSlackSeconds = *k.deadlineSeconds - expectedSeconds;
        t.meetsDeadline = t.deadlineSlackSeconds >= 0;
    }
    if (k.budgetUsd) {
        t.hasBudget = true;
        t.budgetSlackUsd = *k.budgetUsd - expectedUsd;
        t.meetsBudget = priced && t.budgetSlackUsd >= 0;
    }
    return t;
}

double computeLowerBoundSeconds(const Scenario& s, const GpuSpec& gpu, long long gpus) {
    const double peak = gpu.peakFlopsPerSecond(s.training.precision);
    if (!(peak > 0) || gpus < 1) return std::numeric_limits<double>::infinity();
    const FlopsPerToken f = flopsPerToken(s.model, s.training.flashAttention);
    // Step time ≥ compute time = FLOPs / (peak × efficiency ≤ 1), and expected time ≥ useful time.
    return s.training.trainTokens * f.modelPerToken() / (peak * static_cast<double>(gpus));
}

std::vector<int> sizingNodeCounts(const Scenario& s, long long maxGpus) {
    std::vector<int> out;
    const long long perNode = std::max(1, s.cluster.gpusPerNode);
    const long long maxNodes = maxGpus / perNode;
    for (long long base = 1; base <= maxNodes; base *= 2)
        for (long long n : {base, base * 3 / 2})
            if (n >= 1 && n <= maxNodes) out.push_back(static_cast<int>(n));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

SizingResult sizeCluster(const SizingInputs& in, const SizingConstraints& k, SizingCache* cacheIn) {
    SizingResult result;
    result.constraints = k;
    SizingCache localCache;
    SizingCache& cache = cacheIn ? *cacheIn : localCache;
    const Scenario& base = *in.scenario;
    SearchOptions probe;
    probe.frameworks = in.frameworks;
    const std::vector<Framework> fws = searchedFrameworks(base, probe);

    std::vector<std::vector<SystemOption>> systems;
    std::vector<Candidate> candidates;
    const std::vector<int> counts = sizingNodeCounts(base, in.maxGpus);
    for (std::size_t g = 0; g < in.gpus.size(); ++g) {
        const GpuSpec& gpu = in.gpus[g];
        systems.push_back(in.catalog ? systemOptions(gpu, *in.catalog)
                                     : std::vector<SystemOption>{});
        model::ClusterSpec priced = base.cluster;
        if (gpu.name != base.cluster.gpu.name) priced.gpuHourUsd = 0;
        priced.gpu = gpu;
        const ResolvedPrice price = resolvePrice(priced);
        result.prices.push_back(price);
        if (!price.priced()) {
            result.notes.push_back(gpu.name + " left out: " + price.describe());
            continue;
        }
        const int nsys = std::max<int>(1, static_cast<int>(systems.back().size()));
        for (int sys = 0; sys < nsys; ++sys)
            for (int n : counts) {
                Candidate c{static_cast<int>(g), sys, n, 0, 0, price.usdPerGpuHour};
                const long long gpus = static_cast<long long>(n) * base.cluster.gpusPerNode;
                c.lowerSeconds = computeLowerBoundSeconds(base, gpu, gpus);
                c.lowerUsd = c.lowerSeconds * static_cast<double>(gpus) * price.usdPerGpuHour /
                             kSecondsPerHour;
                candidates.push_back(c);
            }
    }
    // Cheapest conceivable first, then fastest: early finds prune the most (order never changes
    // the answer).
    std::stable_sort(
        candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
            return std::tie(a.lowerUsd, a.lowerSeconds) < std::tie(b.lowerUsd, b.lowerSeconds);
        });
    result.candidates = static_cast<long long>(candidates.size());

    auto account = [&](const Pass& p) {
        result.evaluated += p.evaluated;
        result.cachedCandidates += p.cached;
        result.prunedByDeadline += p.prunedDeadline;
        result.prunedByBudget += p.prunedBudget;
        result.prunedByDominance += p.prunedDominance;
        result.prunedSearches += p.prunedSearches;
        result.searches += p.searches;
    };
    const Pass pass = runPass(in, fws, systems, candidates, k, cache);
    account(pass);
    result.front = frontOf(pass.feasible);
    if (!pass.feasible.empty()) {
        const SizedConfig cheapest =
            *std::min_element(pass.feasible.begin(), pass.feasible.end(), cheaper);
        const SizedConfig fastest =
            *std::min_element(pass.feasible.begin(), pass.feasible.end(), faster);
        result.cheapestMeetingDeadline = choose(in, fws, systems, cheapest, k, cache, result.searches);
        result.fastestWithinBudget = choose(in, fws, systems, fastest, k, cache, result.searches);
    }
    for (std::size_t f = 0; f < fws.size(); ++f) {
        std::vector<SizedConfig> mine;
        for (const auto& [fi, cfg] : pass.feasibleByFramework)
            if (fi == f) mine.push_back(cfg);
        std::sort(mine.begin(), mine.end(), cheaper);
        if (mine.size() > static_cast<std::size_t>(std::max(0, in.topPerFramework)))
            mine.resize(static_cast<std::size_t>(std::max(0, in.topPerFramework)));
        result.topPerFramework.emplace_back(fws[f], std::move(mine));
    }
    if (!pass.feasible.empty() || (!k.deadlineSeconds && !k.budgetUsd)) return result;

    // Nothing meets both: which constraint binds, and by how much.
    BindingAnalysis& b = result.binding;
    auto best = [&](Objective o, const SizingConstraints& c) {
        const Single one = bestSingle(in, fws, systems, candidates, c, o, cache);
        result.evaluated += one.evaluated;
        result.searches += one.searches;
        result.cachedCandidates += one.cached;
        return one.best;
    };
    if (k.deadlineSeconds) {
        b.cheapestMeetingDeadline = best(Objective::Cost, {k.deadlineSeconds, std::nullopt});
        if (b.cheapestMeetingDeadline && k.budgetUsd)
            b.overBudgetUsd = b.cheapestMeetingDeadline->expectedUsd - *k.budgetUsd;
    }
    if (k.budgetUsd) {
        b.fastestWithinBudget = best(Objective::Time, {std::nullopt, k.budgetUsd});
        if (b.fastestWithinBudget && k.deadlineSeconds)
            b.lateSeconds = b.fastestWithinBudget->expectedSeconds - *k.deadlineSeconds;
    }
    const bool deadlineImpossible = k.deadlineSeconds && !b.cheapestMeetingDeadline;
    const bool budgetImpossible = k.budgetUsd && !b.fastestWithinBudget;
    if (deadlineImpossible) b.fastestOverall = best(Objective::Time, {});
    if (budgetImpossible) b.cheapestOverall = best(Objective::Cost, {});
    b.binding = deadlineImpossible ? (budgetImpossible ? Binding::Both : Binding::Deadline)
                : budgetImpossible ? Binding::Budget
                                   : Binding::Both;
    return result;
}

} // namespace trainplan::sim