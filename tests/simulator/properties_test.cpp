// Invariants that must hold for every scenario and plan (issue 3, "property tests").
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace trainplan;
using model::Framework;
using model::Recompute;

namespace {

std::vector<model::Plan> varietyOfPlans() {
    std::vector<model::Plan> plans;
    for (int mb : {1, 2}) {
        plans.push_back(test::makePlan(Framework::Ddp, 64, 1, 1, mb));
        for (int z : {0, 2, 3})
            plans.push_back(test::makePlan(Framework::Fsdp, 64, 1, 1, mb, z));
        for (int z : {0, 1, 2, 3})
            plans.push_back(test::makePlan(Framework::DeepSpeed, 64, 1, 1, mb, z));
        plans.push_back(test::makePlan(Framework::DeepSpeed, 16, 4, 1, mb, 1));
        auto m1 = test::makePlan(Framework::Megatron, 8, 8, 1, mb, 1);
        m1.sequenceParallel = true;
        plans.push_back(m1);
        auto m2 = test::makePlan(Framework::Megatron, 4, 4, 4, mb, 1);
        m2.vpp = 2;
        plans.push_back(m2);
        auto m3 = test::makePlan(Framework::Megatron, 2, 8, 4, mb, 0);
        m3.recompute = Recompute::Full;
        plans.push_back(m3);
    }
    return plans;
}

model::Scenario base() {
    return test::makeScenario("llama2-13b", "A100-SXM4-80GB", 8, 8, 512);
}

} // namespace

TEST(Properties, PlansUnderTestAreValid) {
    const auto s = base();
    for (const auto& p : varietyOfPlans())
        EXPECT_TRUE(model::validatePlan(s, p).empty()) << p.label();
}

TEST(Properties, MoreBandwidthNeverSlowsAStep) {
    for (const auto& p : varietyOfPlans()) {
        double previous = 1e300;
        for (double scale : {0.25, 0.5, 1.0, 2.0, 4.0}) {
            auto s = base();
            s.cluster.interNode.bytesPerSecond *= scale;
            s.cluster.intraNode.bytesPerSecond *= scale;
            const double step = sim::evaluatePlan(sim::makeContext(s), p).time.stepSeconds;
            EXPECT_LE(step, previous * (1 + 1e-12)) << p.label() << " at bandwidth ×" << scale;
            previous = step;
        }
    }
}

TEST(Properties, StepTimeIsAtLeastComputeTime) {
    const auto s = base();
    const auto ctx = sim::makeContext(s);
    for (const auto& p : varietyOfPlans()) {
        const auto e = sim::evaluatePlan(ctx, p);
        EXPECT_GE(e.time.stepSeconds, e.time.computeSeconds) << p.label();
        EXPECT_GE(e.time.stepSeconds, e.time.computeSeconds + e.time.bubbleSeconds - 1e-9)
            << p.label();
    }
}

TEST(Properties, HigherZeroStageNeverNeedsMoreMemory) {
    const auto s = base();
    const auto ctx = sim::makeContext(s);
    for (int mb : {1, 2, 4}) {
        double previous = 1e300;
        for (int z = 0; z <= 3; ++z) {
            const double peak =
                sim::evaluateMemory(ctx, test::makePlan(Framework::DeepSpeed, 64, 1, 1, mb, z))
                    .peakBytes;
            EXPECT_LE(peak, previous) << "ZeRO-" << z << " mb " << mb;
            previous = peak;
        }
    }
}

TEST(Properties, RecomputeNeverIncreasesActivationMemory) {
    const auto s = base();
    const auto ctx = sim::makeContext(s);
    for (auto p : varietyOfPlans()) {
        p.recompute = Recompute::None;
        const double none = sim::evaluateMemory(ctx, p).activationsBytes;
        p.recompute = Recompute::Selective;
        const double sel = sim::evaluateMemory(ctx, p).activationsBytes;
        p.recompute = Recompute::Full;
        const double full = sim::evaluateMemory(ctx, p).activationsBytes;
        EXPECT_LE(sel, none) << p.label();
        EXPECT_LE(full, sel) << p.label();
    }
}

TEST(Properties, MoreGpusAtFixedPerGpuBatchNeverIncreaseZero3Memory) {
    double previous = 1e300;
    for (int nodes : {1, 2, 4, 8, 16, 32}) {
        auto s = test::makeScenario("llama2-70b", "A100-SXM4-80GB", nodes, 8, 8LL * nodes * 2);
        const int gpus = nodes * 8;
        const double peak =
            sim::evaluateMemory(sim::makeContext(s),
                                test::makePlan(Framework::DeepSpeed, gpus, 1, 1, 2, 3))
                .peakBytes;
        EXPECT_LE(peak, previous) << gpus << " GPUs";
        previous = peak;
    }
}

TEST(Properties, EstimatesAreFiniteForAHundredTrillionParametersOnAMillionGpus) {
    model::Scenario s = test::makeScenario("gpt-1t", "B200", 131072, 8, 1LL << 22,
                                           "NVLink5-NVSwitch", "InfiniBand-NDR-400");
    s.model.layers = 512;
    s.model.hidden = 131072;
    s.model.heads = 1024;
    s.model.kvHeads = 1024;
    s.model.headDim = 128;
    s.model.ffnHidden = 4 * 131072;
    EXPECT_GT(model::countParameters(s.model).total, 1e14);
    const auto ctx = sim::makeContext(s);
    for (auto p : {test::makePlan(Framework::Megatron, 1024, 8, 128, 1, 1),
                   test::makePlan(Framework::DeepSpeed, 1 << 20, 1, 1, 4, 3),
                   test::makePlan(Framework::Ddp, 1 << 20, 1, 1, 4)}) {
        ASSERT_TRUE(model::validatePlan(s, p).empty()) << p.label();
        const auto e = sim::evaluatePlan(ctx, p);
        for (double v : {e.memory.peakBytes, e.time.stepSeconds, e.throughput.mfu,
                         e.throughput.tokensPerSecond, e.communication.perGpuBytes, e.cost.usd,
                         e.cost.energyKwh})
            EXPECT_TRUE(std::isfinite(v) && v >= 0) << p.label();
        EXPECT_GT(e.time.stepSeconds, 0);
    }
}

TEST(Properties, CostsAddUp) {
    const auto s = base();
    const auto e =
        sim::evaluatePlan(sim::makeContext(s), test::makePlan(Framework::Fsdp, 64, 1, 1, 1, 3));
    const double tokensPerStep = 512.0 * s.model.seqLen;
    EXPECT_NEAR(e.throughput.tokensPerSecond, tokensPerStep / e.time.stepSeconds,
                1e-6 * e.throughput.tokensPerSecond);
    EXPECT_NEAR(e.cost.timeToTrainSeconds, s.training.trainTokens / e.throughput.tokensPerSecond,
                1e-6 * e.cost.timeToTrainSeconds);
    EXPECT_NEAR(e.cost.gpuHours, e.cost.timeToTrainSeconds * 64 / 3600, 1e-9 * e.cost.gpuHours);
    EXPECT_NEAR(e.cost.usd, e.cost.gpuHours * 2.0, 1e-9 * e.cost.usd);
    EXPECT_NEAR(e.throughput.mfu * s.cluster.gpu.bf16FlopsPerSecond,
                e.throughput.modelFlopsPerSecondPerGpu, 1.0);
    EXPECT_GE(e.throughput.hfu, e.throughput.mfu);
}
