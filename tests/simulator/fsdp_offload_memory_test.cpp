// FSDP memory as PyTorch keeps it (issue 17, item 5 and "the example's recommended plan does not
// fit"): SHARD_GRAD_OP shards the stored parameters but keeps the unsharded low-precision copy on
// the GPU from forward until backward ends, and CPUOffload(offload_params=True) does not remove
// that copy; it moves the parameter and gradient shards and the optimizer to the host. FSDP has no
// optimizer-only offload.
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <trainplan/model/units.h>

#include <gtest/gtest.h>

using namespace trainplan;
using model::Framework;

namespace {

using model::units::kGiB;

model::Scenario llama70() {
    return test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 512, "NVLink4-NVSwitch",
                              "InfiniBand-NDR-400");
}

// The example's recommendation before this fix: TP4·DP64 mb1 grad-op offload-cpu SP.
model::Plan gradOp(bool offload) {
    auto p = test::makePlan(Framework::Fsdp, 64, 4, 1, 1, 2);
    p.sequenceParallel = true;
    if (offload) p.offload = model::Offload::Cpu;
    return p;
}

// Parameters one tensor-parallel rank holds (Megatron-style split: attention and FFN weights and
// the vocab over tp, norms replicated): Llama 3.1 70B, untied, 80 layers.
double paramsPerRank(const model::Scenario& s, int tp) {
    const auto pc = model::countParameters(s.model);
    const double layers = s.model.layers;
    return (pc.embedding + pc.lmHead + layers * (pc.attentionPerLayer + pc.denseFfnPerLayer)) / tp +
           layers * pc.normsPerLayer / tp + s.model.hidden;
}

} // namespace

TEST(FsdpOffloadMemory, GradOpKeepsTheUnshardedWeightsOnTheGpuWithCpuOffload) {
    const auto s = llama70();
    const auto ctx = sim::makeContext(s);
    const double P = paramsPerRank(s, 4); // ≈ 17.6B
    ASSERT_NEAR(P / 1e9, 17.64, 0.05);
    const auto off = sim::evaluatePlan(ctx, gradOp(true)).memory;
    // On the GPU: the unsharded bf16 parameters, 2 bytes each; the fp32 shards, gradients and
    // Adam states are on the host.
    EXPECT_NEAR(off.weightsBytes, 2.0 * P, 1e-6 * P);
    EXPECT_EQ(off.gradientsBytes, 0.0);
    EXPECT_EQ(off.optimizerBytes, 0.0);
    // Host per node: 8 GPUs × (4 + 4 + 8) bytes over the 64-way shard.
    EXPECT_NEAR(off.hostBytesPerNode, 8.0 * 16.0 * P / 64.0, 1e-6 * P);
    // 32.9 GiB of weights alone: the old 48.7 GiB peak left them out.
    EXPECT_GT(off.weightsBytes / kGiB, 32.8);
    EXPECT_GT(off.peakBytes, off.weightsBytes + off.activationsBytes);
}

TEST(FsdpOffloadMemory, GradOpWithoutOffloadShardsTheStoredParameters) {
    // Regression: the plan without offload was shown at 155 GiB because the fp32 parameters were
    // counted whole (ZeRO-2 style) on top of the unsharded bf16 copy.
    const auto s = llama70();
    const auto ctx = sim::makeContext(s);
    const double P = paramsPerRank(s, 4);
    const auto on = sim::evaluatePlan(ctx, gradOp(false)).memory;
    EXPECT_NEAR(on.weightsBytes, 2.0 * P + 4.0 * P / 64.0, 1e-6 * P);
    EXPECT_NEAR(on.gradientsBytes, 4.0 * P / 64.0, 1e-6 * P);
    EXPECT_NEAR(on.optimizerBytes, 8.0 * P / 64.0, 1e-6 * P);
    EXPECT_LT(on.peakBytes / kGiB, 120.0);
    // Offload saves exactly the shards it moves, no more.
    const auto off = sim::evaluatePlan(ctx, gradOp(true)).memory;
    const double moved = 16.0 * P / 64.0;
    EXPECT_NEAR(on.weightsBytes + on.gradientsBytes + on.optimizerBytes -
                    (off.weightsBytes + off.gradientsBytes + off.optimizerBytes),
                moved, 1e-6 * P);
}

TEST(FsdpOffloadMemory, FullShardOffloadKeepsOnlyTheGatheredUnits) {
    const auto s = llama70();
    const auto ctx = sim::makeContext(s);
    auto p = gradOp(true);
    p.zeroStage = 3;
    const auto m = sim::evaluatePlan(ctx, p).memory;
    EXPECT_EQ(m.weightsBytes, 0.0);
    EXPECT_EQ(m.gradientsBytes, 0.0);
    EXPECT_EQ(m.optimizerBytes, 0.0);
    EXPECT_LT(m.peakBytes, sim::evaluatePlan(ctx, gradOp(true)).memory.peakBytes);
}

TEST(FsdpOffloadMemory, OptimizerOnlyOffloadIsRefusedWithTheReason) {
    const std::string text = R"({
      "schema": "trainplan.scenario.v1", "name": "x", "model": "llama3.1-70b",
      "training": { "global_batch": 512 },
      "cluster": { "gpu": "H100-SXM5-80GB", "nodes": 32, "gpus_per_node": 8,
                   "intra_node": "NVLink4-NVSwitch", "inter_node": "InfiniBand-NDR-400" },
      "plans": [ { "framework": "fsdp", "tp": 4, "sharding": "grad_op", "offload": "cpu",
                   "offload_params": false } ] })";
    const auto load = model::parseScenario(text, test::catalog());
    ASSERT_EQ(load.issues.size(), 1u);
    EXPECT_EQ(load.issues[0].path, "plans[0].offload_params");
    EXPECT_NE(load.issues[0].message.find("optimizer-only offload, which PyTorch FSDP does not"),
              std::string::npos);
    // A plan with FSDP offload writes back without the key, so it reads back unchanged.
    auto plan = gradOp(true);
    const auto j = model::toJson(plan);
    EXPECT_FALSE(j.contains("offload_params"));
}
