// The calibration and validation sentences (issue 19 item 3): the Calibration and Accuracy tabs,
// `trainplan-cli calibrate` and `validate` render the same entries, in English and Chinese.
#include <trainplan/simulator/calibration_text.h>

#include <gtest/gtest.h>

#include "text_test_support.h"

#include <set>
#include <string>

using namespace trainplan::sim;

namespace {

using trainplan::test::hasCjk;
using trainplan::test::placeholders;

} // namespace

TEST(CalibrationText, EveryEntryHasChineseWithTheSameArguments) {
    for (int i = 0; i < kCalTextCount; ++i) {
        const auto id = static_cast<CalText>(i);
        const std::string_view en = calibrationTemplate(id, Lang::En);
        const std::string_view zh = calibrationTemplate(id, Lang::ZhCN);
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_EQ(placeholders(en), placeholders(zh)) << en << " / " << zh;
        EXPECT_EQ(static_cast<int>(placeholders(en).size()), calibrationArgCount(id)) << en;
        // Symbols and bare placeholders read the same in both languages.
        if (en != "± 1σ" && en != "y = x" && en != "{0} ({1})" && en != "MFU") {
            EXPECT_TRUE(hasCjk(zh)) << en << ": " << zh;
        }
        EXPECT_EQ(zh.find("{0|"), std::string_view::npos) << zh << ": Chinese needs no plural";
    }
}

TEST(CalibrationText, NumbersAreTypedArgumentsInTheOneStyle) {
    EXPECT_EQ(calibrationText(CalText::RefusedRaisesError, Lang::En,
                              {percentArg(0.12), percentArg(0.153)}),
              "the fit raises the mean |error| on its own runs from 12.0% to 15.3%, so it is not "
              "offered; fit the runs of one cluster (one GPU generation and software stack) at a "
              "time");
    EXPECT_EQ(calibrationText(CalText::RefusedRaisesError, Lang::ZhCN,
                              {percentArg(0.12), percentArg(0.153)}),
              "拟合使其自身运行的平均 |误差| 从 12.0% 升至 15.3%，因此不予采用；请每次只拟合一个"
              "集群（同一 GPU 代际与软件栈）的运行");
    EXPECT_EQ(calibrationText(CalText::FitParameterTip, Lang::En,
                              {textArg("gemm_efficiency"), decimalArg(0.3), decimalArg(1.0)}),
              "Fit gemm_efficiency (the scenario's efficiency key), bounded to [0.30, 1.00].");
    EXPECT_EQ(calibrationText(CalText::Parenthesized, Lang::En,
                              {textArg("1.20 s"), signedPercentArg(0.05)}),
              "1.20 s (+5.0%)");
    EXPECT_EQ(calibrationText(CalText::Parenthesized, Lang::ZhCN,
                              {textArg("1.20 秒"), signedPercentArg(-0.05)}),
              "1.20 秒（-5.0%）");
}

TEST(CalibrationText, EnglishPluralsFollowTheCount) {
    EXPECT_EQ(calibrationText(CalText::MeasurementCount, Lang::En, {countArg(1)}), "1 measurement");
    EXPECT_EQ(calibrationText(CalText::MeasurementCount, Lang::En, {countArg(3)}),
              "3 measurements");
    EXPECT_EQ(calibrationText(CalText::MeasurementCount, Lang::ZhCN, {countArg(3)}), "3 个测量");
    EXPECT_EQ(calibrationText(CalText::RowsNotReproducedHover, Lang::En, {countArg(1)}),
              "1 row not reproduced (hover for why).");
    EXPECT_EQ(calibrationText(CalText::RowsNotReproducedHover, Lang::ZhCN, {countArg(2)}),
              "2 行未能复现（悬停查看原因）。");
}

TEST(CalibrationText, SummaryLinesAreTheCliAndTheTabsOwn) {
    CalibrationResult r;
    r.before = {10, 0.20, 0, 0.40};
    r.after = {10, 0.05, 0, 0.10};
    r.leaveOneOut = {10, 0.08, 0, 0.15};
    r.residualSigma = 0.06;
    r.degreesOfFreedom = 9;
    const auto en = calibrationSummaryLines(r, Lang::En);
    ASSERT_EQ(en.size(), 3u);
    EXPECT_EQ(en[0],
              "Mean |error| before 20.0%, after 5.0%, leave-one-out 8.0% (10 measurements).");
    EXPECT_EQ(en[1], "Max |error| before 40.0%, after 10.0%, leave-one-out 15.0%.");
    EXPECT_EQ(en[2], "Residual σ 6.0% with 9 degrees of freedom.");
    const auto zh = calibrationSummaryLines(r, Lang::ZhCN);
    ASSERT_EQ(zh.size(), 3u);
    EXPECT_EQ(zh[0], "平均 |误差|：拟合前 20.0%，拟合后 5.0%，留一法 8.0%（10 个测量）。");
    EXPECT_EQ(zh[2], "残差 σ 6.0%，自由度 9。");

    r.leaveOneOut.count = 0; // too few runs to leave one out
    EXPECT_EQ(calibrationSummaryLines(r, Lang::En)[0],
              "Mean |error| before 20.0%, after 5.0% (10 measurements).");

    r.refusal = "refused";
    r.refusalKind = CalibrationRefusal::NothingToFit;
    EXPECT_EQ(calibrationSummaryLines(r, Lang::ZhCN),
              std::vector<std::string>{"拟合前平均 |误差|：20.0%。"});
}

TEST(CalibrationText, ValidatedMetricsAreNamedAsTheMetricCatalogueNamesThem) {
    EXPECT_EQ(validationMetricName(ValidationMetric::StepSeconds, Lang::En), "Step time");
    EXPECT_EQ(validationMetricName(ValidationMetric::StepSeconds, Lang::ZhCN), "单步时间");
    EXPECT_EQ(validationMetricName(ValidationMetric::TokensPerSecondPerGpu, Lang::ZhCN),
              "每卡 token/秒");
    EXPECT_EQ(validationMetricName(ValidationMetric::PeakMemoryGiB, Lang::ZhCN), "峰值显存");
    EXPECT_EQ(validationMetricName(ValidationMetric::NarayananTflopsPerGpu, Lang::En),
              "TFLOP/s per GPU (eq. 3)");
}
