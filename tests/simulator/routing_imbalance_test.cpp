// Routing imbalance under a capacity factor (issue 17 item 3): an expert takes at most C times
// its balanced share of tokens (Fedus et al. 2022, Switch Transformer §2.1; Megatron-LM
// --moe-expert-capacity-factor), and the busiest expert-parallel rank sets the pace.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

struct Pair {
    sim::PlanEstimate balanced, skewed;
};

// Mixtral 8×7B on 64 H100 with Megatron, the same plan at capacity factor 1 and `c`.
Pair mixtralAt(double c, int ep) {
    model::Scenario s = makeScenario("mixtral-8x7b", "H100-SXM5-80GB", 8, 8, 256,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    model::Scenario t = s;
    t.model.moe.capacityFactor = c;
    model::Plan p = makePlan(Framework::Megatron, 16, 1, 4, 1, 1);
    p.ep = ep;
    const auto cs = sim::makeContext(s);
    const auto ct = sim::makeContext(t);
    return {sim::evaluatePlan(cs, p), sim::evaluatePlan(ct, p)};
}

TEST(RoutingImbalance, OneExpertPerRankPaysTheWholeCapacityFactor) {
    const Pair r = mixtralAt(1.25, 8); // 8 experts over ep 8: one per rank
    EXPECT_NEAR(r.skewed.communication.epBytes / r.balanced.communication.epBytes, 1.25, 1e-12);
    EXPECT_GT(r.skewed.time.computeSeconds, r.balanced.time.computeSeconds);
    EXPECT_GT(r.skewed.memory.activationsBytes, r.balanced.memory.activationsBytes);
    // Model FLOPs (and so the MFU numerator) count the useful tokens only.
    EXPECT_DOUBLE_EQ(r.skewed.modelFlopsPerStep, r.balanced.modelFlopsPerStep);
}

TEST(RoutingImbalance, LocalExpertsAverageTheSkewOut) {
    // ep 2: four local experts, one at capacity, so the rank's load is 1 + 0.25/4.
    const Pair r = mixtralAt(1.25, 2);
    EXPECT_NEAR(r.skewed.communication.epBytes / r.balanced.communication.epBytes, 1.0625, 1e-12);
    const Pair one = mixtralAt(1.25, 8);
    EXPECT_LT(r.skewed.time.computeSeconds / r.balanced.time.computeSeconds,
              one.skewed.time.computeSeconds / one.balanced.time.computeSeconds);
}

TEST(RoutingImbalance, ACapacityBelowOneDropsTokens) {
    const Pair r = mixtralAt(0.5, 8);
    EXPECT_NEAR(r.skewed.communication.epBytes / r.balanced.communication.epBytes, 0.5, 1e-12);
    EXPECT_LT(r.skewed.time.computeSeconds, r.balanced.time.computeSeconds);
}

} // namespace
} // namespace trainplan::test
