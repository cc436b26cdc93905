// Dropout as an input (training.attention_dropout, training.hidden_dropout): what it costs in the
// flash-attention kernel, in the fused bias-dropout-add and in stored masks, hand-checked against
// compute_model.cpp and stage_memory.cpp, and the era convention when a scenario states nothing.
#include "simulator_test_support.h"

#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/explain.h>

#include <gtest/gtest.h>

#include <algorithm>

using namespace trainplan;
using model::Framework;

namespace {

// Llama 3.1 8B on one H100 node, Megatron DP8 mb1: every layer GPU-bound (not host-bound), so the
// kernel costs add up exactly.
model::Scenario h100Node() {
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 8);
    s.training.attentionDropout = 0.0;
    s.training.hiddenDropout = 0.0;
    return s;
}

sim::PlanEstimate estimate(const model::Scenario& s) {
    return sim::evaluatePlan(sim::makeContext(s), test::makePlan(Framework::Megatron, 8));
}

} // namespace

TEST(Dropout, UnsetFollowsTheEraConvention) {
    model::TrainingSpec t;
    t.flashAttention = true;
    EXPECT_DOUBLE_EQ(model::attentionDropout(t), 0.0);
    EXPECT_DOUBLE_EQ(model::hiddenDropout(t), 0.0);
    t.flashAttention = false; // the Megatron-LM papers' recipes
    EXPECT_DOUBLE_EQ(model::attentionDropout(t), 0.1);
    EXPECT_DOUBLE_EQ(model::hiddenDropout(t), 0.1);
    t.attentionDropout = 0.0;
    t.hiddenDropout = 0.05;
    EXPECT_DOUBLE_EQ(model::attentionDropout(t), 0.0);
    EXPECT_DOUBLE_EQ(model::hiddenDropout(t), 0.05);
}

TEST(Dropout, AttentionDropoutSlowsTheFlashKernelOnly) {
    const model::Scenario off = h100Node();
    model::Scenario on = off;
    on.training.attentionDropout = 0.1;
    const sim::PlanEstimate a = estimate(off), b = estimate(on);
    // The kernel runs at 0.80 of its forward and 0.65 of its backward rate: the forward grows by
    // attnFwd·(1/0.8 − 1) and the backward by 2.5·attnFwd·(fwdEff/bwdEff)·(1/0.65 − 1), so their
    // ratio is 2.5·(fwdEff/bwdEff)·(0.35/0.65)/(0.25) whatever the attention time is.
    const sim::Efficiency e = sim::resolveEfficiency(off);
    const double ratio = 2.5 * (e.fusedAttentionForwardEfficiency /
                                e.fusedAttentionBackwardEfficiency) *
                         (1.0 / 0.65 - 1.0) / (1.0 / 0.80 - 1.0);
    const double dFwd = b.time.forwardSeconds - a.time.forwardSeconds;
    const double dBwd = b.time.backwardSeconds - a.time.backwardSeconds;
    ASSERT_GT(dFwd, 0.0);
    EXPECT_NEAR(dBwd / dFwd, ratio, 1e-9 * ratio);
    // No mask is stored and no byte moves: flash attention regenerates the mask from its seed.
    EXPECT_DOUBLE_EQ(b.time.memoryBoundSeconds, a.time.memoryBoundSeconds);
    EXPECT_DOUBLE_EQ(b.memory.activationsBytes, a.memory.activationsBytes);
}

TEST(Dropout, HiddenDropoutWritesAndStoresAOneByteMaskPerElement) {
    const model::Scenario off = h100Node();
    model::Scenario on = off;
    on.training.hiddenDropout = 0.1;
    const sim::PlanContext ctx = sim::makeContext(off);
    const sim::PlanEstimate a = estimate(off), b = estimate(on);
    // Two sites per layer (after attention, after the MLP), each writing a byte per element of h
    // forward and reading it backward (backward moves twice the forward's bytes): 3 × 2 × h bytes
    // per token and layer, at the sustained HBM bandwidth.
    const double h = off.model.hidden;
    const double tokens = off.model.seqLen; // mb 1, one micro-batch per GPU (global batch 8)
    const double layers = off.model.layers;
    const double expectedSeconds =
        3.0 * 2.0 * h * tokens * layers / (ctx.hbmBytesPerSecond * ctx.eff.hbmEfficiency);
    EXPECT_NEAR(b.time.memoryBoundSeconds - a.time.memoryBoundSeconds, expectedSeconds,
                1e-9 * expectedSeconds);
    // The two masks stay alive for backward: 2h bytes per token and layer (Korthikanti et al.
    // 2022 §4.1, the dropout masks of the 34sbh).
    EXPECT_NEAR(b.memory.activationsBytes - a.memory.activationsBytes, 2.0 * h * tokens * layers,
                1e-6 * h * tokens * layers);
}

TEST(Dropout, ExplainNamesTheStatedProbabilities) {
    model::Scenario s = h100Node();
    s.training.attentionDropout = 0.1;
    const model::Plan p = test::makePlan(Framework::Megatron, 8);
    const sim::Explanation x = sim::explainPlan(sim::makeContext(s), p);
    const auto row = std::find_if(x.assumptions.begin(), x.assumptions.end(),
                                  [](const sim::Assumption& a) { return a.name == "dropout"; });
    ASSERT_NE(row, x.assumptions.end());
    EXPECT_EQ(row->value, "attention 0.1, hidden 0");
    EXPECT_FALSE(row->defaulted);
    EXPECT_EQ(row->valueZh, "注意力 0.1，隐藏层 0");
}
