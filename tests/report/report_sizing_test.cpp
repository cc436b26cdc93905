// The report's sizing section and slide (issue 20 item 4): present exactly when the scenario has a
// deadline or a budget, with the answer of sim::sizeCluster, the prices used, and never "$0" for a
// cost without a price.
#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/simulator/sizing.h>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::report {
namespace {

// Llama 2 7B on up to 64 GPUs with a 30-day deadline and a $200k budget: small enough to size
// every catalog GPU quickly.
model::Scenario targetedScenario() {
    model::Scenario s = test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    s.cluster.nodes = 8;
    s.constraints.maxGpus = 64;
    s.constraints.deadlineDays = 30;
    s.constraints.budget = 200000;
    return s;
}

using test::findSection;

TEST(ReportSizing, SectionHoldsTheSizingAnswerWithThePricesUsed) {
    const model::Scenario s = targetedScenario();
    const ReportData d = test::computeFor(s, false);
    ASSERT_TRUE(d.sizing.has_value());
    EXPECT_EQ(d.sizingMaxGpus, 64);
    // The same answer as the sizing search called directly, as `trainplan-cli size` calls it.
    sim::SizingInputs in;
    in.scenario = &s;
    in.catalog = &test::catalog();
    in.gpus = sim::sizingCandidateGpus(s, test::catalog(), model::PriceTable{});
    in.maxGpus = 64;
    const sim::SizingResult direct =
        sim::sizeCluster(in, sim::sizingConstraints(s.constraints, model::kDefaultCnyPerUsd));
    ASSERT_EQ(d.sizing->front.size(), direct.front.size());
    ASSERT_FALSE(direct.front.empty());
    EXPECT_DOUBLE_EQ(d.sizing->front.front().config.expectedSeconds,
                     direct.front.front().config.expectedSeconds);

    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        const Document doc = buildReportDocument(d, lang);
        const Section* sec = findSection(doc, "sizing");
        ASSERT_NE(sec, nullptr);
        EXPECT_EQ(sec->title, lang == sim::Lang::En ? QStringLiteral("Sizing: deadline and budget")
                                                    : QStringLiteral("集群规模测算：期限与预算"));
        const auto table = std::find_if(sec->blocks.begin(), sec->blocks.end(), [](const Block& b) {
            return b.kind == Block::Kind::Table;
        });
        ASSERT_NE(table, sec->blocks.end());
        EXPECT_EQ(table->table.rows.size(), d.sizing->front.size());
        // One price line per candidate GPU, unpriced ones saying so.
        const auto prices = std::find_if(sec->blocks.begin(), sec->blocks.end(),
                                         [](const Block& b) { return b.kind == Block::Kind::Bullets; });
        ASSERT_NE(prices, sec->blocks.end());
        EXPECT_EQ(prices->items.size(), static_cast<qsizetype>(d.sizing->prices.size()));
        // In the report's language (ResolvedPrice::describe(lang), the catalog's unpriced_zh).
        EXPECT_TRUE(prices->items.join(QLatin1Char('\n'))
                        .contains(lang == sim::Lang::En ? QStringLiteral("H20: no price")
                                                        : QStringLiteral("H20：H20 没有价格")))
            << prices->items.join(QLatin1Char('\n')).toStdString();
    }
}

TEST(ReportSizing, NoSectionWithoutADeadlineOrABudget) {
    model::Scenario s = targetedScenario();
    s.constraints.deadlineDays.reset();
    s.constraints.budget.reset();
    const ReportData d = test::computeFor(s, false);
    EXPECT_FALSE(d.sizing.has_value());
    EXPECT_EQ(findSection(buildReportDocument(d, sim::Lang::En), "sizing"), nullptr);
}

TEST(ReportSizing, DeckHasASizingSlideWhenTheScenarioHasTargets) {
    const ReportData d = test::computeFor(targetedScenario(), false);
    const QString path = test::outputDir(QStringLiteral("sizing-deck")) + QStringLiteral("/deck.pdf");
    WriteOptions options{sim::Lang::En};
    options.deck = true;
    const WriteResult deck = writeReport(d, path, options);
    ASSERT_TRUE(deck.ok) << deck.error.toStdString();
    ASSERT_TRUE(chartHasData(ChartKind::Timeline, d));
    EXPECT_EQ(deck.pages, 12); // ten, the sizing slide and the timeline
    if (test::hasPoppler()) {
        const QString text = test::pdfText(path);
        EXPECT_TRUE(text.contains(QStringLiteral("Sizing: deadline and budget")));
        EXPECT_TRUE(text.contains(QStringLiteral("Cheapest meeting the deadline within the budget")))
            << text.toStdString();
    }
}

TEST(ReportNumbers, ACostWithoutAPriceIsSaidNotPrintedAsZero) {
    EXPECT_EQ(fmtCost(0, sim::Lang::En), QStringLiteral("no GPU price"));
    EXPECT_EQ(fmtCost(0, sim::Lang::ZhCN), QStringLiteral("无 GPU 价格"));
    EXPECT_EQ(fmtCost(1.5e6, sim::Lang::En), fmtUsd(1.5e6, sim::Lang::En));
}

} // namespace
} // namespace trainplan::report
