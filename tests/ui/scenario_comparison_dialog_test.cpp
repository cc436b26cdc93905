// File → Compare scenarios… (issue 21): the edited scenario and library ones side by side, the same
// answers as services::compareScenarios (and `trainplan-cli compare A B`).

#include "ui_test_support.h"

#include <trainplan/services/planning.h>
#include <trainplan/services/scenario_comparison.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_comparison_dialog.h>
#include <trainplan/ui/scenario_document.h>

#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>

#include <gtest/gtest.h>

namespace trainplan::ui {
namespace {

TEST(ScenarioComparisonDialog, TheEditedAndALibraryScenarioSideBySide) {
    test::app();
    LibraryStore library;
    ASSERT_TRUE(library.openInMemory(*test::catalog()));
    const model::Scenario mixtral = test::loadExample("mixtral-8x7b-h800x64-roce.json");
    ASSERT_TRUE(library.save(mixtral, QStringLiteral("mixtral"), {}));
    ScenarioDocument doc(test::catalog());
    doc.reset(test::loadExample("llama31-70b-h100x256.json"));
    ScenarioComparisonDialog dialog(&doc, &library);
    ASSERT_EQ(dialog.choices()->count(), 2); // the edited scenario, then the library's
    auto* run = dialog.findChild<QPushButton*>(QStringLiteral("comparisonRun"));
    ASSERT_NE(run, nullptr);
    EXPECT_FALSE(run->isEnabled()) << "one scenario ticked";
    dialog.choose({QStringLiteral("mixtral")});
    ASSERT_TRUE(run->isEnabled());
    dialog.compare();
    ASSERT_TRUE(test::waitFor([&] { return dialog.result() && !dialog.isComparing(); }, 120000));

    services::Planner planner;
    const services::ScenarioComparison direct = services::compareScenarios(
        {doc.planningScenario().scenario, doc.planningScenarioOf(mixtral).scenario}, planner);
    const services::ScenarioComparison& shown = *dialog.result();
    ASSERT_EQ(shown.scenarios.size(), 2u);
    EXPECT_EQ(shown.fastest, direct.fastest);
    EXPECT_EQ(shown.cheapest, direct.cheapest);
    EXPECT_EQ(shown.fastest, 1) << "Mixtral 8x7B on 64 H800 trains in weeks";
    for (std::size_t i = 0; i < 2; ++i) {
        ASSERT_TRUE(shown.scenarios[i].goodput);
        EXPECT_DOUBLE_EQ(shown.scenarios[i].goodput->expectedSeconds,
                         direct.scenarios[i].goodput->expectedSeconds);
    }
    // The table: one column per scenario, the expected time in user units, the best marked.
    QTableWidget* t = dialog.table();
    ASSERT_EQ(t->columnCount(), 2);
    EXPECT_EQ(t->horizontalHeaderItem(1)->text(), QStringLiteral("mixtral")); // its library name
    const int timeRow = 7;
    EXPECT_EQ(t->item(timeRow, 1)->text(),
              formatDuration(shown.scenarios[1].goodput->expectedSeconds) +
                  QStringLiteral(" ★ fastest"));
    EXPECT_EQ(t->item(timeRow, 0)->text(),
              formatDuration(shown.scenarios[0].goodput->expectedSeconds));
    // The chart: time and cost relative to the best; the fastest is 1×.
    auto* series = qobject_cast<QBarSeries*>(dialog.chart()->chart()->series().front());
    ASSERT_NE(series, nullptr);
    EXPECT_DOUBLE_EQ(series->barSets()[0]->at(1), 1.0);
    EXPECT_GT(series->barSets()[0]->at(0), 1.0);

    // Export report…: the edited scenario's report with the other compared one side by side.
    ASSERT_NE(dialog.exportButton(), nullptr);
    EXPECT_TRUE(dialog.exportButton()->isEnabled());
    const std::vector<model::Scenario> others = dialog.otherScenarios();
    ASSERT_EQ(others.size(), 1u);
    EXPECT_EQ(others.front().name, shown.scenarios[1].scenario.name);
}

} // namespace
} // namespace trainplan::ui
