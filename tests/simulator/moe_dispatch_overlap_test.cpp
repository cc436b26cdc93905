// Megatron-Core's MoE communication options (issue 18): the flex dispatcher (DeepEP/HybridEP, one
// network copy of a token per destination node) and combined 1F1B
// (--overlap-moe-expert-parallel-comm, a micro-batch's all-to-all under the adjacent micro-batch's
// compute).
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

model::Scenario gptOss() {
    // gpt-oss-120b (128 experts, top-4, every layer MoE) on 4 nodes of 8 H100.
    return makeScenario("gpt-oss-120b", "H100-SXM5-80GB", 4, 8, 256, "NVLink4-NVSwitch",
                        "InfiniBand-NDR-400");
}

model::Plan wideEp(bool overlap, model::MoeDispatcher dispatcher) {
    // DP32 with EP32 over the four nodes, no pipeline: one stage, so the plans differ only in
    // their expert-parallel traffic.
    model::Plan p = makePlan(Framework::Megatron, 32, 1, 1, 1, 1);
    p.ep = 32;
    p.epCommOverlap = overlap;
    p.moeDispatcher = dispatcher;
    return p;
}

model::Scenario deepseek() {
    // DeepSeek-V3 on 128 nodes of 8 H100 (Megatron-Bridge's 1,024-GPU H100 recipe).
    return makeScenario("deepseek-v3", "H100-SXM5-80GB", 128, 8, 8192, "NVLink4-NVSwitch",
                        "InfiniBand-NDR-400");
}

model::Plan recipe(bool overlap, model::MoeDispatcher dispatcher) {
    // TP2 · PP8 · VPP4 · EP64 · ETP1 · DP64, mb 1, layout Et|(tt|)*30L.
    model::Plan p = makePlan(Framework::Megatron, 64, 2, 8, 1, 1);
    p.vpp = 4;
    p.ep = 64;
    p.etp = 1;
    p.sequenceParallel = true;
    p.pipeline.layout = "Et|(tt|)*30L";
    p.epCommOverlap = overlap;
    p.moeDispatcher = dispatcher;
    return p;
}

TEST(MoeDispatchOverlap, FlexSendsOneCopyPerRemoteNode) {
    const model::Scenario s = gptOss();
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate a2a =
        sim::evaluatePlan(ctx, wideEp(false, model::MoeDispatcher::AllToAll));
    const sim::PlanEstimate flex = sim::evaluatePlan(ctx, wideEp(false, model::MoeDispatcher::Flex));
    // EP 32 over 4 nodes, 128 experts, top-4: a node misses all of a token's experts with
    // probability Π_{i<4} (96 − i)/(128 − i) = 0.311395, so a token crosses the network to
    // 3 × 0.688605 = 2.0658 nodes instead of 4 × 24/32 = 3 copies. The network sets both times
    // (NVLink carries at most 7/8 of the copies at 8× the bandwidth), so the expert-parallel time
    // shrinks by 0.6886, latency aside.
    EXPECT_NEAR(flex.communication.epSeconds / a2a.communication.epSeconds, 0.688605, 0.005);
    EXPECT_LT(flex.time.exposedEpSeconds, a2a.time.exposedEpSeconds);
    EXPECT_EQ(wideEp(true, model::MoeDispatcher::Flex).label(), "EP32·DP32 mb1 dist-opt flex ep-overlap");
}

TEST(MoeDispatchOverlap, CombinedOneFOneBHidesTheAllToAllButPaysItsSms) {
    const model::Scenario s = gptOss();
    const auto ctx = sim::makeContext(s);
    for (const auto d : {model::MoeDispatcher::AllToAll, model::MoeDispatcher::Flex}) {
        const sim::PlanEstimate off = sim::evaluatePlan(ctx, wideEp(false, d));
        const sim::PlanEstimate on = sim::evaluatePlan(ctx, wideEp(true, d));
        // Same traffic, less of it exposed, and never less than the share of the SMs it takes
        // from the compute it hides behind (24 NCCL channels of 132 SMs).
        EXPECT_DOUBLE_EQ(on.communication.epSeconds, off.communication.epSeconds);
        EXPECT_DOUBLE_EQ(off.time.exposedEpSeconds, off.communication.epSeconds);
        EXPECT_LT(on.time.exposedEpSeconds, 0.5 * off.time.exposedEpSeconds);
        EXPECT_GE(on.time.exposedEpSeconds,
                  24.0 / 132.0 * on.communication.epSeconds * (1.0 - 1e-9));
        EXPECT_LT(on.time.stepSeconds, off.time.stepSeconds);
    }
}

TEST(MoeDispatchOverlap, TensorParallelTrafficAlreadyHiddenIsNotHiddenTwice) {
    // gpt-oss-120b at TP2 · EP16 with combined 1F1B: TP2's traffic hidden by Transformer Engine's
    // userbuffers overlap takes its share of the same compute, so with tp_comm_overlap on the
    // all-to-all is more exposed, by exactly the TP time that went into hiding. On 100 GbE RoCE the
    // all-to-all outgrows the compute that could hide it.
    const model::Scenario s = makeScenario("gpt-oss-120b", "H100-SXM5-80GB", 4, 8, 256,
                                           "NVLink4-NVSwitch", "RoCE-100GbE");
    const auto ctx = sim::makeContext(s);
    model::Plan plain = makePlan(Framework::Megatron, 16, 2, 1, 1, 1);
    plain.ep = 16;
    plain.sequenceParallel = true;
    plain.epCommOverlap = true;
    model::Plan tpOverlap = plain;
    tpOverlap.tpCommOverlap = true;
    const sim::PlanEstimate a = sim::evaluatePlan(ctx, plain);
    const sim::PlanEstimate b = sim::evaluatePlan(ctx, tpOverlap);
    ASSERT_GT(a.time.stepSeconds, 0.0);
    EXPECT_DOUBLE_EQ(b.communication.epSeconds, a.communication.epSeconds);
    const double tpHidden = a.time.exposedTpSeconds - b.time.exposedTpSeconds;
    EXPECT_GT(tpHidden, 0.0);
    EXPECT_NEAR(b.time.exposedEpSeconds - a.time.exposedEpSeconds, tpHidden, 1e-9 * tpHidden)
        << "ep " << a.communication.epSeconds << " exposed " << a.time.exposedEpSeconds << " / "
        << b.time.exposedEpSeconds;
}

TEST(MoeDispatchOverlap, OptionsRoundTripAndAreValidated) {
    model::Scenario s = deepseek();
    s.plans = {recipe(true, model::MoeDispatcher::Flex)};
    const nlohmann::json plan = model::toJson(s.plans[0]);
    EXPECT_EQ(plan.at("ep_comm_overlap"), true);
    EXPECT_EQ(plan.at("moe_dispatcher"), "flex");
    const model::ScenarioLoad back = model::parseScenario(model::toJsonText(s), catalog());
    ASSERT_TRUE(back.ok());
    ASSERT_EQ(back.scenario->plans.size(), 1u);
    EXPECT_EQ(back.scenario->plans[0], s.plans[0]);
    // Off and all-to-all are not written, so files without MoE options stay as they were.
    const nlohmann::json plain = model::toJson(recipe(false, model::MoeDispatcher::AllToAll));
    EXPECT_FALSE(plain.contains("ep_comm_overlap"));
    EXPECT_FALSE(plain.contains("moe_dispatcher"));
    // Without an interleaved pipeline combined 1F1B does not run (Megatron-Bridge comm_overlap).
    model::Plan oneF1B = recipe(true, model::MoeDispatcher::AllToAll);
    oneF1B.vpp = 1;
    oneF1B.pipeline.layout = "Ettttttt|tttttttt|tttttttt|tttttttt|tttttttt|tttttttt|tttttttt|"
                             "ttttttL";
    const auto issues = model::validatePlan(s, oneF1B);
    ASSERT_FALSE(issues.empty());
    EXPECT_NE(issues.front().message.find("vpp > 1"), std::string::npos);
}

} // namespace
} // namespace trainplan::test
