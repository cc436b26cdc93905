#pragma once

#include <trainplan/model/readiness.h>
#include <trainplan/simulator/roadmap.h>

#include <QFrame>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace trainplan::ui {

// One stage of the migration roadmap as a card: title, framework (editable), target and plan with
// its estimate, trigger (kind and threshold editable) and whether it has fired, the prerequisites
// as a checklist and the expected gain. Edits are reported as signals; the card never edits the
// scenario itself.
class StageCard : public QFrame {
    Q_OBJECT
public:
    StageCard(int index, const sim::RoadmapStage& stage, QWidget* parent = nullptr);

    [[nodiscard]] int index() const { return m_index; }
    [[nodiscard]] QComboBox* frameworkBox() const { return m_framework; }
    [[nodiscard]] QComboBox* triggerBox() const { return m_triggerKind; }
    [[nodiscard]] QDoubleSpinBox* thresholdBox() const { return m_threshold; }
    [[nodiscard]] const std::vector<QCheckBox*>& prerequisiteBoxes() const {
        return m_prerequisites;
    }

    // The threshold as the spin box shows it (MFU in percent, cost in the display currency) and
    // back.
    [[nodiscard]] static double toDisplay(model::TriggerKind kind, double value);
    [[nodiscard]] static double fromDisplay(model::TriggerKind kind, double shown);

signals:
    void frameworkChanged(int stage, std::optional<model::Framework> framework);
    void triggerChanged(int stage, model::TriggerKind kind, double value, bool kindChanged);
    void prerequisiteToggled(int stage, int prerequisite, bool done);

private:
    void configureThreshold(model::TriggerKind kind, double value);

    int m_index;
    QComboBox* m_framework;
    QComboBox* m_triggerKind;
    QDoubleSpinBox* m_threshold;
    std::vector<QCheckBox*> m_prerequisites;
};

} // namespace trainplan::ui
