#include "simulator_test_support.h"

#include <trainplan/simulator/flops.h>

#include <gtest/gtest.h>

using namespace trainplan;

TEST(Flops, Gpt3LayerMatchesNarayananEq3Terms) {
    const auto& m = *test::catalog().findModel("gpt3-175b");
    const double h = m.hidden, s = m.seqLen;
    const auto f = sim::flopsPerToken(m, false);
    // Per token and layer, forward: 24h² for the GEMMs and 4sh for the attention matrix (Narayanan
    // §3).
    EXPECT_DOUBLE_EQ(f.dense.gemm(), 24.0 * h * h);
    EXPECT_DOUBLE_EQ(f.dense.attentionCoreModel, 4.0 * s * h);
    EXPECT_DOUBLE_EQ(f.dense.attentionCore,
                     4.0 * s * h); // unfused softmax computes the masked half
    EXPECT_DOUBLE_EQ(f.lmHead, 2.0 * h * m.vocab);
}

TEST(Flops, ModelFlopsPerTokenEqualsKorthikantiFormula) {
    // 72·l·h²·(1 + s/(6h) + V/(12·l·h)) per token (Korthikanti et al. 2022 §6 model FLOPs).
    const auto& m = *test::catalog().findModel("gpt3-175b");
    const double l = m.layers, h = m.hidden, s = m.seqLen, V = m.vocab;
    const double expected = 72.0 * l * h * h * (1.0 + s / (6.0 * h) + V / (12.0 * l * h));
    EXPECT_NEAR(sim::flopsPerToken(m, false).modelPerToken(), expected, expected * 1e-12);
    // Flash attention changes executed FLOPs, not the model-FLOP convention.
    EXPECT_NEAR(sim::flopsPerToken(m, true).modelPerToken(), expected, expected * 1e-12);
}

TEST(Flops, NarayananEq3ForGpt3At1536Sequences) {
    const auto& m = *test::catalog().findModel("gpt3-175b");
    // 96·B·s·l·h²·(1 + s/6h + V/16lh) with B = 1536: 4.51097e18 FLOPs (computed by hand/python).
    EXPECT_NEAR(sim::narayananFlopsPerStep(m, 1536) / 1e18, 4.51097, 0.00001);
}

TEST(Flops, GqaShrinksOnlyKeyValueProjections) {
    const auto& m = *test::catalog().findModel("llama3.1-70b");
    const auto f = sim::flopsPerToken(m, true);
    const double h = m.hidden, d = m.headDim;
    EXPECT_DOUBLE_EQ(f.dense.qkv, 2.0 * h * (64 * d + 2.0 * 8 * d));
    EXPECT_DOUBLE_EQ(f.dense.ffn, 2.0 * 3.0 * h * m.ffnHidden); // SwiGLU: three matrices
    EXPECT_DOUBLE_EQ(f.dense.attentionCore, 0.5 * f.dense.attentionCoreModel); // causal under flash
}

TEST(Flops, MoeCountsTopKAndSharedExpertsOnly) {
    const auto& m = *test::catalog().findModel("mixtral-8x7b");
    const auto f = sim::flopsPerToken(m, true);
    EXPECT_EQ(f.moeLayers, 32);
    EXPECT_EQ(f.denseLayers, 0);
    EXPECT_DOUBLE_EQ(f.moe.ffn, 2.0 * 3.0 * m.hidden * m.moe.expertFfnHidden * 2); // top-2
    EXPECT_DOUBLE_EQ(f.moe.router, 2.0 * m.hidden * 8);
    const auto& ds = *test::catalog().findModel("deepseek-v3");
    const auto fd = sim::flopsPerToken(ds, true);
    EXPECT_EQ(fd.denseLayers, 3);
    EXPECT_EQ(fd.moeLayers, 58);
    EXPECT_DOUBLE_EQ(fd.moe.ffn, 2.0 * 3.0 * ds.hidden * ds.moe.expertFfnHidden * (8 + 1));
}

TEST(Flops, RecomputeAddsAttentionCoreOrAWholeForward) {
    const auto& m = *test::catalog().findModel("gpt3-175b");
    const auto f = sim::flopsPerToken(m, false);
    EXPECT_EQ(sim::recomputeFlopsPerToken(f, model::Recompute::None), 0.0);
    EXPECT_DOUBLE_EQ(sim::recomputeFlopsPerToken(f, model::Recompute::Selective),
                     m.layers * f.dense.attentionCoreModel);
    EXPECT_DOUBLE_EQ(sim::recomputeFlopsPerToken(f, model::Recompute::Full),
                     m.layers * f.dense.modelTotal());
    // A partial recompute of a quarter of the layers reruns a quarter of the forward.
    EXPECT_DOUBLE_EQ(sim::recomputeFlopsPerToken(f, model::Recompute::Full, 0.25),
                     0.25 * m.layers * f.dense.modelTotal());
}
