// The Compare view-models under QAbstractItemModelTester, fed by a real search.
#include "ui_test_support.h"

#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/framework_verdict.h>
#include <trainplan/simulator/search.h>
#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/plan_list_model.h>

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

CompareOutcome compareExample(const std::string& file, bool withPin) {
    model::Scenario s = test::loadExample(file);
    if (withPin) {
        for (const auto& fr : sim::searchPlans(s).frameworks)
            if (fr.best) {
                s.plans.push_back(fr.best->plan);
                break;
            }
        model::Plan bad;
        bad.tp = 3; // 64 heads are not divisible by 3
        s.plans.push_back(bad);
    }
    return compareOutcome(services::planScenario(s, {}));
}

class ViewModelTest : public ::testing::Test {
protected:
    void SetUp() override { test::app(); }
};

TEST_F(ViewModelTest, CompareTableModelPassesTheModelTester) {
    CompareTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const CompareOutcome outcome = compareExample("llama31-70b-h100x256.json", true);
    model.setRows(compareRows(outcome));
    ASSERT_EQ(model.rowCount(), 6); // four frameworks + two pinned plans
    EXPECT_EQ(model.columnCount(), CompareTableModel::ColumnCount);
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c) {
            const QModelIndex i = model.index(r, c);
            for (int role :
                 {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(TableModelBase::SortRole)})
                (void)model.data(i, role);
        }
    // Every column header has a name and an explanation.
    for (int c = 0; c < model.columnCount(); ++c) {
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty());
        EXPECT_GT(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().size(), 30);
    }
    // The invalid pinned plan says so and why.
    const QModelIndex fits = model.index(5, CompareTableModel::FitsColumn);
    EXPECT_EQ(model.data(fits).toString(), QStringLiteral("invalid"));
    EXPECT_TRUE(model.data(model.index(5, CompareTableModel::PlanColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("tp")));
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
}

TEST_F(ViewModelTest, SameShapeUpdatesInPlaceAndKeepsTheSelection) {
    CompareTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    CompareOutcome outcome = compareExample("llama31-70b-h100x256.json", false);
    model.setRows(compareRows(outcome));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    outcome.scenario.cluster.nodes = 16;
    outcome.search = sim::searchPlans(outcome.scenario);
    model.setRows(compareRows(outcome));
    EXPECT_EQ(resets.count(), 0);
    EXPECT_EQ(changes.count(), 1);
}

TEST_F(ViewModelTest, FrameworkWithoutAFittingPlanShowsItsClosestPlan) {
    // Plain DDP keeps a full 70B replica per GPU: it cannot fit on 80 GB.
    CompareTableModel model;
    model.setRows(compareRows(compareExample("llama31-70b-h100x256.json", false)));
    const CompareRow* ddp = model.rowAt(0);
    ASSERT_NE(ddp, nullptr);
    EXPECT_EQ(ddp->framework, model::Framework::Ddp);
    EXPECT_NE(ddp->kind, CompareRow::Kind::Best);
    EXPECT_EQ(model.data(model.index(0, CompareTableModel::FitsColumn)).toString(),
              QStringLiteral("no"));
    EXPECT_TRUE(model.data(model.index(0, CompareTableModel::StepColumn)).toString().isEmpty());
}

// Regression (issue 21): Compare highlighted the fastest plan (Megatron-LM) while the advisor
// recommends FSDP; only the report showed the mark.
TEST_F(ViewModelTest, TheAdvisorsRecommendationIsMarkedAndEveryOtherFrameworkSaysWhyNot) {
    const CompareOutcome outcome = compareExample("llama31-70b-h100x256.json", true);
    sim::AdvisorOptions options;
    options.breakPoints = false;
    model::Scenario searched = outcome.scenario; // the advisor searches; pins are the user's
    searched.plans.clear();
    const sim::Advice advice = sim::advise(searched, options);
    ASSERT_EQ(advice.recommendation.framework, model::Framework::Fsdp);

    CompareTableModel model;
    model.setRows(compareRows(outcome));
    int marked = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const CompareRow& row = *model.rowAt(r);
        const QString name = model.data(model.index(r, CompareTableModel::FrameworkColumn)).toString();
        if (row.recommended) {
            ++marked;
            EXPECT_EQ(row.framework, advice.recommendation.framework);
            EXPECT_EQ(name, QStringLiteral("★ PyTorch FSDP"));
            EXPECT_TRUE(model.data(model.index(r, CompareTableModel::PlanColumn), Qt::FontRole)
                            .value<QFont>()
                            .bold());
            continue;
        }
        EXPECT_FALSE(name.startsWith(QStringLiteral("★"))) << name.toStdString();
        if (row.pinnedIndex >= 0) {
            EXPECT_TRUE(row.verdict.isEmpty()); // pinned plans are the user's, not the advisor's
            continue;
        }
        // The same sentence as the advisor's verdict, naming the framework first.
        const std::vector<sim::FrameworkVerdict> verdicts =
            sim::frameworkVerdicts(searched, advice.frameworks, advice.recommendation);
        const sim::FrameworkVerdict* v = sim::findVerdict(verdicts, row.framework);
        ASSERT_NE(v, nullptr);
        EXPECT_EQ(row.verdict.toStdString(), sim::render(*v, sim::Lang::En));
        EXPECT_TRUE(row.verdict.startsWith(frameworkName(row.framework) + QLatin1Char(':')) ||
                    row.verdict.startsWith(frameworkName(row.framework) + QLatin1Char(' ')))
            << row.verdict.toStdString();
    }
    EXPECT_EQ(marked, 1);
    // Megatron-LM is faster but needs more prerequisites; DDP does not fit.
    EXPECT_TRUE(model.rowAt(3)->verdict.contains(QStringLiteral("faster, but")))
        << model.rowAt(3)->verdict.toStdString();
    EXPECT_TRUE(model.rowAt(0)->verdict.contains(QStringLiteral("does not fit")))
        << model.rowAt(0)->verdict.toStdString();
}

// Regression (issue 21): an imported scenario without a GPU price showed "$0.00" in every cost
// cell with no warning.
TEST_F(ViewModelTest, WithoutAGpuPriceNoCostCellReadsZeroDollars) {
    CompareOutcome outcome;
    outcome.scenario = test::loadExample("llama31-70b-h100x256.json");
    outcome.scenario.cluster.gpuHourUsd = 0;
    // Neither the scenario nor the GPU has a price (the catalog's H100 has a list price since
    // issue 20; an inline or export-restricted GPU has none).
    outcome.scenario.cluster.gpu.listPrice = {};
    outcome.search = sim::searchPlans(outcome.scenario);
    CompareTableModel model;
    model.setRows(compareRows(outcome));
    const int fsdp = 1;
    ASSERT_TRUE(model.rowAt(fsdp)->fits());
    EXPECT_EQ(model.data(model.index(fsdp, CompareTableModel::CostColumn)).toString(),
              QStringLiteral("no GPU price"));
    EXPECT_EQ(model.data(model.index(fsdp, CompareTableModel::CostWithFailuresColumn)).toString(),
              QStringLiteral("no GPU price"));
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            EXPECT_FALSE(model.data(model.index(r, c)).toString().contains(QLatin1Char('$')))
                << r << "," << c;
    // With a price the same cell is money again.
    EXPECT_EQ(formatCost(1234.0), formatCurrency(1234.0));
}

// Regression (issue 21): the ranked-plans list elided every row to the same "TP4·PP…opt SP",
// cutting exactly the part that differs.
TEST_F(ViewModelTest, RankedPlansShowTheKnobsThatDiffer) {
    auto plan = [](int dp, int tp, int mb) {
        sim::PlanEstimate e;
        e.plan.framework = model::Framework::Megatron;
        e.plan.dp = dp;
        e.plan.tp = tp;
        e.plan.pp = 2;
        e.plan.microBatch = mb;
        e.plan.sequenceParallel = true;
        return e;
    };
    PlanListModel model;
    model.setPlans({plan(32, 4, 1), plan(32, 4, 2), plan(16, 8, 1)});
    const QString full = QString::fromStdString(plan(32, 4, 2).plan.label());
    const QString row1 = model.data(model.index(1, PlanListModel::PlanColumn)).toString();
    EXPECT_FALSE(row1.contains(QStringLiteral("PP2"))) << row1.toStdString(); // shared
    EXPECT_TRUE(row1.contains(QStringLiteral("mb2"))) << row1.toStdString();
    EXPECT_TRUE(row1.contains(QStringLiteral("TP4"))) << row1.toStdString(); // differs from row 3
    EXPECT_NE(model.data(model.index(0, PlanListModel::PlanColumn)).toString(), row1);
    EXPECT_EQ(model.data(model.index(1, PlanListModel::PlanColumn), Qt::ToolTipRole).toString(),
              full);
    EXPECT_TRUE(model.sharedKnobs().contains(QStringLiteral("PP2")));
    EXPECT_TRUE(model.sharedKnobs().contains(QStringLiteral("SP")));
    // One plan alone keeps its whole label.
    model.setPlans({plan(32, 4, 1)});
    EXPECT_EQ(model.data(model.index(0, PlanListModel::PlanColumn)).toString(),
              QString::fromStdString(plan(32, 4, 1).plan.label()).replace(QStringLiteral("·"),
                                                                          QStringLiteral(" ")));
}

TEST_F(ViewModelTest, PlanListModelPassesTheModelTester) {
    PlanListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const CompareOutcome outcome = compareExample("llama31-70b-h100x256.json", false);
    const auto rows = compareRows(outcome);
    const auto megatron = std::find_if(rows.begin(), rows.end(), [](const CompareRow& r) {
        return r.framework == model::Framework::Megatron && r.kind == CompareRow::Kind::Best;
    });
    ASSERT_NE(megatron, rows.end());
    std::vector<sim::PlanEstimate> plans{*megatron->estimate};
    plans.insert(plans.end(), megatron->runnersUp.begin(), megatron->runnersUp.end());
    model.setPlans(plans);
    ASSERT_GE(model.rowCount(), 2);
    // Ranked by step time.
    for (int r = 1; r < model.rowCount(); ++r)
        EXPECT_LE(
            model.data(model.index(r - 1, PlanListModel::StepColumn), TableModelBase::SortRole)
                .toDouble(),
            model.data(model.index(r, PlanListModel::StepColumn), TableModelBase::SortRole)
                .toDouble());
    model.setPlans({});
    EXPECT_EQ(model.rowCount(), 0);
}

} // namespace
} // namespace trainplan::ui

// Regression (issue 21): the GUI and the report drew the same network tiers in different colours.
#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/ui/communication_chart.h>
#include <trainplan/ui/step_time_chart.h>

#include <QBarSet>
#include <QHorizontalStackedBarSeries>

namespace trainplan::ui {
namespace {

TEST(ChartColours, NetworkTiersHaveTheReportsColoursInEveryChart) {
    test::app();
    CommunicationChart tiers(CommunicationChart::Mode::ByTier);
    StepTimeChart step;
    const auto tierSets = tiers.barSeries()->barSets();
    const auto stepSets = step.barSeries()->barSets();
    ASSERT_EQ(tierSets.size(), 2);
    ASSERT_GE(stepSets.size(), 3);
    EXPECT_EQ(tierSets[0]->color(), report::tierColor(false));
    EXPECT_EQ(tierSets[1]->color(), report::tierColor(true));
    EXPECT_EQ(stepSets[1]->color(), report::tierColor(false)); // exposed intra-node
    EXPECT_EQ(stepSets[2]->color(), report::tierColor(true));  // exposed inter-node
    EXPECT_NE(report::tierColor(false), report::tierColor(true));
}

} // namespace
} // namespace trainplan::ui
