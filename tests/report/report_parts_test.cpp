// The pieces of the report: its string table, the breakdowns the charts stack, chart export,
// the output formats, both languages on one scenario, and `trainplan-cli report` without a display.

#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QChart>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QSvgRenderer>

#include <trainplan/simulator/explain_text.h>
#include <trainplan/simulator/field_text.h>
#include <trainplan/simulator/metric_text.h>

#include "../simulator/text_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace trainplan::report {
namespace {

const std::filesystem::path kSmall = "llama2-7b-a100x8-pcie.json";

// The Latin-letter words of a text: a Chinese text without Han characters may keep names such as
// "MFU" or "GPU" and change punctuation, but must not keep English words such as "of".
std::set<QString> latinWords(const QString& s) {
    std::set<QString> out;
    auto it = QRegularExpression(QStringLiteral("[A-Za-z]+")).globalMatch(s);
    while (it.hasNext())
        out.insert(it.next().captured(0));
    return out;
}

// Issue 19 item 3: every entry in both languages, the Chinese in Chinese, the same placeholders in
// both and as many as the entry's argument count, and no English plural in the Chinese.
TEST(ReportStrings, EveryTextHasBothLanguagesWithItsArguments) {
    constexpr int kCount = static_cast<int>(Text::Count);
    int chinese = 0;
    for (int i = 0; i < kCount; ++i) {
        const auto id = static_cast<Text>(i);
        const std::string_view en = reportTemplate(id, sim::Lang::En),
                               zh = reportTemplate(id, sim::Lang::ZhCN);
        SCOPED_TRACE(std::string(en));
        EXPECT_FALSE(en.empty()) << i;
        EXPECT_FALSE(zh.empty()) << i;
        const std::set<int> used = trainplan::test::placeholders(en);
        EXPECT_EQ(used, trainplan::test::placeholders(zh)) << zh;
        std::set<int> expected;
        for (int k = 0; k < reportArgCount(id); ++k)
            expected.insert(k);
        EXPECT_EQ(used, expected) << "argCount " << reportArgCount(id);
        EXPECT_EQ(zh.find('|'), std::string_view::npos) << zh << ": Chinese needs no plural";
        const QRegularExpression qtPlaceholder(QStringLiteral("%[1-9]"));
        EXPECT_FALSE(qs(en).contains(qtPlaceholder) || qs(zh).contains(qtPlaceholder));
        if (trainplan::test::hasCjk(zh)) {
            ++chinese;
        } else {
            const std::set<QString> enWords = latinWords(qs(en)), zhWords = latinWords(qs(zh));
            // Only names such as "GPU", "MFU" and punctuation may stay.
            EXPECT_TRUE(
                std::includes(enWords.begin(), enWords.end(), zhWords.begin(), zhWords.end()))
                << "untranslated: " << zh;
        }
    }
    EXPECT_GT(chinese, kCount * 9 / 10);
}

// Metric names and field labels are the metric and field catalogues' own.
TEST(ReportStrings, MetricsAndFieldsAreNamedByTheirCatalogues) {
    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        EXPECT_EQ(reportTemplate(Text::ColStep, lang),
                  sim::metricName(sim::Metric::StepTime, lang));
        EXPECT_EQ(reportTemplate(Text::MemWeights, lang),
                  sim::metricName(sim::Metric::Weights, lang));
        EXPECT_EQ(reportTemplate(Text::RowGlobalBatch, lang),
                  sim::fieldLabel("training.global_batch", lang));
    }
    EXPECT_EQ(text(Text::ColMfu, sim::Lang::ZhCN),
              qs(sim::metricName(sim::Metric::Mfu, sim::Lang::ZhCN)));
}

// Rendered sentences, checked by hand: numbers in the one style, English plurals, Chinese units.
TEST(ReportStrings, RendersTypedArgumentsInBothLanguages) {
    const auto cluster = [](double nodes, double perNode, double gpus, sim::Lang lang) {
        return reportText(Text::ClusterSummary, lang,
                          {sim::countArg(nodes), sim::countArg(perNode), sim::textArg("H100 SXM"),
                           sim::countArg(gpus)});
    };
    EXPECT_EQ(cluster(32, 8, 256, sim::Lang::En), "32 nodes × 8 H100 SXM = 256 GPUs");
    EXPECT_EQ(cluster(1, 1, 1, sim::Lang::En), "1 node × 1 H100 SXM = 1 GPU");
    EXPECT_EQ(cluster(32, 8, 256, sim::Lang::ZhCN), "32 个节点 × 8 块 H100 SXM = 256 块 GPU");

    const auto fitCount = [](double fit, sim::Lang lang) {
        return reportText(
            Text::SumFitCount, lang,
            {sim::countArg(fit), sim::countArg(4), bytesArg(74.0 * 1024 * 1024 * 1024)});
    };
    EXPECT_EQ(
        fitCount(1, sim::Lang::En),
        "1 of the 4 frameworks searched has a plan that fits in the 74.0 GiB each GPU can use.");
    EXPECT_EQ(
        fitCount(3, sim::Lang::En),
        "3 of the 4 frameworks searched have a plan that fits in the 74.0 GiB each GPU can use.");
    EXPECT_EQ(fitCount(3, sim::Lang::ZhCN),
              "在搜索的 4 个框架中，有 3 个框架的方案能放进每块 GPU 可用的 74.0 GiB 显存。");

    const auto fastest = [](sim::Lang lang) {
        return text(Text::SumFastest, lang,
                    {sim::MessageArg::framework(model::Framework::Fsdp), sim::textArg("dp=8"),
                     secondsArg(18.3), sim::percentArg(0.549)});
    };
    EXPECT_EQ(fastest(sim::Lang::En),
              QStringLiteral(
                  "The fastest plan is PyTorch FSDP with dp=8: 18.3 s per step at 54.9% MFU."));
    EXPECT_EQ(fastest(sim::Lang::ZhCN),
              QStringLiteral("最快的方案是 PyTorch FSDP 的 dp=8：每步 18.3 秒，MFU 为 54.9%。"));

    const auto train = [](sim::Lang lang) {
        return reportText(Text::SumTrain, lang,
                          {parametersArg(1.5e12), durationArg(60.1 * 86400), sim::countArg(256),
                           usdArg(1.16e6), sim::textArg("465k GPU·h")});
    };
    EXPECT_EQ(
        train(sim::Lang::En),
        "Training on 1.50T tokens takes 60.1 days on 256 GPUs and costs $1.16M (465k GPU·h).");
    EXPECT_EQ(train(sim::Lang::ZhCN),
              "在 256 块 GPU 上训练 1.50万亿 个 token 需要 60.1 天，成本 $116万（465k GPU·h）。");

    EXPECT_EQ(reportText(Text::PageOf, sim::Lang::En, {sim::countArg(2), sim::countArg(31)}),
              "Page 2 of 31");
    EXPECT_EQ(reportText(Text::PageOf, sim::Lang::ZhCN, {sim::countArg(2), sim::countArg(31)}),
              "第 2 页，共 31 页");
    EXPECT_EQ(
        reportText(Text::IntervalValue, sim::Lang::En, {durationArg(2.5 * 3600), sim::countArg(1)}),
        "2.50 hours (every 1 step)");
    EXPECT_EQ(reportText(Text::MissingWeeks, sim::Lang::ZhCN, {weeksArg(6)}),
              "缺失的前置条件：约需 6 周的工作量。");
}

TEST(ReportStrings, ChartIdsRoundTrip) {
    for (ChartKind k : kAllCharts) {
        EXPECT_EQ(chartKindFromId(chartId(k)), k);
        EXPECT_FALSE(chartTitle(k, sim::Lang::En).isEmpty());
        EXPECT_NE(chartTitle(k, sim::Lang::En), chartTitle(k, sim::Lang::ZhCN));
    }
    EXPECT_FALSE(chartKindFromId(QStringLiteral("nope")).has_value());
}

TEST(ReportNumbers, ChineseCountsUseWanAndYi) {
    // Issue 19: the Chinese report counts as the window does (sim/number_format.h, one set of
    // formats); English keeps SI prefixes.
    EXPECT_EQ(fmtTokensPerSecond(229000, sim::Lang::En), QStringLiteral("229k tokens/s"));
    EXPECT_EQ(fmtTokensPerSecond(229000, sim::Lang::ZhCN), QStringLiteral("22.9万 token/秒"));
    EXPECT_EQ(fmtSeconds(18.3, sim::Lang::ZhCN), QStringLiteral("18.3 秒"));
    EXPECT_EQ(fmtSeconds(18.3, sim::Lang::En), QStringLiteral("18.3 s"));
    EXPECT_EQ(fmtGpuHours(465000, sim::Lang::En), QStringLiteral("465k GPU·h"));
    EXPECT_EQ(fmtGpuHours(465000, sim::Lang::ZhCN), QStringLiteral("46.5万 GPU·h"));
    EXPECT_EQ(fmtUsd(1.16e6, sim::Lang::ZhCN), QStringLiteral("$116万"));
    EXPECT_EQ(fmtParameters(7.06e10, sim::Lang::ZhCN), QStringLiteral("706亿"));
}

// Efficiency parameters and derivation terms share one unit formatter, and the Chinese report
// writes its units in Chinese (the assumptions table printed "6.00 cores" and "channels").
TEST(ReportNumbers, UnitsReadInTheReportsLanguage) {
    EXPECT_EQ(fmtWithUnit(0.436, "fraction", sim::Lang::En), QStringLiteral("43.6%"));
    EXPECT_EQ(fmtWithUnit(1e9 / 6, "parameters/s", sim::Lang::En), QStringLiteral("167M params/s"));
    EXPECT_EQ(fmtWithUnit(1e9 / 6, "parameters/s", sim::Lang::ZhCN),
              QStringLiteral("1.67亿 参数/秒"));
    EXPECT_EQ(fmtWithUnit(6, "cores", sim::Lang::En), QStringLiteral("6.00 cores"));
    EXPECT_EQ(fmtWithUnit(6, "cores", sim::Lang::ZhCN), QStringLiteral("6.00 核"));
    EXPECT_EQ(fmtWithUnit(24, "channels", sim::Lang::ZhCN), QStringLiteral("24 个通道"));
    EXPECT_EQ(fmtWithUnit(2.5e-3, "s", sim::Lang::ZhCN), QStringLiteral("2.50 毫秒"));
}

TEST(ReportFormat, ChosenBySuffix) {
    EXPECT_EQ(formatFromPath(QStringLiteral("a/b.PDF")), OutputFormat::Pdf);
    EXPECT_EQ(formatFromPath(QStringLiteral("r.htm")), OutputFormat::Html);
    EXPECT_EQ(formatFromPath(QStringLiteral("r.md")), OutputFormat::Markdown);
    EXPECT_EQ(formatFromPath(QStringLiteral("r.csv")), OutputFormat::Csv);
    EXPECT_EQ(formatFromPath(QStringLiteral("r.json")), OutputFormat::Json);
    EXPECT_FALSE(formatFromPath(QStringLiteral("r.docx")).has_value());
}

// The stacked bars add up to the numbers the tables print.
TEST(ReportBreakdowns, MemoryAndStepPartsAddUpForEveryComparedPlan) {
    for (const auto& file : test::builtInScenarios()) {
        // The sizing section adds no memory or step parts (and minutes for the Qwen example).
        const ReportData d = test::computeFor(test::loadScenario(file), false, false);
        for (const ComparedPlan& c : d.compared) {
            if (!c.result.valid) continue;
            const sim::PlanEstimate& e = c.estimate();
            EXPECT_NEAR(memoryAtPeak(e.memory).total(), e.memory.peakBytes,
                        1e-6 * e.memory.peakBytes)
                << file;
            EXPECT_NEAR(stepParts(e.time).total(), e.time.stepSeconds, 1e-6 * e.time.stepSeconds)
                << file;
        }
    }
}

TEST(ReportData, HeadlineIsTheRecommendedPlanAndDerivationMatchesIt) {
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    ASSERT_TRUE(d.advice.has_value());
    const ComparedPlan* h = d.headlinePlan();
    ASSERT_NE(h, nullptr);
    ASSERT_TRUE(d.headline.has_value());
    EXPECT_EQ(d.headline->plan, h->estimate().plan);
    EXPECT_DOUBLE_EQ(d.headline->memory.value, h->estimate().memory.peakBytes);
    if (d.advice->recommendation.status != sim::RecommendationStatus::DoesNotFit) {
        EXPECT_TRUE(h->recommended);
        EXPECT_EQ(h->framework, d.advice->recommendation.framework);
    }
    EXPECT_FALSE(d.sources.empty());
    EXPECT_FALSE(d.efficiency.empty());
    ASSERT_TRUE(d.validation.has_value());
    EXPECT_GT(d.validation->totalRows, 0);
}

// The appendix's per-stage table of an MoE model: stages named in the report's language, layers
// split into dense and MoE, and the routed experts' share of the states (explain's rows).
TEST(ReportDocument, StageTableOfAnMoeModelSplitsDenseAndExperts) {
    const ReportData d = test::computeFor(
        test::loadScenario(test::dataDir() / "scenarios" / "mixtral-8x7b-h800x64-roce.json"),
        false);
    ASSERT_TRUE(d.headline.has_value());
    const std::vector<sim::StageMemoryRow>& stages = d.headline->stages;
    ASSERT_FALSE(stages.empty());
    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        const Document doc = buildReportDocument(d, lang);
        const Table* table = nullptr;
        for (const Section& s : doc.sections)
            for (const Block& b : s.blocks)
                if (b.kind == Block::Kind::Table &&
                    b.table.header.contains(text(Text::ColExpertStates, lang)))
                    table = &b.table;
        ASSERT_NE(table, nullptr);
        ASSERT_EQ(table->rows.size(), stages.size());
        for (std::size_t i = 0; i < stages.size(); ++i) {
            const sim::StageMemoryRow& r = stages[i];
            const QStringList& row = table->rows[i];
            // The stage is named as the window's per-stage chart names it (sim::stageRowName).
            EXPECT_EQ(row[0],
                      QString::fromStdString(sim::stageRowName(r.kind, r.stageIndices, lang)));
            if (r.kind != sim::StageKind::Only) {
                EXPECT_TRUE(row[0].contains(
                    QString::fromStdString(sim::formatStageIndices(r.stageIndices))));
            }
            EXPECT_EQ(row[1], text(Text::LayersDenseMoe, lang,
                                   {sim::countArg(r.denseLayers), sim::countArg(r.moeLayers)}));
            const sim::MemoryBreakdown& m = r.memory;
            // Routed experts are most of Mixtral's parameters: most of whatever states the GPU
            // keeps (an offloading plan may keep none).
            const double states = m.weightsBytes + m.gradientsBytes + m.optimizerBytes;
            const double experts =
                m.expertWeightsBytes + m.expertGradientsBytes + m.expertOptimizerBytes;
            EXPECT_LE(experts, states);
            if (states > 0) {
                EXPECT_GT(experts, 0.5 * states);
            }
            EXPECT_EQ(row[6], fmtBytes(experts, lang));
        }
    }
}

// Issue 19: the trade-off section drew the 2-D front (step time × memory) above a table of the 3-D
// front (× cost), so the table listed plans the chart did not mark. The table's rows are now the
// chart's front, fastest first.
TEST(ReportDocument, EachLanguagePrintsItsOwnDescription) {
    // Issue 19: a Chinese report prints the scenario's description_zh, an English one its
    // description; a scenario without description_zh falls back to the English text.
    ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    ASSERT_FALSE(d.scenario.descriptionZh.empty());
    EXPECT_EQ(buildReportDocument(d, sim::Lang::En).description,
              QString::fromStdString(d.scenario.description));
    EXPECT_EQ(buildReportDocument(d, sim::Lang::ZhCN).description,
              QString::fromStdString(d.scenario.descriptionZh));
    d.scenario.descriptionZh.clear();
    EXPECT_EQ(buildReportDocument(d, sim::Lang::ZhCN).description,
              QString::fromStdString(d.scenario.description));
}

TEST(ReportDocument, TheParetoTableListsThePlansOnTheChartsFront) {
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    const std::vector<std::size_t> front = sim::paretoFront2d(d.search.all);
    ASSERT_GE(front.size(), 2U);
    const Document doc = buildReportDocument(d, sim::Lang::En);
    const Table* table = nullptr;
    for (const Section& s : doc.sections)
        if (s.id == QLatin1String("tradeoffs"))
            for (const Block& b : s.blocks)
                if (b.kind == Block::Kind::Table) table = &b.table;
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(table->rows.size(), std::min<std::size_t>(front.size(), 15));
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        const sim::PlanSummary& p = d.search.all[front[i]];
        EXPECT_EQ(table->rows[i][1], QString::fromStdString(p.plan.label()));
        EXPECT_EQ(table->rows[i][2], fmtSeconds(p.stepSeconds, sim::Lang::En));
        if (i > 0) { // fastest first, and each slower plan needs less memory
            const sim::PlanSummary& q = d.search.all[front[i - 1]];
            EXPECT_GE(p.stepSeconds, q.stepSeconds);
            EXPECT_LT(p.peakBytes, q.peakBytes);
        }
    }
}

TEST(ReportCharts, PngScalesWithDpiAndSvgIsValid) {
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    const QString dir = test::outputDir(QStringLiteral("charts"));
    for (ChartKind k : {ChartKind::Memory, ChartKind::StepTime, ChartKind::Pareto}) {
        ASSERT_TRUE(chartHasData(k, d)) << chartId(k).toStdString();
        const QString base = dir + QLatin1Char('/') + chartId(k);
        QString error;
        ASSERT_TRUE(exportChart(k, d, sim::Lang::ZhCN, base + QStringLiteral("-72.png"), 72,
                                QSizeF(400, 240), &error))
            << error.toStdString();
        ASSERT_TRUE(exportChart(k, d, sim::Lang::ZhCN, base + QStringLiteral("-216.png"), 216,
                                QSizeF(400, 240), &error));
        ASSERT_TRUE(exportChart(k, d, sim::Lang::En, base + QStringLiteral(".svg"), 0,
                                QSizeF(400, 240), &error));
        const QImage low(base + QStringLiteral("-72.png")), high(base + QStringLiteral("-216.png"));
        EXPECT_EQ(low.size(), QSize(400, 240));
        EXPECT_EQ(high.size(), QSize(1200, 720));
        EXPECT_GT(test::inkFraction(high), 0.03);
        QSvgRenderer svg(base + QStringLiteral(".svg"));
        EXPECT_TRUE(svg.isValid());
        EXPECT_EQ(svg.viewBoxF(), QRectF(0, 0, 400, 240));
    }
    QString error;
    EXPECT_FALSE(exportChart(ChartKind::Memory, d, sim::Lang::En, dir + QStringLiteral("/x.gif"),
                             72, QSizeF(100, 100), &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".png")));
}

// A chart that lives in someone else's scene (the GUI's view) is exported at a chosen size and
// given back at its own size.
TEST(ReportCharts, ExportingAChartShownElsewhereKeepsItsSize) {
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    auto chart = makeChart(ChartKind::Memory, d, {});
    QGraphicsScene scene;
    scene.addItem(chart.get());
    chart->resize(300, 200);
    const QImage image = chartImage(*chart, QSizeF(600, 300), 144);
    EXPECT_EQ(image.size(), QSize(1200, 600));
    EXPECT_EQ(chart->size(), QSizeF(300, 200));
    EXPECT_EQ(chart->scene(), &scene);
    scene.removeItem(chart.get());
}

TEST(ReportPdf, BothLanguagesOfOneScenarioWithEmbeddedFonts) {
    if (!test::hasPoppler()) GTEST_SKIP() << "poppler-utils not installed";
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall));
    const QString dir = test::outputDir(QStringLiteral("languages"));
    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        const QString path =
            dir + (lang == sim::Lang::En ? QStringLiteral("/en.pdf") : QStringLiteral("/zh.pdf"));
        const WriteResult r = writeReport(d, path, {lang});
        ASSERT_TRUE(r.ok) << r.error.toStdString();
        const QString pdf = test::pdfText(path);
        EXPECT_TRUE(pdf.contains(text(Text::SecSummary, lang)));
        EXPECT_TRUE(pdf.contains(text(Text::Contents, lang)));
        EXPECT_TRUE(pdf.contains(
            text(Text::PageOf, lang, {sim::countArg(r.pages), sim::countArg(r.pages)})));
        const QString fonts = test::run(QStringLiteral("pdffonts"), {path}).value_or(QString());
        if (lang == sim::Lang::ZhCN) {
            ASSERT_FALSE(reportFontFamilies().isEmpty());
            QString cjk = reportFontFamilies().last();
            EXPECT_TRUE(fonts.contains(cjk.remove(QLatin1Char(' ')))) << fonts.toStdString();
            EXPECT_TRUE(pdf.contains(QStringLiteral("推荐方案")));
        }
        // Every font is embedded ("emb" column).
        for (const QString& line : fonts.split(QLatin1Char('\n')).mid(2)) {
            if (line.trimmed().isEmpty()) continue;
            EXPECT_TRUE(line.contains(QRegularExpression(
                QStringLiteral(R"(\s+yes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$)"))))
                << line.toStdString();
        }
    }
}

// Regression: Qt's PDF engine loses the Unicode mapping of digits set in Noto Sans CJK, so the
// numbers vanished from the text layer of Chinese reports until Latin text got its own font.
TEST(ReportPdf, DigitsInChineseTextStaySearchable) {
    if (!test::hasPoppler()) GTEST_SKIP() << "poppler-utils not installed";
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    const QString path = test::outputDir(QStringLiteral("digits")) + QStringLiteral("/zh.pdf");
    ASSERT_TRUE(writeReport(d, path, {sim::Lang::ZhCN}).ok);
    const QString text = test::pdfText(path);
    const ComparedPlan* h = d.headlinePlan();
    ASSERT_NE(h, nullptr);
    EXPECT_TRUE(text.contains(fmtSeconds(h->estimate().time.stepSeconds, sim::Lang::ZhCN)));
    EXPECT_TRUE(text.contains(QStringLiteral("2025-01-31")));
}

// Regression: text copied from Chinese PDFs set in Noto Sans CJK read 行 as the Kangxi radical
// U+2F8F and 页 as U+2EDA (Qt writes the lowest code point of a shared glyph); the report now sets
// Chinese in a font without such shared glyphs, so pdftotext returns what was written, unfolded.
TEST(ReportPdf, CopiedChineseTextIsTheTextWritten) {
    if (!test::hasPoppler()) GTEST_SKIP() << "poppler-utils not installed";
    const QStringList families = reportFontFamilies();
    if (families.isEmpty() || !families.last().startsWith(QStringLiteral("WenQuanYi")))
        GTEST_SKIP() << "fonts-wqy-microhei (or fonts-wqy-zenhei) not installed";
    const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / kSmall), false);
    const QString path = test::outputDir(QStringLiteral("copy")) + QStringLiteral("/zh.pdf");
    const WriteResult r = writeReport(d, path, {sim::Lang::ZhCN});
    ASSERT_TRUE(r.ok) << r.error.toStdString();
    const QString raw = test::rawPdfText(path);
    ASSERT_FALSE(raw.isEmpty());
    int radicals = 0;
    for (const QChar c : raw)
        radicals += c.unicode() >= 0x2E80 && c.unicode() <= 0x2FDF;
    EXPECT_EQ(radicals, 0) << "CJK radical code points in the text layer";
    for (const QChar c : raw)
        EXPECT_FALSE(c.unicode() >= 0xFB00 && c.unicode() <= 0xFB06)
            << "Latin ligature U+" << std::hex << static_cast<int>(c.unicode())
            << " in the text layer";
    EXPECT_TRUE(raw.contains(QStringLiteral("执行摘要"))); // 行
    EXPECT_TRUE(raw.contains(
        text(Text::PageOf, sim::Lang::ZhCN, {sim::countArg(2), sim::countArg(r.pages)}))); // 页
}

TEST(ReportCli, WritesAReportWithoutADisplay) {
    const QString dir = test::outputDir(QStringLiteral("cli"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("TRAINPLAN_DATA_DIR"),
               QString::fromStdString(test::dataDir().string()));
    p.setProcessEnvironment(env);
    const QString scenario =
        QString::fromStdString((test::dataDir() / "scenarios" / kSmall).string());
    p.start(QStringLiteral(TRAINPLAN_CLI_EXE),
            {QStringLiteral("report"), scenario, QStringLiteral("-o"),
             dir + QStringLiteral("/r.html"), QStringLiteral("--lang"), QStringLiteral("zh_CN"),
             QStringLiteral("--date"), QStringLiteral("2025-02-01")});
    ASSERT_TRUE(p.waitForFinished(180000));
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    QFile html(dir + QStringLiteral("/r.html"));
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QString content = QString::fromUtf8(html.readAll());
    EXPECT_TRUE(content.contains(QStringLiteral("lang=\"zh-CN\"")));
    EXPECT_TRUE(content.contains(QStringLiteral("2025-02-01")));
    EXPECT_TRUE(QString::fromUtf8(p.readAllStandardOutput()).contains(QStringLiteral("wrote ")));

    // Usage errors: no -o, an unknown suffix, --deck to something other than PDF.
    const QList<QStringList> bad = {
        {QStringLiteral("report"), scenario},
        {QStringLiteral("report"), scenario, QStringLiteral("-o"), dir + QStringLiteral("/r.docx")},
        {QStringLiteral("report"), scenario, QStringLiteral("--deck"), QStringLiteral("-o"),
         dir + QStringLiteral("/r.html")}};
    for (const QStringList& args : bad) {
        p.start(QStringLiteral(TRAINPLAN_CLI_EXE), args);
        ASSERT_TRUE(p.waitForFinished(60000));
        EXPECT_EQ(p.exitCode(), 2) << args.join(QLatin1Char(' ')).toStdString();
    }
}

} // namespace
} // namespace trainplan::report
