// evaluatePlan keeps one table of layer times per thread, keyed by the plan's shape and the
// context's compute signature (simulator/src/shape_table.h). A plan evaluated after thousands of
// others that share its shape, or after another context, must come out exactly as on a fresh
// thread, whose table is empty and so computes that plan's layers from scratch.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/stage_layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <thread>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;

model::Scenario mixtralFp8() {
    static const model::Catalog catalog =
        model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    model::ScenarioLoad l = model::loadScenarioFile(
        fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / "mixtral-8x7b-h800x64-roce.json",
        catalog);
    EXPECT_TRUE(l.ok());
    model::Scenario s = *l.scenario;
    // fp8 under Megatron's fused stack is the one case where the gradient accumulation enters
    // the layer times (weights cast once per step), so it is in the key; MoE brings ep and etp.
    s.training.precision = model::Precision::Fp8;
    // One node keeps the plan space small enough to enumerate quickly under the sanitizers.
    s.cluster.nodes = 1;
    return s;
}

// About 150 plans of every framework, evenly spread: shapes and layouts repeat across them, so
// the tables are reused.
std::vector<model::Plan> somePlans(const model::Scenario& s) {
    std::vector<model::Plan> out;
    for (model::Framework f : model::kAllFrameworks) {
        const std::vector<model::Plan> all = enumeratePlans(s, f);
        for (std::size_t i = 0; i < all.size(); i += std::max<std::size_t>(1, all.size() / 150))
            out.push_back(all[i]);
    }
    return out;
}

PlanEstimate onFreshThread(const PlanContext& ctx, const model::Plan& p) {
    PlanEstimate e;
    MemoryBreakdown m;
    // evaluateMemory shares the thread's layout table, which holds only this plan's layout.
    std::thread([&] {
        e = evaluatePlan(ctx, p);
        m = evaluateMemory(ctx, p);
    }).join();
    EXPECT_EQ(m.peakBytes, e.memory.peakBytes) << p.label();
    return e;
}

void expectSame(const PlanEstimate& reused, const PlanEstimate& fresh) {
    const std::string plan = reused.plan.label();
    EXPECT_EQ(reused.time.stepSeconds, fresh.time.stepSeconds) << plan;
    EXPECT_EQ(reused.time.forwardSeconds, fresh.time.forwardSeconds) << plan;
    EXPECT_EQ(reused.time.backwardSeconds, fresh.time.backwardSeconds) << plan;
    EXPECT_EQ(reused.time.recomputeSeconds, fresh.time.recomputeSeconds) << plan;
    EXPECT_EQ(reused.time.memoryBoundSeconds, fresh.time.memoryBoundSeconds) << plan;
    EXPECT_EQ(reused.time.exposedCommSeconds, fresh.time.exposedCommSeconds) << plan;
    EXPECT_EQ(reused.memory.peakBytes, fresh.memory.peakBytes) << plan;
}

TEST(EvaluatePlanTable, AReusedShapeGivesWhatAFreshThreadComputes) {
    const model::Scenario s = mixtralFp8();
    const PlanContext ctx = makeContext(s);
    const std::vector<model::Plan> plans = somePlans(s);
    ASSERT_GT(plans.size(), 150u);
    // Uneven stages (torchtitan's split counts the embedding and output as layers) are among them.
    const auto uneven = std::count_if(plans.begin(), plans.end(),
                                      [&](const model::Plan& p) { return !stagesEven(s, p); });
    EXPECT_GT(uneven, 20);
    std::vector<PlanEstimate> reused;
    std::vector<double> reusedMemory;
    for (const model::Plan& p : plans) {
        reused.push_back(evaluatePlan(ctx, p));
        reusedMemory.push_back(evaluateMemory(ctx, p).peakBytes);
    }
    int distinctSteps = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        expectSame(reused[i], onFreshThread(ctx, plans[i]));
        EXPECT_EQ(reusedMemory[i], reused[i].memory.peakBytes) << plans[i].label();
        distinctSteps += i > 0 && reused[i].time.stepSeconds != reused[i - 1].time.stepSeconds;
    }
    EXPECT_GT(distinctSteps, static_cast<int>(plans.size()) / 2) << "the plans should differ";
}

TEST(EvaluatePlanTable, AnotherContextInBetweenIsNeverServedTheFirstOnesLayers) {
    const model::Scenario s = mixtralFp8();
    model::Scenario slower = s;
    slower.cluster.gpu.bf16FlopsPerSecond *= 0.5;
    slower.cluster.gpu.fp8FlopsPerSecond *= 0.5;
    model::Scenario compiled = s;
    compiled.training.execution = model::ExecutionMode::Compile;
    // Only the parameter counts DeepSpeed's "parameters" partition weighs differ here.
    model::Scenario untied = s;
    untied.model.tiedEmbeddings = !s.model.tiedEmbeddings;
    // Only the loss kernel differs (training.cross_entropy).
    model::Scenario unfusedLoss = s;
    unfusedLoss.training.crossEntropy = model::CrossEntropy::Unfused;
    const PlanContext a = makeContext(s), b = makeContext(slower), c = makeContext(compiled),
                      d = makeContext(untied), e = makeContext(unfusedLoss);
    const std::vector<model::Plan> plans = somePlans(s);
    for (std::size_t i = 0; i < plans.size(); i += 5) {
        const model::Plan& p = plans[i];
        const PlanEstimate ea = evaluatePlan(a, p);
        const PlanEstimate eb = evaluatePlan(b, p);
        const PlanEstimate ec = evaluatePlan(c, p);
        const PlanEstimate ed = evaluatePlan(d, p);
        const PlanEstimate ee = evaluatePlan(e, p);
        expectSame(ea, onFreshThread(a, p));
        expectSame(eb, onFreshThread(b, p));
        expectSame(ec, onFreshThread(c, p));
        expectSame(ed, onFreshThread(d, p));
        expectSame(ee, onFreshThread(e, p));
        // Half the GPU's rate: every plan's compute takes longer.
        EXPECT_GT(eb.time.computeSeconds, ea.time.computeSeconds) << p.label();
    }
}

} // namespace
} // namespace trainplan::sim
