// Every user-visible string has a Simplified Chinese translation, and the .qm is embedded.
#include "ui_test_support.h"

#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/calibration_models.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/metric_info.h>

#include <QFile>
#include <QRegularExpression>
#include <QTranslator>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

QString tsText() {
    QFile f(QStringLiteral(TRAINPLAN_TEST_DATA_DIR "/translations/trainplan_zh_CN.ts"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

TEST(Translations, EveryMessageIsTranslated) {
    const QString ts = tsText();
    ASSERT_FALSE(ts.isEmpty());
    EXPECT_EQ(ts.count(QStringLiteral("type=\"unfinished\"")), 0);
    EXPECT_EQ(ts.count(QStringLiteral("type=\"vanished\"")), 0);
    const auto messages = ts.count(QStringLiteral("<message"));
    EXPECT_GT(messages, 300);
    // No empty translations (numerus forms included).
    EXPECT_EQ(ts.count(QRegularExpression(QStringLiteral("<translation>\\s*</translation>"))), 0);
    EXPECT_EQ(ts.count(QRegularExpression(QStringLiteral("<numerusform>\\s*</numerusform>"))), 0);
}

TEST(Translations, PlaceholdersSurviveTranslation) {
    // A %1 in the source must appear in the translation, or .arg() would drop a number.
    const QString ts = tsText();
    const QRegularExpression message(
        QStringLiteral("<source>(.*?)</source>\\s*(?:<comment>.*?</"
                       "comment>\\s*)?<translation[^>]*>(.*?)</translation>"),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpression placeholder(QStringLiteral("%(\\d|n)"));
    int checked = 0;
    for (auto it = message.globalMatch(ts); it.hasNext();) {
        const auto m = it.next();
        const QString source = m.captured(1), translation = m.captured(2);
        for (auto p = placeholder.globalMatch(source); p.hasNext();) {
            const QString token = p.next().captured(0);
            EXPECT_TRUE(translation.contains(token))
                << source.toStdString() << " -> " << translation.toStdString();
        }
        ++checked;
    }
    EXPECT_GT(checked, 300);
}

TEST(Translations, EmbeddedCatalogLoads) {
    test::app();
    QTranslator t;
    ASSERT_TRUE(t.load(QStringLiteral(":/i18n/trainplan_zh_CN.qm")));
    EXPECT_EQ(t.translate("trainplan::ui::MainWindow", "Compare"), QStringLiteral("比较"));
    EXPECT_EQ(t.translate("trainplan::ui::ClusterSection", "NICs per node"),
              QStringLiteral("每节点网卡数"));
}

// Metric names and tooltips are not in the .ts: they come from the simulator's metric catalogue,
// in the interface language, as the report and the CLI print them.
TEST(Translations, MetricWordsFollowTheInterfaceLanguage) {
    test::app();
    installLanguage(QStringLiteral("zh_CN"));
    EXPECT_EQ(metricName(Metric::StepTime), QStringLiteral("单步时间"));
    EXPECT_TRUE(metricToolTip(Metric::Mfu).contains(QStringLiteral("模型算力利用率")));
    installLanguage(QStringLiteral("en"));
    EXPECT_EQ(metricName(Metric::StepTime), QStringLiteral("Step time"));
    EXPECT_FALSE(tsText().contains(QStringLiteral("<name>Metric</name>")));
}

// The Calibration, Accuracy and Measurements tabs' sentences and column names are not in the .ts
// either: they come from the calibration and measured-run catalogues, which `trainplan-cli
// calibrate`, `validate` and `runs` print too.
TEST(Translations, CalibrationAndMeasurementWordsFollowTheInterfaceLanguage) {
    test::app();
    installLanguage(QStringLiteral("zh_CN"));
    CalibrationResidualModel residuals;
    EXPECT_EQ(residuals.headerData(CalibrationResidualModel::LeaveOneOutColumn, Qt::Horizontal)
                  .toString(),
              QStringLiteral("留一法"));
    EXPECT_EQ(AccuracyTableModel::metricLabel(sim::ValidationMetric::StepSeconds),
              QStringLiteral("单步时间"));
    EXPECT_EQ(runsText(services::RunText::Deleted, {sim::countArg(2)}),
              QStringLiteral("已删除 2 个运行。"));
    installLanguage(QStringLiteral("en"));
    EXPECT_EQ(residuals.headerData(CalibrationResidualModel::LeaveOneOutColumn, Qt::Horizontal)
                  .toString(),
              QStringLiteral("Leave-one-out"));
    EXPECT_EQ(runsText(services::RunText::Deleted, {sim::countArg(2)}),
              QStringLiteral("Deleted 2 runs."));
    const QString ts = tsText();
    for (const char* context :
         {"CalibrationParameterModel", "CalibrationResidualModel", "AccuracyTableModel",
          "AccuracySummaryModel", "AccuracyTab", "AccuracyChart", "MeasuredRunsModel"})
        EXPECT_FALSE(ts.contains(
            QStringLiteral("<name>trainplan::ui::%1</name>").arg(QLatin1String(context))))
            << context;
}

} // namespace
} // namespace trainplan::ui
