// Issue 9: goodput and the cost of the run with failures in the Compare table.
#include "ui_test_support.h"

#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/search.h>
#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/format.h>

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

TEST(CompareGoodput, EveryFittingRowShowsTheGoodputOfItsPlan) {
    test::app();
    const CompareOutcome outcome =
        compareOutcome(services::planScenario(test::loadExample("llama31-70b-h100x256.json"), {}));
    CompareTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setRows(compareRows(outcome));
    ASSERT_EQ(model.rowCount(), 4);
    int withGoodput = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const CompareRow* r = model.rowAt(row);
        ASSERT_NE(r, nullptr);
        const QModelIndex goodput = model.index(row, CompareTableModel::GoodputColumn);
        const QModelIndex cost = model.index(row, CompareTableModel::CostWithFailuresColumn);
        if (!r->fits()) {
            EXPECT_TRUE(model.data(goodput).toString().isEmpty()); // DDP does not fit 70B
            continue;
        }
        ++withGoodput;
        const sim::GoodputEstimate g = sim::estimateGoodput(outcome.scenario, *r->estimate);
        EXPECT_EQ(model.data(goodput).toString(), formatPercent(g.goodput));
        EXPECT_EQ(model.data(cost).toString(), formatCurrency(g.usd));
        EXPECT_GT(g.goodput, 0.9); // 256 GPUs: a few interruptions a week
        EXPECT_LT(g.goodput, 1.0);
        // Failures only add cost.
        EXPECT_GT(g.usd, r->estimate->cost.usd);
        EXPECT_TRUE(model.data(goodput, Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("interruptions per day")));
    }
    EXPECT_EQ(withGoodput, 3);
}

} // namespace
} // namespace trainplan::ui
