#pragma once

#include <QWidget>

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// Edits one fixed (pinned) plan of the scenario, scenario.plans[index], knob by knob; every edit
// is undoable and validated at the knob (e.g. "plans[0].tp: heads not divisible by tp").
class PlanKnobsEditor : public QWidget {
    Q_OBJECT
public:
    PlanKnobsEditor(ScenarioDocument* doc, QWidget* parent = nullptr);
    // -1 = no plan: the knobs are disabled.
    void setPlanIndex(int index);
    [[nodiscard]] int planIndex() const { return m_index; }
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    ScenarioDocument* m_doc;
    FieldBinder* m_binder;
    int m_index = -1;
};

} // namespace trainplan::ui
