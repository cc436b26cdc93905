// Presentation mode: seven pages, keys move between them, Esc leaves, type scales with the
// window, every page draws, and a what-if change re-runs the estimate so the numbers on the
// current slide change while the scenario stays as it was.
#include "ui_test_support.h"

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/presentation_window.h>

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTest>

#include <gtest/gtest.h>

#include <cstdio>

namespace trainplan::ui {
namespace {

constexpr const char* kPresentedExample = "llama31-70b-h100x256.json";

std::unique_ptr<PresentationWindow> openPresentation(sim::Lang lang,
                                                     QSize size = QSize(1600, 900)) {
    test::app();
    auto w = std::make_unique<PresentationWindow>(test::loadExample(kPresentedExample),
                                                  test::catalog(), lang);
    w->resize(size);
    w->show();
    EXPECT_TRUE(test::waitFor([&] { return w->data() != nullptr && !w->isComputing(); }, 60000));
    return w;
}

QString labelText(const PresentationWindow& w, int page, const char* name) {
    auto* label = w.pageWidget(page)->findChild<QLabel*>(QString::fromLatin1(name));
    return label ? label->text() : QString();
}

// Share of pixels that are not (near) white.
double inkFraction(const QImage& image) {
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    qint64 ink = 0;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2)
            if (qGray(img.pixel(x, y)) < 200) ++ink;
    return static_cast<double>(ink) / ((img.width() / 2) * (img.height() / 2));
}

TEST(PresentationWindow, KeysMoveThroughSevenPagesAndEscLeaves) {
    auto w = openPresentation(sim::Lang::En);
    ASSERT_EQ(w->pageCount(), 7);
    EXPECT_EQ(w->findChild<QStackedWidget*>()->count(), 7);
    EXPECT_EQ(w->currentPage(), 0);
    EXPECT_EQ(w->pageIndicator()->text(), QStringLiteral("1 / 7"));

    QTest::keyClick(w.get(), Qt::Key_Right);
    EXPECT_EQ(w->currentPage(), 1);
    EXPECT_EQ(w->pageIndicator()->text(), QStringLiteral("2 / 7"));
    QTest::keyClick(w.get(), Qt::Key_PageDown);
    QTest::keyClick(w.get(), Qt::Key_Space);
    EXPECT_EQ(w->currentPage(), 3);
    QTest::keyClick(w.get(), Qt::Key_Left);
    QTest::keyClick(w.get(), Qt::Key_PageUp);
    EXPECT_EQ(w->currentPage(), 1);
    QTest::keyClick(w.get(), Qt::Key_End);
    EXPECT_EQ(w->currentPage(), 6);
    QTest::keyClick(w.get(), Qt::Key_Right); // stays on the last page
    EXPECT_EQ(w->currentPage(), 6);
    EXPECT_EQ(w->pageIndicator()->text(), QStringLiteral("7 / 7"));
    QTest::keyClick(w.get(), Qt::Key_Home);
    EXPECT_EQ(w->currentPage(), 0);

    // Page keys and Esc work from the what-if boxes too (Up/Down step the box there).
    QTest::keyClick(w->gpuSpin(), Qt::Key_PageDown);
    EXPECT_EQ(w->currentPage(), 1);

    ASSERT_TRUE(w->isVisible());
    QTest::keyClick(w.get(), Qt::Key_Escape);
    EXPECT_FALSE(w->isVisible());
}

TEST(PresentationWindow, PagesShowTheReportDataInTypeThatScales) {
    auto w = openPresentation(sim::Lang::En, QSize(1600, 900));
    EXPECT_EQ(w->bodyPixels(), 20); // 900 / 45
    auto* title = w->pageWidget(0)->findChild<QLabel*>(QStringLiteral("slideTitle"));
    ASSERT_NE(title, nullptr);
    EXPECT_EQ(title->font().pixelSize(), 40);

    const report::ReportData& d = *w->data();
    const report::ComparedPlan* h = d.headlinePlan();
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(labelText(*w, 0, "stepTime"),
              report::fmtSeconds(h->estimate().time.stepSeconds, sim::Lang::En));
    EXPECT_EQ(labelText(*w, 0, "mfu"),
              report::fmtPercent(h->estimate().throughput.mfu, sim::Lang::En));

    auto* table = w->pageWidget(1)->findChild<QTableWidget*>(QStringLiteral("comparisonTable"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->rowCount(), static_cast<int>(d.compared.size()));
    EXPECT_GE(table->font().pixelSize(), 20);

    for (const char* id :
         {"chart_memory", "chart_step_time", "chart_communication", "chart_scaling"}) {
        QChartView* view = nullptr;
        for (int p = 2; p <= 5 && !view; ++p)
            view = w->pageWidget(p)->findChild<QChartView*>(QString::fromLatin1(id));
        ASSERT_NE(view, nullptr) << id;
        EXPECT_FALSE(view->chart()->series().isEmpty()) << id;
    }
    // Issue 19: each chart's caption is the report's and the deck's (report::chartCaption), with
    // its figures filled in.
    for (const report::ChartKind kind :
         {report::ChartKind::Memory, report::ChartKind::StepTime, report::ChartKind::Communication,
          report::ChartKind::Scaling}) {
        const QString name = QStringLiteral("caption_") + report::chartId(kind);
        QLabel* caption = nullptr;
        for (int p = 2; p <= 5 && !caption; ++p)
            caption = w->pageWidget(p)->findChild<QLabel*>(name);
        ASSERT_NE(caption, nullptr) << name.toStdString();
        EXPECT_EQ(caption->text(), report::chartCaption(kind, d, sim::Lang::En));
        EXPECT_FALSE(caption->text().contains(QStringLiteral("%1"))) << name.toStdString();
    }

    // Bigger window, bigger type.
    w->resize(1920, 1080);
    test::waitFor([&] { return w->bodyPixels() == 24; }, 2000);
    EXPECT_EQ(
        w->pageWidget(0)->findChild<QLabel*>(QStringLiteral("slideTitle"))->font().pixelSize(), 48);

    // Every page draws something (and, with TRAINPLAN_SCREENSHOT_DIR set, lands in the docs).
    w->resize(1600, 1000);
    for (int p = 0; p < w->pageCount(); ++p) {
        w->setPage(p);
        const QImage shot = w->grab().toImage();
        EXPECT_GT(inkFraction(shot), 0.01) << "page " << p;
    }
}

TEST(PresentationWindow, WhatIfUpdatesTheSlidesButNotTheScenario) {
    auto w = openPresentation(sim::Lang::En);
    const int baseGpus = static_cast<int>(w->baseScenario().cluster.gpuCount());
    ASSERT_EQ(baseGpus, 256);
    const QString stepBefore = labelText(*w, 0, "stepTime");
    const double stepSecondsBefore = w->data()->headlinePlan()->estimate().time.stepSeconds;
    ASSERT_FALSE(stepBefore.isEmpty());

    QSignalSpy updated(w.get(), &PresentationWindow::slidesUpdated);
    QElapsedTimer clock;
    clock.start();
    w->gpuSpin()->setValue(2 * baseGpus);
    ASSERT_TRUE(test::waitFor([&] { return !updated.isEmpty() && !w->isComputing(); }, 60000));
    std::printf("[ timing ] what-if 256 -> 512 GPUs to updated slides: %lld ms\n",
                static_cast<long long>(clock.elapsed()));
    EXPECT_EQ(w->data()->gpus(), 2 * baseGpus);
    EXPECT_EQ(w->whatIf().nodes, 2 * w->baseScenario().cluster.nodes);
    const double stepSecondsAfter = w->data()->headlinePlan()->estimate().time.stepSeconds;
    // Twice the GPUs at the same global batch: each step is faster.
    EXPECT_LT(stepSecondsAfter, stepSecondsBefore);
    const QString stepAfter = labelText(*w, 0, "stepTime");
    EXPECT_NE(stepAfter, stepBefore);
    EXPECT_EQ(stepAfter, report::fmtSeconds(stepSecondsAfter, sim::Lang::En));
    EXPECT_TRUE(labelText(*w, 0, "scenarioFacts").contains(QStringLiteral("512")))
        << labelText(*w, 0, "scenarioFacts").toStdString();

    // Bandwidth per NIC: stored as bytes/s per direction, shown in Gb/s.
    updated.clear();
    w->bandwidthSpin()->setValue(100);
    ASSERT_TRUE(test::waitFor([&] { return !updated.isEmpty() && !w->isComputing(); }, 60000));
    EXPECT_DOUBLE_EQ(w->data()->scenario.cluster.interNode.bytesPerSecond, 100e9 / 8);

    EXPECT_EQ(w->baseScenario().cluster.gpuCount(), baseGpus); // the scenario is a copy, untouched
    updated.clear();
    w->setWhatIf({});
    ASSERT_TRUE(test::waitFor([&] { return !updated.isEmpty() && !w->isComputing(); }, 60000));
    EXPECT_EQ(labelText(*w, 0, "stepTime"), stepBefore);
    EXPECT_EQ(w->gpuSpin()->value(), baseGpus);
}

// Writes every page as presentation-N{,_zh_CN}.png (docs/images) when TRAINPLAN_SCREENSHOT_DIR is
// set; always checks that the Chinese slides draw.
TEST(PresentationWindow, ChineseSlidesAndScreenshots) {
    const QString dir = qEnvironmentVariable("TRAINPLAN_SCREENSHOT_DIR");
    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        installLanguage(lang == sim::Lang::ZhCN ? QStringLiteral("zh_CN") : QStringLiteral("en"));
        auto w = openPresentation(lang, QSize(1600, 900));
        EXPECT_EQ(w->pageWidget(0)->findChild<QLabel*>(QStringLiteral("slideTitle"))->text(),
                  lang == sim::Lang::ZhCN ? QStringLiteral("推荐方案")
                                          : QStringLiteral("Recommendation"));
        for (int p = 0; p < w->pageCount(); ++p) {
            w->setPage(p);
            const QImage shot = w->grab().toImage();
            EXPECT_GT(inkFraction(shot), 0.01) << "page " << p;
            if (!dir.isEmpty()) {
                const QString name =
                    QStringLiteral("presentation-%1%2.png")
                        .arg(p + 1)
                        .arg(lang == sim::Lang::ZhCN ? QStringLiteral("_zh_CN") : QString());
                EXPECT_TRUE(shot.save(QDir(dir).filePath(name)));
            }
        }
    }
    installLanguage(QStringLiteral("en"));
}

} // namespace
} // namespace trainplan::ui
