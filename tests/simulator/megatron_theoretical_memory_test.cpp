// Memory per stage checked against Megatron-LM's own theoretical-memory output (issue 17, item 6):
// megatron/training/theoretical_memory_usage.py (NVIDIA/Megatron-LM at d98e8a64),
// compute_weight_and_optimizer_memory and compute_activation_memory, printed by
// --log-memory-to-tensorboard runs as "Theoretical memory footprints". Its formulas are
// transcribed here for GPT-3 175B and compared with the first pipeline stage TrainPlan computes.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

using namespace trainplan;

namespace {

struct Megatron {
    double h, L, ffn, V, tp, pp, dp, s, b;

    // Parameters on the most loaded model shard (the first stage, with the word embedding).
    [[nodiscard]] double paramsOnMostLoadedShard() const {
        const double attention = 2.0 * h * h * (1.0 + 1.0); // MHA: (1 + groups/heads) · q/h = 2
        const double mlp = 2.0 * h * ffn;                   // gelu: gated multiplier 1
        const double layernorm = 2.0 * h * 2.0;             // two LayerNorms with bias
        const double tpSharded = (attention + mlp) * L;
        const double replicated = layernorm * L + 2.0 * h; // + final LayerNorm
        return (tpSharded / pp + h * V) / tp + replicated / pp;
    }
    // "6 + 12 / data_parallel_size" bytes per parameter with --use-distributed-optimizer.
    [[nodiscard]] double weightAndOptimizerBytes() const {
        return paramsOnMostLoadedShard() * (6.0 + 12.0 / dp);
    }
    // Korthikanti et al. 2022 Table 2 as coded there (sequence parallelism, selective recompute):
    // sbh(18 + 4·ffn/h) per layer × all L layers (p stages' worth in flight on the first), the
    // embedding input and dropout for p micro-batches, divided by tp.
    [[nodiscard]] double activationBytes() const {
        double a = s * b * h * (18.0 + 4.0 * ffn / h) * L;
        a += 8.0 * s * b * pp + s * b * h * pp;
        return a / tp;
    }
};

} // namespace

TEST(MegatronTheoreticalMemory, Gpt3FirstStageMatchesMegatronsFormulas) {
    auto s = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
    // The formula predates flash attention; Korthikanti's 34sbh keeps the dropout masks.
    s.training.flashAttention = false;
    auto p = test::makePlan(model::Framework::Megatron, 16, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    const auto ctx = sim::makeContext(s);
    const auto first = sim::evaluateStageMemory(ctx, p, 0);

    const Megatron meg{12288, 96, 49152, 51200, 8, 8, 16, 2048, 1};
    // Megatron ignores the linear biases and splits the LayerNorms differently; both are < 1%.
    const double states = first.weightsBytes + first.gradientsBytes + first.optimizerBytes;
    EXPECT_NEAR(states / meg.weightAndOptimizerBytes(), 1.0, 0.01)
        << states / 1e9 << " GB vs Megatron " << meg.weightAndOptimizerBytes() / 1e9 << " GB";
    // Its activation estimate is TrainPlan's 34sbh/t per layer × in-flight micro-batches.
    EXPECT_EQ(first.inFlightMicroBatches, 8);
    const double layerActivations = first.activationsBytes - first.lossActivationBytes;
    EXPECT_NEAR(layerActivations / meg.activationBytes(), 1.0, 0.01)
        << layerActivations / 1e9 << " GB vs Megatron " << meg.activationBytes() / 1e9 << " GB";
}

// Interleaved 1F1B's warm-up, as Megatron-Core's get_num_warmup_microbatches counts it: pipeline
// rank s runs 2(p − s − 1) + (v − 1)p forward chunks before its first backward, so 1 more is alive
// then, each 1/v of the stage, and never more than the step's m·v chunks.
TEST(MegatronTheoreticalMemory, InterleavedWarmupHoldsItsChunksOnEveryStage) {
    auto layerActivations = [](long long globalBatch, int vpp, int stage) {
        auto s = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, globalBatch);
        s.training.flashAttention = false;
        auto p = test::makePlan(model::Framework::Megatron, 16, 8, 8, 1, 1);
        p.sequenceParallel = true;
        p.recompute = model::Recompute::Selective;
        p.vpp = vpp;
        const auto m = sim::evaluateStageMemory(sim::makeContext(s), p, stage);
        return m.activationsBytes - m.lossActivationBytes;
    };
    // 1536 sequences over dp 16: 96 micro-batches, more than any warm-up. p = 8, v = 3.
    const double plainLast = layerActivations(1536, 1, 7); // 1F1B: one micro-batch on the last
    EXPECT_NEAR(layerActivations(1536, 3, 7) / plainLast, (0.0 + 2.0 * 8.0 + 1.0) / 3.0, 1e-9);
    const double plainMiddle = layerActivations(1536, 1, 3); // 1F1B: p − s = 5 micro-batches
    EXPECT_NEAR(layerActivations(1536, 3, 3) / plainMiddle,
                (2.0 * 4.0 + 2.0 * 8.0 + 1.0) / 3.0 / 5.0, 1e-9);
    // 64 sequences: 4 micro-batches. The first stage's warm-up (31 chunks) is cut to the step's 12
    // chunks, i.e. the 4 whole micro-batches plain 1F1B also holds.
    EXPECT_NEAR(layerActivations(64, 3, 0) / layerActivations(64, 1, 0), 1.0, 1e-9);
}

TEST(MegatronTheoreticalMemory, InterleavingPenaltyIsMegatrons) {
    auto s = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
    s.training.flashAttention = false;
    auto p = test::makePlan(model::Framework::Megatron, 16, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    const auto ctx = sim::makeContext(s);
    const auto plain = sim::evaluateStageMemory(ctx, p, 0);
    p.vpp = 3;
    const auto interleaved = sim::evaluateStageMemory(ctx, p, 0);
    // interleaved_schedule_memory_penalty = 1 + (p − 1)/(p·v).
    const double penalty = 1.0 + 7.0 / (8.0 * 3.0);
    EXPECT_NEAR((interleaved.activationsBytes - interleaved.lossActivationBytes) /
                    (plain.activationsBytes - plain.lossActivationBytes),
                penalty, 1e-9);
}
