// The plan search against a brute-force oracle on small clusters: every Plan field combination
// filtered by validatePlan alone, so the search must enumerate exactly the valid plans (less the
// documented duplicates), pick the fastest that fits, and keep the true Pareto front.
#include "search_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace trainplan;
using model::Framework;
using model::Offload;
using model::Plan;
using model::Recompute;
using model::Scenario;
using test::squeezeMemory;
using test::tinyScenario;

// Knob settings the search leaves out: they describe the same run as another plan, or (dp_overlap
// off) a run that is never faster nor smaller than its overlapping twin.
bool isDuplicate(const Scenario& s, const Plan& p) {
    if (!p.dpOverlap) return true;
    if (p.tpCommOverlap && p.tp == 1) return true;
    if (p.framework == Framework::Fsdp && p.offloadParams) return true;
    if (p.hybridShard && sim::placeGroups(p, s.cluster.gpusPerNode).dp.nodes <= 1) return true;
    return false;
}

Plan canonical(const Scenario& s, Plan p) {
    p.dpOverlap = true;
    if (p.tp == 1) p.tpCommOverlap = false;
    if (p.framework == Framework::Fsdp) p.offloadParams = false;
    if (p.hybridShard && sim::placeGroups(p, s.cluster.gpusPerNode).dp.nodes <= 1)
        p.hybridShard = false;
    return p;
}

// Every combination of the knobs that are not layout: stage, hybrid, offload, parameter offload,
// recompute, SP, TP overlap, DP overlap, and Megatron's selective submodules (a mixed-radix
// counter over their values).
constexpr int kKnobCombinations = 4 * 2 * 3 * 2 * 3 * 2 * 2 * 2 * 3;

// The submodule sets the search offers Megatron's selective recompute besides its default
// (docs/search.md): the norms, the experts' activation, MLA's up-projections and core attention
// without flash attention; then those with the MLP and MoE blocks. validatePlan rejects them on
// other frameworks and recompute modes.
unsigned selectiveModules(const Scenario& s, int choice) {
    namespace rm = model::recompute_module;
    const bool moe = s.model.moe.enabled();
    const unsigned light = rm::kLayerNorm | (moe ? rm::kMoeAct : 0u) |
                           (s.model.mla.enabled() ? rm::kMlaUpProj : 0u) |
                           (s.training.flashAttention ? 0u : rm::kCoreAttn);
    return choice == 0 ? 0u : choice == 1 ? light : light | rm::kMlp | (moe ? rm::kMoe : 0u);
}

void setKnobs(Plan& p, int k, const Scenario& s) {
    auto digit = [&k](int radix) {
        const int d = k % radix;
        k /= radix;
        return d;
    };
    p.zeroStage = digit(4);
    p.hybridShard = digit(2) == 1;
    p.offload = static_cast<Offload>(digit(3));
    p.offloadParams = digit(2) == 1;
    p.recompute = static_cast<Recompute>(digit(3));
    p.sequenceParallel = digit(2) == 1;
    p.tpCommOverlap = digit(2) == 1;
    p.dpOverlap = digit(2) == 1;
    p.recomputeModules = selectiveModules(s, digit(3));
}

std::vector<Plan> naiveValidPlans(const Scenario& s, Framework fw) {
    const int gpus = static_cast<int>(s.constraints.maxGpus.value_or(s.cluster.gpuCount()));
    const int maxEp = std::max(2, s.model.moe.experts);
    std::vector<Plan> out;
    Plan p;
    p.framework = fw;
    for (p.tp = 1; p.tp <= gpus; ++p.tp)
        for (p.pp = 1; p.pp <= gpus; ++p.pp)
            for (p.cp = 1; p.cp <= gpus; ++p.cp)
                for (p.dp = 1; p.dp <= gpus; ++p.dp) {
                    // validatePlan rejects every other product; skipping it here keeps the oracle
                    // fast.
                    if (p.gpus() != gpus) continue;
                    // Expert tensor parallelism as the search offers it: the experts split by
                    // tp (0), or folded with an etp below tp that divides it (docs/search.md).
                    for (int etp = 0; etp < std::max(1, p.tp); ++etp)
                        for (p.ep = 1; p.ep <= maxEp; ++p.ep)
                            for (p.vpp = 1; p.vpp <= s.model.layers; ++p.vpp)
                                for (p.microBatch = 1; p.microBatch <= s.training.globalBatch;
                                     ++p.microBatch) {
                                    if (etp > 0 && p.tp % etp != 0) continue;
                                    p.etp = etp;
                                    // Also for speed: the knob rules of validatePlan only add
                                    // rejections, so a layout it rejects with the default knobs
                                    // (SP on where folded experts need it) is rejected with any.
                                    Plan layout = p;
                                    setKnobs(layout, 0, s);
                                    layout.dpOverlap = true;
                                    layout.sequenceParallel = p.foldsExperts() && p.tp > 1;
                                    if (!model::validatePlan(s, layout).empty()) continue;
                                    for (int k = 0; k < kKnobCombinations; ++k) {
                                        setKnobs(p, k, s);
                                        if (model::validatePlan(s, p).empty()) out.push_back(p);
                                    }
                                }
                }
    return out;
}

bool keyLess(const sim::PlanEstimate& a, const sim::PlanEstimate& b) {
    return sim::fasterThan(a, b);
}

struct NaiveCase {
    const char* name;
    std::function<Scenario()> make;
    double memoryQuantile = 0.5;
    bool someExcluded = false; // the case must exercise the "nothing fits" path
};

class NaiveSearch : public ::testing::TestWithParam<NaiveCase> {};

TEST_P(NaiveSearch, FindsTheBruteForceOptimumAndEnumeratesExactlyTheValidPlans) {
    Scenario s = GetParam().make();
    ASSERT_TRUE(model::validateScenario(s).empty());
    squeezeMemory(s, GetParam().memoryQuantile);
    const sim::PlanContext ctx = sim::makeContext(s);
    sim::SearchOptions opt;
    opt.runnersUp = 4;
    opt.threads = 2;
    const sim::SearchResult result = sim::searchPlans(s, opt);
    ASSERT_EQ(result.frameworks.size(), 4u);
    EXPECT_FALSE(result.cancelled);

    std::vector<sim::PlanSummary> naiveFitting;
    long long fittingFrameworks = 0;
    for (const sim::FrameworkResult& fr : result.frameworks) {
        SCOPED_TRACE(std::string(model::toString(fr.framework)));
        const std::vector<Plan> naive = naiveValidPlans(s, fr.framework);
        std::vector<Plan> naiveCanonical;
        for (const Plan& p : naive)
            if (!isDuplicate(s, p)) naiveCanonical.push_back(p);
        std::sort(naiveCanonical.begin(), naiveCanonical.end(), sim::planKeyLess);

        // The search enumerates exactly the valid plans (less documented duplicates)...
        const std::vector<Plan> enumerated = sim::enumeratePlans(s, fr.framework);
        EXPECT_EQ(enumerated, naiveCanonical);
        EXPECT_EQ(fr.evaluatedPlans, static_cast<long long>(naiveCanonical.size()));
        // ...and each duplicate estimates exactly like the plan that stands for it (without DP
        // overlap: never faster, never smaller).
        for (const Plan& p : naive) {
            if (!isDuplicate(s, p)) continue;
            const Plan c = canonical(s, p);
            ASSERT_TRUE(std::binary_search(naiveCanonical.begin(), naiveCanonical.end(), c,
                                           sim::planKeyLess))
                << p.label();
            const sim::PlanEstimate a = sim::evaluatePlan(ctx, p), b = sim::evaluatePlan(ctx, c);
            if (p.dpOverlap) {
                EXPECT_EQ(a.time.stepSeconds, b.time.stepSeconds) << p.label();
                EXPECT_EQ(a.memory.peakBytes, b.memory.peakBytes) << p.label();
            } else {
                EXPECT_GE(a.time.stepSeconds, b.time.stepSeconds)
                    << p.label() << " without DP overlap";
                EXPECT_GE(a.memory.peakBytes, b.memory.peakBytes)
                    << p.label() << " without DP overlap";
                EXPECT_GE(a.cost.usd, b.cost.usd) << p.label() << " without DP overlap";
            }
        }

        // Brute force over every valid plan (duplicates included): the fastest that fits, then the
        // next.
        std::vector<sim::PlanEstimate> fitting;
        std::optional<sim::PlanEstimate> smallest;
        for (const Plan& p : naive) {
            sim::PlanEstimate e = sim::evaluatePlan(ctx, p);
            if (e.memory.fits) {
                fitting.push_back(e);
                if (!isDuplicate(s, p)) naiveFitting.push_back(sim::summarize(e));
                // A fitting full recompute also stands for its fewest recomputed layers
                // (search.md §1).
                if (auto partial = sim::fewestRecomputedLayers(ctx, e)) {
                    fitting.push_back(*partial);
                    if (!isDuplicate(s, p)) naiveFitting.push_back(sim::summarize(*partial));
                }
            } else if (!smallest || e.memory.peakBytes < smallest->memory.peakBytes ||
                       (e.memory.peakBytes == smallest->memory.peakBytes &&
                        sim::planKeyLess(p, smallest->plan))) {
                smallest = e;
            }
        }
        std::sort(fitting.begin(), fitting.end(), keyLess);
        if (fitting.empty()) {
            EXPECT_FALSE(fr.best.has_value());
            ASSERT_TRUE(fr.closest.has_value());
            ASSERT_TRUE(smallest.has_value());
            EXPECT_EQ(fr.closest->plan, canonical(s, smallest->plan));
            // The miss is measured against the usable memory (the default 5% headroom kept free).
            EXPECT_DOUBLE_EQ(fr.missBytes,
                             smallest->memory.peakBytes -
                                 s.cluster.gpu.memoryBytes *
                                     (1.0 - s.constraints.memoryHeadroomFraction));
            continue;
        }
        ++fittingFrameworks;
        ASSERT_TRUE(fr.best.has_value());
        EXPECT_EQ(fr.best->plan, fitting.front().plan);
        EXPECT_EQ(fr.best->time.stepSeconds, fitting.front().time.stepSeconds);
        EXPECT_TRUE(fr.exclusionReasons.empty());
        std::vector<sim::PlanEstimate> canonicalFitting;
        for (const auto& e : fitting)
            if (!isDuplicate(s, e.plan)) canonicalFitting.push_back(e);
        EXPECT_EQ(fr.fittingPlans, static_cast<long long>(canonicalFitting.size()));
        ASSERT_EQ(fr.runnersUp.size(), std::min<std::size_t>(4, canonicalFitting.size() - 1));
        for (std::size_t i = 0; i < fr.runnersUp.size(); ++i) {
            EXPECT_EQ(fr.runnersUp[i].plan, canonicalFitting[i + 1].plan) << i;
            EXPECT_EQ(fr.runnersUp[i].time.stepSeconds, canonicalFitting[i + 1].time.stepSeconds)
                << i;
        }
    }
    EXPECT_GE(fittingFrameworks, 1);
    if (GetParam().someExcluded) {
        EXPECT_LT(fittingFrameworks, 4);
    }

    // Pareto front by definition: fitting plans no other fitting plan is at least as good on all
    // three and better on one (exact ties: the first by plan key).
    std::vector<sim::PlanSummary> front;
    for (const auto& a : naiveFitting) {
        bool dominated = false;
        for (const auto& b : naiveFitting) {
            const bool le =
                b.stepSeconds <= a.stepSeconds && b.peakBytes <= a.peakBytes && b.usd <= a.usd;
            const bool lt =
                b.stepSeconds < a.stepSeconds || b.peakBytes < a.peakBytes || b.usd < a.usd;
            if (le && (lt || sim::planKeyLess(b.plan, a.plan))) dominated = true;
        }
        if (!dominated) front.push_back(a);
    }
    std::sort(front.begin(), front.end(), [](const auto& a, const auto& b) {
        return a.stepSeconds != b.stepSeconds ? a.stepSeconds < b.stepSeconds
                                              : sim::planKeyLess(a.plan, b.plan);
    });
    ASSERT_EQ(result.pareto.size(), front.size());
    for (std::size_t i = 0; i < front.size(); ++i)
        EXPECT_EQ(result.pareto[i].plan, front[i].plan) << i;
}

INSTANTIATE_TEST_SUITE_P(
    SmallClusters, NaiveSearch,
    ::testing::Values(NaiveCase{"DenseOn8Gpus", [] { return tinyScenario(2, 4, 8); }},
                      NaiveCase{"GqaOn16Gpus",
                                [] {
                                    Scenario s = tinyScenario(2, 8, 16);
                                    s.model.kvHeads = 2;
                                    s.model.ffn = model::FfnKind::SwiGlu;
                                    s.model.layers = 2;
                                    return s;
                                }},
                      NaiveCase{"MoeOn8GpusTpAcrossNodes",
                                [] {
                                    Scenario s = tinyScenario(2, 4, 8);
                                    s.model.moe.experts = 4;
                                    s.model.moe.topK = 2;
                                    s.model.moe.expertFfnHidden = 512;
                                    s.constraints.tpAcrossNodes = true;
                                    return s;
                                }},
                      // 200M parameters with memory at the 5th percentile: DDP (unsharded) cannot
                      // fit, so the closest plan is checked too.
                      NaiveCase{"WiderOn8GpusTightMemory",
                                [] {
                                    Scenario s = tinyScenario(2, 4, 8);
                                    s.model.hidden = 2048;
                                    s.model.headDim = 256;
                                    s.model.ffnHidden = 8192;
                                    return s;
                                },
                                0.05, true}),
    [](const auto& info) { return std::string(info.param.name); });

} // namespace
