#include "ui_test_support.h"

#include <trainplan/simulator/sweep.h>
#include <trainplan/ui/explore_compute.h>
#include <trainplan/ui/what_if.h>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

sim::PlanSummary summary(double step, double gib, bool fits = true) {
    sim::PlanSummary s;
    s.stepSeconds = step;
    s.peakBytes = gib * 1024.0 * 1024 * 1024;
    s.fits = fits;
    return s;
}

TEST(ParetoFront, KeepsOnlyPlansNoOtherBeatsOnTimeAndMemory) {
    // (step s, memory GiB): b is dominated by a, d does not fit, e ties a on time with more memory.
    const std::vector<sim::PlanSummary> plans = {summary(1.0, 60), summary(1.5, 70),
                                                 summary(2.0, 40), summary(0.5, 10, false),
                                                 summary(1.0, 65), summary(3.0, 30)};
    EXPECT_EQ(sim::paretoFront2d(plans), (std::vector<std::size_t>{0, 2, 5}));
}

TEST(ParetoFront, EmptyWhenNothingFits) {
    EXPECT_TRUE(sim::paretoFront2d({summary(1, 100, false)}).empty());
}

TEST(ThinForPlot, KeepsAtMostAboutTheRequestedPoints) {
    std::vector<sim::PlanSummary> plans;
    std::vector<std::size_t> all;
    for (int i = 0; i < 20000; ++i) {
        plans.push_back(summary(0.1 + (i % 200) * 0.05, 1 + (i / 200) * 0.7));
        all.push_back(static_cast<std::size_t>(i));
    }
    const auto kept = thinForPlot(plans, all, 800);
    EXPECT_LE(kept.size(), 900u);
    EXPECT_GT(kept.size(), 100u);
    EXPECT_TRUE(std::is_sorted(kept.begin(), kept.end()));
    const std::vector<std::size_t> few{1, 2, 3};
    EXPECT_EQ(thinForPlot(plans, few, 800), few);
}

TEST(ScalingNodeCounts, PowersOfTwoAroundTheClusterIncludingItsOwn) {
    model::Scenario s;
    s.cluster.nodes = 24;
    const auto nodes = scalingNodeCounts(s);
    EXPECT_EQ(nodes, (std::vector<int>{1, 2, 4, 8, 16, 24, 32, 64}));
}

TEST(WhatIf, OverridesOnlyWhatIsSet) {
    const model::Scenario base = test::loadExample("llama31-70b-h100x256.json");
    EXPECT_EQ(applyWhatIf(base, {}).cluster, base.cluster);
    WhatIf w;
    w.nodes = 64;
    w.globalBatch = 1024;
    w.seqLen = 4096;
    w.interNodeBytesPerSecond = 25e9;
    const model::Scenario s = applyWhatIf(base, w);
    EXPECT_EQ(s.cluster.gpuCount(), 512);
    EXPECT_EQ(s.training.globalBatch, 1024);
    EXPECT_EQ(s.model.seqLen, 4096);
    EXPECT_DOUBLE_EQ(s.cluster.interNode.bytesPerSecond, 25e9);
    EXPECT_EQ(s.model.layers, base.model.layers);
    w = {};
    w.modelScale = 2.0;
    const model::Scenario bigger = applyWhatIf(base, w);
    const double ratio =
        model::countParameters(bigger.model).total / model::countParameters(base.model).total;
    EXPECT_NEAR(ratio, 2.0, 0.35);
}

TEST(Sweeps, ScalingAndCrossoverHaveAPointPerValueAndFramework) {
    test::app();
    const model::Scenario base = test::loadExample("llama31-70b-h100x256.json");
    const Sweep scaling = sweepNodes(base, {8, 16, 32}, *test::catalog(), {});
    ASSERT_EQ(scaling.series.size(), 4u);
    for (const auto& s : scaling.series)
        ASSERT_EQ(s.points.size(), 3u);
    EXPECT_DOUBLE_EQ(scaling.series[0].points[2].x, 256.0);
    EXPECT_DOUBLE_EQ(scaling.currentX, 256.0);
    // Megatron fits the 70B model at every size here and gets faster with more GPUs.
    const auto& megatron = scaling.series[3];
    ASSERT_EQ(megatron.framework, model::Framework::Megatron);
    ASSERT_TRUE(megatron.points[0].best && megatron.points[2].best);
    EXPECT_GT(megatron.points[2].best->throughput.tokensPerSecond,
              megatron.points[0].best->throughput.tokensPerSecond);

    // 1/50 of 70B (about 1.4B parameters) fits DDP on an 80 GB H100; 70B and 280B do not (DDP
    // replicates ~16 bytes of weights, gradients and Adam states per parameter, ZeRO §3).
    const Sweep crossover = sweepModelScale(base, {0.02, 1.0, 4.0}, *test::catalog(), {});
    ASSERT_EQ(crossover.series.size(), 4u);
    EXPECT_LT(crossover.series[0].points[0].x, crossover.series[0].points[2].x);
    const auto& ddp = crossover.series[0];
    ASSERT_EQ(ddp.framework, model::Framework::Ddp);
    EXPECT_TRUE(ddp.points[0].best.has_value());
    EXPECT_FALSE(ddp.points[1].best.has_value());
    EXPECT_FALSE(ddp.points[2].best.has_value());
    // Every framework: whatever fits at a scale fits at every smaller one.
    int fittingPoints = 0;
    for (const auto& series : crossover.series)
        for (std::size_t i = 1; i < series.points.size(); ++i)
            if (series.points[i].best) {
                ++fittingPoints;
                EXPECT_TRUE(series.points[i - 1].best.has_value())
                    << model::toString(series.framework) << " fits " << series.points[i].x << " parameters"
                    << " but not below";
            }
    EXPECT_GE(fittingPoints, 4); // FSDP, DeepSpeed and Megatron fit 70B on 256 GPUs at least
}

TEST(Sweeps, CancelStopsEarly) {
    const model::Scenario base = test::loadExample("llama31-70b-h100x256.json");
    SweepControl control;
    control.cancelled = [] { return true; };
    const Sweep s = sweepNodes(base, {8, 16, 32, 64}, *test::catalog(), control);
    EXPECT_TRUE(s.cancelled);
}

} // namespace
} // namespace trainplan::ui
