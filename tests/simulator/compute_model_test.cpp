// The op-level compute model (compute_model.cpp) and the one efficiency rule (efficiency.cpp):
// hand-checked values of wave/tile quantization, the power-cap clock, the per-generation
// resolution, and how the software stack and fp8 move the step time.
#include "simulator_test_support.h"

#include <trainplan/simulator/compute_model.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace trainplan;
using model::ExecutionMode;
using model::Framework;

namespace {

sim::Efficiency a100() {
    return sim::resolveEfficiency(test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 64));
}

double stepSeconds(const model::Scenario& s, const model::Plan& p) {
    return sim::evaluatePlan(sim::makeContext(s), p).time.stepSeconds;
}

} // namespace

TEST(ComputeModel, WaveQuantizationPicksTheBetterTile) {
    const sim::Efficiency e = a100(); // 108 SMs, k0 = 128
    // 1024 × 1024 output: 32 tiles of 256×128 fill 32/108 of one wave; 64 tiles of 128×128 fill
    // 64/108 at 0.9 of the large tile's rate, which is better: 0.9 · 64/108 = 0.5333.
    EXPECT_NEAR(sim::gemmShapeEfficiency(e, 1024, 1024, 16384), 0.9 * 64.0 / 108.0, 1e-12);
    // 108 tiles of 256×128 are exactly one full wave: no quantization loss.
    EXPECT_NEAR(sim::gemmShapeEfficiency(e, 256 * 12, 128 * 9, 16384), 1.0, 1e-12);
    // One tile more starts a second, nearly empty wave: 109/216 of the 256×128 rate, or the
    // 128×128 tiles' 218 tiles in 3 waves (218/324 · 0.9 = 0.6056), the better.
    EXPECT_NEAR(sim::gemmShapeEfficiency(e, 256 * 12 + 256, 128 * 9, 16384),
                std::max(13.0 * 9 / 216.0, 0.9 * 26.0 * 9 / 324.0), 1e-12);
}

TEST(ComputeModel, ShortKPaysThePrologueAndEpilogue) {
    const sim::Efficiency e = a100();
    // K = k0 runs at half the K = 16384 rate (normalised there): 0.5 · (16384 + 128)/16384.
    const double full = sim::gemmShapeEfficiency(e, 256 * 12, 128 * 9, 16384);
    EXPECT_NEAR(sim::gemmShapeEfficiency(e, 256 * 12, 128 * 9, 128) / full,
                0.5 * (16384.0 + 128.0) / 16384.0, 1e-12);
    // Grouped GEMMs fill waves together: 54 experts of one 256×128 tile each make one full wave.
    EXPECT_NEAR(sim::gemmShapeEfficiency(e, 256, 128, 16384, 108), 1.0, 1e-12);
}

TEST(ComputeModel, PowerCapLowersTheSustainedClockByTheCubeLaw) {
    // (500 − 210) / (700 − 210) = 0.5918; its cube root 0.8396.
    EXPECT_NEAR(sim::clockFractionUnderCap(700, 500), std::cbrt(290.0 / 490.0), 1e-12);
    EXPECT_DOUBLE_EQ(sim::clockFractionUnderCap(700, 700), 1.0);
    EXPECT_DOUBLE_EQ(sim::clockFractionUnderCap(700, 0), 1.0);
    // A capped cluster is slower on a compute-bound plan, by less than the clock ratio (memory-
    // bound kernels and communication do not slow down).
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 16);
    const model::Plan p = test::makePlan(Framework::Fsdp, 8, 1, 1, 2);
    const double uncapped = stepSeconds(s, p);
    s.cluster.gpuPowerLimitWatts = 500;
    const double capped = stepSeconds(s, p);
    EXPECT_GT(capped / uncapped, 1.05);
    EXPECT_LT(capped / uncapped, 1.0 / 0.8396);
}

TEST(ComputeModel, EveryGpuGetsItsGenerationsEfficiencyFromOneRule) {
    const model::Scenario a = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 64);
    const model::Scenario h = test::makeScenario("llama2-7b", "H100-SXM5-80GB", 1, 8, 64);
    const sim::Efficiency ea = sim::resolveEfficiency(a), eh = sim::resolveEfficiency(h);
    EXPECT_EQ(ea.generation, sim::GpuGeneration::Ampere);
    EXPECT_EQ(eh.generation, sim::GpuGeneration::Hopper);
    // Catalog MAMF fractions (86.9%, 80.3%) × the sustained fraction.
    EXPECT_NEAR(ea.gemmEfficiency, 0.869 * ea.matmulSustainedFraction, 1e-12);
    EXPECT_NEAR(eh.gemmEfficiency, 0.803 * eh.matmulSustainedFraction, 1e-12);
    EXPECT_NEAR(eh.fp8GemmEfficiency, eh.gemmEfficiency * 0.709 / 0.803, 1e-12);
    EXPECT_EQ(ea.fp8GemmEfficiency, 0.0); // Ampere has no fp8 tensor cores
    EXPECT_EQ(eh.smCount, 132);
    EXPECT_TRUE(ea.warnings.empty());
    EXPECT_TRUE(eh.warnings.empty());
    // The estimate uses exactly this efficiency.
    EXPECT_EQ(sim::makeContext(h).eff.gemmEfficiency, eh.gemmEfficiency);
}

TEST(ComputeModel, AnInlineGpuWithoutAGenerationIsInferredAndSaysSo) {
    model::Scenario s = test::makeScenario("llama2-7b", "H100-SXM5-80GB", 1, 8, 64);
    s.cluster.gpu.name = "Lab accelerator X";
    s.cluster.gpu.generation.clear();
    s.cluster.gpu.gemmEfficiency = 0;
    s.cluster.gpuRef.clear();
    const sim::Efficiency e = sim::resolveEfficiency(s);
    // fp8 peak > 0 and a bf16 peak under 1.5 PFLOP/s: Hopper, not the A100's values.
    EXPECT_EQ(e.generation, sim::GpuGeneration::Hopper);
    EXPECT_TRUE(e.generationInferred);
    ASSERT_FALSE(e.warnings.empty());
    EXPECT_NE(e.warnings.front().find("Lab accelerator X"), std::string::npos);
    EXPECT_NE(e.warnings.front().find("hopper"), std::string::npos);
}

TEST(ComputeModel, EveryDocumentedEfficiencyKeyIsRead) {
    model::Scenario s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 8, 64);
    s.efficiency.gemmHalfDim = 300;
    s.efficiency.hbmEfficiency = 0.6;
    s.efficiency.overlapFraction = 0.4;
    s.efficiency.gemmEfficiency = 0.5;
    const sim::Efficiency e = sim::resolveEfficiency(s);
    EXPECT_EQ(e.gemmHalfDim, 300);
    EXPECT_EQ(e.hbmEfficiency, 0.6);
    EXPECT_EQ(e.overlapFraction, 0.4);
    EXPECT_EQ(e.gemmEfficiency, 0.5);
    int overridden = 0;
    for (const auto& d : sim::describeEfficiency(s)) {
        if (d.name == "gemm_efficiency" || d.name == "gemm_half_dim" ||
            d.name == "hbm_efficiency" || d.name == "overlap_fraction") {
            EXPECT_FALSE(d.isDefault) << d.name;
            ++overridden;
        }
    }
    EXPECT_EQ(overridden, 4);
}

TEST(ComputeModel, TheSoftwareStackOrdersEagerCompileAndFused) {
    // torchtitan's Llama 3.1 8B on 8 H100: eager is slower than torch.compile, which is slower than
    // fused kernels with cuDNN attention; CUDA graphs change little on a GPU-bound layer.
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 16);
    const model::Plan p = test::makePlan(Framework::Fsdp, 8, 1, 1, 2);
    auto at = [&](ExecutionMode m) {
        s.training.execution = m;
        return stepSeconds(s, p);
    };
    const double eager = at(ExecutionMode::Eager), compiled = at(ExecutionMode::Compile),
                 fused = at(ExecutionMode::Fused), graphs = at(ExecutionMode::CudaGraphs);
    EXPECT_GT(eager / compiled, 1.08); // torchtitan measured 1.157 (6,667 vs 5,762 tok/s)
    EXPECT_LT(eager / compiled, 1.25);
    EXPECT_GT(compiled, fused);
    EXPECT_NEAR(graphs / fused, 1.0, 0.02);
    // Auto: FSDP runs eager.
    s.training.execution = ExecutionMode::Auto;
    EXPECT_EQ(sim::executionMode(s, p), ExecutionMode::Eager);
}

TEST(ComputeModel, SmallLayersBecomeHostBoundInEagerMode) {
    // GPT-2 small (12 layers, hidden 768) with one 128-token sequence per GPU: its kernels are
    // shorter than PyTorch's per-op dispatch, so CUDA graphs (no per-kernel host work) are much
    // faster than eager.
    model::Scenario s = test::makeScenario("gpt-1.7b", "H100-SXM5-80GB", 1, 8, 8);
    s.model.layers = 12;
    s.model.hidden = 768;
    s.model.heads = 12;
    s.model.kvHeads = 12;
    s.model.headDim = 64;
    s.model.ffnHidden = 3072;
    s.model.seqLen = 128;
    s.modelRef.clear();
    const model::Plan p = test::makePlan(Framework::Ddp, 8, 1, 1, 1);
    auto at = [&](ExecutionMode m) {
        s.training.execution = m;
        return sim::evaluatePlan(sim::makeContext(s), p).time;
    };
    const sim::TimeBreakdown eager = at(ExecutionMode::Eager);
    const sim::TimeBreakdown graphs = at(ExecutionMode::CudaGraphs);
    // Forward: ~12 kernels per layer at 10 µs of dispatch each against ~70 µs of GPU work.
    EXPECT_GT(eager.forwardSeconds / graphs.forwardSeconds, 1.4);
    // Backward has twice the GPU work per kernel (dgrad + wgrad) at 4 µs per autograd node: it
    // gains less than the forward, and so does the step.
    EXPECT_LT(eager.backwardSeconds / graphs.backwardSeconds,
              eager.forwardSeconds / graphs.forwardSeconds);
    EXPECT_GT(eager.stepSeconds / graphs.stepSeconds, 1.05);
}

TEST(ComputeModel, Fp8GainsWhatItsEligibleGemmsGain) {
    // fp8 GEMMs are ~1.77× faster (70.9% of 2× the peak vs 80.3%), attention and elementwise stay
    // bf16 and casts are added: torchtitan measured 1.28× end to end (8,532 vs 6,667 tok/s).
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 16);
    s.training.execution = ExecutionMode::Compile;
    const model::Plan p = test::makePlan(Framework::Fsdp, 8, 1, 1, 2);
    const double bf16 = stepSeconds(s, p);
    s.training.precision = model::Precision::Fp8;
    const double fp8 = stepSeconds(s, p);
    EXPECT_GT(bf16 / fp8, 1.15);
    EXPECT_LT(bf16 / fp8, 1.45);
}

TEST(ComputeModel, TheAttentionKernelSetsTheAttentionRate) {
    // Llama 3.1 8B on 8 H100, one micro-batch per GPU, eager PyTorch: the layers are GPU-bound, so
    // changing the kernel moves the step by the attention core's time alone. FlashAttention in
    // Triton runs at the FlashAttention-2 rate over 1.8 (FlashAttention-2 paper §4.1: FA2 is
    // 1.3-2.5x faster than the Triton kernel), forward and backward.
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 8);
    s.training.execution = ExecutionMode::Eager;
    const model::Plan p = test::makePlan(Framework::Fsdp, 8, 1, 1, 1, 3);
    auto at = [&](model::AttentionKernel k) {
        s.training.attentionKernel = k;
        return sim::evaluatePlan(sim::makeContext(s), p).time;
    };
    const sim::TimeBreakdown flash2 = at(model::AttentionKernel::Flash2);
    const sim::TimeBreakdown triton = at(model::AttentionKernel::Triton);
    const sim::TimeBreakdown fused = at(model::AttentionKernel::Fused);
    // Auto under eager is FlashAttention-2 (PyTorch SDPA).
    EXPECT_DOUBLE_EQ(at(model::AttentionKernel::Auto).stepSeconds, flash2.stepSeconds);

    // The attention core by hand: causal flash attention runs half of 2·s·H·(d_qk + d_v) FLOPs per
    // token and layer, at peak × efficiency × s/(s + 256).
    const sim::Efficiency e = sim::resolveEfficiency(s);
    const double seq = s.model.seqLen, tokens = seq; // one sequence per micro-batch
    const double coreFlops = 0.5 * 2.0 * seq * s.model.heads * 2.0 * s.model.headDim * tokens;
    const double lengthFactor = seq / (seq + 256.0);
    const double peak = s.cluster.gpu.bf16FlopsPerSecond * e.clockFraction;
    const double layers = s.model.layers;
    auto attentionSeconds = [&](double fwdEff, double bwdEff) {
        return std::pair{layers * coreFlops / lengthFactor / (peak * fwdEff),
                         layers * 2.5 * coreFlops / lengthFactor / (peak * bwdEff)};
    };
    const auto [f2Fwd, f2Bwd] =
        attentionSeconds(e.sdpaAttentionForwardEfficiency, e.sdpaAttentionBackwardEfficiency);
    const auto [trFwd, trBwd] =
        attentionSeconds(e.tritonAttentionForwardEfficiency, e.tritonAttentionBackwardEfficiency);
    EXPECT_NEAR(e.tritonAttentionForwardEfficiency * 1.8, e.sdpaAttentionForwardEfficiency, 1e-12);
    EXPECT_NEAR(e.tritonAttentionBackwardEfficiency * 1.8, e.sdpaAttentionBackwardEfficiency,
                1e-12);
    EXPECT_NEAR(triton.forwardSeconds - flash2.forwardSeconds, trFwd - f2Fwd,
                1e-9 * flash2.forwardSeconds);
    EXPECT_NEAR(triton.backwardSeconds - flash2.backwardSeconds, trBwd - f2Bwd,
                1e-9 * flash2.backwardSeconds);
    // cuDNN fused attention / FA3 on Hopper (60%/48% against SDPA's 35%/30%) is faster.
    EXPECT_LT(fused.stepSeconds, flash2.stepSeconds);
}

TEST(ComputeModel, TheLossMovesItsStacksBytesPerLogit) {
    // Bytes per logit of the rank's vocabulary shard, forward + backward (compute_model.cpp
    // crossEntropyBytes): Megatron-Core's vocab-parallel cross-entropy 22 + 14 (fp32 copy, max,
    // subtract-exp-sum, softmax div_; mul_ and the cast back), Inductor's fused loss 8 + 16, eager
    // torch cross_entropy 18 + 36. A larger vocabulary adds exactly those bytes per extra logit of
    // memory-bound time: nothing else memory-bound depends on it.
    model::Scenario s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 64);
    const model::Plan p = test::makePlan(Framework::Megatron, 4, 2, 1, 2); // DP4·TP2 mb2
    // training.cross_entropy picks Megatron-Core's loss: unfused 38 + 14 (each step a kernel of
    // its own), Transformer Engine's Triton kernel 2 + 4 (online softmax, gradient in place).
    struct Case {
        ExecutionMode mode;
        model::CrossEntropy loss;
        double bytesPerLogit;
    };
    const Case modes[] = {{ExecutionMode::Fused, model::CrossEntropy::Auto, 36.0},
                          {ExecutionMode::Fused, model::CrossEntropy::Unfused, 52.0},
                          {ExecutionMode::Fused, model::CrossEntropy::Te, 6.0},
                          {ExecutionMode::CudaGraphs, model::CrossEntropy::Auto, 36.0},
                          {ExecutionMode::CudaGraphs, model::CrossEntropy::Unfused, 52.0},
                          {ExecutionMode::Compile, model::CrossEntropy::Auto, 24.0},
                          {ExecutionMode::Eager, model::CrossEntropy::Auto, 54.0}};
    for (const auto& [mode, loss, bytesPerLogit] : modes) {
        s.training.execution = mode;
        s.training.crossEntropy = loss;
        model::Scenario wider = s;
        wider.model.vocab += 32768;
        const sim::PlanContext ctx = sim::makeContext(s);
        const sim::PlanEstimate narrow = sim::evaluatePlan(ctx, p);
        const sim::PlanEstimate wide = sim::evaluatePlan(sim::makeContext(wider), p);
        const double tokensPerMicroBatch = 2.0 * s.model.seqLen;
        const double extraLogitsPerRank = tokensPerMicroBatch * 32768.0 / 2.0; // tp 2
        const double expected = narrow.gradAccum * bytesPerLogit * extraLogitsPerRank /
                                (ctx.hbmBytesPerSecond * ctx.eff.hbmEfficiency);
        EXPECT_NEAR(wide.time.memoryBoundSeconds - narrow.time.memoryBoundSeconds, expected,
                    1e-9 * expected)
            << static_cast<int>(mode) << " " << model::toString(loss);
    }
}
