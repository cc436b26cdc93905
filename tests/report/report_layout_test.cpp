// Report layout and content rules from issue 21: no section heading alone at the bottom of a page,
// the recommendation's "why not" lines, and plans that do not fit shown without time, MFU or cost.
#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_strings.h>

#include <QBarCategoryAxis>
#include <QChart>

#include <gtest/gtest.h>

namespace trainplan::report {
namespace {

const std::filesystem::path k70b = "llama31-70b-h100x256.json";

const ReportData& data70b() {
    static const ReportData d =
        test::computeFor(test::loadScenario(test::dataDir() / "scenarios" / k70b));
    return d;
}

// Regression: "5 Scaling and break points" was left as an orphan heading at the bottom of a page,
// its chart on the next.
TEST(ReportLayout, NoSectionHeadingIsLeftAloneAtThePageBottom) {
    for (const auto& file : test::builtInScenarios()) {
        const ReportData d = test::computeFor(test::loadScenario(file));
        for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
            const QString path = test::outputDir(QStringLiteral("layout")) + QLatin1Char('/') +
                                 QString::fromStdString(file.stem().string()) +
                                 (lang == sim::Lang::En ? QStringLiteral(".pdf")
                                                        : QStringLiteral("_zh.pdf"));
            const WriteResult r = writeReport(d, path, {lang});
            ASSERT_TRUE(r.ok) << r.error.toStdString();
            ASSERT_FALSE(r.sectionHeadingAndContentPages.empty());
            for (std::size_t i = 0; i < r.sectionHeadingAndContentPages.size(); ++i) {
                const auto [heading, content] = r.sectionHeadingAndContentPages[i];
                EXPECT_EQ(heading, content)
                    << file.stem() << " (" << sim::toString(lang) << "): section " << i + 1
                    << " heading on page " << heading + 1 << ", its content on page "
                    << content + 1;
            }
        }
    }
}

TEST(ReportContent, EveryOtherFrameworkSaysWhyItIsNotTheRecommendation) {
    const ReportData& d = data70b();
    ASSERT_TRUE(d.advice);
    const QStringList why = whyNotLines(d, sim::Lang::En);
    EXPECT_EQ(why.size(), 3); // four frameworks, one recommended
    bool megatron = false;
    for (const QString& line : why)
        if (line.startsWith(QStringLiteral("Megatron-LM: "))) {
            megatron = true;
            EXPECT_TRUE(line.contains(QStringLiteral("faster, but"))) << line.toStdString();
        }
    EXPECT_TRUE(megatron);
    const Document doc = buildReportDocument(d, sim::Lang::En);
    bool inComparison = false;
    for (const Section& s : doc.sections)
        for (const Block& b : s.blocks)
            if (b.kind == Block::Kind::Bullets && b.items == why) inComparison = true;
    EXPECT_TRUE(inComparison);
}

// Regression: plans that do not fit were given a step time, MFU and cost in the report.
TEST(ReportContent, APlanThatDoesNotFitHasNoTimeMfuOrCost) {
    const ReportData& d = data70b();
    const Document doc = buildReportDocument(d, sim::Lang::En);
    int checked = 0;
    for (const Section& s : doc.sections)
        for (const Block& b : s.blocks) {
            // The comparison table, one row per compared plan (the Pareto table has MFU and cost
            // columns too, but its rows are the search's front, not d.compared).
            if (b.kind != Block::Kind::Table ||
                !b.table.header.contains(text(Text::ColFits, sim::Lang::En)) ||
                !b.table.header.contains(text(Text::ColMfu, sim::Lang::En)) ||
                !b.table.header.contains(text(Text::ColCost, sim::Lang::En)))
                continue;
            const int mfu =
                static_cast<int>(b.table.header.indexOf(text(Text::ColMfu, sim::Lang::En)));
            const int cost =
                static_cast<int>(b.table.header.indexOf(text(Text::ColCost, sim::Lang::En)));
            for (std::size_t r = 0; r < b.table.rows.size() && r < d.compared.size(); ++r) {
                if (!d.compared[r].result.valid || d.compared[r].fits()) continue;
                EXPECT_EQ(b.table.rows[r][mfu], QStringLiteral("—"));
                EXPECT_EQ(b.table.rows[r][cost], QStringLiteral("—"));
                ++checked;
            }
        }
    EXPECT_GE(checked, 1); // DDP cannot hold 70B on 80 GB
    // Its memory bar is cut at the axis and says how long it is; its step bar is empty.
    auto chart = makeChart(ChartKind::Memory, d, {});
    QStringList labels;
    for (QAbstractAxis* a : chart->axes(Qt::Vertical))
        if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) labels = c->categories();
    bool cut = false;
    for (const QString& l : labels)
        if (l.contains(QStringLiteral("✂"))) cut = true;
    EXPECT_TRUE(cut) << labels.join(QStringLiteral(" | ")).toStdString();
}

} // namespace
} // namespace trainplan::report
