#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

using namespace trainplan;
using model::Framework;

namespace {
double modelStates(const sim::MemoryBreakdown& m) {
    return m.weightsBytes + m.gradientsBytes + m.optimizerBytes;
}
} // namespace

TEST(Memory, ZeroStagesFollowRajbhandariEquations) {
    // ZeRO §3/Fig. 1 with K = 12: (2+2+K)Ψ, 2Ψ+2Ψ+KΨ/Nd, 2Ψ+(2+K)Ψ/Nd, (2+2+K)Ψ/Nd.
    auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 8, 8, 512);
    const sim::PlanContext ctx = sim::makeContext(s);
    const double psi = model::countParameters(s.model).total;
    const double nd = 64;
    const double expected[4] = {16 * psi, 4 * psi + 12 * psi / nd, 2 * psi + 14 * psi / nd,
                                16 * psi / nd};
    for (int z = 0; z <= 3; ++z) {
        auto p = test::makePlan(Framework::DeepSpeed, 64, 1, 1, 1, z);
        ASSERT_TRUE(model::validatePlan(s, p).empty());
        EXPECT_NEAR(modelStates(sim::evaluateMemory(ctx, p)), expected[z], expected[z] * 1e-9)
            << "ZeRO-" << z;
    }
}

TEST(Memory, MegatronDistributedOptimizerIsSixPlusTwelveOverD) {
    // bf16 params, fp32 grads: 6 + 12/d bytes per parameter (Megatron-LM distrib_optimizer.md).
    auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 4, 8, 512);
    const sim::PlanContext ctx = sim::makeContext(s);
    const double psi = model::countParameters(s.model).total;
    auto p = test::makePlan(Framework::Megatron, 32, 1, 1, 1, 1);
    EXPECT_NEAR(modelStates(sim::evaluateMemory(ctx, p)), (6 + 12.0 / 32) * psi, psi * 1e-6);
}

TEST(Memory, KorthikantiActivationsPerLayer) {
    // sbh(10 + 24/t + 5as/(ht)) without sequence parallelism; 34·sbh/t with SP + selective (eq. in
    // §4).
    auto s = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 8, 8, 64);
    s.training.flashAttention = false;
    const double sq = s.model.seqLen, h = s.model.hidden, a = s.model.heads, t = 8;
    auto p = test::makePlan(Framework::Megatron, 1, 8, 8);
    const sim::PlanContext ctx = sim::makeContext(s);
    const auto first = sim::evaluatePlan(ctx, p).firstStage;
    const double perLayer = sq * h * (10 + 24 / t + 5 * a * sq / (h * t));
    // First stage: p = 8 micro-batches in flight × 12 layers (1F1B), plus nothing else stored.
    EXPECT_NEAR(first.activationsBytes, 8 * 12 * perLayer, perLayer * 1e-6);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    const auto sel = sim::evaluatePlan(ctx, p).firstStage;
    EXPECT_NEAR(sel.activationsBytes, 8 * 12 * 34 * sq * h / t, perLayer * 1e-6);
}

TEST(Memory, Gpt3PaperConfigurationFitsAndReportsWorstStage) {
    auto s = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
    auto p = test::makePlan(Framework::Megatron, 16, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    const auto e = sim::evaluatePlan(sim::makeContext(s), p);
    EXPECT_TRUE(e.memory.fits);
    EXPECT_EQ(e.memory.peakBytes, std::max(e.firstStage.peakBytes, e.lastStage.peakBytes));
    EXPECT_EQ(e.firstStage.inFlightMicroBatches, 8);
    EXPECT_EQ(e.lastStage.inFlightMicroBatches, 1);
}

TEST(Memory, DdpOfA70BModelDoesNotFitOn80GB) {
    auto s = test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 4, 8, 256, "NVLink4-NVSwitch",
                                "InfiniBand-NDR-400");
    const auto m = sim::evaluateMemory(sim::makeContext(s), test::makePlan(Framework::Ddp, 32));
    EXPECT_FALSE(m.fits);
    // 16 bytes per parameter of model states plus DDP's 4-byte gradient buckets: > 1.3 TB.
    EXPECT_GT(m.peakBytes, 20.0 * 70e9);
}

TEST(Memory, HeadroomTightensFits) {
    auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 64);
    auto p = test::makePlan(Framework::DeepSpeed, 8, 1, 1, 1, 3);
    const auto m = sim::evaluateMemory(sim::makeContext(s), p);
    ASSERT_TRUE(m.fits);
    s.constraints.memoryHeadroomFraction = 1.0 - m.peakBytes / m.capacityBytes + 0.01;
    EXPECT_FALSE(sim::evaluateMemory(sim::makeContext(s), p).fits);
}
