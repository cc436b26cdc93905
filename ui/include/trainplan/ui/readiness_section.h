#pragma once

#include <QGroupBox>

class QLabel;

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// The readiness questionnaire of the scenario editor: the `team` and `platform` answers the advisor
// weighs (docs/advisor.md §1), each bound to the document with undo and explained in its tooltip,
// and, live, what each framework still needs on this cluster (sim::readinessFit, no search).
class ReadinessSection : public QGroupBox {
    Q_OBJECT
public:
    ReadinessSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();
    // The per-framework summary as shown (plain text; for tests).
    [[nodiscard]] QString needsText() const;

private:
    void updateNeeds();

    ScenarioDocument* m_doc;
    FieldBinder* m_binder;
    QLabel* m_needs;
};

} // namespace trainplan::ui
