// The attention variants the catalog's models use (issue 17 item 4): multi-head latent attention
// and multi-token prediction (DeepSeek-V3), sliding-window attention (Mistral 7B, gpt-oss).
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

// Σᵢ min(i, w) / s²: the keys a causal query sees inside a window of w, as a share of s×s.
double bandShare(double s, double w) {
    return (w * s - 0.5 * w * (w - 1.0)) / (s * s);
}

TEST(AttentionVariants, LatentAttentionProjectionsMatchMegatronsCount) {
    const model::TransformerSpec& m = *catalog().findModel("deepseek-v3");
    ASSERT_TRUE(m.mla.enabled());
    const sim::FlopsPerToken f = sim::flopsPerToken(m, true);
    // By hand: q = 1536·(7168 + 128·192), kv = 7168·(512 + 64) + 512·128·(128 + 128), o =
    // 128·128·7168; 2 FLOPs per multiply-add.
    EXPECT_DOUBLE_EQ(f.dense.qkv, 2.0 * (1536.0 * (7168 + 128 * 192) + 7168.0 * 576 +
                                         512.0 * 128 * 256));
    EXPECT_DOUBLE_EQ(f.dense.projection, 2.0 * 128 * 128 * 7168);
    // Megatron-LM training.py num_floating_point_operations, MLA branch, per token forward
    // (its 3× forward-backward factor removed): q_term, the kv latent with its norm, the rotary
    // key and the output projection, all × 2; the core term s·heads·(qk + v) with the causal
    // mask. It also counts the two latent norms (the +1 per rank), which are not GEMMs here.
    const double h = 7168, H = 128, s = 4096;
    const double megatronProjections =
        2.0 * (1536.0 * (h + H * 192 + 1) + 512.0 * (h + H * 256 + 1) + h * 64 + H * 128 * h);
    EXPECT_DOUBLE_EQ(f.dense.qkv + f.dense.projection + 2.0 * (1536 + 512), megatronProjections);
    EXPECT_DOUBLE_EQ(f.dense.attentionCore, s * H * (192 + 128));
    EXPECT_DOUBLE_EQ(f.dense.attentionCoreModel, 2.0 * s * H * (192 + 128));
}

TEST(AttentionVariants, DeepSeekV3ParametersWithLatentAttention) {
    const model::TransformerSpec& m = *catalog().findModel("deepseek-v3");
    const model::ParameterCount p = model::countParameters(m);
    // q: 7168·1536 + 1536 (norm) + 1536·128·192; kv: 7168·576 + 512 (norm) + 512·128·256;
    // o: 128·128·7168.
    EXPECT_DOUBLE_EQ(p.attentionPerLayer, 187'107'328.0);
    EXPECT_DOUBLE_EQ(p.attentionReplicatedPerLayer, 7168.0 * 576 + 512 + 7168.0 * 1536 + 1536);
    // DeepSeek-V3 report: 671B total, 37B activated per token, MTP excluded.
    EXPECT_NEAR(p.total / 671e9, 1.0, 0.005);
    EXPECT_NEAR(p.active / 37e9, 1.0, 0.015);
    // The MTP module is 14B with its own copies of the embedding and head (DeepSeek-V3 model
    // card: 685B = 671B + 14B).
    EXPECT_NEAR((p.mtpPerModule + p.embedding + p.lmHead) / 14e9, 1.0, 0.05);
}

TEST(AttentionVariants, SlidingWindowRunsOnlyTheBandButCountsTheFullMatrix) {
    const model::TransformerSpec& mistral = *catalog().findModel("mistral-7b");
    ASSERT_EQ(mistral.slidingWindow.window, 4096);
    ASSERT_EQ(mistral.windowedLayerCount(false), 32);
    const sim::FlopsPerToken f = sim::flopsPerToken(mistral, true);
    const double s = 8192, qDim = 32 * 128;
    EXPECT_DOUBLE_EQ(f.dense.attentionCoreModel, 4.0 * s * qDim);
    EXPECT_NEAR(f.dense.attentionCore / (bandShare(s, 4096) * 4.0 * s * qDim), 1.0, 1e-12);
    EXPECT_NEAR(bandShare(s, 4096), 0.37503, 1e-5);
    EXPECT_DOUBLE_EQ(f.dense.attentionCoreWindowed, f.dense.attentionCore);
    // Without flash attention the softmax runs over the whole masked matrix.
    EXPECT_DOUBLE_EQ(sim::flopsPerToken(mistral, false).dense.attentionCore, 4.0 * s * qDim);

    // gpt-oss alternates a 128-token window and full attention.
    const model::TransformerSpec& oss = *catalog().findModel("gpt-oss-120b");
    EXPECT_TRUE(oss.isWindowedLayer(0));
    EXPECT_FALSE(oss.isWindowedLayer(1));
    EXPECT_EQ(oss.windowedLayerCount(true), 18);
    const sim::FlopsPerToken g = sim::flopsPerToken(oss, true);
    const double model = 4.0 * 4096 * 64 * 64;
    EXPECT_DOUBLE_EQ(g.moe.attentionCoreModel, model);
    EXPECT_NEAR(g.moe.attentionCore / ((0.25 + 0.5 * bandShare(4096, 128)) * model), 1.0, 1e-12);
}

TEST(AttentionVariants, SlidingWindowShortensTheStepNotTheMemory) {
    model::Scenario windowed = makeScenario("mistral-7b", "H100-SXM5-80GB", 1, 8, 64,
                                            "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    model::Scenario full = windowed;
    full.model.slidingWindow = {};
    const model::Plan p = makePlan(Framework::Fsdp, 8, 1, 1, 1, 3);
    const auto cw = sim::makeContext(windowed);
    const auto cf = sim::makeContext(full);
    const sim::PlanEstimate ew = sim::evaluatePlan(cw, p);
    const sim::PlanEstimate ef = sim::evaluatePlan(cf, p);
    EXPECT_LT(ew.time.computeSeconds, 0.97 * ef.time.computeSeconds);
    EXPECT_DOUBLE_EQ(ew.memory.activationsBytes, ef.memory.activationsBytes);
    EXPECT_DOUBLE_EQ(ew.modelFlopsPerStep, ef.modelFlopsPerStep); // MFU counts the full matrix
    EXPECT_GT(ew.throughput.mfu, ef.throughput.mfu);

    // Unfused attention computes the masked matrix: no gain.
    windowed.training.flashAttention = false;
    full.training.flashAttention = false;
    const auto uw = sim::makeContext(windowed);
    const auto uf = sim::makeContext(full);
    EXPECT_DOUBLE_EQ(sim::evaluatePlan(uw, p).time.computeSeconds,
                     sim::evaluatePlan(uf, p).time.computeSeconds);
}

TEST(AttentionVariants, LatentAttentionActivationsByHand) {
    // Four dense DeepSeek-V3 layers, Megatron tp 1, no sequence parallelism, flash, no recompute.
    model::Scenario s = makeScenario("deepseek-v3", "H100-SXM5-80GB", 1, 8, 64,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    s.model.moe = {};
    s.model.mtpLayers = 0;
    s.model.layers = 4;
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate e = sim::evaluatePlan(ctx, makePlan(Framework::Megatron, 8));
    // Per token, bf16: replicated 2·2h (norm inputs) + 2h + 2h (QKV and MLP inputs) + 2·latents
    // (2·(1536 + 512) + 64); split 2·(q + k + v) with q = k = 128·192 and v = 128·128, the
    // output-projection input 2·128·128, SwiGLU 2·3·18432 and the fp32 logsumexp 4·128.
    const double replicated = 2 * 2 * 7168.0 + 2 * 7168.0 * 2 + 2 * (2 * (1536 + 512) + 64.0);
    const double split =
        2 * (24576.0 * 2 + 16384) + 2 * 16384.0 + 2 * 3 * 18432.0 + 4 * 128.0;
    EXPECT_DOUBLE_EQ(replicated + split, 340'608.0);
    EXPECT_DOUBLE_EQ(e.memory.layerActivationBytesPerMicroBatch, 4096.0 * 4 * 340'608.0);
}

TEST(AttentionVariants, MultiTokenPredictionSitsOnTheLastStage) {
    model::Scenario with = makeScenario("gpt-oss-120b", "H100-SXM5-80GB", 8, 8, 256,
                                        "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    with.model.mtpLayers = 1;
    model::Scenario without = with;
    without.model.mtpLayers = 0;
    model::Plan p = makePlan(Framework::Megatron, 16, 1, 4, 1, 1);
    p.ep = 8;
    const auto cw = sim::makeContext(with);
    const auto co = sim::makeContext(without);
    const sim::PlanEstimate ew = sim::evaluatePlan(cw, p);
    const sim::PlanEstimate eo = sim::evaluatePlan(co, p);
    // The first stage does not change; the last holds the module and its activations.
    EXPECT_DOUBLE_EQ(ew.firstStage.peakBytes, eo.firstStage.peakBytes);
    EXPECT_GT(ew.lastStage.mtpActivationBytes, 0.0);
    EXPECT_EQ(eo.lastStage.mtpActivationBytes, 0.0);
    EXPECT_GT(ew.lastStage.weightsBytes, eo.lastStage.weightsBytes);
    // Model FLOPs gain one MoE layer, the 2h→h projection and another LM head per token
    // (Megatron-LM num_floating_point_operations with --mtp-num-layers 1).
    const sim::FlopsPerToken& f = cw.flops;
    const double tokens = 256.0 * 4096;
    const double h = 2880;
    EXPECT_NEAR(ew.modelFlopsPerStep - eo.modelFlopsPerStep,
                3.0 * tokens * (f.moe.modelTotal() + 4.0 * h * h + 2.0 * h * 201088), 1e3);
    EXPECT_GT(ew.time.stepSeconds, eo.time.stepSeconds);
}

} // namespace
} // namespace trainplan::test
