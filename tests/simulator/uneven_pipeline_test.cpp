// Uneven pipeline layouts in the estimate and the search (issue 17, item 1): Llama 3.1 405B's 126
// layers on pp 16 with one layer fewer on the first and last stages (Megatron-LM
// --decoder-first/last-pipeline-num-layers), every distinct stage checked for memory, the slowest
// stage setting the pipeline slot, and the sum over stages equal to the model's layers for every
// layout the frameworks accept.
#include "simulator_test_support.h"

#include <trainplan/model/pipeline_layout.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/stage_layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

using namespace trainplan;
using model::Framework;

namespace {

// Llama 3.1 405B pretraining as Meta ran it: 8,192-token sequences, 16M tokens per step
// (Llama 3 paper §3.4.1: batch 2,048 × 8,192 at the 16M stage).
model::Scenario llama405(int nodes) {
    auto s = test::makeScenario("llama3.1-405b", "H100-SXM5-80GB", nodes, 8, 2048,
                                "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    s.model.seqLen = 8192;
    return s;
}

model::Plan megatron405(int gpus, int first, int last) {
    auto p = test::makePlan(Framework::Megatron, gpus / 128, 8, 16, 1, 1);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    p.pipeline.firstStageLayers = first;
    p.pipeline.lastStageLayers = last;
    return p;
}

} // namespace

TEST(UnevenPipeline, Llama405BOnPp16IsValidAndEveryStageIsChecked) {
    const auto s = llama405(1024);
    const auto p = megatron405(8192, 7, 7);
    ASSERT_TRUE(model::validatePlan(s, p).empty());
    // Without the layout the even split is refused with the reason.
    auto even = p;
    even.pipeline = {};
    const auto issues = model::validatePlan(s, even, "plan");
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].path, "plan.pp");

    const auto ctx = sim::makeContext(s);
    const auto e = sim::evaluatePlan(ctx, p);
    const auto x = sim::explainPlan(ctx, p);
    EXPECT_FALSE(x.evenStageLayout);
    ASSERT_EQ(x.stages.size(), 3u); // stage 0, stages 1–14, stage 15
    EXPECT_EQ(x.stages[0].stage, "stage 0 (embeddings, 7 layers)");
    EXPECT_EQ(x.stages[1].stage, "stages 1–14 (8 layers)");
    EXPECT_EQ(x.stages[2].stage, "stage 15 (LM head, 7 layers)");
    double worst = 0;
    for (const auto& row : x.stages)
        worst = std::max(worst, row.memory.peakBytes);
    EXPECT_DOUBLE_EQ(e.memory.peakBytes, worst);
    EXPECT_DOUBLE_EQ(sim::evaluateMemory(ctx, p).peakBytes, worst);
    int total = 0, worstIndex = -1;
    double worstPerStage = 0;
    for (int i = 0; i < p.pp; ++i) {
        const auto m = sim::evaluateStageMemory(ctx, p, i);
        EXPECT_EQ(m.layersOnStage, i == 0 || i == 15 ? 7.0 : 8.0) << "stage " << i;
        EXPECT_EQ(m.inFlightMicroBatches, p.pp - i) << "stage " << i;
        if (m.peakBytes > worstPerStage) {
            worstPerStage = m.peakBytes;
            worstIndex = i;
        }
        total += static_cast<int>(m.layersOnStage);
    }
    EXPECT_EQ(total, 126);
    EXPECT_DOUBLE_EQ(worstPerStage, e.memory.peakBytes);
    EXPECT_EQ(e.memory.stageIndex, worstIndex);
}

TEST(UnevenPipeline, SameSplitWrittenThreeWaysGivesTheSameEstimate) {
    const auto s = llama405(1024);
    const auto ctx = sim::makeContext(s);
    const auto counts = sim::evaluatePlan(ctx, megatron405(8192, 7, 7));
    auto flags = megatron405(8192, 7, 7);
    flags.pipeline = {};
    flags.pipeline.embeddingAsLayer = true;
    flags.pipeline.lossAsLayer = true;
    auto layout = flags;
    layout.pipeline = {};
    layout.pipeline.layout = "Et*7|(t*8|)*14,t*7L";
    for (const auto& p : {flags, layout}) {
        ASSERT_TRUE(model::validatePlan(s, p).empty()) << p.label();
        const auto e = sim::evaluatePlan(ctx, p);
        EXPECT_DOUBLE_EQ(e.time.stepSeconds, counts.time.stepSeconds) << p.label();
        EXPECT_DOUBLE_EQ(e.memory.peakBytes, counts.memory.peakBytes) << p.label();
    }
}

TEST(UnevenPipeline, TheSlowestStageSetsThePipelineSlot) {
    // 126 = f + 14 × 8 + l. With (7, 7) or (8, 6) the slowest stage is an 8-layer one (the
    // embedding lookup is not a GEMM); with (6, 8) it is the last, 8 layers plus the LM head.
    const auto s = llama405(1024);
    const auto ctx = sim::makeContext(s);
    const double balanced = sim::evaluatePlan(ctx, megatron405(8192, 7, 7)).time.computeSeconds;
    const double heavyFirst = sim::evaluatePlan(ctx, megatron405(8192, 8, 6)).time.computeSeconds;
    const double heavyLast = sim::evaluatePlan(ctx, megatron405(8192, 6, 8)).time.computeSeconds;
    EXPECT_NEAR(heavyFirst, balanced, 1e-3 * balanced);
    // The LM head of 16,384 × 128,000 costs 2·h·V = 4.2 GFLOP per token against ~6.9 GFLOP of a
    // layer's GEMMs: the heavy last stage is slower by more than half a layer.
    EXPECT_GT(heavyLast, balanced * (1.0 + 0.5 / 8.0));
    EXPECT_LT(heavyLast, balanced * (1.0 + 1.0 / 8.0));
    // Moving seven layers onto each end makes those stages set the slot: 14 layers + LM head.
    const double ends = sim::evaluatePlan(ctx, megatron405(8192, 14, 14)).time.computeSeconds;
    auto p = megatron405(8192, 14, 14);
    ASSERT_TRUE(model::validatePlan(s, p).empty());
    EXPECT_GT(ends, balanced * 14.0 / 8.0);
}

TEST(UnevenPipeline, SearchFindsMegatronUnevenStagesFor405BOn8192And16384Gpus) {
    for (int nodes : {1024, 2048}) {
        auto s = llama405(nodes);
        s.constraints.frameworks = {Framework::Megatron};
        s.constraints.tp = 8;
        s.constraints.pp = 16;
        const auto r = sim::searchPlans(s);
        ASSERT_EQ(r.frameworks.size(), 1u);
        const auto& f = r.frameworks[0];
        ASSERT_TRUE(f.best.has_value()) << nodes * 8 << " GPUs: no plan";
        const auto& p = f.best->plan;
        EXPECT_EQ(p.tp, 8);
        EXPECT_EQ(p.pp, 16);
        EXPECT_EQ(p.pipeline.firstStageLayers, 7);
        EXPECT_EQ(p.pipeline.lastStageLayers, 7);
        EXPECT_TRUE(f.best->memory.fits);
        EXPECT_TRUE(model::validatePlan(s, p).empty());
    }
}

TEST(UnevenPipeline, SearchOffersOnlyLayoutsTheFrameworkAccepts) {
    auto s = llama405(16);
    s.constraints.frameworks = {Framework::Megatron, Framework::Fsdp, Framework::DeepSpeed};
    for (Framework fw : s.constraints.frameworks)
        for (const auto& p : sim::enumeratePlans(s, fw)) {
            ASSERT_TRUE(model::validatePlan(s, p).empty()) << p.label();
            if (fw == Framework::DeepSpeed) {
                EXPECT_EQ(126 % p.pp, 0) << p.label();
            }
        }
}

// Property (issue 17): the layers over all stages are the model's layers, for every layout the
// frameworks accept; so are the MoE layers; and the distinct-stage groups cover every stage once.
TEST(UnevenPipeline, PropertyStagesHoldEveryLayerExactlyOnce) {
    model::TransformerSpec m = test::catalog().models.front();
    m.moe.experts = 8;
    m.moe.topK = 2;
    m.moe.expertFfnHidden = 256;
    m.moe.firstDenseLayers = 1;
    m.moe.interval = 2;
    long long checked = 0;
    for (int layers = 1; layers <= 70; layers += 3) {
        m.layers = layers;
        for (int pp = 1; pp <= 12; ++pp)
            for (int vpp = 1; vpp <= 3; ++vpp) {
                std::vector<model::Plan> plans;
                model::Plan base;
                base.pp = pp;
                base.vpp = vpp;
                for (Framework fw : model::kAllFrameworks) {
                    base.framework = fw;
                    plans.push_back(base);
                }
                base.framework = Framework::Megatron;
                for (int f = 1; f <= std::min(layers, 12); ++f)
                    for (int l : {0, 1, f, f + 1}) {
                        auto p = base;
                        p.pipeline.firstStageLayers = f;
                        if (l > 0) p.pipeline.lastStageLayers = l;
                        plans.push_back(p);
                    }
                for (auto [e, lo] : {std::pair{true, false}, {false, true}, {true, true}}) {
                    auto p = base;
                    p.pipeline.embeddingAsLayer = e;
                    p.pipeline.lossAsLayer = lo;
                    plans.push_back(p);
                }
                base.framework = Framework::Fsdp;
                for (int less : {0, 1, 2}) {
                    auto p = base;
                    p.pipeline.firstStageLessLayers = less;
                    p.pipeline.lastStageLessLayers = 2 - less;
                    plans.push_back(p);
                }
                base.framework = Framework::DeepSpeed;
                if (vpp == 1)
                    for (const char* method : {"uniform", "parameters", "type:transformer",
                                               "type:transformer|embedding"}) {
                        auto p = base;
                        p.pipeline.partitionMethod = method;
                        plans.push_back(p);
                    }
                for (const auto& p : plans) {
                    const auto chunks = model::pipelineChunks(m, model::Precision::Bf16, p);
                    if (!chunks.ok()) continue;
                    ++checked;
                    ASSERT_EQ(chunks.layers.size(), static_cast<std::size_t>(pp * vpp));
                    EXPECT_EQ(std::accumulate(chunks.layers.begin(), chunks.layers.end(), 0),
                              layers)
                        << p.label() << " L=" << layers;
                    int sum = 0, moe = 0;
                    for (int st = 0; st < pp; ++st) {
                        const auto sl = sim::stageLayers(m, chunks.layers, pp, st);
                        EXPECT_GE(sl.layers, 0);
                        sum += sl.layers;
                        moe += sl.moeLayers;
                    }
                    EXPECT_EQ(sum, layers) << p.label() << " L=" << layers << " pp=" << pp;
                    EXPECT_EQ(moe, m.moeLayerCount()) << p.label() << " L=" << layers;
                    std::vector<int> seen(static_cast<std::size_t>(pp), 0);
                    for (const auto& g : sim::stageGroups(m, chunks.layers, pp))
                        for (int st : g.stages)
                            ++seen[static_cast<std::size_t>(st)];
                    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }))
                        << p.label();
                }
            }
    }
    EXPECT_GT(checked, 5000); // the sweep really exercised the layouts
}
