// The migration roadmap on a calendar (sim::roadmapTimeline): prerequisite work in stage order,
// each item counted once; a run per change of framework, layout or target, one run at a time;
// conditional stages listed but not scheduled. Hand-checked on synthetic stages, and the
// invariants on the 70B example's default roadmap.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/timeline.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;
using model::Framework;
using model::ReadinessItem;

constexpr double kWeek = 7.0 * 24.0 * 3600.0;

ReadinessGap gap(ReadinessItem item, double weeks) {
    return {item, Need::Required, {weeks, Difficulty::Medium}};
}

// A stage with a fitting plan of `framework` on `dp` GPUs whose run takes `weeks` and costs `usd`.
RoadmapStage stage(Framework framework, int dp, double weeks, double usd,
                   std::vector<ReadinessGap> missing,
                   TriggerStatus status = TriggerStatus::Met) {
    RoadmapStage s;
    s.framework = framework;
    s.targetModelName = "Llama 3.1 70B";
    s.targetGpus = 256;
    s.triggerStatus = status;
    PlanEstimate e;
    e.plan.framework = framework;
    e.plan.dp = dp;
    e.memory.fits = true;
    e.cost.priced = usd > 0;
    s.estimate = e;
    GoodputEstimate g;
    g.expectedSeconds = weeks * kWeek;
    g.usd = usd;
    s.goodput = g;
    s.missing = std::move(missing);
    return s;
}

TEST(RoadmapTimeline, PrerequisitesInOrderOnceEachAndOneRunAtATime) {
    const std::vector<RoadmapStage> stages = {
        // 0: 4 + 2 weeks of work, then a 2-week run for $1,000: work 0–6, run 6–8.
        stage(Framework::Ddp, 8, 2.0, 1000.0,
              {gap(ReadinessItem::ExperienceDdp, 4), gap(ReadinessItem::GangScheduling, 2)}),
        // 1: gang scheduling is already scheduled; 3 weeks of new work (6–9), then a 1-week run
        // once the work is done and the first run has ended: 9–10.
        stage(Framework::Fsdp, 256, 1.0, 500.0,
              {gap(ReadinessItem::GangScheduling, 2), gap(ReadinessItem::Monitoring, 3)}),
        // 2: its trigger has not fired: listed, not scheduled.
        stage(Framework::Megatron, 32, 0.5, 400.0, {gap(ReadinessItem::ExperienceThreeD, 8)},
              TriggerStatus::NotMet),
        // 3: the same plan as the last run: platform work only (9–10), no run.
        stage(Framework::Fsdp, 256, 1.0, 500.0, {gap(ReadinessItem::CostAttribution, 1)}),
    };
    const RoadmapTimeline t = roadmapTimeline(stages);
    ASSERT_EQ(t.stages.size(), 4u);
    const TimelineStage& a = t.stages[0];
    EXPECT_TRUE(a.scheduled);
    EXPECT_DOUBLE_EQ(a.prerequisiteStartWeeks, 0.0);
    EXPECT_DOUBLE_EQ(a.prerequisiteWeeks, 6.0);
    EXPECT_EQ(a.newItems, 2);
    EXPECT_TRUE(a.runs);
    EXPECT_DOUBLE_EQ(a.runStartWeeks, 6.0);
    EXPECT_DOUBLE_EQ(a.runWeeks, 2.0);
    EXPECT_DOUBLE_EQ(a.endWeeks(), 8.0);
    EXPECT_DOUBLE_EQ(a.runUsd, 1000.0);

    const TimelineStage& b = t.stages[1];
    EXPECT_DOUBLE_EQ(b.prerequisiteStartWeeks, 6.0);
    EXPECT_DOUBLE_EQ(b.prerequisiteWeeks, 3.0);
    EXPECT_EQ(b.newItems, 1);
    EXPECT_EQ(b.sharedItems, 1);
    EXPECT_TRUE(b.runs);
    EXPECT_DOUBLE_EQ(b.runStartWeeks, 9.0);
    EXPECT_DOUBLE_EQ(b.endWeeks(), 10.0);

    EXPECT_FALSE(t.stages[2].scheduled);
    EXPECT_FALSE(t.stages[2].runs);
    EXPECT_DOUBLE_EQ(t.stages[2].prerequisiteWeeks, 0.0);

    const TimelineStage& d = t.stages[3];
    EXPECT_DOUBLE_EQ(d.prerequisiteStartWeeks, 9.0);
    EXPECT_DOUBLE_EQ(d.prerequisiteWeeks, 1.0);
    EXPECT_FALSE(d.runs) << "the same FSDP plan on the same target as stage 1";

    EXPECT_DOUBLE_EQ(t.prerequisiteWeeks, 10.0);
    EXPECT_DOUBLE_EQ(t.totalWeeks, 10.0);
    EXPECT_DOUBLE_EQ(t.totalUsd, 1500.0);
    EXPECT_EQ(t.runs, 2);
    EXPECT_TRUE(t.allPriced);
}

TEST(RoadmapTimeline, AStageThatDoesNotFitHasNoRunAndAnUnpricedRunIsSaid) {
    RoadmapStage tooBig = stage(Framework::Ddp, 256, 1.0, 0.0, {});
    tooBig.estimate->memory.fits = false;
    tooBig.goodput.reset();
    const RoadmapStage unpriced = stage(Framework::Fsdp, 256, 3.0, 0.0, {});
    const RoadmapTimeline t = roadmapTimeline({tooBig, unpriced});
    EXPECT_FALSE(t.stages[0].runs);
    ASSERT_TRUE(t.stages[1].runs);
    EXPECT_FALSE(t.stages[1].priced);
    EXPECT_DOUBLE_EQ(t.stages[1].runUsd, 0.0);
    EXPECT_FALSE(t.allPriced);
    EXPECT_DOUBLE_EQ(t.totalWeeks, 3.0);
}

TEST(RoadmapTimeline, TheDefaultRoadmapOfThe70BExampleIsScheduledByTheRules) {
    const model::Catalog catalog = model::loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    std::ifstream in(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / "llama31-70b-h100x256.json");
    const model::ScenarioLoad load = model::parseScenario(nlohmann::json::parse(in), catalog);
    ASSERT_TRUE(load.ok());
    const model::Scenario& s = *load.scenario;
    AdvisorOptions options;
    options.catalog = &catalog;
    options.breakPoints = true; // the DDP baseline moves to a model DDP can hold
    const Advice advice = advise(s, options);
    const RoadmapTimeline t = roadmapTimeline(advice.stages);
    ASSERT_EQ(t.stages.size(), advice.stages.size());
    std::set<ReadinessItem> union_;
    double work = 0;
    int runs = 0;
    for (std::size_t k = 0; k < t.stages.size(); ++k) {
        const TimelineStage& ts = t.stages[k];
        const RoadmapStage& rs = advice.stages[k];
        SCOPED_TRACE(rs.stage.id);
        EXPECT_EQ(ts.scheduled, rs.triggerStatus != TriggerStatus::NotMet);
        if (!ts.scheduled) continue;
        EXPECT_DOUBLE_EQ(ts.prerequisiteStartWeeks, work) << "work follows work";
        for (const ReadinessGap& g : rs.missing)
            if (union_.insert(g.item).second) work += g.effort.weeks;
        EXPECT_NEAR(ts.prerequisiteStartWeeks + ts.prerequisiteWeeks, work, 1e-9);
        EXPECT_EQ(ts.newItems + ts.sharedItems, static_cast<int>(rs.missing.size()));
        if (ts.runs) {
            ++runs;
            ASSERT_TRUE(rs.goodput);
            EXPECT_GE(ts.runStartWeeks, work);
            EXPECT_DOUBLE_EQ(ts.runWeeks, rs.goodput->expectedSeconds / kWeek);
            // With failures and checkpoints a run takes longer than its failure-free time.
            EXPECT_GT(rs.goodput->expectedSeconds, rs.estimate->cost.timeToTrainSeconds);
            EXPECT_DOUBLE_EQ(ts.runUsd, rs.goodput->usd);
        }
    }
    EXPECT_DOUBLE_EQ(t.prerequisiteWeeks, work);
    EXPECT_EQ(t.runs, runs);
    EXPECT_GE(runs, 2) << "the DDP baseline on a small model, then the sharded 70B run";
    EXPECT_TRUE(t.allPriced);
    EXPECT_GT(t.totalWeeks, t.prerequisiteWeeks);
}

} // namespace
} // namespace trainplan::sim
