// MoE parallel folding (Megatron-LM --expert-tensor-parallel-size; Megatron-Core
// parallel_state.py's expert RankGenerator, order etp-ep-edp-pp): the routed experts take their own
// tensor-parallel size etp, and their ranks etp × ep × expert-dp cover the tp × cp × dp ranks of a
// pipeline stage, so expert parallelism may run over the tensor-parallel ranks.
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <set>

namespace trainplan::test {
namespace {

using model::Framework;

model::Scenario mixtral() {
    // Mixtral 8x7B (every layer MoE, 8 experts, top-2) on 8 nodes of 8 H100.
    return makeScenario("mixtral-8x7b", "H100-SXM5-80GB", 8, 8, 256, "NVLink4-NVSwitch",
                        "InfiniBand-NDR-400");
}

model::Plan megatron(int tp, int pp, int dp, int ep, int etp) {
    model::Plan p = makePlan(Framework::Megatron, dp, tp, pp, 1, 1);
    p.ep = ep;
    p.etp = etp;
    p.sequenceParallel = tp > 1;
    return p;
}

TEST(ExpertTensorParallel, FoldedExpertParallelismSpansTheTensorParallelRanks) {
    const model::Scenario s = mixtral();
    // TP8 · PP2 · DP4 with ep 8 and etp 1: ep exceeds dp × cp = 4, which only folding allows.
    const model::Plan folded = megatron(8, 2, 4, 8, 1);
    EXPECT_TRUE(model::validatePlan(s, folded).empty());
    model::Plan unfolded = folded;
    unfolded.etp = 0;
    EXPECT_FALSE(model::validatePlan(s, unfolded).empty());
    // The expert-parallel group is the node's eight ranks (stride etp = 1); the expert-data-parallel
    // group the four ranks 8 apart.
    const sim::Placements pl = sim::placeGroups(folded, 8);
    EXPECT_EQ(pl.ep.size, 8);
    EXPECT_EQ(pl.ep.nodes, 1);
    EXPECT_EQ(pl.dpExpert.size, 4);
    EXPECT_EQ(pl.etp.size, 1);
    EXPECT_EQ(folded.label(), "TP8·PP2·EP8·ETP1·DP4 mb1 dist-opt SP");
}

TEST(ExpertTensorParallel, ExpertWeightsSplitOverEpTimesEtp) {
    const model::Scenario s = mixtral();
    const auto ctx = sim::makeContext(s);
    // TP4 · DP16 · EP8: experts split 8 × 4 = 32 ways without folding, 8 × 1 = 8 ways with etp 1.
    const sim::PlanEstimate split = sim::evaluatePlan(ctx, megatron(4, 1, 16, 8, 0));
    const sim::PlanEstimate folded = sim::evaluatePlan(ctx, megatron(4, 1, 16, 8, 1));
    const auto pc = model::countParameters(s.model);
    // Routed expert weights: all of a MoE layer's FFN parameters but the router (h × experts).
    const double routed =
        s.model.layers * (pc.moeFfnPerMoeLayer - static_cast<double>(s.model.hidden) * 8);
    // bf16 weights: 2 bytes per parameter (Megatron-LM distrib_optimizer.md).
    EXPECT_NEAR(split.memory.expertWeightsBytes / (2.0 * routed / 32.0), 1.0, 1e-9);
    EXPECT_NEAR(folded.memory.expertWeightsBytes / (2.0 * routed / 8.0), 1.0, 1e-9);
    // Their optimizer states are sharded over the expert-data-parallel ranks: dp × cp / ep = 2,
    // and tp × dp × cp / (ep × etp) = 8 when folded: the same bytes per rank either way.
    EXPECT_NEAR(folded.memory.expertOptimizerBytes / split.memory.expertOptimizerBytes, 1.0, 1e-9);
}

TEST(ExpertTensorParallel, FoldingTakesTheMoeFfnOutOfTheTensorParallelTraffic) {
    // Every Mixtral layer is MoE: attention keeps its two collectives per layer and direction,
    // the expert FFN's two leave the tp group at etp 1, so tensor-parallel bytes halve.
    const model::Scenario s = mixtral();
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate split = sim::evaluatePlan(ctx, megatron(4, 1, 16, 8, 0));
    const sim::PlanEstimate folded = sim::evaluatePlan(ctx, megatron(4, 1, 16, 8, 1));
    ASSERT_GT(split.communication.tpBytes, 0.0);
    EXPECT_NEAR(folded.communication.tpBytes / split.communication.tpBytes, 0.5, 1e-9);
    // The all-to-all carries the same tokens (each rank dispatches its sequence-parallel share),
    // now inside a node instead of across eight: it gets cheaper.
    EXPECT_NEAR(folded.communication.epBytes / split.communication.epBytes, 1.0, 1e-9);
    EXPECT_LT(folded.communication.epSeconds, split.communication.epSeconds);
}

TEST(ExpertTensorParallel, ExpertTensorParallelismAboveTpGathersTokensInItsGroup) {
    // tp 1 with etp 2: each expert is split over two ranks that pool their tokens, an all-gather
    // and reduce-scatter of 2 × the tokens per MoE layer and direction over the etp pair; no
    // tensor-parallel traffic without folding.
    const model::Scenario s = mixtral();
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate plain = sim::evaluatePlan(ctx, megatron(1, 1, 64, 8, 0));
    const sim::PlanEstimate folded = sim::evaluatePlan(ctx, megatron(1, 1, 64, 8, 2));
    EXPECT_TRUE(model::validatePlan(s, megatron(1, 1, 64, 8, 2)).empty());
    EXPECT_EQ(plain.communication.tpBytes, 0.0);
    EXPECT_GT(folded.communication.tpBytes, 0.0);
    // Half the expert weights of etp 1 on each rank.
    EXPECT_NEAR(folded.memory.expertWeightsBytes / plain.memory.expertWeightsBytes, 0.5, 1e-9);
}

TEST(ExpertTensorParallel, TheSearchOffersFoldedLayoutsOnlyToMegatron) {
    model::Scenario s = mixtral();
    std::set<int> foldedEtps;
    for (const Framework fw : model::kAllFrameworks)
        for (const model::Plan& p : sim::enumeratePlans(s, fw)) {
            if (!p.foldsExperts()) continue;
            EXPECT_EQ(fw, Framework::Megatron) << p.label();
            // Every etp below tp that divides it (issue 17: intermediate etp is searched).
            EXPECT_LT(p.etp, p.tp) << p.label();
            EXPECT_EQ(p.tp % p.etp, 0) << p.label();
            EXPECT_EQ((static_cast<long long>(p.tp) * p.dp * p.cp) % (p.ep * p.etp), 0)
                << p.label();
            EXPECT_TRUE(p.sequenceParallel) << p.label();
            EXPECT_TRUE(model::validatePlan(s, p).empty()) << p.label();
            foldedEtps.insert(p.etp);
        }
    // 64 GPUs: tp up to 8, so etp 1, 2 and 4 are all offered.
    EXPECT_EQ(foldedEtps, (std::set<int>{1, 2, 4}));
    // A fixed etp (constraints.fixed.etp) keeps only the layouts with that expert split.
    s.constraints.etp = 1;
    for (const model::Plan& p : sim::enumeratePlans(s, Framework::Megatron))
        EXPECT_EQ(p.expertTp(), 1) << p.label();
}

} // namespace
} // namespace trainplan::test
