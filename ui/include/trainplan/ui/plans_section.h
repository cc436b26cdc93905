#pragma once

#include <QGroupBox>

class QListWidget;
class QPushButton;

namespace trainplan::ui {

class PlanKnobsEditor;
class ScenarioDocument;

// The scenario's optional fixed plans ("pinned"): a list, add/remove, and the knobs of the
// selected one. The search runs regardless; fixed plans are estimated beside its results.
class PlansSection : public QGroupBox {
    Q_OBJECT
public:
    PlansSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] PlanKnobsEditor* knobs() const { return m_knobs; }
    void refresh();
    void selectPlan(int index);

private:
    void addPlan();
    void removePlan();

    ScenarioDocument* m_doc;
    QListWidget* m_list;
    QPushButton* m_remove;
    PlanKnobsEditor* m_knobs;
};

} // namespace trainplan::ui
