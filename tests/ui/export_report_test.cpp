// File → Export report… and chart export: every format written for the 70B example from the
// document's state (unsaved edits included), the PDF's page count from the report library, a path
// that cannot be written gives a message naming it, and charts saved as PNG (at the chosen DPI),
// SVG and clipboard images.
#include "ui_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/store/store.h>

#include <trainplan/ui/chart_export.h>
#include <trainplan/ui/export_report_dialog.h>
#include <trainplan/ui/main_window.h>
#include <trainplan/ui/scenario_document.h>

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QMenuBar>
#include <QProgressBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>

namespace trainplan::ui {
namespace {

constexpr const char* kExample = "llama31-70b-h100x256.json";

class ExportReportTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample(kExample),
                   QString::fromStdString(test::examplePath(kExample)));
        ASSERT_TRUE(dir.isValid());
    }

    // Runs one export to completion; returns the dialog's result.
    report::WriteResult exportTo(ExportReportDialog& dialog, const QString& path) {
        dialog.setPath(path);
        dialog.startExport();
        EXPECT_TRUE(test::waitFor([&] { return !dialog.isRunning(); }, 60000));
        return dialog.lastResult();
    }

    QTemporaryDir dir;
    std::unique_ptr<ScenarioDocument> doc;
};

// Issue 23: the GUI's report shows the library's runs on the scenario's cluster against their
// predictions; the records are read on the GUI thread, the runs made in the job.
TEST_F(ExportReportTest, TheLibrarysRunsOnTheClusterAreInTheReport) {
    store::StoreOptions options;
    options.builtinCatalog = *test::catalog();
    store::Store st = store::Store::openInMemory(options);
    nlohmann::json body = model::toJson(doc->scenario());
    body["name"] = "llama70b";
    body["plans"] = nlohmann::json::array({{{"framework", "fsdp"},
                                            {"tp", 4},
                                            {"pp", 4},
                                            {"cp", 4},
                                            {"dp", 4},
                                            {"micro_batch", 2},
                                            {"zero_stage", 3},
                                            {"sequence_parallel", true}}});
    st.saveScenario(body);
    store::NewMeasuredRun run;
    run.scenarioName = "llama70b";
    run.stepSeconds = 19.5;
    run.source = "our H100 cluster";
    ASSERT_GT(st.addRun(run), 0);
    doc->setMeasuredRunsSource([&st] { return services::readStoredRunRecords(st); });
    ExportReportDialog dialog(doc.get());
    dialog.setOfferToOpen(false);
    dialog.setFormat(report::OutputFormat::Markdown);
    const report::WriteResult md = exportTo(dialog, dir.filePath(QStringLiteral("report.md")));
    ASSERT_TRUE(md.ok) << md.error.toStdString();
    QFile file(dir.filePath(QStringLiteral("report.md")));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("Measured runs: predicted against measured")));
    EXPECT_TRUE(text.contains(QStringLiteral("llama70b #"))) << "the run's row";
}

TEST_F(ExportReportTest, WritesEveryFormatFromTheEditedScenario) {
    // An unsaved edit: the report must show it.
    model::Scenario edited = doc->scenario();
    edited.name = "Edited but unsaved";
    doc->edit(QStringLiteral("Rename"), QStringLiteral("name"), edited);
    ASSERT_TRUE(doc->isModified());

    ExportReportDialog dialog(doc.get());
    dialog.setOfferToOpen(false);
    dialog.setLanguage(sim::Lang::En);

    dialog.setFormat(report::OutputFormat::Pdf);
    const report::WriteResult pdf = exportTo(dialog, dir.filePath(QStringLiteral("report.pdf")));
    ASSERT_TRUE(pdf.ok) << pdf.error.toStdString();
    EXPECT_GT(pdf.pages, 5);
    EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("report.pdf"))).size(), 50'000);

    dialog.setDeck(true);
    EXPECT_TRUE(dialog.deck());
    const report::WriteResult deck = exportTo(dialog, dir.filePath(QStringLiteral("deck.pdf")));
    ASSERT_TRUE(deck.ok) << deck.error.toStdString();
    EXPECT_EQ(deck.pages, 11); // docs/reports.md: ten 16:9 slides and the migration timeline

    dialog.setFormat(report::OutputFormat::Html);
    EXPECT_FALSE(dialog.deck()); // the deck is PDF only
    EXPECT_FALSE(dialog.deckCheck()->isEnabled());
    EXPECT_TRUE(
        dialog.path().endsWith(QLatin1String("deck.html"))); // the suffix follows the format
    dialog.setLanguage(sim::Lang::ZhCN);
    const report::WriteResult html = exportTo(dialog, dir.filePath(QStringLiteral("report.html")));
    ASSERT_TRUE(html.ok) << html.error.toStdString();
    QFile htmlFile(dir.filePath(QStringLiteral("report.html")));
    ASSERT_TRUE(htmlFile.open(QIODevice::ReadOnly));
    const QString htmlText = QString::fromUtf8(htmlFile.readAll());
    EXPECT_TRUE(htmlText.contains(QStringLiteral("Edited but unsaved")));
    EXPECT_TRUE(htmlText.contains(QStringLiteral("框架对比"))); // Text::SecComparison
    EXPECT_EQ(htmlText.count(QStringLiteral("<svg")), 7); // one per chart (ui/report): six and
                                                          // the migration timeline

    dialog.setLanguage(sim::Lang::En);
    dialog.setFormat(report::OutputFormat::Markdown);
    const report::WriteResult md = exportTo(dialog, dir.filePath(QStringLiteral("report.md")));
    ASSERT_TRUE(md.ok) << md.error.toStdString();
    EXPECT_GE(md.files.size(), 1 + 2 * 7); // the .md and each chart as PNG and SVG
    for (const QString& f : md.files)
        EXPECT_TRUE(QFileInfo::exists(f)) << f.toStdString();

    dialog.setFormat(report::OutputFormat::Csv);
    const report::WriteResult csv = exportTo(dialog, dir.filePath(QStringLiteral("report.csv")));
    ASSERT_TRUE(csv.ok) << csv.error.toStdString();
    ASSERT_EQ(csv.files.size(), 2); // the comparison and the sweeps
    QFile csvFile(csv.files[0]);
    ASSERT_TRUE(csvFile.open(QIODevice::ReadOnly));
    EXPECT_GE(QString::fromUtf8(csvFile.readAll()).count(QLatin1Char('\n')),
              5); // header + four frameworks

    dialog.setFormat(report::OutputFormat::Json);
    const report::WriteResult json = exportTo(dialog, dir.filePath(QStringLiteral("report.json")));
    ASSERT_TRUE(json.ok) << json.error.toStdString();
    QFile jsonFile(dir.filePath(QStringLiteral("report.json")));
    ASSERT_TRUE(jsonFile.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(jsonFile.readAll()).object();
    EXPECT_EQ(root.value(QStringLiteral("schema")).toString(),
              QStringLiteral("trainplan.estimate.v1"));
    EXPECT_EQ(root.value(QStringLiteral("scenario")).toString(),
              QStringLiteral("Edited but unsaved"));
    EXPECT_TRUE(root.contains(QStringLiteral("advice")));

    EXPECT_TRUE(doc->isModified()); // exporting does not save
}

TEST_F(ExportReportTest, MissingFolderGivesAMessageNamingThePath) {
    ExportReportDialog dialog(doc.get());
    dialog.setOfferToOpen(false);
    const QString path = dir.filePath(QStringLiteral("no-such-folder/report.pdf"));
    const report::WriteResult r = exportTo(dialog, path);
    EXPECT_FALSE(r.ok);
    ASSERT_NE(dialog.messageBox(), nullptr);
    const QString text = dialog.messageBox()->text();
    EXPECT_TRUE(text.contains(QDir::toNativeSeparators(path))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("does not exist"))) << text.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
    dialog.messageBox()->close();
}

TEST_F(ExportReportTest, WriterFailureGivesAMessageAndNoCrash) {
    // A folder where the file should be: the checks before computing pass (root may write
    // anywhere), the writer cannot open it, and its reason reaches the message.
    const QString path = dir.filePath(QStringLiteral("taken.pdf"));
    ASSERT_TRUE(QDir().mkpath(path));
    ExportReportDialog dialog(doc.get());
    dialog.setOfferToOpen(false);
    const report::WriteResult r = exportTo(dialog, path);
    EXPECT_FALSE(r.ok);
    EXPECT_FALSE(r.error.isEmpty());
    ASSERT_NE(dialog.messageBox(), nullptr);
    EXPECT_TRUE(dialog.messageBox()->text().contains(QDir::toNativeSeparators(path)))
        << dialog.messageBox()->text().toStdString();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
}

TEST_F(ExportReportTest, CancelWritesNothing) {
    ExportReportDialog dialog(doc.get());
    dialog.setOfferToOpen(false);
    const QString path = dir.filePath(QStringLiteral("cancelled.pdf"));
    dialog.setPath(path);
    dialog.startExport();
    ASSERT_TRUE(dialog.isRunning());
    EXPECT_TRUE(dialog.progressBar()->isVisibleTo(&dialog));
    dialog.reject(); // Esc / Cancel while running cancels, and keeps the dialog
    EXPECT_FALSE(dialog.isRunning());
    test::waitFor([] { return false; }, 300);
    EXPECT_FALSE(QFileInfo::exists(path));
}

// A chart view with a known layout, shown so its viewport has a size.
std::unique_ptr<QChartView> lineChartView() {
    auto* series = new QLineSeries;
    for (int i = 0; i < 20; ++i)
        series->append(i, std::sin(i / 3.0));
    auto* chart = new QChart;
    chart->addSeries(series);
    chart->createDefaultAxes();
    chart->setTitle(QStringLiteral("Test chart"));
    auto view = std::make_unique<QChartView>(chart);
    view->resize(480, 300);
    view->show();
    return view;
}

TEST(ChartExport, PngAtTheChosenDpiSvgAndClipboard) {
    test::app();
    QTemporaryDir dir;
    auto view = lineChartView();
    const QSize logical = view->viewport()->size();
    ASSERT_GT(logical.width(), 100);
    for (int dpi : kChartPngDpis) {
        const QString path = dir.filePath(QStringLiteral("chart-%1.png").arg(dpi));
        QString error;
        ASSERT_TRUE(saveChartPng(view.get(), path, dpi, &error)) << error.toStdString();
        const QImage image(path);
        // One logical pixel is 1/96 inch.
        EXPECT_NEAR(image.width(), logical.width() * dpi / 96.0, 1.0) << dpi;
        EXPECT_NEAR(image.height(), logical.height() * dpi / 96.0, 1.0) << dpi;
        EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, dpi, 1.0);
    }
    QString error;
    const QString svgPath = dir.filePath(QStringLiteral("chart.svg"));
    ASSERT_TRUE(saveChartSvg(view.get(), svgPath, &error)) << error.toStdString();
    QFile svg(svgPath);
    ASSERT_TRUE(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains(QStringLiteral("viewBox=\"0 0 %1 %2\"")
                                     .arg(logical.width())
                                     .arg(logical.height())
                                     .toUtf8()));
    EXPECT_TRUE(svgText.contains("Test chart")); // text stays text

    const QImage copy = chartClipboardImage(view.get());
    EXPECT_NEAR(copy.width(), 2 * logical.width() * view->devicePixelRatioF(), 1.0);
    EXPECT_EQ(view->size(), QSize(480, 300)); // the view keeps its layout

    EXPECT_FALSE(
        saveChartPng(view.get(), dir.filePath(QStringLiteral("missing/chart.png")), 150, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("missing"))) << error.toStdString();
}

TEST(ChartExport, MainWindowOffersReportPresentAndChartMenus) {
    test::app();
    MainWindow window;
    const auto charts = window.tabs()->findChildren<QChartView*>();
    ASSERT_GE(
        charts.size(),
        7); // Compare: memory, step time, 2 × communication; Explore: scaling, crossover, scatter
    for (QChartView* view : charts)
        EXPECT_EQ(view->contextMenuPolicy(), Qt::CustomContextMenu)
            << view->objectName().toStdString();
    bool exportFound = false, presentFound = false;
    for (QAction* a : window.menuBar()->findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+E"))) exportFound = true;
        if (a->shortcut() == QKeySequence(Qt::Key_F11)) presentFound = true;
    }
    EXPECT_TRUE(exportFound);
    EXPECT_TRUE(presentFound);
}

} // namespace
} // namespace trainplan::ui
