// Partial full recompute (issue 17 item 2): Megatron-LM's --recompute-method block
// --recompute-num-layers N recomputes the first N layers of each pipeline chunk and keeps the
// others' activations (megatron/core/transformer/transformer_block.py, _checkpointed_forward).
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/search_best.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;
using model::Recompute;

// GPT-3 175B on 128 A100 as Korthikanti et al. 2022 ran it: TP8·PP8 with sequence parallelism,
// 96 layers, so 12 per stage. Without flash attention the stored activations per layer are
// Korthikanti's sbh(34 + 5as/h)/t, and 2sbh/t for a recomputed layer (§4, Table 2).
model::Scenario gpt3WithoutFlash() {
    model::Scenario s = makeScenario("gpt3-175b", "A100-SXM4-80GB", 16, 8, 1536);
    s.training.flashAttention = false;
    return s;
}

model::Plan gpt3Plan(int recomputeLayers) {
    model::Plan p = makePlan(Framework::Megatron, 2, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = Recompute::Full;
    p.recomputeLayers = recomputeLayers;
    return p;
}

TEST(PartialRecompute, StoredActivationsAreKorthikantisPerLayerTerms) {
    const model::Scenario s = gpt3WithoutFlash(); // the context points at it
    const auto ctx = sim::makeContext(s);
    const double seq = 2048, b = 1, h = 12288, a = 96, t = 8;
    const double sbh = seq * b * h;
    const double kept = sbh * (34.0 + 5.0 * a * seq / h) / t; // a layer that is not recomputed
    const double recomputed = 2.0 * sbh / t;                // its input only
    for (int n : {1, 4, 11}) {
        const sim::MemoryBreakdown first = sim::evaluateStageMemory(ctx, gpt3Plan(n), 0);
        // The first stage holds 8 micro-batches in flight under 1F1B (Narayanan et al. 2021).
        EXPECT_EQ(first.inFlightMicroBatches, 8);
        const double want = 8.0 * (n * recomputed + (12 - n) * kept);
        EXPECT_NEAR(first.activationsBytes / want, 1.0, 1e-9) << n << " layers recomputed";
    }
}

TEST(PartialRecompute, AllLayersOfAChunkIsFullRecompute) {
    const model::Scenario s = gpt3WithoutFlash(); // the context points at it
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate all = sim::evaluatePlan(ctx, gpt3Plan(0));
    const sim::PlanEstimate twelve = sim::evaluatePlan(ctx, gpt3Plan(12));
    EXPECT_DOUBLE_EQ(twelve.memory.peakBytes, all.memory.peakBytes);
    EXPECT_DOUBLE_EQ(twelve.time.stepSeconds, all.time.stepSeconds);
    EXPECT_DOUBLE_EQ(twelve.hardwareFlopsPerStep, all.hardwareFlopsPerStep);
}

TEST(PartialRecompute, RecomputeTimeIsItsShareOfTheLayers) {
    const model::Scenario s = gpt3WithoutFlash(); // the context points at it
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate all = sim::evaluatePlan(ctx, gpt3Plan(0));
    const sim::PlanEstimate none = [&] {
        model::Plan p = gpt3Plan(0);
        p.recompute = Recompute::None;
        return sim::evaluatePlan(ctx, p);
    }();
    double lastPeak = 1e300, lastStep = 0;
    for (int n = 1; n <= 12; ++n) {
        const sim::PlanEstimate e = sim::evaluatePlan(ctx, gpt3Plan(n));
        EXPECT_NEAR(e.time.recomputeSeconds / all.time.recomputeSeconds, n / 12.0, 1e-9) << n;
        // The hardware FLOPs add the recomputed share of one forward (model FLOPs unchanged).
        EXPECT_NEAR((e.hardwareFlopsPerStep - none.hardwareFlopsPerStep) /
                        (all.hardwareFlopsPerStep - none.hardwareFlopsPerStep),
                    n / 12.0, 1e-9)
            << n;
        EXPECT_DOUBLE_EQ(e.modelFlopsPerStep, all.modelFlopsPerStep);
        // More layers recomputed: less memory, more time (the property the search's bisection
        // relies on).
        EXPECT_LT(e.memory.peakBytes, lastPeak) << n;
        EXPECT_GT(e.time.stepSeconds, lastStep) << n;
        lastPeak = e.memory.peakBytes;
        lastStep = e.time.stepSeconds;
    }
    // Interleaving: N layers of each of the vpp chunks on a rank.
    model::Plan v = gpt3Plan(2);
    v.vpp = 3; // 4 layers per chunk
    const sim::PlanEstimate inter = sim::evaluatePlan(ctx, v);
    v.recomputeLayers = 0;
    const sim::PlanEstimate interAll = sim::evaluatePlan(ctx, v);
    EXPECT_NEAR(inter.time.recomputeSeconds / interAll.time.recomputeSeconds, 6.0 / 12.0, 1e-9);
}

// The search's full recompute recomputes only the layers memory needs: the fewest that fit.
TEST(PartialRecompute, TheSearchRecomputesTheFewestLayersThatFit) {
    model::Scenario s = gpt3WithoutFlash();
    s.constraints.frameworks = {Framework::Megatron};
    s.constraints.tp = 8;
    s.constraints.pp = 8;
    s.constraints.vpp = 1;
    s.constraints.microBatch = 1;
    s.constraints.recompute = Recompute::Full;
    const auto ctx = sim::makeContext(s);
    sim::SearchOptions o;
    o.threads = 1;
    const sim::SearchResult r = sim::searchPlans(ctx, o);
    ASSERT_EQ(r.frameworks.size(), 1u);
    ASSERT_TRUE(r.frameworks[0].best);
    const model::Plan best = r.frameworks[0].best->plan;
    const int n = best.recomputeLayers;
    ASSERT_GE(n, 1) << best.label();
    ASSERT_LT(n, 12) << best.label();
    EXPECT_NE(best.label().find("rc-block" + std::to_string(n)), std::string::npos)
        << best.label();
    EXPECT_TRUE(sim::evaluateMemory(ctx, best).fits);
    model::Plan fewer = best;
    fewer.recomputeLayers = n - 1;
    if (n > 1) {
        EXPECT_FALSE(sim::evaluateMemory(ctx, fewer).fits) << fewer.label();
    }
    model::Plan every = best;
    every.recomputeLayers = 0;
    EXPECT_LT(r.frameworks[0].best->time.stepSeconds, sim::evaluatePlan(ctx, every).time.stepSeconds);

    // The branch-and-bound search gives the same plan: a full-recompute choice is bounded by one
    // recomputed layer per chunk, not by every layer.
    const sim::BestPlans fast = sim::searchBestPlans(ctx, {Framework::Megatron});
    ASSERT_TRUE(fast.best[0]);
    EXPECT_EQ(fast.best[0]->plan, best) << fast.best[0]->plan.label() << " vs " << best.label();
    EXPECT_EQ(fast.best[0]->time.stepSeconds, r.frameworks[0].best->time.stepSeconds);
}

// FSDP and DDP plans export to torchtitan, whose layer-wise AC recomputes every k-th block: the
// search only picks counts ⌈L/k⌉ that option can express (torchtitan parallelize.py).
TEST(PartialRecompute, FsdpRecomputesCountsTorchtitanCanExpress) {
    model::Scenario s = makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 2048,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    s.model.seqLen = 8192;
    s.constraints.frameworks = {Framework::Fsdp};
    s.constraints.tp = 2;
    s.constraints.pp = 1;
    s.constraints.cp = 1;
    s.constraints.microBatch = 1;
    s.constraints.recompute = Recompute::Full;
    s.constraints.memoryHeadroomFraction = 0.05;
    const auto ctx = sim::makeContext(s);
    sim::SearchOptions o;
    o.threads = 1;
    const sim::SearchResult r = sim::searchPlans(ctx, o);
    ASSERT_TRUE(r.frameworks[0].best);
    const model::Plan& best = r.frameworks[0].best->plan;
    const int n = best.recomputeLayers, layers = 80; // pp 1: one chunk of 80 layers
    ASSERT_GT(n, 0) << best.label();
    const int every = (layers + n - 1) / n;
    EXPECT_EQ((layers + every - 1) / every, n) << best.label() << " is no ⌈80/k⌉";
    // The next expressible count below it does not fit.
    model::Plan fewer = best;
    int k = every;
    while (k < layers && (layers + k - 1) / k >= n) ++k;
    ASSERT_LT((layers + k - 1) / k, n) << best.label();
    fewer.recomputeLayers = (layers + k - 1) / k;
    EXPECT_FALSE(sim::evaluateMemory(ctx, fewer).fits) << fewer.label();
}

} // namespace
} // namespace trainplan::test
