#pragma once

#include <trainplan/model/readiness.h>
#include <trainplan/simulator/roadmap.h>
#include <trainplan/ui/format.h>

#include <QFrame>
#include <QString>

#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;

namespace trainplan::ui {

// Everything a stage card shows, from the advisor's stage (stageCardContent), in the interface
// language and display units: two equal contents draw the same card, so the Roadmap keeps the cards
// a readiness tick did not change instead of building them again.
struct StageCardContent {
    struct Prerequisite {
        QString text;
        QString tip;
        bool done = false;
        bool operator==(const Prerequisite&) const = default;
    };
    int index = 0;
    DisplayUnits units; // the threshold's currency
    QString color;      // the framework's
    QString title;      // rich text, as each field below
    QString excluded;   // empty unless the constraints exclude the framework
    QString automaticFramework;
    std::optional<model::Framework> chosenFramework;
    QString target;
    QString plan;
    model::TriggerKind triggerKind = model::TriggerKind::Manual;
    double triggerValue = 0;
    QString trigger;
    QString prerequisitesHead; // empty without prerequisites
    std::vector<Prerequisite> prerequisites;
    QString gain;
    QString notes;
    bool operator==(const StageCardContent&) const = default;
};
[[nodiscard]] StageCardContent stageCardContent(int index, const sim::RoadmapStage& stage);

// One stage of the migration roadmap as a card: title, framework (editable), target and plan with
// its estimate, trigger (kind and threshold editable) and whether it has fired, the prerequisites
// as a checklist and the expected gain. Edits are reported as signals; the card never edits the
// scenario itself.
class StageCard : public QFrame {
    Q_OBJECT
public:
    explicit StageCard(const StageCardContent& content, QWidget* parent = nullptr);

    [[nodiscard]] int index() const { return m_index; }
    [[nodiscard]] const StageCardContent& content() const { return m_content; }
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
    StageCardContent m_content;
    QComboBox* m_framework;
    QComboBox* m_triggerKind;
    QDoubleSpinBox* m_threshold;
    std::vector<QCheckBox*> m_prerequisites;
};

} // namespace trainplan::ui
