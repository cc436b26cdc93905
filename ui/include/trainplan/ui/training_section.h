#pragma once

#include <QGroupBox>

class QComboBox;

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// How the model is trained: global batch, precision, optimizer, token budget, and the software
// stack that runs it (execution mode, flash attention and its kernel).
class TrainingSection : public QGroupBox {
    Q_OBJECT
public:
    TrainingSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    ScenarioDocument* m_doc;
    FieldBinder* m_binder;
    QComboBox* m_attentionKernel = nullptr;
    QComboBox* m_crossEntropy = nullptr;
};

} // namespace trainplan::ui
