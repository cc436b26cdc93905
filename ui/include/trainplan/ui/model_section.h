#pragma once

#include <QGroupBox>

class QComboBox;
class QLabel;
class QSpinBox;

namespace trainplan::ui {

class FieldBinder;
class ScenarioDocument;

// The model: a catalog entry or a custom architecture, with its parameter count shown live.
class ModelSection : public QGroupBox {
    Q_OBJECT
public:
    ModelSection(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] FieldBinder* binder() const { return m_binder; }
    void refresh();

private:
    ScenarioDocument* m_doc;
    FieldBinder* m_binder;
    QComboBox* m_catalog;
    QLabel* m_parameters;
    QLabel* m_attention; // the attention kind: MHA/GQA, latent, sliding window; MTP modules
    QSpinBox* m_fullEvery = nullptr; // enabled only with a sliding window
};

} // namespace trainplan::ui
