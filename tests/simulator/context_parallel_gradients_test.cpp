// Context-parallel ranks hold the same weights, so gradients are reduced and optimizer states
// sharded over data-parallel × context-parallel ranks: Megatron-Core's DDP and distributed
// optimizer use parallel_state.get_data_parallel_group(with_context_parallel=True), and torchtitan
// applies FSDP over the flattened dp_shard_cp mesh.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

TEST(ContextParallelGradients, TheGradientGroupIsDataTimesContextParallel) {
    // TP2 · CP2 · DP16 on 8 nodes of 8: the gradient group is the 32 ranks 2 apart, four per node
    // on eight nodes (not the 16 ranks 4 apart, two per node).
    model::Plan p = makePlan(Framework::Megatron, 16, 2, 1, 1, 1);
    p.cp = 2;
    const sim::Placements pl = sim::placeGroups(p, 8);
    EXPECT_EQ(pl.dp.size, 32);
    EXPECT_EQ(pl.dp.perNode, 4);
    EXPECT_EQ(pl.dp.nodes, 8);
}

TEST(ContextParallelGradients, CpTwoMovesTheGradientsOfTheSameSizedDataParallelGroup) {
    // Llama 3.1 8B with the distributed optimizer on 64 H100: CP2 · DP32 and DP64 reduce-scatter
    // the same gradients and gather the same parameters over the same 64 ranks (8 per node), so
    // their data-parallel bytes and times are equal, and the optimizer shards are the same size.
    const model::Scenario s = makeScenario("llama3.1-8b", "H100-SXM5-80GB", 8, 8, 64,
                                           "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    model::Plan cp = makePlan(Framework::Megatron, 32, 1, 1, 1, 1);
    cp.cp = 2;
    const model::Plan dp = makePlan(Framework::Megatron, 64, 1, 1, 1, 1);
    const sim::PlanEstimate a = sim::evaluatePlan(ctx, cp);
    const sim::PlanEstimate b = sim::evaluatePlan(ctx, dp);
    ASSERT_GT(a.communication.dpBytes, 0.0);
    EXPECT_DOUBLE_EQ(a.communication.dpBytes, b.communication.dpBytes);
    EXPECT_DOUBLE_EQ(a.communication.dpSeconds, b.communication.dpSeconds);
    EXPECT_DOUBLE_EQ(a.memory.optimizerBytes, b.memory.optimizerBytes);
    // Reduce-scatter of fp32 gradients and all-gather of bf16 parameters, each (n − 1)/n of the
    // model (Megatron-LM docs, distrib_optimizer.md): 6 bytes × 63/64 per parameter.
    const double params = model::countParameters(s.model).total;
    EXPECT_NEAR(a.communication.dpBytes / (6.0 * params * 63.0 / 64.0), 1.0, 1e-9);
}

} // namespace
} // namespace trainplan::test
