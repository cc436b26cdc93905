// Issue 19, done when: "The Chinese report contains no English sentence outside the names of
// frameworks and flags." Every built-in example's Chinese report, with every optional section
// present (measured runs, scenarios side by side, sizing when the example has targets), is read
// text by text: titles, paragraphs, notes, callouts, list items, table headers and cells, the
// charts' titles, axis titles, categories and legends.
//
// The rule. An English sentence is a run of four or more English words. A word is a run of Latin
// letters, with an inner ' or - ("don't", "full-shard"); a token with a digit, an underscore, a dot
// or a slash inside (H100, DP8, v5.0, published_runs.csv, TFLOP/s) and an acronym of two or more
// capitals (GPU, MFU, NVIDIA) are names: they neither count nor end a run. Spaces and ASCII
// punctuation do not end a run; any other character does (Han characters, full-width punctuation,
// ×, —). Before reading, these names are taken out of the text, and only these:
//   - frameworks and products: every framework's display and short name, and kProductNames;
//   - plan labels: the label of every plan the report's data holds (compared plans, the search,
//     the roadmap's stages, the sizing front, measured runs, scenarios side by side, published
//     rows), and command-line flags (--from-store);
//   - model, GPU and link names: the catalog's and the scenarios', with the scenarios' own names
//     and the measured runs' cluster key (names the user gave, which the report cannot translate);
// A name is taken out only where it stands as whole tokens ("Megatron" is not taken out of
// "Megatron-Bridge"). These columns are not read, found by their place in the document, not by
// their text:
//   - the published runs' bibliographic citations: the Source column of Sources › Published runs,
//     which cites each row of data/reference/published_runs.csv as it was published, and the
//     Source column of the accuracy table (the same CSV's source families);
//   - the published runs' own names: the Run column of Appendix B (the CSV's run labels).
// In every other Source column (catalog entries, formulas, parameters, assumptions, derivation),
// the title of a cited work in single quotes ('Language Models are Few-Shot Learners') is kept as
// published, so the reader can find the work; the rest of the citation is read.
// The review deck's own contents (slide_content.h: recommendation cards and reasons, comparison
// rows, stage cards) are read too.
#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/slide_content.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/estimate.h>

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QDir>
#include <QLegend>
#include <QLegendMarker>
#include <QRegularExpression>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace trainplan::report {
namespace {

// Products the report names in passing (framework names come from model::displayName).
const char* const kProductNames[] = {"PyTorch", "FlashAttention", "TrainPlan",
                                     "NVLink",  "NVSwitch",       "InfiniBand",
                                     "RoCE",    "Megatron-Core",  "Megatron-Bridge"};

// One text of the document and where it is, for the failure message.
struct Piece {
    QString where;
    QString text;
    bool citation = false; // a Source column: quoted titles are kept
};

class Reader {
public:
    explicit Reader(std::vector<Piece>& out)
        : m_out(out) {}
    void add(const QString& where, const QString& text, bool citation = false) {
        if (!text.isEmpty()) m_out.push_back({where, text, citation});
    }
    void add(const QString& where, const QStringList& texts) {
        for (const QString& t : texts)
            add(where, t);
    }

private:
    std::vector<Piece>& m_out;
};

// Which columns of a table are bibliographic citations or the published runs' own names.
std::set<int> exemptColumns(const Section& section, const QString& subheading, const Table& t) {
    const sim::Lang zh = sim::Lang::ZhCN;
    std::set<int> out;
    auto column = [&](Text header) {
        const auto it = std::find(t.header.begin(), t.header.end(), text(header, zh));
        if (it != t.header.end()) out.insert(static_cast<int>(it - t.header.begin()));
    };
    if (section.id == QLatin1String("sources") && subheading == text(Text::SubReferences, zh))
        column(Text::ColSource);
    if (section.id == QLatin1String("accuracy")) column(Text::ColSource);
    if (section.id == QLatin1String("validation-rows")) column(Text::ColRun);
    return out;
}

void readDocument(const Document& doc, Reader& r) {
    r.add(QStringLiteral("title"), doc.title);
    r.add(QStringLiteral("subtitle"), doc.subtitle);
    r.add(QStringLiteral("description"), doc.description);
    for (const auto& [label, value] : doc.facts) {
        r.add(QStringLiteral("title page"), label);
        r.add(QStringLiteral("title page: ") + label, value);
    }
    for (const Section& s : doc.sections) {
        r.add(s.id, s.title);
        QString subheading;
        for (const Block& b : s.blocks) {
            const QString where = s.id + QStringLiteral(" › ") +
                                  (subheading.isEmpty() ? QStringLiteral("-") : subheading);
            switch (b.kind) {
            case Block::Kind::Subheading:
                subheading = b.text;
                r.add(s.id, b.text);
                break;
            case Block::Kind::Table: {
                const std::set<int> skip = exemptColumns(s, subheading, b.table);
                const QString source = text(Text::ColSource, sim::Lang::ZhCN);
                r.add(where + QStringLiteral(" (header)"), b.table.header);
                for (const QStringList& row : b.table.rows)
                    for (int c = 0; c < row.size(); ++c)
                        if (!skip.count(c))
                            r.add(where + QStringLiteral(" (column %1)").arg(c), row[c],
                                  c < b.table.header.size() && b.table.header[c] == source);
                break;
            }
            default:
                r.add(where, b.lead);
                r.add(where, b.text);
                r.add(where, b.items);
                break;
            }
        }
    }
}

void readChart(const QChart& chart, const QString& id, Reader& r) {
    const QString where = QStringLiteral("chart ") + id;
    r.add(where + QStringLiteral(" (title)"), chart.title());
    for (QAbstractAxis* axis : chart.axes()) {
        r.add(where + QStringLiteral(" (axis title)"), axis->titleText());
        if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis))
            r.add(where + QStringLiteral(" (categories)"), bars->categories());
        if (auto* categories = qobject_cast<QCategoryAxis*>(axis))
            r.add(where + QStringLiteral(" (categories)"), categories->categoriesLabels());
    }
    for (QAbstractSeries* series : chart.series()) {
        r.add(where + QStringLiteral(" (series)"), series->name());
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                r.add(where + QStringLiteral(" (bar set)"), set->label());
    }
    for (QLegendMarker* m : chart.legend()->markers())
        r.add(where + QStringLiteral(" (legend)"), m->label());
}

// A token: letters and digits, joined by an inner ' - _ . or /.
const QRegularExpression& tokenPattern() {
    static const QRegularExpression token(
        QStringLiteral("[A-Za-z0-9]+(?:['’\\-_./][A-Za-z0-9]+)*"));
    return token;
}

// The names taken out of the text before it is read, by their first token, longest first (there
// are as many plan labels as plans searched).
struct Names {
    std::map<QString, QStringList> byFirstToken;
};

Names namesIn(const ReportData& d) {
    std::set<QString> names;
    auto add = [&](const std::string& s) {
        if (!s.empty()) names.insert(QString::fromStdString(s));
    };
    for (model::Framework f : {model::Framework::Ddp, model::Framework::Fsdp,
                               model::Framework::DeepSpeed, model::Framework::Megatron}) {
        add(std::string(model::displayName(f)));
        names.insert(frameworkShortName(f));
    }
    for (const char* p : kProductNames)
        names.insert(QString::fromLatin1(p));
    for (const model::GpuSpec& g : test::catalog().gpus)
        add(g.name);
    for (const model::LinkSpec& l : test::catalog().links)
        add(l.name);
    for (const model::TransformerSpec& m : test::catalog().models) {
        add(m.name);
        add(m.displayName);
    }
    auto scenario = [&](const model::Scenario& s) {
        add(s.name);
        add(s.modelRef);
        add(s.model.name);
        add(s.model.displayName);
        add(s.cluster.gpu.name);
        add(s.cluster.intraNode.name);
        add(s.cluster.interNode.name);
    };
    scenario(d.scenario);
    add(d.cluster);
    for (const ComparedPlan& c : d.compared)
        add(c.estimate().plan.label());
    for (const sim::PlanSummary& p : d.search.all)
        add(p.plan.label());
    for (const auto& series : {d.scaling, d.crossover})
        for (const SweepSeries& s : series)
            for (const SweepSample& p : s.samples)
                add(p.plan);
    if (d.advice) {
        if (d.advice->recommendation.plan) add(d.advice->recommendation.plan->plan.label());
        for (const sim::RoadmapStage& st : d.advice->stages) {
            if (st.estimate) add(st.estimate->plan.label());
            if (st.closest) add(st.closest->plan.label());
        }
    }
    if (d.sizing)
        for (const sim::FrontPoint& p : d.sizing->front) {
            add(p.config.plan.label());
            add(p.config.clusterLabel());
        }
    for (const services::RunCheck& r : d.measured) {
        add(r.label);
        add(r.run.plan.label());
    }
    if (d.sideBySide)
        for (const services::ComparedScenario& s : d.sideBySide->scenarios) {
            scenario(s.scenario);
            if (s.headline) add(s.headline->plan.label());
        }
    if (d.validation)
        for (const sim::ValidationRow& row : d.validation->rows)
            add(row.plan);
    Names out;
    for (const QString& n : names) {
        const QRegularExpressionMatch first = tokenPattern().match(n);
        if (first.hasMatch() && first.capturedStart() == 0)
            out.byFirstToken[first.captured(0)].push_back(n);
    }
    for (auto& [first, list] : out.byFirstToken)
        std::sort(list.begin(), list.end(),
                  [](const QString& a, const QString& b) { return a.size() > b.size(); });
    return out;
}

bool isWord(const QString& token) {
    static const QRegularExpression word(QStringLiteral("^[A-Za-z]+(?:['’-][A-Za-z]+)*$"));
    if (!word.match(token).hasMatch()) return false;
    const bool acronym = token.size() >= 2 && token == token.toUpper();
    return !acronym;
}

bool endsRun(const QString& gap) {
    return std::any_of(gap.begin(), gap.end(), [](QChar c) { return c.unicode() > 0x7f; });
}

// `text` with every name that stands there as whole tokens blanked out.
QString withoutNames(QString text, const Names& names) {
    auto isTokenChar = [](QChar c) { return c.unicode() < 0x80 && c.isLetterOrNumber(); };
    auto it = tokenPattern().globalMatch(text);
    qsizetype blankedTo = 0;
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (m.capturedStart() < blankedTo) continue;
        const auto list = names.byFirstToken.find(m.captured(0));
        if (list == names.byFirstToken.end()) continue;
        for (const QString& n : list->second) {
            const qsizetype end = m.capturedStart() + n.size();
            if (QStringView(text).mid(m.capturedStart()).startsWith(n) &&
                (end >= text.size() || !isTokenChar(text[end]))) {
                text.replace(m.capturedStart(), n.size(), QString(n.size(), QLatin1Char(' ')));
                blankedTo = end;
                break;
            }
        }
    }
    return text;
}

// The English sentences of `text` (runs of four or more words) once the names, the flags and, in
// a citation, the quoted titles are taken out.
QStringList englishSentences(QString text, const Names& names, bool citation = false) {
    static const QRegularExpression flag(QStringLiteral("--[A-Za-z][A-Za-z0-9-]*"));
    text.replace(flag, QStringLiteral(" "));
    if (citation) {
        // An opening quote follows no letter or digit ("MLSys'23" is not one).
        static const QRegularExpression title(QStringLiteral("(?<![A-Za-z0-9])'[^']+'"));
        text.replace(title, QStringLiteral(" "));
    }
    text = withoutNames(text, names);
    const QRegularExpression& token = tokenPattern();
    QStringList out;
    QStringList run;
    qsizetype runStart = -1, runEnd = -1, last = 0;
    auto flush = [&] {
        if (run.size() >= 4) out << text.mid(runStart, runEnd - runStart);
        run.clear();
        runStart = -1;
    };
    auto it = token.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        if (endsRun(text.mid(last, m.capturedStart() - last))) flush();
        last = m.capturedEnd();
        if (!isWord(m.captured(0))) continue;
        if (runStart < 0) runStart = m.capturedStart();
        runEnd = m.capturedEnd();
        run << m.captured(0);
    }
    flush();
    return out;
}

// A flagged run of the headline plan's own scenario: measured at twice its prediction, so the
// measured-runs section has its table, its mean error and a far-miss callout with its causes.
services::StoredCalibrationRuns measuredLibrary(const model::Scenario& s, const ReportData& d) {
    services::StoredCalibrationRuns library;
    const ComparedPlan* h = d.headlinePlan();
    if (!h) return library;
    model::Scenario run = s;
    run.plans = {h->estimate().plan};
    sim::CalibrationRun r = services::calibrationRunOf(run, s.name + " #1");
    const sim::PlanEstimate e =
        sim::evaluatePlan(sim::makeContext(r.scenario), r.scenario.plans[0]);
    r.measured = {{sim::ValidationMetric::StepSeconds, 2.0 * e.time.stepSeconds},
                  {sim::ValidationMetric::PeakMemoryGiB, 1.3 * e.memory.peakBytes / (1 << 30)}};
    library.runs = {r};
    library.runIds = {1};
    return library;
}

ReportData fullReport(const model::Scenario& s) {
    ReportInputs in;
    in.catalog = &test::catalog();
    in.publishedRuns = &test::publishedRuns();
    in.version = "test";
    in.date = "2025-01-31";
    // The side-by-side section with the smallest example (renamed when it is this one).
    model::Scenario other =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    if (other.name == s.name) other.name += "-copy";
    in.compareWith = {other};
    ReportData d = computeReportData(s, in);
    d.measured = services::checkRuns(measuredLibrary(s, d), d.residuals).runs;
    d.cluster = services::clusterKey(s);
    d.measuredChecked = true;
    return d;
}

std::vector<Piece> piecesOf(const ReportData& d) {
    std::vector<Piece> pieces;
    Reader reader(pieces);
    const Document doc = buildReportDocument(d, sim::Lang::ZhCN);
    readDocument(doc, reader);
    ChartStyle style;
    style.lang = sim::Lang::ZhCN;
    style.showTitle = true;
    for (ChartKind k : doc.charts())
        readChart(*makeChart(k, d, style), chartId(k), reader);
    // What the review deck shows beside the document's words.
    const RecommendationSlide slide = recommendationSlide(d, sim::Lang::ZhCN);
    for (const RecommendationCard& c : slide.cards) {
        reader.add(QStringLiteral("deck: recommendation"), c.label);
        reader.add(QStringLiteral("deck: recommendation"), c.value);
        reader.add(QStringLiteral("deck: recommendation"), c.note);
    }
    reader.add(QStringLiteral("deck: recommendation"), slide.reasons);
    for (const ComparisonSlideRow& row : comparisonSlideRows(d, sim::Lang::ZhCN))
        reader.add(QStringLiteral("deck: comparison"),
                   QStringList{row.name, row.fits, row.peakMemory, row.stepTime, row.mfu,
                               row.tokensPerSecond, row.timeToTrain, row.cost});
    if (d.advice)
        for (const sim::RoadmapStage& st : d.advice->stages) {
            const StageSlideCard c = stageSlideCard(st, sim::Lang::ZhCN);
            reader.add(QStringLiteral("deck: roadmap"),
                       QStringList{c.title, c.framework, c.target, c.trigger, c.plan, c.closest,
                                   c.prerequisites});
        }
    return pieces;
}

class ReportZh : public ::testing::TestWithParam<std::size_t> {};

TEST_P(ReportZh, TheChineseReportHasNoEnglishSentence) {
    const auto scenarios = test::builtInScenarios();
    ASSERT_LT(GetParam(), scenarios.size());
    SCOPED_TRACE(scenarios[GetParam()].string());
    const model::Scenario s = test::loadScenario(scenarios[GetParam()]);
    const ReportData d = fullReport(s);
    // Every optional section is there to be read.
    ASSERT_FALSE(d.measured.empty());
    ASSERT_TRUE(d.measured.front().flagged) << "the far-miss callout names its causes";
    ASSERT_TRUE(d.sideBySide);
    const std::vector<Piece> pieces = piecesOf(d);
    ASSERT_GT(pieces.size(), 300u);
    const Names names = namesIn(d);
    int found = 0;
    for (const Piece& p : pieces)
        for (const QString& sentence : englishSentences(p.text, names, p.citation)) {
            ADD_FAILURE() << p.where.toStdString() << ": \"" << sentence.toStdString() << "\" in \""
                          << p.text.toStdString() << "\"";
            ++found;
        }
    EXPECT_EQ(found, 0);
}

INSTANTIATE_TEST_SUITE_P(BuiltInScenarios, ReportZh,
                         ::testing::Range<std::size_t>(0, test::builtInScenarios().size()));

// The rule finds what it is meant to find and keeps what it is meant to keep.
TEST(ReportZhRule, FindsEnglishSentencesAndKeepsNames) {
    Names names;
    names.byFirstToken[QStringLiteral("PyTorch")] = {QStringLiteral("PyTorch FSDP")};
    names.byFirstToken[QStringLiteral("DP64")] = {
        QStringLiteral("DP64 mb1 full-shard offload-cpu SP rc-full")};
    names.byFirstToken[QStringLiteral("Megatron")] = {QStringLiteral("Megatron")};
    auto find = [&](const char* s, bool citation = false) {
        return englishSentences(QString::fromUtf8(s), names, citation);
    };
    EXPECT_EQ(find("The plan does not fit."), QStringList{QStringLiteral("The plan does not fit")});
    EXPECT_EQ(find("显存 the plan does not fit"),
              QStringList{QStringLiteral("the plan does not fit")});
    EXPECT_TRUE(find("最快的方案是 PyTorch FSDP 的 DP64 mb1 full-shard offload-cpu SP rc-full。")
                    .isEmpty());
    EXPECT_TRUE(find("trainplan-cli calibrate --from-store --cluster").isEmpty());
    EXPECT_TRUE(find("NVIDIA A100 GPU 数据手册").isEmpty()) << "acronyms and model numbers";
    EXPECT_TRUE(find("每步时间，MFU 为 45.0%，每块 GPU 峰值显存").isEmpty());
    EXPECT_TRUE(find("three words here，and three more").isEmpty())
        << "full-width comma ends a run";
    EXPECT_EQ(find("Over 12 comparisons the mean").size(), 1) << "numbers do not end a run";
    EXPECT_EQ(find("Megatron-Bridge perf recipe run").size(), 1) << "a name only as whole tokens";
    const char* cited =
        "Brown 等 2020，'Language Models are Few-Shot Learners'（arXiv:2005.14165）";
    EXPECT_TRUE(find(cited, true).isEmpty()) << "a quoted title in a citation";
    EXPECT_EQ(find(cited).size(), 1) << "a quoted title outside a Source column";
    EXPECT_EQ(find("Korthikanti 等 2022 (MLSys'23) and then we read it twice", true).size(), 1);
}

// The report's own joins speak Chinese punctuation and units: "Llama 2 7B（67.4亿）",
// "8 块 A100-SXM4-80GB", "2 周（2025-01-31 – 2025-02-14）", "每步时间（毫秒）", "单步时间：…、…".
TEST(ReportZhPunctuation, JoinsAndUnitsAreChinese) {
    const sim::Lang zh = sim::Lang::ZhCN;
    const model::Scenario s =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    ReportInputs in;
    in.catalog = &test::catalog();
    in.publishedRuns = &test::publishedRuns();
    in.date = "2025-01-31";
    in.breakPoints = false;
    in.crossover = false;
    in.sizing = false;
    model::Scenario other = s;
    other.name += "-copy";
    in.compareWith = {other};
    ReportData d = computeReportData(s, in);
    d.measured = services::checkRuns(measuredLibrary(s, d), d.residuals).runs;
    d.cluster = services::clusterKey(s);
    d.measuredChecked = true;
    const Document doc = buildReportDocument(d, zh);

    const QString model = doc.facts.at(1).second;
    EXPECT_EQ(model, QString::fromStdString(s.model.displayName) + QStringLiteral("（") +
                         fmtParameters(d.parameters.total, zh) + QStringLiteral("）"));

    const Section* side = test::findSection(doc, "side_by_side");
    ASSERT_NE(side, nullptr);
    for (const Block& b : side->blocks)
        for (const QStringList& row : b.table.rows) {
            if (row.front() == text(Text::FactModel, zh)) {
                EXPECT_EQ(row.at(1), model);
            }
            if (row.front() == text(Text::ColCluster, zh)) {
                EXPECT_EQ(row.at(1),
                          QStringLiteral("8 块 ") + QString::fromStdString(s.cluster.gpu.name));
            }
        }

    const Section* roadmap = test::findSection(doc, "roadmap");
    ASSERT_NE(roadmap, nullptr);
    for (const Block& b : roadmap->blocks)
        if (b.kind == Block::Kind::Table &&
            b.table.header.contains(text(Text::ColPrerequisiteWork, zh)))
            for (const QStringList& row : b.table.rows)
                if (row.at(2).contains(QStringLiteral(" – "))) {
                    EXPECT_TRUE(row.at(2).contains(QStringLiteral("周（")))
                        << row.at(2).toStdString();
                    EXPECT_TRUE(row.at(2).endsWith(QStringLiteral("）")))
                        << row.at(2).toStdString();
                }

    ChartStyle style;
    style.lang = zh;
    const auto chart = makeChart(ChartKind::StepTime, d, style);
    QStringList titles;
    for (QAbstractAxis* axis : chart->axes())
        titles << axis->titleText();
    EXPECT_TRUE(titles.contains(QStringLiteral("每步时间（毫秒）")) ||
                titles.contains(QStringLiteral("每步时间（秒）")))
        << titles.join(QStringLiteral(" | ")).toStdString();

    const Section* measured = test::findSection(doc, "measured");
    ASSERT_NE(measured, nullptr);
    const auto callout =
        std::find_if(measured->blocks.begin(), measured->blocks.end(),
                     [](const Block& b) { return b.kind == Block::Kind::Callout; });
    ASSERT_NE(callout, measured->blocks.end());
    const QString causes = QStringLiteral("单步时间：");
    EXPECT_TRUE(callout->text.contains(causes)) << callout->text.toStdString();
    EXPECT_FALSE(callout->text.contains(QStringLiteral(": "))) << callout->text.toStdString();
}

// What a writer says when it cannot write names the file, in the report's language (the GUI's
// export dialog shows it).
TEST(ReportZhErrors, WriteErrorsNameTheFileInTheReportsLanguage) {
    const ReportData empty;
    const QString dir = test::outputDir(QStringLiteral("zh-errors"));
    const QString docx = dir + QStringLiteral("/plan.docx");
    EXPECT_EQ(writeReport(empty, docx, {sim::Lang::ZhCN}).error,
              docx + QStringLiteral("：文件名须以 .pdf、.html、.md、.csv 或 .json 结尾"));
    EXPECT_EQ(writeReport(empty, docx, {sim::Lang::En}).error,
              docx + QStringLiteral(": the file name must end in .pdf, .html, .md, .csv or .json"));
    WriteOptions deck{sim::Lang::ZhCN};
    deck.deck = true;
    const QString html = dir + QStringLiteral("/deck.html");
    EXPECT_EQ(writeReport(empty, html, deck).error,
              html + QStringLiteral("：评审幻灯片只能写成 PDF（.pdf）"));

    // A folder where the file should be: the file system's reason (model::WriteError's), after
    // the file's name, in the report's language too (it was English inside the Chinese sentence).
    const QString taken = dir + QStringLiteral("/taken.json");
    ASSERT_TRUE(QDir().mkpath(taken));
    const WriteResult zh = writeReport(empty, taken, {sim::Lang::ZhCN});
    EXPECT_FALSE(zh.ok);
    EXPECT_EQ(zh.error, taken + QStringLiteral("：是目录，不是普通文件；拒绝写入（保持原样）"));
    const WriteResult en = writeReport(empty, taken, {sim::Lang::En});
    EXPECT_EQ(en.error, taken + QStringLiteral(": is a directory, not a regular file; refusing to "
                                               "write it (it was left untouched)"));

    QString error;
    const QString gif = dir + QStringLiteral("/memory.gif");
    EXPECT_FALSE(
        exportChart(ChartKind::Memory, empty, sim::Lang::ZhCN, gif, 72, QSizeF(100, 100), &error));
    EXPECT_EQ(error, gif + QStringLiteral("：图表只能写成 .png 或 .svg"));
}

} // namespace
} // namespace trainplan::report
