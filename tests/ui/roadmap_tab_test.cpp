#include "ui_test_support.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/timeline.h>
#include <trainplan/ui/break_points_chart.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/readiness_section.h>
#include <trainplan/ui/roadmap_edits.h>
#include <trainplan/ui/roadmap_tab.h>
#include <trainplan/ui/roadmap_view.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/stage_card.h>

#include <QAreaSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QDate>
#include <QDoubleSpinBox>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QPointer>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <iostream>

namespace trainplan::ui {
namespace {

using model::Framework;
using sim::RecommendationStatus;

class RoadmapTabTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample("llama31-70b-h100x256.json"));
        tab = std::make_unique<RoadmapTab>(doc.get());
        tab->resize(1200, 900);
        tab->show(); // the advisor runs while the tab is visible
        ASSERT_TRUE(waitForNewResult());
    }
    // Waits for the next advisor result after the current one.
    bool waitForNewResult(int timeoutMs = 60000) {
        const quint64 seen = shown;
        const bool ok = test::waitFor(
            [&] { return tab->resultsShown() > seen && !tab->isComputing(); }, timeoutMs);
        shown = tab->resultsShown();
        return ok;
    }
    const sim::Advice& advice() const { return *tab->outcome().advice; }
    StageCard* card(int i) const {
        return tab->roadmapView()->cards().at(static_cast<std::size_t>(i));
    }

    std::unique_ptr<ScenarioDocument> doc;
    std::unique_ptr<RoadmapTab> tab;
    quint64 shown = 0;
};

TEST_F(RoadmapTabTest, ShowsTheAdvisorsAnswerForTheScenario) {
    // The same call as `trainplan-cli advise` (default options): FSDP, needing prerequisites.
    sim::AdvisorOptions options;
    options.catalog = test::catalog().get();
    const sim::Advice direct = sim::advise(doc->scenario(), options);
    EXPECT_EQ(advice().recommendation.status, direct.recommendation.status);
    EXPECT_EQ(advice().recommendation.framework, direct.recommendation.framework);
    EXPECT_EQ(advice().recommendation.status, RecommendationStatus::NeedsPrerequisites);
    EXPECT_EQ(advice().recommendation.framework, Framework::Fsdp);
    ASSERT_FALSE(direct.reasons.empty());
    EXPECT_EQ(tab->headlineText().toStdString(),
              sim::render(direct.reasons.front(), sim::Lang::En));
    // One card per stage, in order, titled by the advisor.
    ASSERT_EQ(tab->roadmapView()->cards().size(), direct.stages.size());
    EXPECT_TRUE(advice().defaultRoadmap);
    EXPECT_GT(tab->outcome().seconds, 0);
    std::cout << "[ advice   ] advisor + break points + curve on the worker: "
              << tab->outcome().seconds << " s\n";
    for (std::size_t i = 0; i < direct.stages.size(); ++i)
        EXPECT_EQ(card(static_cast<int>(i))->prerequisiteBoxes().size(),
                  direct.stages[i].stage.prerequisites.size());
}

// Issue 21: the stages on a calendar, the report's chart and sentence for the same advice.
TEST_F(RoadmapTabTest, TheTimelineTabShowsTheScheduledStagesAndTheirTotals) {
    const sim::RoadmapTimeline t = sim::roadmapTimeline(advice().stages);
    int scheduled = 0;
    for (const sim::TimelineStage& s : t.stages)
        scheduled += s.scheduled ? 1 : 0;
    ASSERT_GT(scheduled, 0);
    QChart* chart = tab->timelineView()->chart();
    ASSERT_NE(chart, nullptr);
    ASSERT_EQ(chart->series().size(), 1);
    auto* bars = qobject_cast<QHorizontalStackedBarSeries*>(chart->series().front());
    ASSERT_NE(bars, nullptr);
    ASSERT_EQ(bars->barSets().size(), 4); // idle, prerequisite work, waiting, run
    EXPECT_EQ(bars->barSets()[1]->count(), scheduled);
    // The run bars are the scheduled runs, in weeks.
    double runWeeks = 0, shown = 0;
    for (const sim::TimelineStage& s : t.stages)
        if (s.runs) runWeeks += s.runWeeks;
    for (int i = 0; i < bars->barSets()[3]->count(); ++i)
        shown += bars->barSets()[3]->at(i);
    EXPECT_NEAR(shown, runWeeks, 1e-9);
    EXPECT_EQ(tab->timelineSummaryText(),
              report::timelineSummary(t, QDate::currentDate(), sim::Lang::En));
    tab->showTimeline();
    EXPECT_TRUE(tab->timelineView()->isVisible());
}

// Issue 19: the Roadmap, the report export and the presentation took the raw scenario, so a
// calibration profile reached only Compare. Now the Roadmap advises on the document's planning
// scenario, the one the controller computes Compare from.
TEST_F(RoadmapTabTest, CalibrationProfileReachesTheRoadmapAsItReachesCompare) {
    const nlohmann::json parameters = {{"schema", sim::kCalibrationProfileSchema},
                                       {"gemm_efficiency", 0.45}};
    const ProfileLookup lookup = [&](const std::string& name,
                                     QString& why) -> std::optional<nlohmann::json> {
        if (name == "slow cluster") return parameters;
        why = QStringLiteral("not in the library");
        return std::nullopt;
    };
    doc->setProfileLookup(lookup);
    model::Scenario named = doc->scenario();
    named.efficiency.profile = "slow cluster";
    doc->edit(QStringLiteral("Use a profile"), QStringLiteral("efficiency"), named);
    ASSERT_TRUE(waitForNewResult());

    PlannerController controller(test::catalog());
    controller.setProfileLookup(lookup);
    controller.setScenario(doc->scenario(), doc->canEstimate());
    ASSERT_TRUE(controller.scenario().efficiency.gemmEfficiency);
    EXPECT_DOUBLE_EQ(*controller.scenario().efficiency.gemmEfficiency, 0.45);
    EXPECT_EQ(controller.scenario(), doc->planningScenario().scenario);
    EXPECT_EQ(controller.profileNote(), doc->planningScenario().profileNote);

    // The advisor's best plan per framework is the search's (sim::assessFrameworks).
    const auto stepOf = [](const sim::SearchResult& r, Framework f) {
        for (const auto& fr : r.frameworks)
            if (fr.framework == f && fr.best) return fr.best->time.stepSeconds;
        return 0.0;
    };
    double shown = 0;
    for (const auto& fit : advice().frameworks)
        if (fit.framework == Framework::Megatron && fit.best) shown = fit.best->time.stepSeconds;
    ASSERT_GT(shown, 0);
    model::Scenario calibrated = controller.scenario(), raw = doc->scenario();
    calibrated.plans.clear();
    raw.plans.clear();
    EXPECT_DOUBLE_EQ(shown, stepOf(sim::searchPlans(calibrated), Framework::Megatron));
    EXPECT_GT(shown, 1.05 * stepOf(sim::searchPlans(raw), Framework::Megatron))
        << "a 45% GEMM efficiency slows the step the Roadmap shows";
}

// Regression (issue 21): the tab kept showing the previous scenario's recommendation, looking
// current, while the advisor recomputed.
TEST_F(RoadmapTabTest, StaleAdviceIsGreyedWhileItRecomputesAndRemovedForAnotherScenario) {
    auto* headline = tab->findChild<QLabel*>(QStringLiteral("recommendationHeadline"));
    ASSERT_NE(headline, nullptr);
    EXPECT_FALSE(tab->isShowingStaleAdvice());
    EXPECT_TRUE(headline->isEnabled());
    const QString answer70b = tab->headlineText();

    model::Scenario s = doc->scenario();
    s.cluster.nodes = 16;
    doc->edit(QStringLiteral("nodes"), QStringLiteral("cluster.nodes"), s);
    // An edit of the same scenario: the old answer stays, greyed and not editable.
    EXPECT_TRUE(tab->isShowingStaleAdvice());
    EXPECT_FALSE(headline->isEnabled());
    EXPECT_FALSE(tab->roadmapView()->isEnabled());
    EXPECT_EQ(tab->headlineText(), answer70b);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_FALSE(tab->isShowingStaleAdvice());
    EXPECT_TRUE(headline->isEnabled());

    // Another scenario: the 70B answer is removed at once, not just greyed.
    doc->reset(test::loadExample("llama2-7b-a100x8-pcie.json"));
    EXPECT_TRUE(tab->isShowingStaleAdvice());
    EXPECT_EQ(tab->outcome().advice, nullptr);
    EXPECT_NE(tab->headlineText(), answer70b);
    EXPECT_TRUE(tab->headlineText().contains(QString::fromStdString(doc->scenario().name)));
    EXPECT_TRUE(tab->roadmapView()->cards().empty());
    ASSERT_TRUE(waitForNewResult());
    EXPECT_FALSE(tab->isShowingStaleAdvice());
    EXPECT_NE(tab->headlineText(), answer70b);
}

TEST_F(RoadmapTabTest, BreakPointsChartShadesFromTheFirstSizeThatDoesNotFit) {
    const sim::ModelSizeBreak* ddp = advice().breakPoints.modelSizeOf(Framework::Ddp);
    ASSERT_NE(ddp, nullptr);
    ASSERT_EQ(ddp->status, sim::ModelSizeStatus::Found);
    EXPECT_DOUBLE_EQ(tab->breakPointsChart()->shadingStart(Framework::Ddp), ddp->nextParameters);
    EXPECT_LT(ddp->largestParameters, ddp->nextParameters);
    // Each framework's "does not fit" region is a bar in its own lane (issue 21: the bands
    // overlapped): the bars' y ranges are disjoint.
    std::vector<std::pair<double, double>> lanes;
    for (QAbstractSeries* s : tab->breakPointsChart()->chart()->series())
        if (auto* area = qobject_cast<QAreaSeries*>(s))
            lanes.emplace_back(area->lowerSeries()->at(0).y(), area->upperSeries()->at(0).y());
    EXPECT_GE(lanes.size(), 2u);
    for (std::size_t i = 0; i < lanes.size(); ++i)
        for (std::size_t j = i + 1; j < lanes.size(); ++j)
            EXPECT_TRUE(lanes[i].second <= lanes[j].first || lanes[j].second <= lanes[i].first)
                << "lanes " << i << " and " << j << " overlap";
    // The curve: DDP fits no rung above its break point, and fits the rungs below it that were
    // probed.
    for (const auto& series : tab->outcome().modelCurve.series) {
        if (series.framework != Framework::Ddp) continue;
        ASSERT_FALSE(series.points.empty());
        for (const auto& p : series.points) {
            if (p.x >= ddp->nextParameters) {
                EXPECT_FALSE(p.best.has_value()) << p.x;
            }
        }
    }
    EXPECT_TRUE(tab->breakPointsChart()->placeholder().isEmpty());
}

// Toggling readiness answers in the editor's section changes the document and, where the rules
// say so, the recommendation: FSDP becomes ready once ZeRO/FSDP experience, hang debugging and
// shared checkpoint storage are in place (docs/advisor.md §2, §3); undo brings it back.
TEST_F(RoadmapTabTest, ReadinessTogglesInTheSectionChangeTheRecommendationAndUndoRestoresIt) {
    ReadinessSection section(doc.get());
    QObject::connect(doc.get(), &ScenarioDocument::scenarioChanged, &section,
                     &ReadinessSection::refresh);
    auto choose = [&](const char* path, const char* value) {
        auto* box = section.findChild<QComboBox*>(QString::fromLatin1(path));
        ASSERT_NE(box, nullptr);
        const int i = box->findData(QString::fromLatin1(value));
        box->setCurrentIndex(i);
        emit box->activated(i);
    };
    choose("team.debug_distributed", "hangs");
    section.findChild<QCheckBox*>(QStringLiteral("platform.shared_checkpoint_storage"))->click();
    ASSERT_TRUE(waitForNewResult());
    EXPECT_EQ(advice().recommendation.status, RecommendationStatus::NeedsPrerequisites)
        << "experience still missing";

    choose("team.experience", "zero_fsdp");
    EXPECT_EQ(doc->scenario().team.experience, model::TeamExperience::ZeroFsdp);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_EQ(advice().recommendation.status, RecommendationStatus::Ready);
    EXPECT_EQ(advice().recommendation.framework, Framework::Fsdp);
    EXPECT_TRUE(tab->headlineText().contains(QStringLiteral("PyTorch FSDP")));

    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().team.experience, model::TeamExperience::SingleNode);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_EQ(advice().recommendation.status, RecommendationStatus::NeedsPrerequisites);
}

// Issue 19: a readiness tick re-scores the advice and keeps the model-size curve (same search),
// where it used to start the curve's 14 searches again; a node-count edit starts a new one.
TEST_F(RoadmapTabTest, AReadinessTickKeepsTheModelSizeCurveAndANodeEditReplacesIt) {
    const Sweep before = tab->outcome().modelCurve;
    std::vector<QPointer<StageCard>> cardsBefore;
    for (StageCard* c : tab->roadmapView()->cards())
        cardsBefore.emplace_back(c);
    ASSERT_FALSE(before.series.empty());
    ASSERT_GT(before.series.front().points.size(), 3U);
    model::Scenario next = doc->scenario();
    next.team.maintainVersions = !next.team.maintainVersions;
    doc->edit(QStringLiteral("readiness"), QStringLiteral("team.maintain_versions"),
              std::move(next));
    ASSERT_TRUE(test::waitFor([&] { return tab->resultsShown() > shown; }));
    shown = tab->resultsShown();
    EXPECT_FALSE(tab->isComputing()) << "no curve job after a readiness tick";
    // The cards the tick did not change are the same widgets; a changed one is rebuilt.
    QCoreApplication::processEvents(); // the replaced cards' deleteLater
    const auto& cardsAfter = tab->roadmapView()->cards();
    ASSERT_EQ(cardsAfter.size(), cardsBefore.size());
    int kept = 0;
    for (std::size_t i = 0; i < cardsAfter.size(); ++i) {
        if (cardsBefore[i] == cardsAfter[i]) {
            ++kept;
        } else {
            EXPECT_TRUE(cardsBefore[i].isNull()) << "a replaced card is deleted";
        }
        EXPECT_EQ(cardsAfter[i]->content(),
                  stageCardContent(static_cast<int>(i), advice().stages[i]));
    }
    EXPECT_GE(kept, 1) << "a readiness tick rebuilt every stage card";
    ASSERT_EQ(tab->outcome().modelCurve.series.size(), before.series.size());
    for (std::size_t i = 0; i < before.series.size(); ++i)
        EXPECT_EQ(tab->outcome().modelCurve.series[i].points.size(),
                  before.series[i].points.size());

    next = doc->scenario();
    next.cluster.nodes /= 2;
    doc->edit(QStringLiteral("nodes"), QStringLiteral("cluster.nodes"), std::move(next));
    ASSERT_TRUE(test::waitFor([&] { return tab->resultsShown() > shown; }));
    shown = tab->resultsShown();
    EXPECT_TRUE(tab->isComputing()) << "a new search: its curve is computed again";
    ASSERT_TRUE(test::waitFor([&] { return !tab->isComputing(); }, 120000));
    EXPECT_FALSE(tab->outcome().modelCurve.series.empty());
}

TEST_F(RoadmapTabTest, EditingATriggerStoresTheRoadmapWithTheScenario) {
    ASSERT_TRUE(doc->scenario().stages.empty());
    const std::size_t stageCount = advice().stages.size();
    QComboBox* trigger = card(3)->triggerBox();
    const int mfu = trigger->findData(QStringLiteral("mfu_below"));
    trigger->setCurrentIndex(mfu);
    emit trigger->activated(mfu);
    ASSERT_EQ(doc->scenario().stages.size(), stageCount)
        << "the default stages are copied into the scenario";
    EXPECT_EQ(doc->scenario().stages[3].trigger.kind, model::TriggerKind::MfuBelow);
    EXPECT_DOUBLE_EQ(doc->scenario().stages[3].trigger.value, 0.35)
        << "the advisor's MFU threshold";
    ASSERT_TRUE(waitForNewResult());
    EXPECT_FALSE(advice().defaultRoadmap);

    // The threshold in percent; 50% MFU is stored as 0.5.
    card(3)->thresholdBox()->setValue(50);
    EXPECT_DOUBLE_EQ(doc->scenario().stages[3].trigger.value, 0.5);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_EQ(advice().stages[3].stage.trigger.kind, model::TriggerKind::MfuBelow);

    // Framework of stage 2 → DeepSpeed.
    QComboBox* framework = card(1)->frameworkBox();
    const int ds = framework->findData(QStringLiteral("deepspeed"));
    framework->setCurrentIndex(ds);
    emit framework->activated(ds);
    EXPECT_EQ(doc->scenario().stages[1].framework, Framework::DeepSpeed);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_EQ(advice().stages[1].framework, Framework::DeepSpeed);

    while (doc->undoStack()->canUndo())
        doc->undoStack()->undo();
    EXPECT_TRUE(doc->scenario().stages.empty()) << "undo returns to the advisor's default path";
}

TEST_F(RoadmapTabTest, TickingAReadinessPrerequisiteSetsTheProfile) {
    // Stage 1 (DDP baseline) asks for DDP experience first.
    const auto& prereqs = advice().stages.at(0).stage.prerequisites;
    ASSERT_FALSE(prereqs.empty());
    ASSERT_EQ(prereqs[0].item, model::ReadinessItem::ExperienceDdp);
    QCheckBox* box = card(0)->prerequisiteBoxes().at(0);
    EXPECT_FALSE(box->isChecked());
    box->click();
    EXPECT_EQ(doc->scenario().team.experience, model::TeamExperience::Ddp);
    EXPECT_TRUE(doc->scenario().stages.empty())
        << "a readiness item changes the profile, not the stages";
    ASSERT_TRUE(waitForNewResult());
    EXPECT_TRUE(card(0)->prerequisiteBoxes().at(0)->isChecked());
    EXPECT_TRUE(advice().stages[0].stage.prerequisites[0].done);
    card(0)->prerequisiteBoxes().at(0)->click();
    EXPECT_EQ(doc->scenario().team.experience, model::TeamExperience::SingleNode);
}

TEST(RoadmapEditsTest, FreeTextPrerequisitesAreStoredOnTheStage) {
    test::app();
    model::Scenario s = test::loadExample("llama31-70b-h100x256.json");
    model::MigrationStage stage;
    stage.id = "pilot";
    stage.prerequisites.push_back({std::nullopt, "sign-off from finance", false});
    stage.prerequisites.push_back({model::ReadinessItem::Monitoring, "", true});
    s.stages = {stage};
    const model::Scenario ticked = withPrerequisiteDone(s, {}, 0, 0, true);
    EXPECT_TRUE(ticked.stages[0].prerequisites[0].done);
    EXPECT_EQ(ticked.team, s.team);
    // Unticking an item prerequisite clears both the profile and the stage's own done flag.
    const model::Scenario unticked = withPrerequisiteDone(s, {}, 0, 1, false);
    EXPECT_FALSE(unticked.stages[0].prerequisites[1].done);
    EXPECT_FALSE(unticked.platform.monitoring);
    // Out of range: unchanged.
    EXPECT_EQ(withPrerequisiteDone(s, {}, 3, 0, true), s);
    bool ok = true;
    EXPECT_EQ(withStageEdit(
                  s, {}, 5, [](model::MigrationStage&) {}, &ok),
              s);
    EXPECT_FALSE(ok);
}

TEST(AdviceOutcomeTest, CurveRungsSpanTheRangeAndIncludeTheBase) {
    const model::Scenario s = test::loadExample("llama31-70b-h100x256.json");
    const sim::ModelLadder ladder = sim::modelLadder(s.model);
    const auto rungs = curveRungs(ladder, 1e9, 1e12, 10);
    ASSERT_GE(rungs.size(), 8u);
    EXPECT_TRUE(std::find(rungs.begin(), rungs.end(), ladder.baseIndex) != rungs.end());
    EXPECT_TRUE(std::is_sorted(rungs.begin(), rungs.end()));
    EXPECT_LT(ladder.parameters[static_cast<std::size_t>(rungs.front())], 1.2e9);
    EXPECT_GT(ladder.parameters[static_cast<std::size_t>(rungs.back())], 0.8e12);
}

} // namespace
} // namespace trainplan::ui
