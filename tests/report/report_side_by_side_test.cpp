// Scenarios side by side in the report (issue 21): the section holds what
// services::compareScenarios answers for the same scenarios (the CLI's `compare A B` and the GUI
// dialog read the same values), a plan that does not fit has no time or cost, the chart is the
// one the GUI dialog draws, and the JSON carries the comparison.
#include "report_test_support.h"

#include <trainplan/report/report.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/services/scenario_comparison.h>

#include <QFile>
#include <QProcess>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>

namespace trainplan::report {
namespace {

using test::findSection;

ReportInputs quickInputs() {
    ReportInputs in;
    in.catalog = &test::catalog();
    in.version = "test";
    in.date = "2026-12-03";
    in.breakPoints = false;
    in.crossover = false;
    in.sizing = false;
    return in;
}

TEST(ReportSideBySide, TheSectionShowsWhatTheComparisonAnswers) {
    // Llama 2 7B on one PCIe A100 node, against the same job on two nodes at a higher price.
    const model::Scenario one =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    model::Scenario two = one;
    two.name = "llama2-7b-a100x16-pcie";
    two.cluster.nodes = 2;
    two.cluster.gpuHourUsd = 3.0;
    ReportInputs in = quickInputs();
    in.compareWith = {two};
    const ReportData d = computeReportData(one, in);
    ASSERT_TRUE(d.sideBySide);

    services::Planner planner;
    const services::ScenarioComparison direct = services::compareScenarios({one, two}, planner);
    ASSERT_EQ(d.sideBySide->scenarios.size(), 2u);
    EXPECT_EQ(d.sideBySide->fastest, direct.fastest);
    EXPECT_EQ(d.sideBySide->cheapest, direct.cheapest);
    for (std::size_t i = 0; i < 2; ++i) {
        ASSERT_TRUE(d.sideBySide->scenarios[i].goodput);
        EXPECT_DOUBLE_EQ(d.sideBySide->scenarios[i].goodput->expectedSeconds,
                         direct.scenarios[i].goodput->expectedSeconds);
    }
    // The report's own headline is the first column's.
    ASSERT_NE(d.headlinePlan(), nullptr);
    EXPECT_EQ(d.sideBySide->scenarios[0].headline->plan, d.headlinePlan()->estimate().plan);

    for (sim::Lang lang : {sim::Lang::En, sim::Lang::ZhCN}) {
        const Document doc = buildReportDocument(d, lang);
        const Section* sec = findSection(doc, "side_by_side");
        ASSERT_NE(sec, nullptr);
        EXPECT_EQ(sec->title, text(Text::SecSideBySide, lang));
        const auto table = std::find_if(sec->blocks.begin(), sec->blocks.end(),
                                        [](const Block& b) { return b.kind == Block::Kind::Table; });
        ASSERT_NE(table, sec->blocks.end());
        EXPECT_EQ(table->table.header,
                  (QStringList{QString(), QStringLiteral("llama2-7b-a100x8-pcie"),
                               QStringLiteral("llama2-7b-a100x16-pcie")}));
        // The expected-time row marks the fastest; the cost row the cheapest.
        const auto row = [&](Text label) {
            return *std::find_if(table->table.rows.begin(), table->table.rows.end(),
                                 [&](const QStringList& r) { return r[0] == text(label, lang); });
        };
        const QStringList time = row(Text::ColTimeToTrain);
        const int fastest = d.sideBySide->fastest;
        EXPECT_EQ(time[1 + fastest],
                  fmtDuration(d.sideBySide->scenarios[fastest].goodput->expectedSeconds, lang) +
                      QStringLiteral(" ") + text(Text::MarkFastest, lang));
        const QStringList cost = row(Text::ColCost);
        const int cheapest = d.sideBySide->cheapest;
        EXPECT_TRUE(cost[1 + cheapest].endsWith(text(Text::MarkCheapest, lang)));
        const bool charted = std::any_of(sec->blocks.begin(), sec->blocks.end(), [](const Block& b) {
            return b.kind == Block::Kind::Chart && b.chart == ChartKind::Scenarios;
        });
        EXPECT_TRUE(charted);
    }
    EXPECT_TRUE(chartHasData(ChartKind::Scenarios, d));

    // JSON: the comparison as `compare A B --format json` writes it.
    const QString json = test::outputDir(QStringLiteral("side_by_side")) + "/report.json";
    ASSERT_TRUE(writeReport(d, json).ok);
    QFile file(json);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const nlohmann::json doc = nlohmann::json::parse(file.readAll().toStdString());
    EXPECT_EQ(doc["side_by_side"], services::comparisonToJson(*d.sideBySide));
    EXPECT_EQ(doc["side_by_side"]["scenarios"].size(), 2u);
}

TEST(ReportSideBySide, AScenarioWithNothingThatFitsHasNoTimeNorCostNorBar) {
    // Llama 3.1 405B on one A100 node fits in no framework: dashes, and the chart is scaled by
    // the scenario that fits.
    const model::Scenario one =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    model::Scenario huge = one;
    huge.name = "405b-on-one-node";
    huge.model = *test::catalog().findModel("llama3.1-405b");
    huge.modelRef = "llama3.1-405b";
    ReportInputs in = quickInputs();
    in.compareWith = {huge};
    const ReportData d = computeReportData(one, in);
    ASSERT_TRUE(d.sideBySide);
    EXPECT_EQ(d.sideBySide->fastest, 0);
    const Document doc = buildReportDocument(d, sim::Lang::En);
    const Section* sec = findSection(doc, "side_by_side");
    ASSERT_NE(sec, nullptr);
    const auto table = std::find_if(sec->blocks.begin(), sec->blocks.end(),
                                    [](const Block& b) { return b.kind == Block::Kind::Table; });
    ASSERT_NE(table, sec->blocks.end());
    int blanks = 0;
    for (const QStringList& r : table->table.rows) {
        if (r[0] == text(Text::ColStep, sim::Lang::En) ||
            r[0] == text(Text::ColMfu, sim::Lang::En) ||
            r[0] == text(Text::ColTimeToTrain, sim::Lang::En) ||
            r[0] == text(Text::ColCost, sim::Lang::En)) {
            EXPECT_EQ(r[2], QStringLiteral("—")) << r[0].toStdString();
            ++blanks;
        }
    }
    EXPECT_EQ(blanks, 4);
    const nlohmann::json j = services::comparisonToJson(*d.sideBySide);
    EXPECT_TRUE(j["scenarios"][1]["expected_time_s"].is_null());
    EXPECT_TRUE(j["scenarios"][1]["expected_usd"].is_null());
    if (!j["scenarios"][1]["headline"].is_null()) {
        EXPECT_FALSE(j["scenarios"][1]["headline"]["fits"].get<bool>());
        EXPECT_TRUE(j["scenarios"][1]["headline"]["step_s"].is_null());
    }
}

TEST(ReportSideBySide, WithoutOtherScenariosThereIsNoSection) {
    const model::Scenario one =
        test::loadScenario(test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json");
    const ReportData d = computeReportData(one, quickInputs());
    EXPECT_FALSE(d.sideBySide);
    EXPECT_EQ(findSection(buildReportDocument(d, sim::Lang::En), "side_by_side"), nullptr);
    EXPECT_FALSE(chartHasData(ChartKind::Scenarios, d));
}

TEST(ReportSideBySide, TheCliTakesTheOtherScenariosWithCompareWith) {
    const QString dir = test::outputDir(QStringLiteral("side_by_side_cli"));
    const QString small = QString::fromStdString(
        (test::dataDir() / "scenarios" / "llama2-7b-a100x8-pcie.json").string());
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRAINPLAN_DATA_DIR"),
               QString::fromStdString(test::dataDir().string()));
    env.insert(QStringLiteral("TRAINPLAN_DB"), dir + QStringLiteral("/library.db"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TRAINPLAN_CLI_EXE),
            {QStringLiteral("report"), small, QStringLiteral("-o"), dir + QStringLiteral("/r.md"),
             QStringLiteral("--no-break-points"), QStringLiteral("--compare-with"), small});
    ASSERT_TRUE(p.waitForFinished(180000));
    EXPECT_EQ(p.exitCode(), 0) << p.readAllStandardError().toStdString();
    QFile md(dir + QStringLiteral("/r.md"));
    ASSERT_TRUE(md.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(md.readAll()).contains(QStringLiteral("Scenarios side by side")));
    // Four others do not fit side by side: a usage error.
    QStringList four = {QStringLiteral("report"), small, QStringLiteral("-o"),
                        dir + QStringLiteral("/r2.md")};
    for (int i = 0; i < 4; ++i)
        four << QStringLiteral("--compare-with") << small;
    p.start(QStringLiteral(TRAINPLAN_CLI_EXE), four);
    ASSERT_TRUE(p.waitForFinished(60000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("at most 3")));
}

} // namespace
} // namespace trainplan::report
