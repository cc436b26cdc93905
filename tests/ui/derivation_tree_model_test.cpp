// The derivation tree of issue 12 in the GUI: the model passes QAbstractItemModelTester, every
// term with children equals the sum of its leaves on all built-in scenarios, every node has a
// source, and clicking a number in the Compare table opens the tree of that number.
#include "ui_test_support.h"

#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/explain_rates.h>
#include <trainplan/simulator/search.h>
#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/derivation_dialog.h>
#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/derivation_tree_model.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/scenario_document.h>

#include <QAbstractItemModelTester>
#include <QTreeView>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace trainplan::ui {
namespace {

const char* const kExamples[] = {"gpt3-175b-a100x1024.json", "llama2-7b-a100x8-pcie.json",
                                 "llama31-70b-h100x256.json", "mixtral-8x7b-h800x64-roce.json",
                                 "qwen25-72b-h20x128.json"};

std::vector<sim::Explanation> explainBestPlans(const model::Scenario& s) {
    const sim::SearchResult result = sim::searchPlans(s);
    const sim::PlanContext ctx = sim::makeContext(s);
    std::vector<sim::Explanation> out;
    for (const auto& fr : result.frameworks)
        if (fr.best) out.push_back(sim::explainPlan(ctx, fr.best->plan));
    return out;
}

// Walks the model (not the simulator's structs): what the user sees must add up.
int checkSums(const DerivationTreeModel& m, const QModelIndex& parent, const std::string& where) {
    int checked = 0;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        const sim::DerivationTerm* t = m.termAt(i);
        EXPECT_NE(t, nullptr);
        if (!t) continue;
        EXPECT_FALSE(
            m.data(i.siblingAtColumn(DerivationTreeModel::SourceColumn)).toString().isEmpty())
            << where << ": " << t->name << " has no source";
        EXPECT_FALSE(
            m.data(i.siblingAtColumn(DerivationTreeModel::FormulaColumn)).toString().isEmpty())
            << where << ": " << t->name << " has no formula";
        const double value = m.data(i, DerivationTreeModel::ValueRole).toDouble();
        EXPECT_TRUE(std::isfinite(value) && value >= 0)
            << where << ": " << t->name << " = " << value;
        if (m.rowCount(i) > 0) {
            double sum = 0;
            for (int c = 0; c < m.rowCount(i); ++c)
                sum += m.data(m.index(c, 0, i), DerivationTreeModel::ValueRole).toDouble();
            EXPECT_NEAR(sum, value, 1e-9 * std::max(1.0, std::abs(value)))
                << where << ": children of " << t->name;
            EXPECT_NEAR(sim::sumOfLeaves(*t), value, 1e-9 * std::max(1.0, std::abs(value)))
                << where << ": leaves of " << t->name;
            checked += 1 + checkSums(m, i, where);
        }
    }
    return checked;
}

class DerivationTreeModelTest : public ::testing::Test {
protected:
    void SetUp() override { test::app(); }
};

TEST_F(DerivationTreeModelTest, PassesTheModelTesterAndLeavesAddUpOnEveryExample) {
    DerivationTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    int plans = 0, sums = 0;
    for (const char* file : kExamples) {
        const model::Scenario s = test::loadExample(file);
        for (const sim::Explanation& x : explainBestPlans(s)) {
            model.setTerms({x.memory, x.stepTime, x.communication, x.flops});
            ASSERT_EQ(model.rowCount(), 4);
            EXPECT_EQ(model.columnCount(), DerivationTreeModel::ColumnCount);
            // Roots carry the plan's reported figures.
            EXPECT_NEAR(model.data(model.index(0, 0), DerivationTreeModel::ValueRole).toDouble(),
                        x.estimate.memory.peakBytes, 1e-6 * x.estimate.memory.peakBytes);
            EXPECT_NEAR(model.data(model.index(1, 0), DerivationTreeModel::ValueRole).toDouble(),
                        x.estimate.time.stepSeconds, 1e-9 * x.estimate.time.stepSeconds);
            EXPECT_NEAR(model.data(model.index(2, 0), DerivationTreeModel::ValueRole).toDouble(),
                        x.estimate.communication.perGpuBytes,
                        1e-6 * std::max(1.0, x.estimate.communication.perGpuBytes));
            sums += checkSums(model, {}, std::string(file) + " " + x.plan.label());
            // Every cell of every role answers without crashing (the tester checks the structure).
            std::function<void(const QModelIndex&)> touch = [&](const QModelIndex& parent) {
                for (int r = 0; r < model.rowCount(parent); ++r)
                    for (int c = 0; c < model.columnCount(parent); ++c) {
                        const QModelIndex i = model.index(r, c, parent);
                        for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole),
                                         int(Qt::TextAlignmentRole)})
                            (void)model.data(i, role);
                        if (c == 0) touch(i);
                    }
            };
            touch({});
            ++plans;
        }
    }
    EXPECT_GE(plans, 15); // four frameworks on most of the five examples
    EXPECT_GE(sums,
              plans * 6); // memory, activations, overhead, step, compute, communication, FLOPs ...
}

TEST_F(DerivationTreeModelTest, EveryTermNameHasAChineseTranslation) {
    const model::Scenario s = test::loadExample("mixtral-8x7b-h800x64-roce.json");
    const auto explanations = explainBestPlans(s);
    ASSERT_FALSE(explanations.empty());
    installLanguage(QStringLiteral("zh_CN"));
    int names = 0;
    std::function<void(const sim::DerivationTerm&)> visit = [&](const sim::DerivationTerm& t) {
        const QString shown = derivationTermName(t.name);
        EXPECT_NE(shown.toStdString(), t.name) << t.name << " is shown untranslated";
        ++names;
        for (const auto& c : t.children)
            visit(c);
    };
    for (const auto& x : explanations)
        for (const auto* root : {&x.memory, &x.stepTime, &x.communication, &x.flops})
            visit(*root);
    const sim::PlanContext ctx = sim::makeContext(s);
    for (const auto& x : explanations)
        for (const auto& rate : sim::rateTerms(ctx, x.estimate))
            visit(rate);
    for (int k = 0; k < sim::MemoryPhase::Count; ++k) {
        const auto kind = static_cast<sim::MemoryPhase::Kind>(k);
        EXPECT_NE(memoryPhaseName(kind).toStdString(), std::string(sim::toString(kind)));
    }
    installLanguage(QStringLiteral("en"));
    EXPECT_EQ(derivationTermName("gradients at start of backward").toStdString(),
              "gradients at start of backward");
    EXPECT_GT(names, 40);
}

TEST_F(DerivationTreeModelTest, DoubleClickingANumberOpensItsSubtree) {
    ScenarioDocument doc(test::catalog());
    CompareTab tab(&doc);
    auto outcome = std::make_shared<CompareOutcome>();
    outcome->scenario = test::loadExample("llama31-70b-h100x256.json");
    outcome->search = sim::searchPlans(outcome->scenario);
    tab.setOutcome(outcome);
    CompareTableModel* m = tab.tableModel();
    ASSERT_GT(m->rowCount(), 0);
    int row = -1;
    for (int r = 0; r < m->rowCount() && row < 0; ++r)
        if (m->rowAt(r)->fits()) row = r;
    ASSERT_GE(row, 0);
    const sim::PlanEstimate& e = *m->rowAt(row)->estimate;

    DerivationDialog* dialog = tab.showDerivation(m->index(row, CompareTableModel::StepColumn));
    ASSERT_NE(dialog, nullptr);
    DerivationTreeModel* dm = dialog->model();
    QTreeView* view = dialog->view();
    EXPECT_EQ(view->currentIndex(), dm->index(1, 0));
    EXPECT_TRUE(view->isExpanded(dm->index(1, 0)));
    EXPECT_FALSE(view->isExpanded(dm->index(0, 0)));
    EXPECT_NEAR(dm->data(dm->index(1, 0), DerivationTreeModel::ValueRole).toDouble(),
                e.time.stepSeconds, 1e-12);
    // Compute is expanded down to its leaves (forward / backward / recompute).
    EXPECT_TRUE(view->isExpanded(dm->index(0, 0, dm->index(1, 0))));
    EXPECT_GT(dialog->assumptions()->topLevelItemCount(), 5);

    dialog = tab.showDerivation(m->index(row, CompareTableModel::MemoryColumn));
    ASSERT_NE(dialog, nullptr);
    EXPECT_EQ(dialog->view()->currentIndex(), dm->index(0, 0));
    EXPECT_TRUE(dialog->view()->isExpanded(dm->index(0, 0)));
    EXPECT_FALSE(dialog->view()->isExpanded(dm->index(1, 0)));
    EXPECT_NEAR(dm->data(dm->index(0, 0), DerivationTreeModel::ValueRole).toDouble(),
                e.memory.peakBytes, 1e-6 * e.memory.peakBytes);

    // New results (a bigger global batch) refresh the open derivation: it never shows a stale plan.
    auto changed = std::make_shared<CompareOutcome>(*outcome);
    changed->scenario.training.globalBatch *= 2;
    changed->search = sim::searchPlans(changed->scenario);
    tab.setOutcome(changed);
    ASSERT_TRUE(dialog->isVisible());
    const sim::PlanEstimate& e2 = *m->rowAt(row)->estimate;
    EXPECT_NEAR(dm->data(dm->index(0, 0), DerivationTreeModel::ValueRole).toDouble(),
                e2.memory.peakBytes, 1e-6 * e2.memory.peakBytes);
    EXPECT_NEAR(dm->data(dm->index(1, 0), DerivationTreeModel::ValueRole).toDouble(),
                e2.time.stepSeconds, 1e-9 * e2.time.stepSeconds);
    EXPECT_NE(e2.time.stepSeconds, e.time.stepSeconds);
    dialog->close();
}

// Regression (issue 21): double-clicking MFU (and tokens/s, time to train, cost) opened trees
// with no MFU line. Each now selects a term whose value is the clicked number, in user units.
TEST_F(DerivationTreeModelTest, EveryClickedRateEndsInItsOwnNumber) {
    ScenarioDocument doc(test::catalog());
    CompareTab tab(&doc);
    auto outcome = std::make_shared<CompareOutcome>();
    outcome->scenario = test::loadExample("llama31-70b-h100x256.json");
    outcome->search = sim::searchPlans(outcome->scenario);
    tab.setOutcome(outcome);
    CompareTableModel* m = tab.tableModel();
    const int row = 1; // FSDP's best plan fits
    ASSERT_TRUE(m->rowAt(row)->fits());
    for (int column : {int(CompareTableModel::MfuColumn), int(CompareTableModel::TokensColumn),
                       int(CompareTableModel::TimeToTrainColumn),
                       int(CompareTableModel::CostColumn)}) {
        DerivationDialog* dialog = tab.showDerivation(m->index(row, column));
        ASSERT_NE(dialog, nullptr);
        const QModelIndex selected = dialog->view()->currentIndex();
        ASSERT_TRUE(selected.isValid());
        // The selected term shows exactly the cell's text.
        const QString shown = dialog->model()
                                  ->data(selected.siblingAtColumn(DerivationTreeModel::ValueColumn))
                                  .toString();
        EXPECT_EQ(shown, m->data(m->index(row, column)).toString()) << "column " << column;
    }
    // Assumptions: people's names and units, not identifiers and "8.053e+08 bytes".
    DerivationDialog* dialog = tab.showDerivation(m->index(row, CompareTableModel::StepColumn));
    bool sawContext = false;
    for (int i = 0; i < dialog->assumptions()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = dialog->assumptions()->topLevelItem(i);
        EXPECT_FALSE(item->text(1).contains(QStringLiteral("e+"))) << item->text(1).toStdString();
        EXPECT_FALSE(item->text(0).contains(QLatin1Char('_'))) << item->text(0).toStdString();
        if (item->text(0) == QStringLiteral("CUDA context per GPU")) {
            sawContext = true;
            EXPECT_TRUE(item->text(1).endsWith(QStringLiteral("MiB")) ||
                        item->text(1).endsWith(QStringLiteral("GiB")))
                << item->text(1).toStdString();
        }
    }
    EXPECT_TRUE(sawContext);
    dialog->close();
}

} // namespace
} // namespace trainplan::ui

// Regenerates docs/images/compare_derivation{,_zh_CN}.png: the Compare tab of the GPT-3 175B
// example with the selected plan's per-stage and over-a-step memory charts, and the derivation
// dialog of its step time on top. Run with
//   ui_tests --gtest_also_run_disabled_tests --gtest_filter='DerivationScreenshots.*'
#include <trainplan/ui/main_window.h>
#include <trainplan/ui/planner_controller.h>

#include <QPainter>
#include <QTabWidget>
#include <QTemporaryDir>

namespace trainplan::ui {
namespace {

TEST(DerivationScreenshots, DISABLED_CompareTabWithDerivation) {
    test::app();
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        installLanguage(lang);
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        ASSERT_TRUE(window.openFile(
            QString::fromStdString(test::examplePath("gpt3-175b-a100x1024.json")), true));
        ASSERT_TRUE(test::waitFor([&] {
            const CompareOutcome* o = window.compareTab()->outcome();
            return o && o->scenario.model.layers == 96 && !window.controller()->isComparing();
        }));
        QTemporaryDir libraryDir;
        window.openLibrary(libraryDir.filePath(QStringLiteral("library.db")));
        ASSERT_TRUE(window.saveToLibrary(QStringLiteral("GPT-3 175B baseline"),
                                         {QStringLiteral("175b"), QStringLiteral("a100")}));
        ASSERT_TRUE(
            window.saveToLibrary(QStringLiteral("GPT-3 175B review"), {QStringLiteral("review")}));
        CompareTab* tab = window.compareTab();
        int megatron = -1;
        for (int r = 0; r < tab->tableModel()->rowCount() && megatron < 0; ++r)
            if (tab->tableModel()->rowAt(r)->framework == model::Framework::Megatron &&
                tab->tableModel()->rowAt(r)->estimate)
                megatron = r;
        ASSERT_GE(megatron, 0);
        tab->selectRow(megatron);
        tab->chartTabs()->setCurrentIndex(1);
        DerivationDialog* dialog = tab->showDerivation(
            tab->tableModel()->index(megatron, CompareTableModel::MemoryColumn));
        ASSERT_NE(dialog, nullptr);
        dialog->resize(1120, 560);
        test::waitFor([] { return false; }, 400); // let layouts and charts settle
        // The window, and the dialog below it (a montage: both fully visible).
        const QPixmap w = window.grab();
        const QPixmap d = dialog->grab();
        QPixmap shot(w.width(), w.height() + d.height() + 24);
        shot.fill(QColor(0x60, 0x60, 0x60));
        {
            QPainter p(&shot);
            p.drawPixmap(0, 0, w);
            p.drawPixmap((w.width() - d.width()) / 2, w.height() + 12, d);
        }
        const QString file =
            QStringLiteral(TRAINPLAN_TEST_DATA_DIR "/../docs/images/compare_derivation%1.png")
                .arg(lang == QLatin1String("en") ? QString() : QStringLiteral("_zh_CN"));
        EXPECT_TRUE(shot.save(file)) << file.toStdString();
        dialog->close();
        window.document()->undoStack()->setClean();
    }
    installLanguage(QStringLiteral("en"));
}

} // namespace
} // namespace trainplan::ui
