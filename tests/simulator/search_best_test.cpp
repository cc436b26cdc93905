// The branch-and-bound best-plan search sizing runs on every candidate cluster (issue 20 item 3):
// its answer must be exactly the exhaustive search's best, and its bound must really bound.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/search_best.h>

#include <gtest/gtest.h>

#include <string>

namespace trainplan::test {
namespace {

using model::Framework;

const std::vector<Framework> kAll{Framework::Ddp, Framework::Fsdp, Framework::DeepSpeed,
                                  Framework::Megatron};

// The exhaustive and the bounded answers, framework by framework.
void expectSameBest(const model::Scenario& s, sim::ShapeTable* table, const std::string& what) {
    const sim::PlanContext ctx = sim::makeContext(s);
    sim::SearchOptions o;
    o.frameworks = kAll;
    o.runnersUp = 0;
    o.threads = 1;
    const sim::SearchResult full = sim::searchPlans(ctx, o);
    const sim::BestPlans fast = sim::searchBestPlans(ctx, kAll, table);
    ASSERT_EQ(fast.best.size(), kAll.size()) << what;
    long long exhaustive = 0;
    for (std::size_t f = 0; f < kAll.size(); ++f) {
        const auto& want = full.frameworks[f].best;
        const auto& got = fast.best[f];
        exhaustive += full.frameworks[f].evaluatedPlans;
        ASSERT_EQ(want.has_value(), got.has_value())
            << what << " " << model::displayName(kAll[f]);
        if (!want) continue;
        EXPECT_EQ(got->plan, want->plan) << what << " " << model::displayName(kAll[f]) << ": "
                                         << got->plan.label() << " vs " << want->plan.label();
        EXPECT_EQ(got->time.stepSeconds, want->time.stepSeconds) << what;
        EXPECT_LE(fast.lowerBoundSeconds[f], want->time.stepSeconds) << what;
    }
    // The bound must prune: fewer plans get their memory evaluated than the full search's.
    EXPECT_LT(fast.memoryChecked, exhaustive) << what;
}

TEST(SearchBest, FindsTheExhaustiveSearchsBestOnDenseModels) {
    auto table = sim::makeShapeTable(); // shared across counts, as sizing shares it
    for (int nodes : {1, 2, 4, 6}) {
        const model::Scenario s = makeScenario("gpt-7.5b", "H100-SXM5-80GB", nodes, 8, 512,
                                               "NVLink4-NVSwitch", "InfiniBand-NDR-400");
        expectSameBest(s, table.get(), "gpt-7.5b on " + std::to_string(nodes) + " nodes");
    }
    for (int nodes : {2, 8}) {
        const model::Scenario s = makeScenario("llama3.1-8b", "A100-SXM4-80GB", nodes, 8, 256);
        expectSameBest(s, table.get(), "llama3.1-8b on " + std::to_string(nodes) + " A100 nodes");
    }
    // Tight memory: most plans do not fit, so the micro-batch bisection and the skipped
    // shardings decide most of the answer.
    for (int nodes : {1, 4}) {
        const model::Scenario s = makeScenario("llama3.1-8b", "A100-SXM4-40GB", nodes, 8, 256);
        expectSameBest(s, table.get(), "llama3.1-8b on " + std::to_string(nodes) + " A100-40GB");
    }
}

TEST(SearchBest, FindsTheExhaustiveSearchsBestOnMoeFp8AndUnevenPipelines) {
    auto table = sim::makeShapeTable();
    model::Scenario moe = makeScenario("mixtral-8x7b", "H100-SXM5-80GB", 4, 8, 256,
                                       "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    expectSameBest(moe, table.get(), "mixtral on 32");
    // fp8 with fused kernels: the weight casts are paid once per step, so the table keys the
    // accumulation count.
    model::Scenario fp8 = makeScenario("gpt-7.5b", "H100-SXM5-80GB", 2, 8, 512,
                                       "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    fp8.training.precision = model::Precision::Fp8;
    fp8.training.execution = model::ExecutionMode::Fused;
    expectSameBest(fp8, table.get(), "gpt-7.5b fp8 fused");
    // Llama 3.1 405B's 126 layers: Megatron-LM's uneven first and last stages.
    model::Scenario uneven = makeScenario("llama3.1-405b", "H100-SXM5-80GB", 16, 8, 256,
                                          "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    uneven.constraints.frameworks = {Framework::Megatron};
    uneven.constraints.microBatch = 1;
    uneven.constraints.cp = 1;
    expectSameBest(uneven, table.get(), "405B on 128");
}

TEST(SearchBest, BoundNeverExceedsTheStepTimeAndIsNoLessThanTheCompute) {
    const model::Scenario s = makeScenario("gpt-1.7b", "H100-SXM5-80GB", 2, 8, 128,
                                           "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const sim::PlanContext ctx = sim::makeContext(s);
    auto table = sim::makeShapeTable();
    long long plans = 0;
    for (Framework fw : kAll)
        for (const model::Plan& p : sim::enumeratePlans(s, fw)) {
            const sim::PlanEstimate e = sim::evaluatePlan(ctx, p);
            const double bound = sim::stepLowerBoundSeconds(ctx, p, table.get());
            ASSERT_LE(bound, e.time.stepSeconds) << p.label();
            ++plans;
            // Even or uneven (torchtitan's FSDP split counts the embedding and the output as
            // layers), the bound holds the compute and the bubble's: the slot lasts at least the
            // compute of the stage with the most.
            // It also holds the optimizer step, which nothing hides (dp_traffic.cpp).
            EXPECT_GE(bound, 0.999999 * (e.time.computeSeconds +
                                         (p.pp - 1.0) / p.vpp * e.time.computeSeconds /
                                             static_cast<double>(e.gradAccum) +
                                         e.time.optimizerSeconds))
                << p.label();
        }
    EXPECT_GT(plans, 1000);
}

// What a layout's bound relies on (search_best.cpp): no recompute and SP on are the least compute
// of their micro-batch, so the layout's bound is below every plan's. Checked on every plan of
// three models (dense eager, MoE, fused fp8) against its recompute-free, SP-on twin.
TEST(SearchBest, NoRecomputeAndSequenceParallelAreTheLeastCompute) {
    auto table = sim::makeShapeTable();
    model::Scenario fp8 = makeScenario("gpt-7.5b", "H100-SXM5-80GB", 2, 8, 64,
                                       "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    fp8.training.precision = model::Precision::Fp8;
    fp8.training.execution = model::ExecutionMode::Fused;
    const std::vector<model::Scenario> scenarios{
        makeScenario("gpt-1.7b", "H100-SXM5-80GB", 2, 8, 128, "NVLink4-NVSwitch",
                     "InfiniBand-NDR-400"),
        makeScenario("mixtral-8x7b", "A100-SXM4-80GB", 2, 8, 64), fp8};
    long long compared = 0;
    for (const model::Scenario& s : scenarios) {
        const sim::PlanContext ctx = sim::makeContext(s);
        for (Framework fw : kAll)
            for (const model::Plan& p : sim::enumeratePlans(s, fw)) {
                model::Plan least = p;
                least.recompute = model::Recompute::None;
                least.sequenceParallel = p.tp > 1;
                ASSERT_LE(sim::stepLowerBoundSeconds(ctx, least, table.get()),
                          sim::stepLowerBoundSeconds(ctx, p, table.get()))
                    << s.name << " " << p.label();
                ++compared;
            }
    }
    EXPECT_GT(compared, 3000);
}

// What the search's memory floor relies on (search_best.cpp): once a micro-batch is accumulated
// over several (gradient accumulation > 1), a larger micro-batch never needs less memory, on the
// GPU or on the host, so when the smallest does not fit no larger one does. Checked on every such
// plan of four scenarios (dense, MoE, fused fp8, and FSDP pipelines split unevenly) against its
// micro-batch-1 twin.
TEST(SearchBest, MemoryGrowsWithTheMicroBatchOnceAccumulated) {
    model::Scenario fp8 = makeScenario("gpt-7.5b", "H100-SXM5-80GB", 2, 8, 64,
                                       "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    fp8.training.precision = model::Precision::Fp8;
    fp8.training.execution = model::ExecutionMode::Fused;
    model::Scenario fsdp = makeScenario("llama3.1-8b", "A100-SXM4-40GB", 4, 8, 256);
    fsdp.constraints.frameworks = {Framework::Fsdp};
    const std::vector<model::Scenario> scenarios{
        makeScenario("gpt-1.7b", "H100-SXM5-80GB", 2, 8, 128, "NVLink4-NVSwitch",
                     "InfiniBand-NDR-400"),
        makeScenario("mixtral-8x7b", "A100-SXM4-80GB", 2, 8, 64), fp8, fsdp};
    long long compared = 0, fitChanges = 0;
    for (const model::Scenario& s : scenarios) {
        const sim::PlanContext ctx = sim::makeContext(s);
        const long long batch = s.training.globalBatch;
        for (Framework fw : kAll)
            for (const model::Plan& p : sim::enumeratePlans(s, fw)) {
                if (p.microBatch == 1 || p.gradientAccumulation(batch) <= 1) continue;
                model::Plan least = p;
                least.microBatch = 1;
                const sim::MemoryBreakdown big = sim::evaluateMemory(ctx, p);
                const sim::MemoryBreakdown small = sim::evaluateMemory(ctx, least);
                ASSERT_LE(small.peakBytes, big.peakBytes) << s.name << " " << p.label();
                ASSERT_LE(small.hostBytesPerNode, big.hostBytesPerNode) << p.label();
                ASSERT_TRUE(small.fits || !big.fits) << s.name << " " << p.label();
                fitChanges += small.fits && !big.fits ? 1 : 0;
                ++compared;
            }
    }
    EXPECT_GT(compared, 3000);
    EXPECT_GT(fitChanges, 0); // the scenarios do reach the memory limit
}

TEST(SearchBest, ATableRebindsWhenTheGpuChanges) {
    auto table = sim::makeShapeTable();
    const model::Scenario h100 = makeScenario("gpt-1.7b", "H100-SXM5-80GB", 1, 8, 128,
                                              "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const model::Scenario a100 = makeScenario("gpt-1.7b", "A100-SXM4-80GB", 1, 8, 128);
    const model::Plan p = makePlan(Framework::Megatron, 8, 1, 1, 2);
    const double onH100 = sim::stepLowerBoundSeconds(sim::makeContext(h100), p, table.get());
    const double onA100 = sim::stepLowerBoundSeconds(sim::makeContext(a100), p, table.get());
    // A stale table would hand the A100 the H100's layer times.
    EXPECT_GT(onA100, 1.5 * onH100);
    EXPECT_EQ(onA100, sim::stepLowerBoundSeconds(sim::makeContext(a100), p, nullptr));
}

} // namespace
} // namespace trainplan::test
