#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/ui/planner_results.h>

#include <QWidget>

#include <memory>

class QLabel;
class QTableView;

namespace trainplan::ui {

class CommunicationChart;
class CompareTableModel;
class MemoryChart;
class PlanDetailsView;
class ScenarioDocument;
class StepTimeChart;

// The Compare tab: best plan per framework (and pinned plans) as a table, four charts and the
// details of the selected row.
class CompareTab : public QWidget {
    Q_OBJECT
public:
    CompareTab(ScenarioDocument* doc, QWidget* parent = nullptr);

    void setOutcome(std::shared_ptr<const CompareOutcome> outcome);
    void setBusy(bool busy);
    void setUnavailable(); // blocking validation issues

    [[nodiscard]] CompareTableModel* tableModel() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] MemoryChart* memoryChart() const { return m_memory; }
    [[nodiscard]] StepTimeChart* stepTimeChart() const { return m_step; }
    [[nodiscard]] PlanDetailsView* details() const { return m_details; }
    [[nodiscard]] const CompareOutcome* outcome() const { return m_outcome.get(); }
    void selectRow(int row);

signals:
    void resultsShown();
    void pinRequested(const trainplan::model::Plan& plan);
    void unpinRequested(int pinnedIndex);

private:
    void showSelected();
    [[nodiscard]] int fastestRow() const; // the fastest plan that fits: selected first

    std::shared_ptr<const CompareOutcome> m_outcome;
    CompareTableModel* m_model;
    QTableView* m_table;
    QLabel* m_status;
    MemoryChart* m_memory;
    StepTimeChart* m_step;
    CommunicationChart* m_commGroup;
    CommunicationChart* m_commTier;
    PlanDetailsView* m_details;
};

} // namespace trainplan::ui
