// The Compare view-models under QAbstractItemModelTester, fed by a real search.
#include "ui_test_support.h"

#include <trainplan/simulator/search.h>
#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/plan_list_model.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

CompareOutcome compareExample(const std::string& file, bool withPin) {
    CompareOutcome out;
    out.scenario = test::loadExample(file);
    out.search = sim::searchPlans(out.scenario);
    if (withPin) {
        for (const auto& fr : out.search.frameworks)
            if (fr.best) {
                out.scenario.plans.push_back(fr.best->plan);
                break;
            }
        model::Plan bad;
        bad.tp = 3; // 64 heads are not divisible by 3
        out.scenario.plans.push_back(bad);
        const sim::PlanContext ctx = sim::makeContext(out.scenario);
        for (const auto& p : out.scenario.plans)
            out.pinned.push_back(sim::estimatePlan(ctx, p));
    }
    return out;
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
