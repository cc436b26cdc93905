#include "ui_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/simulator/validation.h>
#include <trainplan/ui/accuracy_chart.h>
#include <trainplan/ui/accuracy_summary_model.h>
#include <trainplan/ui/accuracy_tab.h>
#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/table_model_base.h>

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

#include <cmath>

namespace trainplan::ui {
namespace {

sim::ValidationReport directReport() {
    const auto load = model::loadPublishedRuns(std::string(TRAINPLAN_TEST_DATA_DIR) +
                                               "/reference/published_runs.csv");
    return sim::validatePublishedRuns(load.runs, *test::catalog());
}

// The Accuracy tab shows the numbers of `trainplan-cli validate`: the same rows, the same errors.
TEST(AccuracyTabTest, HoldsTheSameErrorsAsValidatePublishedRuns) {
    test::app();
    AccuracyTab tab(test::catalog());
    QAbstractItemModelTester rowsTester(tab.rowsModel(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester summaryTester(tab.summaryModel(),
                                           QAbstractItemModelTester::FailureReportingMode::Fatal);
    tab.show();
    ASSERT_TRUE(test::waitFor([&] { return tab.report() != nullptr; }));

    const sim::ValidationReport expected = directReport();
    ASSERT_GT(expected.rows.size(), 40u);
    AccuracyTableModel* rows = tab.rowsModel();
    ASSERT_EQ(rows->rowCount(), static_cast<int>(expected.rows.size()));
    for (int r = 0; r < rows->rowCount(); ++r) {
        const auto& e = expected.rows[static_cast<std::size_t>(r)];
        EXPECT_EQ(rows->index(r, AccuracyTableModel::LineColumn).data().toULongLong(), e.line);
        EXPECT_DOUBLE_EQ(rows->index(r, AccuracyTableModel::MeasuredColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         e.measured);
        EXPECT_DOUBLE_EQ(rows->index(r, AccuracyTableModel::PredictedColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         e.predicted);
        EXPECT_DOUBLE_EQ(rows->index(r, AccuracyTableModel::ErrorColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         std::abs(e.relativeError));
        EXPECT_EQ(rows->index(r, AccuracyTableModel::ErrorColumn).data().toString(),
                  AccuracyTableModel::formatError(e.relativeError));
    }
    // Summary: one row per source and metric plus the total.
    AccuracySummaryModel* summary = tab.summaryModel();
    ASSERT_EQ(summary->rowCount(), static_cast<int>(expected.summary.size()) + 1);
    for (int r = 0; r < static_cast<int>(expected.summary.size()); ++r) {
        const auto& g = expected.summary[static_cast<std::size_t>(r)];
        EXPECT_EQ(summary->index(r, AccuracySummaryModel::RowsColumn)
                      .data(TableModelBase::SortRole)
                      .toInt(),
                  g.rows);
        EXPECT_DOUBLE_EQ(summary->index(r, AccuracySummaryModel::MeanColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         g.meanAbsError);
        EXPECT_DOUBLE_EQ(summary->index(r, AccuracySummaryModel::MaxColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         g.maxAbsError);
    }
    const int total = summary->rowCount() - 1;
    EXPECT_EQ(summary->index(total, AccuracySummaryModel::RowsColumn)
                  .data(TableModelBase::SortRole)
                  .toInt(),
              expected.totalRows);
    EXPECT_DOUBLE_EQ(summary->index(total, AccuracySummaryModel::MeanColumn)
                         .data(TableModelBase::SortRole)
                         .toDouble(),
                     expected.meanAbsError);
    EXPECT_TRUE(tab.chart()->placeholder().isEmpty());
}

TEST(AccuracyTabTest, ValueFormattingKeepsEachMetricsUnit) {
    test::app();
    EXPECT_EQ(AccuracyTableModel::formatError(0.058), QStringLiteral("+5.8%"));
    EXPECT_EQ(AccuracyTableModel::formatError(-0.243), QStringLiteral("-24.3%"));
    EXPECT_EQ(AccuracyTableModel::formatValue(sim::ValidationMetric::PeakMemoryGiB, 61.8),
              QStringLiteral("61.8 GiB"));
    EXPECT_EQ(AccuracyTableModel::formatValue(sim::ValidationMetric::MfuPercent, 46.24),
              QStringLiteral("46.2%"));
}

} // namespace
} // namespace trainplan::ui
