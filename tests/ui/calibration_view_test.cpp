#include "ui_test_support.h"

#include <trainplan/model/published_run.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/ui/calibration_models.h>
#include <trainplan/ui/calibration_view.h>
#include <trainplan/ui/table_model_base.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>

#include <gtest/gtest.h>

#include <cmath>

namespace trainplan::ui {
namespace {

using sim::CalibrationParameter;

std::vector<sim::CalibrationRun> directRuns(const std::string& group) {
    const auto load = model::loadPublishedRuns(std::string(TRAINPLAN_TEST_DATA_DIR) +
                                               "/reference/published_runs.csv");
    std::vector<sim::CalibrationRun> runs;
    for (const auto& row : load.runs) {
        const sim::ReferenceCase c = sim::referenceCase(row, *test::catalog());
        if (c.group != group) continue;
        if (auto run = sim::calibrationRun(c)) runs.push_back(std::move(*run));
    }
    return runs;
}

class CalibrationViewTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        view = std::make_unique<CalibrationView>(test::catalog());
        parametersTester = std::make_unique<QAbstractItemModelTester>(
            view->parameterModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        residualsTester = std::make_unique<QAbstractItemModelTester>(
            view->residualModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
        view->show(); // fits all published runs for gemm on first show
        ASSERT_TRUE(
            test::waitFor([&] { return view->result() != nullptr && !view->isFitting(); }, 120000));
    }
    void fitAgain() {
        const auto before = view->result();
        view->fit();
        ASSERT_TRUE(
            test::waitFor([&] { return view->result() != before && !view->isFitting(); }, 120000));
    }
    std::unique_ptr<CalibrationView> view;
    std::unique_ptr<QAbstractItemModelTester> parametersTester, residualsTester;
};

// Korthikanti et al. 2022 rows, gemm only: the view's fit is sim::calibrate's on the same runs
// (the numbers of `trainplan-cli calibrate --runs published_runs.csv --source Korthikanti --fit
// gemm`).
TEST_F(CalibrationViewTest, FitsOneSourceLikeTheCli) {
    const int korthikanti = view->sourceBox()->findData(QStringLiteral("Korthikanti et al. 2022"));
    ASSERT_GE(korthikanti, 0) << "sources are listed after the first fit";
    view->sourceBox()->setCurrentIndex(korthikanti);
    fitAgain();
    sim::CalibrationOptions options;
    options.parameters = {CalibrationParameter::GemmEfficiency};
    const sim::CalibrationResult direct =
        sim::calibrate(directRuns("Korthikanti et al. 2022"), options);
    ASSERT_TRUE(direct.ok()) << direct.refusal;
    const sim::CalibrationResult& shown = *view->result();
    ASSERT_TRUE(shown.ok()) << shown.refusal;
    ASSERT_EQ(shown.parameters.size(), 1u);
    EXPECT_DOUBLE_EQ(shown.parameters[0].value, direct.parameters[0].value);
    EXPECT_DOUBLE_EQ(shown.parameters[0].sigma, direct.parameters[0].sigma);
    EXPECT_DOUBLE_EQ(shown.after.meanAbs, direct.after.meanAbs);
    EXPECT_LE(shown.after.meanAbs, shown.before.meanAbs)
        << "least squares does not make the in-sample fit worse";
    EXPECT_GT(shown.parameters[0].sigma, 0);
    // The tables hold the result.
    EXPECT_EQ(view->parameterModel()->rowCount(), 1);
    EXPECT_DOUBLE_EQ(view->parameterModel()
                         ->index(0, CalibrationParameterModel::ValueColumn)
                         .data(TableModelBase::SortRole)
                         .toDouble(),
                     direct.parameters[0].value);
    ASSERT_EQ(view->residualModel()->rowCount(), static_cast<int>(direct.residuals.size()));
    for (int r = 0; r < view->residualModel()->rowCount(); ++r)
        EXPECT_DOUBLE_EQ(view->residualModel()
                             ->index(r, CalibrationResidualModel::AfterColumn)
                             .data(TableModelBase::SortRole)
                             .toDouble(),
                         std::abs(direct.residuals[static_cast<std::size_t>(r)].errorAfter()));
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("leave-one-out")));
}

TEST_F(CalibrationViewTest, NothingToFitIsRefusedWithTheReason) {
    view->parameterBox(CalibrationParameter::GemmEfficiency)->setChecked(false);
    fitAgain();
    EXPECT_FALSE(view->result()->ok());
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("Fit refused")));
    EXPECT_TRUE(view->summaryText().contains(QStringLiteral("nothing to fit")));
    EXPECT_EQ(view->parameterModel()->rowCount(), 0);
}

} // namespace
} // namespace trainplan::ui
