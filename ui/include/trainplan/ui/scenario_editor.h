#pragma once

#include <QScrollArea>

#include <vector>

class QLabel;

namespace trainplan::ui {

class ClusterSection;
class ConstraintsSection;
class FieldBinder;
class ModelSection;
class PlansSection;
class ReadinessSection;
class ScenarioDocument;
class TrainingSection;

// The scenario editor: name, model, training, cluster, constraints, team and platform readiness and fixed
// plans, with every validation issue shown at its field and the rest in a banner at the top.
class ScenarioEditor : public QScrollArea {
    Q_OBJECT
public:
    ScenarioEditor(ScenarioDocument* doc, QWidget* parent = nullptr);
    [[nodiscard]] PlansSection* plansSection() const { return m_plans; }
    [[nodiscard]] ReadinessSection* readinessSection() const { return m_readiness; }
    // The widget editing a field path (e.g. "cluster.nodes"), or nullptr.
    [[nodiscard]] QWidget* fieldWidget(const QString& path) const;
    void focusField(const QString& path);

private:
    void refresh();
    void showIssues();

    ScenarioDocument* m_doc;
    QLabel* m_banner;
    ModelSection* m_model;
    TrainingSection* m_training;
    ClusterSection* m_cluster;
    ConstraintsSection* m_constraints;
    ReadinessSection* m_readiness;
    PlansSection* m_plans;
    FieldBinder* m_general;
    std::vector<FieldBinder*> m_binders;
};

} // namespace trainplan::ui
