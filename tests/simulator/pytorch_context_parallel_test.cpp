// PyTorch context parallelism as torchtitan runs it (torch/distributed/tensor/experimental/
// _attention.py, 2024-12): K and V are all-gathered after repeat_kv, so they carry the query
// heads; the gather runs in the forward, the recompute forward and the backward; dK/dV go round
// the ring in fp32. Megatron-Core's ring passes the KV heads only.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

model::Plan cpPlan(Framework f, int cp, int dp) {
    model::Plan p = makePlan(f, dp);
    p.cp = cp;
    p.recompute = model::Recompute::Full;
    if (f == Framework::Fsdp) p.zeroStage = 3;
    return p;
}

TEST(PyTorchContextParallel, GathersTheQueryHeadsThreeTimesAndRingsFp32Gradients) {
    // Llama 3.1 8B (32 layers, 32 heads of 128, 8 KV heads, 8,192 tokens) on one node of 8 H100,
    // CP4 · DP2, one micro-batch, full recompute. Each rank holds 2,048 tokens; its K,V chunk
    // after repeat_kv is 2,048 × 2 × 32 × 128 × 2 bytes = 32 MiB. Per layer it receives 3 chunks
    // in each of three gathers (forward, recompute, backward) and sends 4 fp32 gradient chunks
    // (64 MiB each): (96 × 3 + 128 × 2) × 32 MiB = 544 × 32 MiB per step.
    const model::Scenario s = makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 2,
                                           "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    ASSERT_EQ(s.model.seqLen, 8192);
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate fsdp = sim::evaluatePlan(ctx, cpPlan(Framework::Fsdp, 4, 2));
    const double chunkBytes = 2048.0 * 2 * 32 * 128 * 2;
    EXPECT_NEAR(fsdp.communication.cpBytes / (544.0 * chunkBytes), 1.0, 1e-9);

    // Megatron-Core's ring with the same layout passes the 8 KV heads: 3 chunks of 8 MiB per
    // layer forward, K,V and their gradients backward, and again in the recompute forward.
    const sim::PlanEstimate megatron = sim::evaluatePlan(ctx, cpPlan(Framework::Megatron, 4, 2));
    EXPECT_NEAR(megatron.communication.cpBytes / (3.0 * (3 * 32 + 32) * chunkBytes / 4), 1.0,
                1e-9);
}

TEST(PyTorchContextParallel, TheLastGradientSendOfEveryLayerIsExposed) {
    // The gather hides only behind step 0's block and the final dK/dV send behind nothing, so
    // the exposed time is at least one fp32 chunk per layer over NVLink, and never more than all
    // of the context-parallel traffic.
    const model::Scenario s = makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 2,
                                           "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate e = sim::evaluatePlan(ctx, cpPlan(Framework::Fsdp, 4, 2));
    const double gradChunkBytes = 2048.0 * 2 * 32 * 128 * 4;
    EXPECT_GE(e.time.exposedCpSeconds,
              32.0 * gradChunkBytes / ctx.bandwidth.intraBytesPerSecond);
    EXPECT_LE(e.time.exposedCpSeconds, e.communication.cpSeconds);
}

TEST(PyTorchContextParallel, CostsMoreThanMegatronsRingAcrossNodes) {
    // Llama 3.1 405B at TP8 puts each CP rank on another node (torchtitan's mesh is
    // [pp, dp, cp, tp]): its 16 query heads per rank cross InfiniBand, 16× the ring's single
    // KV head, so the same layout's step is slower under PyTorch CP.
    model::Scenario s = makeScenario("llama3.1-405b", "H100-SXM5-80GB", 16, 8, 8,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    s.model.seqLen = 65536;
    const auto ctx = sim::makeContext(s);
    model::Plan f = cpPlan(Framework::Fsdp, 4, 2);
    f.tp = 8;
    f.pp = 2;
    f.sequenceParallel = true;
    model::Plan m = f;
    m.framework = Framework::Megatron;
    m.zeroStage = 1;
    const sim::PlanEstimate a = sim::evaluatePlan(ctx, f);
    const sim::PlanEstimate b = sim::evaluatePlan(ctx, m);
    EXPECT_GT(a.time.exposedCpSeconds, 2.0 * b.time.exposedCpSeconds);
    EXPECT_GT(a.time.exposedCpSeconds, 0.05 * a.time.stepSeconds);
}

} // namespace
} // namespace trainplan::test
