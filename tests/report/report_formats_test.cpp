// Every built-in scenario, every format: the report's PDF, HTML, Markdown, CSV and JSON and the
// review deck, checked as a reader (and a program) would read them. Scenarios alternate between
// English and Chinese so both languages go through every format.

#include "report_test_support.h"

#include <trainplan/model/csv.h>
#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QXmlStreamReader>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

namespace trainplan::report {
namespace {

using test::builtInScenarios;

QString readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// Tags balance (void elements and self-closed tags aside); <style> content is skipped.
bool tagsBalance(const QString& html, QString* problem) {
    static const QSet<QString> kVoid = {"meta",  "br",  "img",  "link", "hr",
                                        "input", "col", "area", "base", "wbr"};
    QStringList stack;
    static const QRegularExpression tag(
        QStringLiteral(R"(<(/?)([A-Za-z][A-Za-z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>)"));
    qsizetype pos = 0;
    const qsizetype styleEnd = html.indexOf(QStringLiteral("</style>"));
    const qsizetype styleStart = html.indexOf(QStringLiteral("<style>"));
    auto it = tag.globalMatch(html);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedStart() > styleStart && m.capturedStart() < styleEnd &&
            m.captured(2) != QLatin1String("style"))
            continue;
        const QString name = m.captured(2).toLower();
        pos = m.capturedEnd();
        if (!m.captured(4).isEmpty() || (m.captured(1).isEmpty() && kVoid.contains(name))) continue;
        if (m.captured(1).isEmpty()) {
            stack << name;
        } else {
            if (stack.isEmpty() || stack.back() != name) {
                *problem = QStringLiteral("</%1> at %2 closes <%3>")
                               .arg(name)
                               .arg(pos)
                               .arg(stack.isEmpty() ? QString() : stack.back());
                return false;
            }
            stack.removeLast();
        }
    }
    if (!stack.isEmpty()) *problem = QStringLiteral("unclosed: ") + stack.join(QLatin1Char(' '));
    return stack.isEmpty();
}

double parseDouble(const std::string& s) {
    return std::stod(s);
}

class ReportFormats : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ReportFormats, EveryFormatReadsBack) {
    const auto scenarios = builtInScenarios();
    ASSERT_LT(GetParam(), scenarios.size());
    const std::filesystem::path file = scenarios[GetParam()];
    const sim::Lang lang = GetParam() % 2 == 0 ? sim::Lang::En : sim::Lang::ZhCN;
    SCOPED_TRACE(file.string() + (lang == sim::Lang::ZhCN ? " zh_CN" : " en"));

    const model::Scenario scenario = test::loadScenario(file);
    const ReportData data = test::computeFor(scenario);
    ASSERT_FALSE(data.compared.empty());
    ASSERT_NE(data.headlinePlan(), nullptr);
    const Document doc = buildReportDocument(data, lang);
    const QString dir = test::outputDir(QString::fromStdString(file.stem().string()));

    // JSON: trainplan.estimate.v1 plus the advice, one result per compared plan.
    const QString jsonPath = dir + QStringLiteral("/report.json");
    ASSERT_TRUE(writeReport(data, jsonPath, {lang}).ok);
    const nlohmann::json json = nlohmann::json::parse(readAll(jsonPath).toStdString());
    EXPECT_EQ(json.at("schema"), "trainplan.estimate.v1");
    ASSERT_EQ(json.at("results").size(), data.compared.size());
    for (const char* key : {"recommendation", "reasons", "break_points", "stages"})
        EXPECT_TRUE(json.at("advice").contains(key)) << key;
    EXPECT_EQ(json.at("report").at("lang"), lang == sim::Lang::ZhCN ? "zh_CN" : "en");

    // CSV: the comparison round-trips to the same doubles as the JSON; the sweep has every sample.
    const QString csvPath = dir + QStringLiteral("/report.csv");
    const WriteResult csv = writeReport(data, csvPath, {lang});
    ASSERT_TRUE(csv.ok) << csv.error.toStdString();
    ASSERT_EQ(csv.files.size(), 2);
    const model::CsvDocument table = model::readCsvFile(csvPath.toStdString());
    ASSERT_TRUE(table.ok());
    ASSERT_EQ(table.records.size(), data.compared.size() + 1);
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < table.records[0].fields.size(); ++i)
        column[table.records[0].fields[i]] = i;
    for (std::size_t r = 0; r < data.compared.size(); ++r) {
        const auto& fields = table.records[r + 1].fields;
        const nlohmann::json& result = json.at("results").at(r);
        EXPECT_EQ(fields[column.at("framework")], result.at("framework").get<std::string>());
        if (!result.at("valid").get<bool>()) continue;
        EXPECT_EQ(parseDouble(fields[column.at("step_s")]),
                  result.at("time").at("step_s").get<double>());
        EXPECT_EQ(parseDouble(fields[column.at("peak_bytes")]),
                  result.at("memory").at("peak_bytes").get<double>());
        EXPECT_EQ(parseDouble(fields[column.at("mfu")]),
                  result.at("throughput").at("mfu").get<double>());
        EXPECT_EQ(parseDouble(fields[column.at("usd")]), result.at("cost").at("usd").get<double>());
    }
    const model::CsvDocument sweep = model::readCsvFile(csv.files[1].toStdString());
    ASSERT_TRUE(sweep.ok());
    std::size_t samples = 0;
    for (const auto& s : data.scaling)
        samples += s.samples.size();
    for (const auto& s : data.crossover)
        samples += s.samples.size();
    EXPECT_EQ(sweep.records.size(), samples + 1);

    // HTML: balanced tags, one inline <svg> per chart, each a valid SVG document.
    const QString htmlPath = dir + QStringLiteral("/report.html");
    ASSERT_TRUE(writeReport(data, htmlPath, {lang}).ok);
    const QString html = readAll(htmlPath);
    QString problem;
    EXPECT_TRUE(tagsBalance(html, &problem)) << problem.toStdString();
    EXPECT_EQ(html.count(QStringLiteral("<svg")), static_cast<qsizetype>(doc.charts().size()));
    EXPECT_GE(doc.charts().size(), 5u);
    qsizetype from = 0;
    while ((from = html.indexOf(QStringLiteral("<svg"), from)) >= 0) {
        const qsizetype end = html.indexOf(QStringLiteral("</svg>"), from);
        ASSERT_GT(end, from);
        const QString svg = html.mid(from, end + 6 - from);
        QXmlStreamReader xml(svg);
        while (!xml.atEnd())
            xml.readNext();
        EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
        QSvgRenderer renderer(svg.toUtf8());
        EXPECT_TRUE(renderer.isValid());
        from = end;
    }
    for (const Section& s : doc.sections)
        EXPECT_TRUE(html.contains(s.title.toHtmlEscaped())) << s.title.toStdString();

    // Markdown: charts beside it as PNG (not blank) and SVG.
    const QString mdPath = dir + QStringLiteral("/report.md");
    const WriteResult md = writeReport(data, mdPath, {lang});
    ASSERT_TRUE(md.ok) << md.error.toStdString();
    const QString markdown = readAll(mdPath);
    for (ChartKind k : doc.charts()) {
        const QString png =
            dir + QStringLiteral("/report_files/") + chartId(k) + QStringLiteral(".png");
        EXPECT_TRUE(markdown.contains(QStringLiteral("report_files/") + chartId(k) +
                                      QStringLiteral(".png")));
        EXPECT_TRUE(QFileInfo::exists(dir + QStringLiteral("/report_files/") + chartId(k) +
                                      QStringLiteral(".svg")));
        const QImage image(png);
        ASSERT_FALSE(image.isNull()) << png.toStdString();
        EXPECT_GT(test::inkFraction(image), 0.02) << png.toStdString();
    }

    // PDF: page count, section titles and key numbers in the text layer, no blank page.
    const QString pdfPath = dir + QStringLiteral("/report.pdf");
    const WriteResult pdf = writeReport(data, pdfPath, {lang});
    ASSERT_TRUE(pdf.ok) << pdf.error.toStdString();
    EXPECT_GE(pdf.pages, 10);
    EXPECT_LE(pdf.pages, 40);
    if (!test::hasPoppler())
        GTEST_SKIP() << "poppler-utils not installed: PDF text and pixels not checked";
    EXPECT_EQ(test::pdfPages(pdfPath), pdf.pages);
    const QString text = test::pdfText(pdfPath);
    for (const Section& s : doc.sections)
        EXPECT_TRUE(text.contains(test::collapse(s.title))) << s.title.toStdString();
    // The numbers the JSON holds, as the report writes them.
    for (const nlohmann::json& r : json.at("results")) {
        if (!r.at("valid").get<bool>()) continue;
        const QString step = fmtSeconds(r.at("time").at("step_s").get<double>(), lang);
        const QString peak = fmtBytes(r.at("memory").at("peak_bytes").get<double>(), lang);
        const QString mfu = fmtPercent(r.at("throughput").at("mfu").get<double>(), lang);
        EXPECT_TRUE(text.contains(peak)) << peak.toStdString();
        // A plan that does not fit gets no time or MFU in the report (issue 21), only its memory.
        if (!r.at("fits").get<bool>()) continue;
        EXPECT_TRUE(text.contains(step)) << step.toStdString();
        EXPECT_TRUE(text.contains(mfu)) << mfu.toStdString();
    }
    const nlohmann::json& headline =
        json.at("results").at(static_cast<std::size_t>(data.headlineIndex));
    // Independent of the formatter (pinned on its own by Formatting.NumbersFollowTheirKind): some
    // "N s" or "N ms" in the text, read back, is the headline's step time to the three
    // significant digits the report prints.
    {
        const double stepSeconds = headline.at("time").at("step_s").get<double>();
        static const QRegularExpression secondsToken(
            QStringLiteral("(\\d+(?:[.,]\\d+)?) ?(ms|s|秒|毫秒)(?![A-Za-z])"));
        bool found = false;
        for (auto it = secondsToken.globalMatch(text); it.hasNext() && !found;) {
            const auto m = it.next();
            QString digits = m.captured(1);
            digits.replace(QLatin1Char(','), QLatin1Char('.'));
            const bool milli = m.captured(2) == QLatin1String("ms") ||
                               m.captured(2) == QStringLiteral("毫秒");
            const double read = digits.toDouble() * (milli ? 1e-3 : 1.0);
            found = std::fabs(read - stepSeconds) <= 0.006 * stepSeconds;
        }
        EXPECT_TRUE(found) << "no step time of " << stepSeconds << " s in the PDF text";
    }
    EXPECT_TRUE(text.contains(fmtUsd(headline.at("cost").at("usd").get<double>(), lang)));
    EXPECT_TRUE(
        text.contains(fmtDuration(headline.at("cost").at("time_to_train_s").get<double>(), lang)));
    const nlohmann::json& rec = json.at("advice").at("recommendation");
    EXPECT_TRUE(text.contains(frameworkName(data.advice->recommendation.framework)));
    if (rec.contains("label")) {
        EXPECT_TRUE(text.contains(QString::fromStdString(rec.at("label").get<std::string>())));
    }

    const QStringList pages = test::renderPages(pdfPath, 30, dir + QStringLiteral("/page"));
    ASSERT_EQ(pages.size(), pdf.pages);
    for (const QString& page : pages)
        EXPECT_GT(test::inkFraction(QImage(page)), 0.004) << page.toStdString();

    // The review deck: ten 16:9 slides with the recommendation on them, one more with the sizing
    // slide of a scenario that has a deadline or a budget, one more with the migration timeline.
    const QString deckPath = dir + QStringLiteral("/deck.pdf");
    WriteOptions deckOptions{lang};
    deckOptions.deck = true;
    const WriteResult deck = writeReport(data, deckPath, deckOptions);
    ASSERT_TRUE(deck.ok) << deck.error.toStdString();
    EXPECT_EQ(deck.pages,
              10 + (data.sizing ? 1 : 0) + (chartHasData(ChartKind::Timeline, data) ? 1 : 0));
    const QString deckInfo = test::run(QStringLiteral("pdfinfo"), {deckPath}).value_or(QString());
    EXPECT_TRUE(deckInfo.contains(QStringLiteral("960 x 540 pts"))) << deckInfo.toStdString();
    const QString deckText = test::pdfText(deckPath);
    EXPECT_TRUE(deckText.contains(frameworkName(data.advice->recommendation.framework)));
    // Every stage card of the roadmap slide names its target (issue 21: the stage-1 card omitted
    // the model it plans for).
    EXPECT_GE(deckText.count(
                  report::text(Text::Lead, lang, {qsArg(report::text(Text::ColTarget, lang))})),
              static_cast<int>(data.advice->stages.size()))
        << deckText.toStdString();
    for (const QString& page : test::renderPages(deckPath, 20, dir + QStringLiteral("/slide")))
        EXPECT_GT(test::inkFraction(QImage(page)), 0.01) << page.toStdString();
}

INSTANTIATE_TEST_SUITE_P(BuiltInScenarios, ReportFormats,
                         ::testing::Range<std::size_t>(0, builtInScenarios().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                             std::string name = builtInScenarios()[info.param].stem().string();
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return name;
                         });

} // namespace
} // namespace trainplan::report
