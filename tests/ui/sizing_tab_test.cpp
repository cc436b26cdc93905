// The Sizing tab and the editor's constraints (issue 20 items 2, 4 and 5): the tab answers what
// sim::sizeCluster answers, its deadline and budget are the scenario's (undoable), a deadline
// change re-answers from the evaluated candidates, "Use this cluster" edits the cluster
// (undoable), and the editor's Constraints fields write the scenario's constraints.
#include "ui_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/sizing.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>
#include <trainplan/ui/sizing_chart.h>
#include <trainplan/ui/sizing_tab.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace trainplan::ui {
namespace {

using model::Framework;

// Llama 2 7B, searched on up to 64 GPUs of every catalog type: small enough to answer in well
// under a second, large enough for several node counts and both networks of each GPU.
model::Scenario sizingScenario() {
    model::Scenario s = test::loadExample("llama2-7b-a100x8-pcie.json");
    s.cluster.nodes = 8;
    s.constraints.maxGpus = 64;
    return s;
}

class SizingTabTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(sizingScenario());
        tab = std::make_unique<SizingTab>(doc.get());
        tab->resize(1400, 900);
        tab->show(); // the sizing runs while the tab is visible
        ASSERT_TRUE(waitForNewResult());
    }
    bool waitForNewResult(int timeoutMs = 120000) {
        const quint64 seen = shown;
        const bool ok = test::waitFor(
            [&] { return tab->resultsShown() > seen && !tab->isComputing(); }, timeoutMs);
        shown = tab->resultsShown();
        return ok;
    }
    const sim::SizingResult& result() const { return *tab->outcome().result; }

    std::unique_ptr<ScenarioDocument> doc;
    std::unique_ptr<SizingTab> tab;
    quint64 shown = 0;
};

TEST_F(SizingTabTest, AnswersWhatTheSizingSearchAnswers) {
    const model::Scenario s = doc->scenario();
    sim::SizingInputs in;
    in.scenario = &s;
    in.catalog = test::catalog().get();
    in.gpus = sim::sizingCandidateGpus(s, *test::catalog(), model::PriceTable{});
    in.maxGpus = sim::sizingMaxGpus(s);
    EXPECT_EQ(in.maxGpus, 64);
    const sim::SizingResult direct = sim::sizeCluster(in, {});
    ASSERT_FALSE(direct.front.empty());
    ASSERT_EQ(result().front.size(), direct.front.size());
    for (std::size_t i = 0; i < direct.front.size(); ++i) {
        EXPECT_EQ(result().front[i].config.gpu, direct.front[i].config.gpu);
        EXPECT_EQ(result().front[i].config.gpus, direct.front[i].config.gpus);
        EXPECT_DOUBLE_EQ(result().front[i].config.expectedSeconds,
                         direct.front[i].config.expectedSeconds);
        EXPECT_DOUBLE_EQ(result().front[i].config.expectedUsd, direct.front[i].config.expectedUsd);
    }
    // Every configuration of the front is at most 64 GPUs.
    for (const auto& p : result().front)
        EXPECT_LE(p.config.gpus, 64);
    // One table row per front point and per entry of each framework's top list.
    std::size_t rows = result().front.size();
    for (const auto& [fw, list] : result().topPerFramework)
        rows += list.size();
    EXPECT_EQ(tab->table()->rowCount(), static_cast<int>(rows));
    EXPECT_EQ(tab->table()->item(0, 1)->text().toStdString(), result().front[0].config.clusterLabel());
    // Without a deadline or a budget there is no feasible region to shade, and the headline
    // says the front spans everything.
    EXPECT_FALSE(tab->chart()->showsFeasibleRegion());
    EXPECT_TRUE(tab->headlineText().contains(QStringLiteral("No deadline or budget is set")))
        << tab->headlineText().toStdString();
    EXPECT_FALSE(tab->chart()->gpuSeries().isEmpty());
    // A800, H800 and H20 have no sourced list price: left out, and the status says so.
    bool sawH20 = false;
    for (const auto& p : result().prices) {
        if (p.gpu != "H20") continue;
        sawH20 = true;
        EXPECT_FALSE(p.priced());
    }
    EXPECT_TRUE(sawH20);
    EXPECT_TRUE(tab->findChild<QLabel*>(QStringLiteral("sizingStatus"))->text().contains(
        QStringLiteral("H20")));
}

TEST_F(SizingTabTest, DeadlineAndBudgetAreTheScenariosUndoableAndReansweredFromTheCache) {
    const double fastestDays = result().front.front().config.expectedSeconds / 86400.0;
    const long long skippedBefore = result().prunedSearches;
    const long long searchedBefore = result().searches;
    const double deadline = std::ceil(fastestDays * 3);
    tab->deadlineField()->setValue(deadline);
    emit tab->deadlineField()->editingFinished();
    ASSERT_TRUE(doc->scenario().constraints.deadlineDays.has_value());
    EXPECT_DOUBLE_EQ(*doc->scenario().constraints.deadlineDays, deadline);
    EXPECT_GT(tab->deadlineSlider()->value(), 0);
    ASSERT_TRUE(waitForNewResult());
    // The unconstrained answer left its searches in the cache: the re-answer reuses them and runs
    // only some of those its dominance pruning had skipped.
    EXPECT_GT(result().cachedCandidates, 0);
    EXPECT_LE(result().searches, skippedBefore);
    EXPECT_LT(result().searches * 4, searchedBefore)
        << result().searches << " searches now, " << searchedBefore << " before";
    EXPECT_TRUE(tab->chart()->showsFeasibleRegion());
    for (const auto& p : result().front)
        EXPECT_LE(p.config.expectedSeconds, deadline * 86400.0);
    ASSERT_TRUE(result().cheapestMeetingDeadline.has_value());
    EXPECT_TRUE(tab->headlineText().contains(
        QStringLiteral("Cheapest meeting the deadline within the budget")));
    // The budget slider: one decade to the right is ten times the budget.
    tab->budgetSlider()->setValue(401); // 10^4 × 10^4 = 10^8 in the budget's currency
    ASSERT_TRUE(doc->scenario().constraints.budget.has_value());
    EXPECT_NEAR(*doc->scenario().constraints.budget, 1e8, 1.0);
    // Undo takes the budget back off, then the deadline.
    doc->undoStack()->undo();
    EXPECT_FALSE(doc->scenario().constraints.budget.has_value());
    doc->undoStack()->undo();
    EXPECT_FALSE(doc->scenario().constraints.deadlineDays.has_value());
    EXPECT_EQ(tab->deadlineSlider()->value(), 0);
    EXPECT_EQ(tab->deadlineField()->value(), 0.0);
}

TEST_F(SizingTabTest, NothingMeetingBothNamesTheBindingConstraint) {
    model::Scenario s = doc->scenario();
    s.constraints.deadlineDays = 0.5; // 12 hours for 200B tokens on at most 64 GPUs
    s.constraints.budget = 10.0;      // $10
    doc->edit(QStringLiteral("impossible targets"), QString(), s);
    ASSERT_TRUE(waitForNewResult());
    EXPECT_TRUE(result().front.empty());
    EXPECT_NE(result().binding.binding, sim::Binding::None);
    EXPECT_TRUE(tab->headlineText().contains(QStringLiteral("Nothing meets both constraints")))
        << tab->headlineText().toStdString();
}

TEST_F(SizingTabTest, UseThisClusterMakesTheRowTheScenariosClusterUndoably) {
    const model::ClusterSpec before = doc->scenario().cluster;
    // The first row whose GPU or size differs from the scenario's.
    int row = -1; // the front's rows come first in the table
    for (std::size_t r = 0; r < result().front.size() && row < 0; ++r) {
        const auto& cfg = result().front[r].config;
        if (cfg.gpu != before.gpu.name || cfg.nodes != before.nodes) row = static_cast<int>(r);
    }
    ASSERT_GE(row, 0);
    const sim::SizedConfig cfg = result().front[static_cast<std::size_t>(row)].config;
    tab->table()->selectRow(row);
    EXPECT_TRUE(tab->useClusterButton()->isEnabled());
    tab->useClusterButton()->click();
    const model::ClusterSpec& after = doc->scenario().cluster;
    EXPECT_EQ(after.gpu.name, cfg.gpu);
    EXPECT_EQ(after.nodes, cfg.nodes);
    EXPECT_EQ(after.gpuCount(), cfg.gpus);
    EXPECT_EQ(after.intraNode.name, cfg.intraNode);
    EXPECT_EQ(after.interNode.name, cfg.interNode);
    if (cfg.gpu != before.gpu.name) {
        EXPECT_EQ(after.gpuHourUsd, 0.0); // the new GPU's own price
    }
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().cluster, before);
}

class ConstraintsEditorTest : public ::testing::Test {
protected:
    void SetUp() override {
        test::app();
        doc = std::make_unique<ScenarioDocument>(test::catalog());
        doc->reset(test::loadExample("llama31-70b-h100x256.json"));
        editor = std::make_unique<ScenarioEditor>(doc.get());
    }
    template <typename W> W* field(const char* path) {
        auto* w = qobject_cast<W*>(editor->fieldWidget(QString::fromLatin1(path)));
        EXPECT_NE(w, nullptr) << path;
        return w;
    }
    std::unique_ptr<ScenarioDocument> doc;
    std::unique_ptr<ScenarioEditor> editor;
};

TEST_F(ConstraintsEditorTest, FieldsWriteTheScenariosConstraints) {
    auto* maxGpus = field<QSpinBox>("constraints.max_gpus");
    ASSERT_NE(maxGpus, nullptr);
    EXPECT_EQ(maxGpus->value(), 0); // "no limit"
    maxGpus->setValue(128);
    EXPECT_EQ(doc->scenario().constraints.maxGpus, 128);
    maxGpus->setValue(0);
    EXPECT_FALSE(doc->scenario().constraints.maxGpus.has_value());

    auto* headroom = field<QDoubleSpinBox>("constraints.memory_headroom");
    ASSERT_NE(headroom, nullptr);
    EXPECT_DOUBLE_EQ(headroom->value(), 5.0);
    headroom->setValue(10.0);
    EXPECT_DOUBLE_EQ(doc->scenario().constraints.memoryHeadroomFraction, 0.10);

    // Unticking DDP leaves the other three; ticking it again is "all four" (the empty list).
    auto* ddp = field<QCheckBox>("constraints.frameworks.ddp");
    ASSERT_NE(ddp, nullptr);
    EXPECT_TRUE(ddp->isChecked());
    ddp->setChecked(false);
    EXPECT_EQ(doc->scenario().constraints.frameworks,
              (std::vector<Framework>{Framework::Fsdp, Framework::DeepSpeed, Framework::Megatron}));
    ddp->setChecked(true);
    EXPECT_TRUE(doc->scenario().constraints.frameworks.empty());

    auto* deadline = field<QDoubleSpinBox>("constraints.deadline_days");
    ASSERT_NE(deadline, nullptr);
    deadline->setValue(45.0);
    EXPECT_EQ(doc->scenario().constraints.deadlineDays, 45.0);
    auto* budget = field<QDoubleSpinBox>("constraints.budget");
    ASSERT_NE(budget, nullptr);
    budget->setValue(2e6);
    EXPECT_EQ(doc->scenario().constraints.budget, 2e6);
    auto* currency = field<QComboBox>("constraints.budget_currency");
    ASSERT_NE(currency, nullptr);
    currency->setCurrentIndex(currency->findData(QStringLiteral("CNY")));
    emit currency->activated(currency->currentIndex()); // what a user's choice emits
    EXPECT_EQ(doc->scenario().constraints.budgetCurrency, model::Currency::Cny);
    // The file keeps them (a compatible extension of trainplan.scenario.v1).
    const auto j = model::toJson(doc->scenario());
    EXPECT_EQ(j.at("constraints").at("deadline_days").get<double>(), 45.0);
    EXPECT_EQ(j.at("constraints").at("budget_currency").get<std::string>(), "CNY");
}

// The library's price table reaches every planning surface, as the CLI applies it on load:
// the planning scenario (report, presentation, Roadmap), Compare's controller and the editor's
// "costs use" line. A price the scenario types itself still wins.
TEST_F(ConstraintsEditorTest, TheLibrarysPriceTableReachesEveryPlanningSurface) {
    model::Scenario s = doc->scenario();
    s.cluster.gpuHourUsd = 0; // the GPU's price, not a typed one
    doc->edit(QStringLiteral("price"), QString(), s);
    model::PriceTable table;
    model::PriceTableEntry row;
    row.gpu = "H100-SXM5-80GB";
    row.price.perGpuHour = 1.77;
    row.price.source = "our contract";
    row.price.date = "2026-11-30";
    row.price.origin = "price table";
    table.entries.push_back(row);
    const PriceSource prices = [table] { return table; };
    // Without the table: the catalog's price.
    EXPECT_NE(sim::resolvePrice(doc->planningScenario().scenario.cluster).usdPerGpuHour, 1.77);
    doc->setPriceSource(prices);
    const sim::ResolvedPrice planned = sim::resolvePrice(doc->planningScenario().scenario.cluster);
    EXPECT_DOUBLE_EQ(planned.usdPerGpuHour, 1.77);
    EXPECT_EQ(planned.origin, sim::PriceOrigin::PriceTable);
    PlannerController controller(test::catalog());
    controller.setPriceSource(prices);
    controller.setScenario(doc->scenario(), false);
    EXPECT_DOUBLE_EQ(sim::resolvePrice(controller.scenario().cluster).usdPerGpuHour, 1.77);
    emit doc->scenarioChanged(QString()); // what the window does when the table changes
    auto* label = editor->findChild<QLabel*>(QStringLiteral("priceUsed"));
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->text().contains(QStringLiteral("1.77"))) << label->text().toStdString();
    EXPECT_TRUE(label->text().contains(QStringLiteral("our contract")))
        << label->text().toStdString();
    // A typed price wins over the table.
    s.cluster.gpuHourUsd = 3.0;
    doc->edit(QStringLiteral("price"), QString(), s);
    EXPECT_DOUBLE_EQ(sim::resolvePrice(doc->planningScenario().scenario.cluster).usdPerGpuHour,
                     3.0);
}

TEST_F(ConstraintsEditorTest, ChangingTheGpuDropsThePriceTypedForTheOldOne) {
    model::Scenario s = doc->scenario();
    s.cluster.gpuHourUsd = 2.5;
    doc->edit(QStringLiteral("price"), QString(), s);
    auto* price = editor->findChild<QLabel*>(QStringLiteral("priceUsed"));
    ASSERT_NE(price, nullptr);
    EXPECT_TRUE(price->text().contains(QStringLiteral("$2.50"))) << price->text().toStdString();
    auto* gpu = field<QComboBox>("cluster.gpu");
    ASSERT_NE(gpu, nullptr);
    auto choose = [gpu](const char* name) {
        gpu->setCurrentIndex(gpu->findData(QString::fromLatin1(name)));
        emit gpu->activated(gpu->currentIndex());
    };
    choose("H200-SXM-141GB");
    EXPECT_EQ(doc->scenario().cluster.gpu.name, "H200-SXM-141GB");
    EXPECT_EQ(doc->scenario().cluster.gpuHourUsd, 0.0);
    EXPECT_TRUE(price->text().contains(QStringLiteral("4.50"))) << price->text().toStdString();
    // A GPU with no sourced price says so instead of costing at $0.
    choose("H20");
    EXPECT_TRUE(price->text().contains(QStringLiteral("No price for H20")))
        << price->text().toStdString();
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    EXPECT_EQ(doc->scenario().cluster.gpuHourUsd, 2.5);
}

} // namespace
} // namespace trainplan::ui
