// Layer layout per pipeline stage (Megatron contiguous blocks; interleaved chunks s, s+p, …) and
// what it does to the estimate: real per-stage dense/MoE counts, the peak over every stage, and the
// dense vs routed-expert split of the parameter states (issue 12, "expert vs dense ranks").
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/stage_layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

using namespace trainplan;
using model::Framework;
using sim::StageKind;

namespace {

// 12 layers, layer 0 dense, then every second layer MoE: MoE layers are 1, 3, 5, 7, 9, 11.
model::TransformerSpec twelveLayers(int firstDense = 1, int interval = 2) {
    model::TransformerSpec m;
    m.layers = 12;
    m.moe.experts = 8;
    m.moe.topK = 2;
    m.moe.expertFfnHidden = 64;
    m.moe.firstDenseLayers = firstDense;
    m.moe.interval = interval;
    return m;
}

struct Counts {
    int dense, moe;
};

void expectCounts(const model::TransformerSpec& m, int pp, int vpp,
                  std::initializer_list<Counts> expected) {
    int s = 0;
    int moeTotal = 0;
    for (const Counts& c : expected) {
        const sim::StageLayers l = sim::stageLayers(m, pp, vpp, s);
        EXPECT_EQ(l.denseLayers(), c.dense) << "pp " << pp << " vpp " << vpp << " stage " << s;
        EXPECT_EQ(l.moeLayers, c.moe) << "pp " << pp << " vpp " << vpp << " stage " << s;
        moeTotal += l.moeLayers;
        ++s;
    }
    EXPECT_EQ(s, pp);
    EXPECT_EQ(moeTotal, m.moeLayerCount());
}

// A DeepSeek-V3-like model cut to 60 layers (the first 3 dense), which pipelines unevenly. Its
// attention is plain MHA (56-wide heads, no MTP): with MLA's wider per-head keys the first
// stage's activations would outweigh the experts, and these tests are about the expert-heavy
// middle stage.
model::Scenario deepseekLike() {
    auto s = test::makeScenario("deepseek-v3", "H100-SXM5-80GB", 32, 8, 1024, "NVLink4-NVSwitch",
                                "InfiniBand-NDR-400");
    s.model.layers = 60;
    s.model.mla = {};
    s.model.mtpLayers = 0;
    return s;
}

model::Plan deepseekPlan() {
    auto p = test::makePlan(Framework::Megatron, 16, 4, 4, 1, 1);
    p.ep = 16;
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    return p;
}

} // namespace

TEST(StageLayout, ContiguousBlocksCountTheMoeLayersOfEachStage) {
    const auto m = twelveLayers();
    ASSERT_EQ(m.moeLayerCount(), 6);
    // pp 4: layers 0–2 {1}, 3–5 {3, 5}, 6–8 {7}, 9–11 {9, 11}.
    expectCounts(m, 4, 1, {{2, 1}, {1, 2}, {2, 1}, {1, 2}});
    // pp 3: 0–3 {1, 3}, 4–7 {5, 7}, 8–11 {9, 11}: even.
    expectCounts(m, 3, 1, {{2, 2}, {2, 2}, {2, 2}});
    EXPECT_FALSE(sim::moeLayersEvenOverStages(m, 4, 1));
    EXPECT_TRUE(sim::moeLayersEvenOverStages(m, 3, 1));
    EXPECT_TRUE(sim::moeLayersEvenOverStages(m, 1, 1));
}

TEST(StageLayout, InterleavedChunksAreStrided) {
    const auto m = twelveLayers();
    // pp 2, vpp 2: chunks of 3; stage 0 holds chunks 0 and 2 (layers 0–2 {1}, 6–8 {7}), stage 1
    // chunks 1 and 3 (3–5 {3, 5}, 9–11 {9, 11}).
    expectCounts(m, 2, 2, {{4, 2}, {2, 4}});
    // pp 4, vpp 3: one layer per chunk; stage s holds layers s, s+4, s+8: stages 0 and 2 only the
    // even (dense) layers, stages 1 and 3 only MoE layers.
    expectCounts(m, 4, 3, {{3, 0}, {0, 3}, {3, 0}, {0, 3}});
    const auto groups = sim::stageGroups(m, 4, 3);
    ASSERT_EQ(groups.size(), 4u);
    EXPECT_EQ(groups[0].rankKind(), sim::RankKind::DenseOnly);
    EXPECT_EQ(groups[1].rankKind(), sim::RankKind::ExpertAndDense);
    EXPECT_EQ(groups[2].rankKind(), sim::RankKind::DenseOnly);
}

TEST(StageLayout, EvenPatternsAreRecognisedWithoutTheFallback) {
    // No leading dense layers and a chunk that is a multiple of the interval.
    auto m = twelveLayers(0, 2);
    EXPECT_TRUE(sim::moeLayersEvenOverStages(m, 2, 1));
    expectCounts(m, 2, 1, {{3, 3}, {3, 3}});
    // Every-layer MoE (Mixtral): all layers MoE on every stage.
    m = twelveLayers(0, 1);
    expectCounts(m, 4, 1, {{0, 3}, {0, 3}, {0, 3}, {0, 3}});
    // Leading dense layers that still balance: 8 layers, MoE 1, 3, 5, 7 over pp 2.
    m = twelveLayers(1, 2);
    m.layers = 8;
    EXPECT_TRUE(sim::moeLayersEvenOverStages(m, 2, 1));
    // A dense model.
    model::TransformerSpec dense;
    dense.layers = 96;
    EXPECT_TRUE(sim::moeLayersEvenOverStages(dense, 8, 3));
    EXPECT_EQ(sim::stageLayers(dense, 8, 3, 5).layers, 12);
    EXPECT_EQ(sim::stageLayers(dense, 8, 3, 5).moeLayers, 0);
}

TEST(StageLayout, GroupsFirstMiddleCompositionsAndLast) {
    const auto m = twelveLayers();
    const auto g = sim::stageGroups(m, 4, 1);
    ASSERT_EQ(g.size(), 4u); // first {2+1}, middle {1+2}, middle {2+1}, last {1+2}
    EXPECT_EQ(g[0].kind, StageKind::First);
    EXPECT_EQ(g[1].kind, StageKind::Middle);
    EXPECT_EQ(g[2].kind, StageKind::Middle);
    EXPECT_EQ(g[3].kind, StageKind::Last);
    EXPECT_EQ(g[1].stages, std::vector<int>{1});
    EXPECT_EQ(g[2].stages, std::vector<int>{2});
    // Even layouts: first, one middle group of every middle stage, last.
    const auto even = sim::stageGroups(twelveLayers(0, 1), 6, 1);
    ASSERT_EQ(even.size(), 3u);
    EXPECT_EQ(even[1].stages, (std::vector<int>{1, 2, 3, 4}));
    EXPECT_EQ(sim::stageGroups(m, 1, 1).size(), 1u);
    EXPECT_EQ(sim::stageGroups(m, 1, 1)[0].kind, StageKind::Only);
    EXPECT_EQ(sim::formatStageIndices({1, 2, 3, 4}), "1–4");
    EXPECT_EQ(sim::formatStageIndices({1, 2}), "1, 2");
    EXPECT_EQ(sim::formatStageIndices({0, 2, 3, 4, 6}), "0, 2–4, 6");
}

TEST(StageLayout, BadLayoutsNameTheField) {
    const auto m = twelveLayers();
    try {
        (void)sim::stageLayers(m, 5, 1, 0);
        FAIL() << "12 layers over 5 stages must be rejected";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("model.layers"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)sim::stageLayers(m, 4, 1, 4), std::invalid_argument);
    EXPECT_THROW((void)sim::stageLayers(m, 0, 1, 0), std::invalid_argument);
    EXPECT_THROW((void)sim::moeLayersEvenOverStages(m, 4, 0), std::invalid_argument);
}

TEST(StageLayout, UnevenLayoutPeakIsTheWorstOfEveryStage) {
    const auto s = deepseekLike();
    const auto p = deepseekPlan();
    ASSERT_TRUE(model::validatePlan(s, p).empty());
    ASSERT_FALSE(sim::moeLayersEvenOverStages(s.model, p.pp, p.vpp));
    const auto ctx = sim::makeContext(s);
    const auto e = sim::evaluatePlan(ctx, p);
    double worst = 0;
    int worstStage = -1;
    for (int i = 0; i < p.pp; ++i) {
        const auto m = sim::evaluateStageMemory(ctx, p, i);
        // Stage 0: 3 dense + 12 MoE layers with the embeddings; stages 1–3: 15 MoE layers.
        EXPECT_EQ(m.moeLayersOnStage, i == 0 ? 12.0 : 15.0);
        EXPECT_EQ(m.denseLayersOnStage(), i == 0 ? 3.0 : 0.0);
        EXPECT_EQ(m.inFlightMicroBatches, p.pp - i); // 1F1B: p − s in flight
        if (m.peakBytes > worst) {
            worst = m.peakBytes;
            worstStage = i;
        }
    }
    EXPECT_DOUBLE_EQ(e.memory.peakBytes, worst);
    EXPECT_DOUBLE_EQ(sim::evaluateMemory(ctx, p).peakBytes, worst);
    // The expert-heavy stage 1 beats the first stage (fewer experts, more micro-batches in
    // flight) and the last: the old max(first, last) would have missed it.
    EXPECT_EQ(worstStage, 1);
    EXPECT_EQ(e.memory.stage, StageKind::Middle);
    EXPECT_EQ(e.memory.stageIndex, 1);
    EXPECT_GT(e.memory.peakBytes, std::max(e.firstStage.peakBytes, e.lastStage.peakBytes));

    // Explain lists each distinct composition and its worst equals the peak.
    const auto x = sim::explainPlan(ctx, p);
    EXPECT_FALSE(x.evenStageLayout);
    ASSERT_EQ(x.stages.size(), 3u); // stage 0, stages 1–2, stage 3
    EXPECT_EQ(x.stages[0].stage, "stage 0 (embeddings, 3 dense + 12 MoE layers)");
    EXPECT_EQ(x.stages[1].stage, "stages 1, 2 (0 dense + 15 MoE layers)");
    EXPECT_EQ(x.stages[1].stageIndices, (std::vector<int>{1, 2}));
    EXPECT_EQ(x.stages[2].stage, "stage 3 (LM head, 0 dense + 15 MoE layers)");
    double rowsWorst = 0;
    for (const auto& r : x.stages) {
        rowsWorst = std::max(rowsWorst, r.memory.peakBytes);
        EXPECT_EQ(r.rankKind, sim::RankKind::ExpertAndDense);
    }
    EXPECT_DOUBLE_EQ(rowsWorst, e.memory.peakBytes);
    EXPECT_DOUBLE_EQ(x.memory.value, e.memory.peakBytes);
}

TEST(StageLayout, UnevenComputeTakesTheSlowestStage) {
    // Stage 0 holds 3 dense layers (an 18,432-wide FFN each) instead of 3 MoE layers; with the
    // layers spread by average the step would be between the two.
    const auto s = deepseekLike();
    auto p = deepseekPlan();
    const auto ctx = sim::makeContext(s);
    const auto uneven = sim::evaluatePlan(ctx, p);
    // The same model with its 3 dense layers moved onto the every-layer-MoE pattern spreads
    // evenly: 15 MoE layers per stage.
    auto allMoe = s;
    allMoe.model.moe.firstDenseLayers = 0;
    const auto even = sim::evaluatePlan(sim::makeContext(allMoe), p);
    EXPECT_TRUE(sim::moeLayersEvenOverStages(allMoe.model, p.pp, p.vpp));
    // The slowest stage of both is the last (15 MoE layers and the LM head), identical in both
    // models; the averaged layout would have put 0.75 dense layers on it.
    EXPECT_DOUBLE_EQ(uneven.time.computeSeconds, even.time.computeSeconds);
    EXPECT_DOUBLE_EQ(uneven.time.exposedEpSeconds, even.time.exposedEpSeconds);
}

TEST(StageLayout, ExpertAndDensePartsAddUpAndExpertsScaleWithEp) {
    auto s = test::makeScenario("mixtral-8x7b", "H800-SXM5-80GB", 8, 8, 1024, "NVLink4-H800",
                                "RoCE-400GbE");
    auto p = test::makePlan(Framework::Megatron, 16, 4, 1, 1, 1);
    p.ep = 8;
    const auto ctx = sim::makeContext(s);
    const auto m8 = sim::evaluatePlan(ctx, p).memory;
    // Hand count: 32 MoE layers × 8 experts × 3·4096·14336 (SwiGLU) / (ep 8 · tp 4) × 2 bytes.
    const double expertParams = 32.0 * 8 * 3.0 * 4096 * 14336 / (8 * 4);
    EXPECT_DOUBLE_EQ(m8.expertWeightsBytes, 2.0 * expertParams);
    EXPECT_DOUBLE_EQ(m8.expertGradientsBytes, 4.0 * expertParams); // fp32 main grads
    // Distributed optimizer: 12 bytes sharded over the expert-data-parallel group dp/ep = 2.
    EXPECT_DOUBLE_EQ(m8.expertOptimizerBytes, 12.0 * expertParams / 2);
    EXPECT_EQ(m8.rankKind, sim::RankKind::ExpertAndDense);
    for (const double part :
         {m8.denseWeightsBytes(), m8.denseGradientsBytes(), m8.denseOptimizerBytes()})
        EXPECT_GT(part, 0.0);
    EXPECT_NEAR(m8.denseWeightsBytes() + m8.expertWeightsBytes, m8.weightsBytes,
                1e-12 * m8.weightsBytes);

    p.ep = 4;
    const auto m4 = sim::evaluatePlan(ctx, p).memory;
    // Experts split over ep: weights and gradients double at half the ep; the dense part does not
    // move; the optimizer's expert states are sharded over dp/ep instead, so 12·E/(tp·dp) stays.
    EXPECT_DOUBLE_EQ(m4.expertWeightsBytes, 2.0 * m8.expertWeightsBytes);
    EXPECT_DOUBLE_EQ(m4.expertGradientsBytes, 2.0 * m8.expertGradientsBytes);
    EXPECT_DOUBLE_EQ(m4.expertOptimizerBytes, m8.expertOptimizerBytes);
    EXPECT_DOUBLE_EQ(m4.denseWeightsBytes(), m8.denseWeightsBytes());

    // A dense model has no expert part.
    auto llama = test::makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 512,
                                    "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto d =
        sim::evaluatePlan(sim::makeContext(llama), test::makePlan(Framework::Fsdp, 256, 1, 1, 1, 3))
            .memory;
    EXPECT_EQ(d.expertWeightsBytes + d.expertGradientsBytes + d.expertOptimizerBytes, 0.0);
    EXPECT_EQ(d.rankKind, sim::RankKind::DenseOnly);
}

TEST(StageLayout, EvenLayoutsAreBitIdenticalToTheAveragedModel) {
    // Values the averaged-per-stage estimator produced before the exact layout existed (captured
    // from that code as hex floats); dense and even-MoE models must not move by one ulp. The step
    // times were recaptured when the op-level compute model replaced the pooled one (issue 18);
    // the peak memory values when the overhead became one NCCL buffer set per communicator and
    // fragmentation on the churning memory only (issue 17 item 6); the weights are the originals.
    // The MoE step time was recaptured when hidden collectives began to pay their NCCL SM share
    // (issue 18: its distributed-optimizer gradient reduction hides behind the backward). All
    // three step times were recaptured when Megatron-Core's loss began to pay its vocab-parallel
    // cross-entropy passes (22 + 14 bytes per logit instead of 8 + 16). The interleaved plan's
    // last-stage peak was recaptured when the last pipeline rank began to hold its (v − 1)·p + 1
    // warm-up chunks (Megatron-Core get_num_warmup_microbatches) instead of one micro-batch. The
    // Mixtral step was recaptured when the all-to-all's NVLink and network shares began to move at
    // once (12.82 s → 12.49 s).
    auto gpt3 = test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
    auto mega = test::makePlan(Framework::Megatron, 16, 8, 8, 1, 1);
    mega.sequenceParallel = true;
    mega.recompute = model::Recompute::Selective;
    auto e = sim::evaluatePlan(sim::makeContext(gpt3), mega);
    EXPECT_EQ(e.memory.peakBytes, 0x1.ea7df3p+34);
    EXPECT_EQ(e.lastStage.peakBytes, 0x1.5a973d999999ap+34);
    EXPECT_EQ(e.time.stepSeconds, 0x1.48dec5a26964ep+4);
    mega.vpp = 3;
    mega.recompute = model::Recompute::Full;
    e = sim::evaluatePlan(sim::makeContext(gpt3), mega);
    EXPECT_EQ(e.memory.peakBytes, 0x1.5279596666666p+34);
    EXPECT_EQ(e.lastStage.peakBytes, 0x1.4d93aa6666666p+34);
    EXPECT_EQ(e.time.stepSeconds, 0x1.a215ab922263bp+4);
    auto mixtral = test::makeScenario("mixtral-8x7b", "H800-SXM5-80GB", 8, 8, 1024, "NVLink4-H800",
                                      "RoCE-400GbE");
    auto moe = test::makePlan(Framework::Megatron, 8, 2, 4, 1, 1);
    moe.ep = 8;
    moe.sequenceParallel = true;
    e = sim::evaluatePlan(sim::makeContext(mixtral), moe);
    EXPECT_EQ(e.memory.peakBytes, 0x1.0ec60b3333333p+35);
    EXPECT_EQ(e.lastStage.peakBytes, 0x1.58e3813333333p+34);
    EXPECT_EQ(e.time.stepSeconds, 0x1.8fc5162a0151ap+3);
    EXPECT_EQ(e.memory.weightsBytes, 0x1.bf54p+30);
}
