// Megatron-FSDP (Megatron-LM --use-megatron-fsdp --data-parallel-sharding-strategy optim_grads or
// optim_grads_params: zero_stage 2 or 3 of a Megatron plan). Its sharding follows ZeRO-2/3 over the
// dp × cp group, it reduce-scatters gradients every micro-batch (MegatronFSDP.no_sync: "for grads
// shard mode there will actually always be gradient sync"), and optim_grads_params gathers each
// layer's parameters before its forward and its backward.
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::test {
namespace {

using model::Framework;

// Llama 3.1 8B on one node of 8 H100, 64 sequences per step: dp 8, micro-batch 2, accumulation 4.
model::Scenario llama8b() {
    return makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 64, "NVLink4-NVSwitch",
                        "InfiniBand-NDR-400");
}

model::Plan megatron(int zero) {
    return makePlan(Framework::Megatron, 8, 1, 1, 2, zero);
}

TEST(MegatronFsdp, ShardsGradientsAndParametersOverTheDataParallelGroup) {
    const model::Scenario s = llama8b();
    const sim::PlanContext ctx = sim::makeContext(s);
    for (int z : {2, 3})
        EXPECT_TRUE(model::validatePlan(s, megatron(z)).empty()) << z;
    const sim::MemoryBreakdown distOpt = sim::evaluateMemory(ctx, megatron(1));
    const sim::MemoryBreakdown grads = sim::evaluateMemory(ctx, megatron(2));
    const sim::MemoryBreakdown full = sim::evaluateMemory(ctx, megatron(3));
    // bf16 weights (2 bytes), fp32 main gradients (4), fp32 master weights and Adam m, v (12)
    // (Megatron-LM distrib_optimizer.md): the distributed optimizer shards the 12 over dp = 8.
    const double params = distOpt.weightsBytes / 2.0;
    EXPECT_NEAR(params, 8.03e9, 0.01e9); // Llama 3.1 8B
    EXPECT_DOUBLE_EQ(distOpt.gradientsBytes, 4.0 * params);
    EXPECT_DOUBLE_EQ(distOpt.optimizerBytes, 12.0 * params / 8.0);
    // optim_grads shards the gradients too; optim_grads_params the weights as well.
    EXPECT_DOUBLE_EQ(grads.weightsBytes, 2.0 * params);
    EXPECT_DOUBLE_EQ(grads.gradientsBytes, 4.0 * params / 8.0);
    EXPECT_DOUBLE_EQ(full.weightsBytes, 2.0 * params / 8.0);
    EXPECT_DOUBLE_EQ(full.gradientsBytes, 4.0 * params / 8.0);
    EXPECT_DOUBLE_EQ(full.optimizerBytes, distOpt.optimizerBytes);
    // Two layers' parameters gathered at once (the current one and the prefetched next) and one
    // layer's unsharded fp32 gradient while it is reduce-scattered.
    EXPECT_GT(full.buffersBytes, grads.buffersBytes);
    EXPECT_GT(full.gradUnitTransientBytes, 0.0);
    EXPECT_LT(full.peakBytes, grads.peakBytes);
    EXPECT_LT(grads.peakBytes, distOpt.peakBytes);
}

TEST(MegatronFsdp, ReduceScattersEveryMicroBatchAndGathersLikeFsdp) {
    const model::Scenario s = llama8b();
    const sim::PlanContext ctx = sim::makeContext(s);
    const sim::PlanEstimate distOpt = sim::evaluatePlan(ctx, megatron(1));
    const sim::PlanEstimate grads = sim::evaluatePlan(ctx, megatron(2));
    const sim::PlanEstimate full = sim::evaluatePlan(ctx, megatron(3));
    ASSERT_EQ(grads.gradAccum, 4);
    const double params = distOpt.memory.weightsBytes / 2.0;
    const double ring = 7.0 / 8.0; // a ring moves (n − 1)/n of the buffer per rank
    // Distributed optimizer: one fp32 reduce-scatter and one bf16 all-gather per step.
    EXPECT_NEAR(distOpt.communication.dpBytes, (4.0 + 2.0) * params * ring,
                1e-9 * distOpt.communication.dpBytes);
    // optim_grads: the reduce-scatter every micro-batch, the gather once.
    EXPECT_NEAR(grads.communication.dpBytes, (4.0 * 4.0 + 2.0) * params * ring,
                1e-9 * grads.communication.dpBytes);
    // optim_grads_params: the reduce-scatter and two gathers every micro-batch, FSDP FULL_SHARD's
    // traffic (bf16 gathers, fp32 reduction) on the same layout.
    EXPECT_NEAR(full.communication.dpBytes, 4.0 * (4.0 + 2.0 * 2.0) * params * ring,
                1e-9 * full.communication.dpBytes);
    model::Plan fsdp = megatron(3);
    fsdp.framework = Framework::Fsdp;
    EXPECT_DOUBLE_EQ(sim::evaluatePlan(ctx, fsdp).communication.dpBytes,
                     full.communication.dpBytes);
}

TEST(MegatronFsdp, TheSearchOffersItAndValidationKeepsItsLimits) {
    const model::Scenario s = llama8b();
    const std::vector<model::Plan> plans = sim::enumeratePlans(s, Framework::Megatron);
    for (int z : {2, 3})
        EXPECT_TRUE(std::any_of(plans.begin(), plans.end(),
                                [z](const model::Plan& p) { return p.zeroStage == z; }))
            << z;
    EXPECT_EQ(megatron(3).label(), "DP8 mb2 mfsdp");
    EXPECT_EQ(megatron(2).label(), "DP8 mb2 mfsdp-grads");
    model::Plan offload = megatron(3);
    offload.offload = model::Offload::Cpu;
    EXPECT_FALSE(model::validatePlan(s, offload).empty());
}

} // namespace
} // namespace trainplan::test
