// Debounce, latest-request-wins and the controller's results, on a live event loop.
#include "ui_test_support.h"

#include <trainplan/ui/debouncer.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/planner_controller.h>

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <atomic>

namespace trainplan::ui {
namespace {

struct Value {
    int value = 0;
    QString error;
};

class ControllerTest : public ::testing::Test {
protected:
    void SetUp() override { test::app(); }
};

TEST_F(ControllerTest, DebouncerFiresAtOnceThenCoalescesABurst) {
    Debouncer d(50);
    QSignalSpy fired(&d, &Debouncer::fired);
    d.trigger();
    EXPECT_EQ(fired.count(), 1); // leading edge: no delay for a single edit
    for (int i = 0; i < 10; ++i)
        d.trigger();
    EXPECT_EQ(fired.count(), 1);
    ASSERT_TRUE(test::waitFor([&] { return fired.count() == 2; }, 2000));
    QTest::qWait(120);
    EXPECT_EQ(fired.count(), 2); // the burst became one trailing call
}

TEST_F(ControllerTest, LatestJobDropsStaleResults) {
    QObject context;
    LatestJob<Value> job(&context);
    std::vector<int> delivered;
    std::atomic<int> cancelledSeen{0};
    for (int i = 1; i <= 3; ++i)
        job.start(
            [i, &cancelledSeen](const JobControl& control) {
                for (int k = 0; k < 50 && !control.isCancelled(); ++k)
                    QThread::msleep(2);
                if (control.isCancelled()) ++cancelledSeen;
                return Value{i, {}};
            },
            [&delivered](Value v) { delivered.push_back(v.value); });
    ASSERT_TRUE(test::waitFor([&] { return !job.isRunning(); }, 5000));
    QTest::qWait(150); // let the superseded jobs finish too
    EXPECT_EQ(delivered, std::vector<int>{3});
    EXPECT_EQ(cancelledSeen.load(), 2);
}

TEST_F(ControllerTest, LatestJobReportsExceptionsAsErrors) {
    QObject context;
    LatestJob<Value> job(&context);
    QString error;
    job.start([](const JobControl&) -> Value { throw std::runtime_error("boom"); },
              [&error](Value v) { error = v.error; });
    ASSERT_TRUE(test::waitFor([&] { return !job.isRunning(); }, 5000));
    EXPECT_EQ(error, QStringLiteral("boom"));
}

// A job that ignores its cancel flag still ends before its owner does: one left running ran on
// into the test program's exit and crashed in the static destructors.
TEST_F(ControllerTest, LatestJobWaitsForItsJobsWhenDestroyed) {
    std::atomic<int> finished{0};
    {
        QObject context;
        LatestJob<Value> job(&context);
        for (int i = 1; i <= 2; ++i)
            job.start(
                [&finished](const JobControl&) {
                    QThread::msleep(200);
                    ++finished;
                    return Value{};
                },
                [](Value) {});
    }
    EXPECT_EQ(finished.load(), 2);
}

TEST_F(ControllerTest, CompareDeliversTheLatestScenario) {
    PlannerController controller(test::catalog());
    QSignalSpy finished(&controller, &PlannerController::compareFinished);
    model::Scenario s = test::loadExample("llama31-70b-h100x256.json");
    controller.setScenario(s, true);
    s.cluster.nodes = 16;
    controller.setScenario(s, true); // within the debounce interval: coalesced
    s.cluster.nodes = 8;
    controller.setScenario(s, true);
    ASSERT_TRUE(test::waitFor([&] { return !controller.isComparing() && finished.count() >= 1; }));
    QTest::qWait(300);
    ASSERT_TRUE(test::waitFor([&] { return !controller.isComparing(); }));
    const auto last = finished.last().at(0).value<std::shared_ptr<const CompareOutcome>>();
    ASSERT_TRUE(last);
    EXPECT_EQ(last->scenario.cluster.nodes, 8);
    EXPECT_EQ(last->search.frameworks.size(), 4u);
}

TEST_F(ControllerTest, BlockedScenarioReportsUnavailable) {
    PlannerController controller(test::catalog());
    QSignalSpy unavailable(&controller, &PlannerController::compareUnavailable);
    controller.setScenario(test::loadExample("llama31-70b-h100x256.json"), false);
    EXPECT_EQ(unavailable.count(), 1);
}

TEST_F(ControllerTest, ExploreRunsTheScatterThenTheSweepsWithProgress) {
    PlannerController controller(test::catalog());
    QSignalSpy explore(&controller, &PlannerController::exploreFinished);
    QSignalSpy progress(&controller, &PlannerController::sweepProgress);
    QSignalSpy sweep(&controller, &PlannerController::sweepFinished);
    model::Scenario s = test::loadExample("llama2-7b-a100x8-pcie.json");
    controller.setScenario(s, true);
    controller.setExploreActive(true);
    ASSERT_TRUE(test::waitFor([&] { return sweep.count() >= 1; }, 60000));
    ASSERT_GE(explore.count(), 1);
    const auto e = explore.last().at(0).value<std::shared_ptr<const ExploreOutcome>>();
    EXPECT_FALSE(e->search.all.empty());
    EXPECT_FALSE(e->pareto.empty());
    const auto r = sweep.last().at(0).value<std::shared_ptr<const SweepOutcome>>();
    EXPECT_FALSE(r->cancelled);
    EXPECT_FALSE(r->scaling.series.empty());
    EXPECT_FALSE(r->crossover.series.empty());
    EXPECT_GE(progress.count(), 1);
    EXPECT_EQ(progress.last().at(0).toInt(), 1000);
}

TEST_F(ControllerTest, CancellingTheSweepKeepsTheWindowResponsive) {
    PlannerController controller(test::catalog());
    QSignalSpy sweepStarted(&controller, &PlannerController::sweepStarted);
    QSignalSpy sweep(&controller, &PlannerController::sweepFinished);
    controller.setScenario(test::loadExample("gpt3-175b-a100x1024.json"), true);
    controller.setExploreActive(true);
    ASSERT_TRUE(test::waitFor([&] { return sweepStarted.count() >= 1; }, 30000));
    QElapsedTimer t;
    t.start();
    controller.cancelSweep();
    EXPECT_LT(t.elapsed(), 50);
    ASSERT_GE(sweep.count(), 1);
    EXPECT_TRUE(sweep.last().at(0).value<std::shared_ptr<const SweepOutcome>>()->cancelled);
    EXPECT_FALSE(controller.isSweeping());
}

} // namespace
} // namespace trainplan::ui
