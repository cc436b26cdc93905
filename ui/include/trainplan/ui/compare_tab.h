#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/ui/planner_results.h>

#include <QPersistentModelIndex>
#include <QWidget>

#include <memory>

class QLabel;
class QTableView;
class QTabWidget;

namespace trainplan::ui {

class CommunicationChart;
class CompareTableModel;
class DerivationDialog;
class MemoryChart;
class MemoryPhaseChart;
class StageMemoryChart;
class PlanDetailsView;
class ScenarioDocument;
class StepTimeChart;

// The Compare tab: best plan per framework (and pinned plans) as a table, four charts and the
// details of the selected row.
class CompareTab : public QWidget {
    Q_OBJECT
public:
    CompareTab(ScenarioDocument* doc, QWidget* parent = nullptr);

    // Shown at once, or when the tab is next shown if it is a page behind another tab (outcome()
    // is the new one either way; the table, charts and verdicts follow on show).
    void setOutcome(std::shared_ptr<const CompareOutcome> outcome);
    void setBusy(bool busy);
    // Blocking validation issues: the last results stay on screen greyed and out of reach, so they
    // are never read as the answer to the scenario being edited, until new results replace them.
    void setUnavailable();
    // False while the results on screen are not the current scenario's (setUnavailable, or an
    // estimate that failed).
    [[nodiscard]] bool resultsCurrent() const;

    [[nodiscard]] CompareTableModel* tableModel() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QString verdictText() const; // plain text of the recommendation and why-nots
    [[nodiscard]] MemoryChart* memoryChart() const { return m_memory; }
    [[nodiscard]] StepTimeChart* stepTimeChart() const { return m_step; }
    [[nodiscard]] PlanDetailsView* details() const { return m_details; }
    [[nodiscard]] StageMemoryChart* stageMemoryChart() const { return m_stageMemory; }
    [[nodiscard]] MemoryPhaseChart* memoryPhaseChart() const { return m_phases; }
    [[nodiscard]] QTabWidget* chartTabs() const { return m_chartTabs; }
    [[nodiscard]] const CompareOutcome* outcome() const { return m_outcome.get(); }
    void selectRow(int row);
    // Opens the derivation of the number in `index` (a cell of the table) for that row's plan;
    // nullptr when the row has no estimate. Computed on demand, for this plan only.
    DerivationDialog* showDerivation(const QModelIndex& index, bool raise = true);
    [[nodiscard]] DerivationDialog* derivationDialog() const { return m_derivation; }

signals:
    void resultsShown();
    void pinRequested(const trainplan::model::Plan& plan);
    void unpinRequested(int pinnedIndex);

protected:
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void render(); // the table, charts, verdicts and status of m_outcome
    void showSelected();
    // The advisor's recommended row (else the fastest plan that fits): selected first.
    [[nodiscard]] int recommendedRow() const;
    void showVerdicts();
    void setResultsCurrent(bool current);

    std::shared_ptr<const CompareOutcome> m_outcome;
    QWidget* m_results = nullptr;   // the verdicts, table, charts and details below the status
    QWidget* m_staleWash = nullptr; // over m_results while they are not current
    bool m_renderPending = false; // m_outcome arrived while the tab was hidden
    CompareTableModel* m_model;
    QTableView* m_table;
    QLabel* m_status;
    QLabel* m_verdicts; // ★ the recommendation, and one line per other framework: why not
    MemoryChart* m_memory;
    StepTimeChart* m_step;
    CommunicationChart* m_commGroup;
    CommunicationChart* m_commTier;
    PlanDetailsView* m_details;
    DerivationDialog* m_derivation = nullptr;
    QPersistentModelIndex m_derivationCell; // the cell whose derivation is shown
    QTabWidget* m_chartTabs;
    StageMemoryChart* m_stageMemory;
    MemoryPhaseChart* m_phases;
    QLabel* m_peakSummary;
};

} // namespace trainplan::ui
