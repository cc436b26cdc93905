// The per-stage memory chart and the memory-over-step chart of the selected plan (issue 12): the
// longest bar is the plan's reported peak, each stage's bar is that stage's peak, the phase
// profile's maximum is the peak and sits on the marked peak moment.
#include "ui_test_support.h"

#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/search.h>
#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/memory_phase_chart.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/stage_memory_chart.h>

#include <QBarCategoryAxis>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLabel>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::ui {
namespace {

const char* const kChartExamples[] = {"gpt3-175b-a100x1024.json", "llama2-7b-a100x8-pcie.json",
                                      "llama31-70b-h100x256.json", "mixtral-8x7b-h800x64-roce.json",
                                      "qwen25-72b-h20x128.json"};

double bytesOf(double unitValue) {
    return unitValue / bytesToMemoryUnit(1.0);
}

QStringList categories(const StackedBarChart& chart) {
    const auto axes = chart.chart()->axes(Qt::Vertical);
    for (auto* a : axes)
        if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) {
            QStringList cats = c->categories();
            std::reverse(cats.begin(), cats.end()); // stored bottom-up
            return cats;
        }
    return {};
}

class StageMemoryChartTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        installLanguage(QStringLiteral("en"));
    }
};

TEST_F(StageMemoryChartTest, ChartMaximaEqualTheReportedPeakOnEveryExample) {
    StageMemoryChart stages;
    MemoryPhaseChart phases;
    int plans = 0, pipelined = 0, overlapping = 0;
    for (const char* file : kChartExamples) {
        const model::Scenario s = test::loadExample(file);
        const sim::SearchResult result = sim::searchPlans(s);
        const sim::PlanContext ctx = sim::makeContext(s);
        for (const auto& fr : result.frameworks) {
            if (!fr.best) continue;
            const sim::Explanation x = sim::explainPlan(ctx, fr.best->plan);
            const double peak = x.estimate.memory.peakBytes;
            const std::string where = std::string(file) + " " + x.plan.label();

            stages.setExplanation(x);
            EXPECT_NEAR(stages.maxPeakBytes(), peak, 1e-9 * peak) << where;
            double longest = 0;
            for (std::size_t i = 0; i < x.stages.size(); ++i) {
                const double bar = bytesOf(stages.total(static_cast<int>(i)));
                EXPECT_NEAR(bar, x.stages[i].memory.peakBytes, 1e-6 * peak)
                    << where << " stage " << x.stages[i].stage;
                longest = std::max(longest, bar);
            }
            EXPECT_NEAR(longest, peak, 1e-6 * peak) << where;
            EXPECT_EQ(categories(stages).size(), static_cast<qsizetype>(x.stages.size()));
            if (x.plan.pp >= 3) {
                // First, middle, last; an uneven split (torchtitan's counts the embedding and the
                // output as layers) can make two middle compositions.
                EXPECT_GE(x.stages.size(), 3u) << where;
                EXPECT_LE(x.stages.size(), static_cast<std::size_t>(x.plan.pp)) << where;
                ++pipelined;
            }

            phases.setMemory(x.estimate.memory, QStringLiteral("worst"));
            EXPECT_NEAR(phases.maxBytes(), peak, 1e-9 * peak) << where;
            const int peakPhase = x.estimate.memory.peakPhase;
            EXPECT_NEAR(bytesOf(phases.total(peakPhase)), peak, 1e-6 * peak) << where;
            for (int k = 0; k < sim::MemoryPhase::Count; ++k)
                EXPECT_LE(bytesOf(phases.total(k)), peak * (1 + 1e-9)) << where;
            const QStringList cats = categories(phases);
            ASSERT_EQ(cats.size(), sim::MemoryPhase::Count);
            for (int k = 0; k < cats.size(); ++k)
                EXPECT_EQ(cats[k].contains(QStringLiteral("peak")), k == peakPhase) << where;
            EXPECT_TRUE(phases.peakSummary().contains(formatBytes(peak)))
                << phases.peakSummary().toStdString();

            // "Max vs sum": adding every component at its own maximum overstates the peak whenever
            // activations and gradients do not coexist in full.
            const auto& m = x.estimate.memory;
            const double sumOfMaxima = m.weightsBytes + m.gradientsBytes + m.optimizerBytes +
                                       m.activationsBytes +
                                       std::max({m.lossTransientBytes, m.recomputeTransientBytes,
                                                 m.gradUnitTransientBytes}) +
                                       m.buffersBytes + m.overheadBytes;
            EXPECT_GE(sumOfMaxima, peak * (1 - 1e-9)) << where;
            if (sumOfMaxima > peak * 1.01) ++overlapping;
            ++plans;
        }
    }
    EXPECT_GE(plans, 15);
    EXPECT_GE(pipelined, 1);
    EXPECT_GE(overlapping, 1);
}

TEST_F(StageMemoryChartTest, CompareTabShowsTheSelectedPlansStagesAndPhases) {
    ScenarioDocument doc(test::catalog());
    CompareTab tab(&doc);
    auto outcome = std::make_shared<CompareOutcome>();
    outcome->scenario = test::loadExample("gpt3-175b-a100x1024.json");
    outcome->search = sim::searchPlans(outcome->scenario);
    tab.setOutcome(outcome);
    const CompareTableModel* m = tab.tableModel();
    for (int r = 0; r < m->rowCount(); ++r) {
        const CompareRow* row = m->rowAt(r);
        if (!row->estimate) continue;
        tab.selectRow(r);
        EXPECT_NEAR(tab.stageMemoryChart()->maxPeakBytes(), row->estimate->memory.peakBytes,
                    1e-6 * row->estimate->memory.peakBytes);
        EXPECT_NEAR(tab.memoryPhaseChart()->maxBytes(), row->estimate->memory.peakBytes,
                    1e-6 * row->estimate->memory.peakBytes);
        EXPECT_FALSE(tab.findChild<QLabel*>(QStringLiteral("peakSummary"))->text().isEmpty());
    }
}

} // namespace
} // namespace trainplan::ui
