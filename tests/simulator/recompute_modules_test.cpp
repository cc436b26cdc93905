// Selective recompute of whole submodules (issue 17 item 2): Megatron-LM's
// --recompute-granularity selective --recompute-modules ... (transformer_config.py
// recompute_modules). A recomputed module keeps only its input; its forward runs again in the
// backward. Unlike the default core_attn, mlp and layernorm still save memory under flash
// attention.
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>
#include <trainplan/simulator/search.h>

#include <gtest/gtest.h>

#include <set>

namespace trainplan::test {
namespace {

using model::Framework;
using model::Recompute;
namespace rm = model::recompute_module;

// GPT-3 175B on 128 A100, TP8·PP8 with sequence parallelism and flash attention: 12 layers per
// stage, 2,048 tokens per micro-batch.
model::Scenario gpt3On16Nodes() {
    return makeScenario("gpt3-175b", "A100-SXM4-80GB", 16, 8, 1536);
}

model::Plan selective(unsigned modules) {
    model::Plan p = makePlan(Framework::Megatron, 2, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = Recompute::Selective;
    p.recomputeModules = modules;
    return p;
}

double layerActivationBytes(const sim::PlanContext& ctx, const model::Plan& p) {
    return sim::evaluateStageMemory(ctx, p, 0).layerActivationBytesPerMicroBatch;
}

TEST(RecomputeModules, EachModuleDropsWhatItStoresHandChecked) {
    const model::Scenario s = gpt3On16Nodes();
    const auto ctx = sim::makeContext(s);
    const double tokens = 2048, h = 12288, t = 8, layers = 12, elem = 2;
    const double core = layerActivationBytes(ctx, selective(0));
    // Under flash attention the default core_attn saves nothing: flash keeps no score matrix.
    model::Plan none = selective(0);
    none.recompute = Recompute::None;
    EXPECT_DOUBLE_EQ(core, layerActivationBytes(ctx, none));
    EXPECT_DOUBLE_EQ(layerActivationBytes(ctx, selective(rm::kCoreAttn)), core);
    // mlp: the GELU FFN's input and output, 2 × 4h elements per token, split by sequence
    // parallelism over tp (Korthikanti et al. 2022 §4: 16sbh of the 34sbh).
    const double mlp = layerActivationBytes(ctx, selective(rm::kCoreAttn | rm::kMlp));
    EXPECT_NEAR(core - mlp, tokens * layers * elem * 2.0 * 4.0 * h / t, 1e-6 * core);
    // layernorm: the two norms' outputs (the QKV and MLP inputs), h elements each.
    const double norms = layerActivationBytes(ctx, selective(rm::kLayerNorm));
    EXPECT_NEAR(core - norms, tokens * layers * elem * 2.0 * h / t, 1e-6 * core);
    // Both together drop both.
    EXPECT_NEAR(core - layerActivationBytes(ctx, selective(rm::kLayerNorm | rm::kMlp)),
                (core - mlp) + (core - norms), 1e-6 * core);
}

TEST(RecomputeModules, RecomputeTimeIsTheForwardOfTheRecomputedModules) {
    const model::Scenario s = gpt3On16Nodes();
    const auto ctx = sim::makeContext(s);
    const sim::PlanEstimate none = [&] {
        model::Plan p = selective(0);
        p.recompute = Recompute::None;
        return sim::evaluatePlan(ctx, p);
    }();
    const sim::PlanEstimate core = sim::evaluatePlan(ctx, selective(0));
    const sim::PlanEstimate mlp = sim::evaluatePlan(ctx, selective(rm::kCoreAttn | rm::kMlp));
    const sim::PlanEstimate onlyMlp = sim::evaluatePlan(ctx, selective(rm::kMlp));
    model::Plan fullPlan = selective(0);
    fullPlan.recompute = Recompute::Full;
    const sim::PlanEstimate full = sim::evaluatePlan(ctx, fullPlan);
    // Recompute adds work but never more than a whole extra forward.
    EXPECT_GT(core.time.recomputeSeconds, 0.0);
    EXPECT_GT(mlp.time.recomputeSeconds, core.time.recomputeSeconds);
    EXPECT_LT(mlp.time.recomputeSeconds, full.time.recomputeSeconds);
    // Module times add up: core_attn + mlp = core_attn alone + mlp alone.
    EXPECT_NEAR(mlp.time.recomputeSeconds,
                core.time.recomputeSeconds + onlyMlp.time.recomputeSeconds,
                1e-9 * mlp.time.recomputeSeconds);
    EXPECT_EQ(none.time.recomputeSeconds, 0.0);
    // The FFN is two thirds of a GPT layer's GEMM FLOPs (16h² of 24h² per token): rerunning it
    // costs more than half of a full recompute's forward but less than all of it.
    EXPECT_GT(onlyMlp.time.recomputeSeconds, 0.5 * full.time.recomputeSeconds);
    // HFU counts the rerun FFN GEMMs: 16h² × 2 FLOPs per token and layer more.
    const auto f = sim::flopsPerToken(s.model, true);
    const double tokensPerStep = 1536.0 * 2048;
    EXPECT_NEAR(mlp.hardwareFlopsPerStep - core.hardwareFlopsPerStep,
                tokensPerStep * f.denseLayers * f.dense.ffn, 1e-6 * mlp.hardwareFlopsPerStep);
}

TEST(RecomputeModules, MoeModulesOnMixtral) {
    // Mixtral 8x7B, EP8: moe recomputes the whole MoE layer, its dispatch and combine included;
    // moe_act only the experts' activation, which drops the down projection's input.
    model::Scenario s = makeScenario("mixtral-8x7b", "H100-SXM5-80GB", 8, 8, 512,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    model::Plan p = makePlan(Framework::Megatron, 8, 1, 8, 1, 1);
    p.ep = 8;
    p.recompute = Recompute::Selective;
    const double core = layerActivationBytes(ctx, p);
    p.recomputeModules = rm::kMoeAct;
    const double act = layerActivationBytes(ctx, p);
    const double tokens = s.model.seqLen, layers = 4, elem = 2;
    EXPECT_NEAR(core - act,
                tokens * layers * elem * s.model.moe.topK * s.model.moe.expertFfnHidden,
                1e-6 * core);
    p.recomputeModules = rm::kMoe;
    EXPECT_LT(layerActivationBytes(ctx, p), act);
    const sim::PlanEstimate moe = sim::evaluatePlan(ctx, p);
    p.recomputeModules = rm::kMoeAct;
    const sim::PlanEstimate moeAct = sim::evaluatePlan(ctx, p);
    // Rerunning the MoE layer reruns its dispatch and combine: 6 all-to-alls per layer, not 4.
    EXPECT_NEAR(moe.communication.epBytes / moeAct.communication.epBytes, 1.5, 1e-9);
    EXPECT_GT(moe.time.recomputeSeconds, moeAct.time.recomputeSeconds);
}

// The search tries Megatron's selective recompute with its default and two module sets: the
// memory-bound modules (norms, the experts' activation, MLA's up-projections), then with the MLP
// and MoE blocks. Each keeps less than the one before for more recompute time, and for Llama 3.1
// 70B on 256 H100 the cheap set wins: it frees the memory for a better layout at almost no
// compute.
TEST(RecomputeModules, TheSearchTriesTheMemoryBoundModulesThenTheMlp) {
    model::Scenario s = makeScenario("deepseek-v3", "H100-SXM5-80GB", 8, 8, 512,
                                     "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    s.constraints.tp = 1;
    s.constraints.pp = 8;
    s.constraints.cp = 1;
    s.constraints.ep = 8;
    std::set<unsigned> offered;
    for (const model::Plan& p : sim::enumeratePlans(s, Framework::Megatron))
        if (p.recompute == Recompute::Selective) offered.insert(p.recomputeModules);
    const unsigned light = rm::kLayerNorm | rm::kMoeAct | rm::kMlaUpProj;
    EXPECT_EQ(offered, (std::set<unsigned>{0u, light, light | rm::kMlp | rm::kMoe}));

    const model::Scenario dense = gpt3On16Nodes();
    const auto ctx = sim::makeContext(dense);
    const unsigned denseLight = rm::kLayerNorm;
    const unsigned denseHeavy = rm::kLayerNorm | rm::kMlp;
    const double core = layerActivationBytes(ctx, selective(0));
    EXPECT_LT(layerActivationBytes(ctx, selective(denseLight)), core);
    EXPECT_LT(layerActivationBytes(ctx, selective(denseHeavy)),
              layerActivationBytes(ctx, selective(denseLight)));
    EXPECT_LT(sim::evaluatePlan(ctx, selective(denseLight)).time.recomputeSeconds,
              sim::evaluatePlan(ctx, selective(denseHeavy)).time.recomputeSeconds);

    model::Scenario llama = makeScenario("llama3.1-70b", "H100-SXM5-80GB", 32, 8, 1024,
                                         "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    sim::SearchOptions o;
    o.frameworks = {Framework::Megatron};
    o.threads = 1;
    const sim::SearchResult r = sim::searchPlans(llama, o);
    ASSERT_TRUE(r.frameworks[0].best.has_value());
    const model::Plan& best = r.frameworks[0].best->plan;
    EXPECT_EQ(best.recompute, Recompute::Selective) << best.label();
    EXPECT_EQ(best.recomputeModules, rm::kLayerNorm) << best.label();
}

} // namespace
} // namespace trainplan::test
