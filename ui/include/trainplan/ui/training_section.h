#pragma once

#include <QGroupBox>

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// How the model is trained: global batch, precision, optimizer, token budget.
class TrainingSection : public QGroupBox {
    Q_OBJECT
public:
    TrainingSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    FieldBinder* m_binder;
};

} // namespace trainplan::ui
