#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/ui/compare_rows.h>

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableView;
class QTreeWidget;
class QGroupBox;

namespace trainplan::ui {

class PlanKnobsEditor;
class PlanListModel;
class ScenarioDocument;

// The details of the selected row: every figure of its plan with units and explanations, the
// runner-up plans of its framework, a button to pin a plan, and for pinned plans their knobs.
class PlanDetailsView : public QWidget {
    Q_OBJECT
public:
    PlanDetailsView(ScenarioDocument* doc, QWidget* parent = nullptr);
    void setRow(const CompareRow* row);
    [[nodiscard]] PlanListModel* runnersUpModel() const { return m_runnersUp; }
    [[nodiscard]] QTreeWidget* figures() const { return m_tree; }

signals:
    void pinRequested(const trainplan::model::Plan& plan);
    void unpinRequested(int pinnedIndex);

private:
    void showEstimate(const sim::PlanEstimate* e);

    ScenarioDocument* m_doc;
    QLabel* m_title;
    QLabel* m_notes;
    QTreeWidget* m_tree;
    QTableView* m_runnersTable;
    PlanListModel* m_runnersUp;
    QPushButton* m_pin;
    QPushButton* m_unpin;
    QGroupBox* m_knobsGroup;
    PlanKnobsEditor* m_knobs;
    std::optional<model::Plan> m_shownPlan;
    int m_pinnedIndex = -1;
};

} // namespace trainplan::ui
