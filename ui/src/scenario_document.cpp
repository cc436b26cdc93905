#include <trainplan/ui/scenario_document.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/services/planning.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/ui/edit_scenario_command.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/scenario_validation.h>

#include <QFileInfo>
#include <QUndoStack>

#include <stdexcept>

namespace trainplan::ui {

ScenarioDocument::ScenarioDocument(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
    , m_planner(std::make_shared<services::Planner>())
    , m_undo(new QUndoStack(this)) {
    connect(m_undo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    setScenario(defaultScenario(*m_catalog), {});
}

ScenarioDocument::~ScenarioDocument() = default;

bool ScenarioDocument::isModified() const {
    return !m_undo->isClean();
}

QString ScenarioDocument::displayName() const {
    if (!m_scenario.name.empty()) return QString::fromStdString(m_scenario.name);
    if (!m_filePath.isEmpty()) return QFileInfo(m_filePath).completeBaseName();
    return tr("Untitled");
}

void ScenarioDocument::reset(model::Scenario s, const QString& filePath) {
    const bool wasModified = isModified();
    m_undo->clear();
    m_filePath = filePath;
    setScenario(std::move(s), {});
    emit filePathChanged(m_filePath);
    emit scenarioReset();
    if (wasModified) emit modifiedChanged(false);
}

void ScenarioDocument::edit(const QString& description, const QString& field,
                            model::Scenario after) {
    if (after == m_scenario) return;
    m_undo->push(new EditScenarioCommand(this, description, field, m_scenario, std::move(after)));
}

bool ScenarioDocument::saveAs(const QString& filePath, QString* error) {
    try {
        model::saveScenarioFile(m_scenario, filePath.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = errorQText(e);
        return false;
    }
    if (filePath != m_filePath) {
        m_filePath = filePath;
        emit filePathChanged(m_filePath);
    }
    m_undo->setClean();
    return true;
}

void ScenarioDocument::applyFromHistory(const model::Scenario& s, const QString& field) {
    setScenario(s, field);
}

void ScenarioDocument::setScenario(model::Scenario s, const QString& field) {
    m_scenario = std::move(s);
    model::ValidationIssues issues = collectIssues(m_scenario, *m_catalog);
    m_canEstimate = !blocksEstimation(issues);
    const bool issuesDiffer = issues != m_issues;
    m_issues = std::move(issues);
    emit scenarioChanged(field);
    if (issuesDiffer) emit issuesChanged();
}

model::Scenario ScenarioDocument::defaultScenario(const model::Catalog& catalog) {
    model::Scenario s;
    s.name = tr("New scenario").toStdString();
    if (const auto* m = catalog.findModel("llama3.1-8b")) {
        s.model = *m;
        s.modelRef = m->name;
    } else if (!catalog.models.empty()) {
        s.model = catalog.models.front();
        s.modelRef = s.model.name;
    }
    s.training.globalBatch = 256;
    s.training.trainTokens = 1e12;
    auto pick = [](const auto* found, const auto& all, auto& value, std::string& ref) {
        const auto* chosen = found ? found : (all.empty() ? nullptr : &all.front());
        if (!chosen) return;
        value = *chosen;
        ref = chosen->name;
    };
    pick(catalog.findGpu("H100-SXM5-80GB"), catalog.gpus, s.cluster.gpu, s.cluster.gpuRef);
    pick(catalog.findLink("NVLink4-NVSwitch"), catalog.links, s.cluster.intraNode,
         s.cluster.intraNodeRef);
    pick(catalog.findLink("InfiniBand-NDR-400"), catalog.links, s.cluster.interNode,
         s.cluster.interNodeRef);
    s.cluster.nodes = 2;
    s.cluster.gpusPerNode = 8;
    s.cluster.nicsPerNode = 8;
    s.cluster.gpuHourUsd = 2.5;
    return s;
}

std::shared_ptr<const services::StoredRunRecords> ScenarioDocument::measuredRunRecords() const {
    if (!m_measured) return nullptr;
    return std::make_shared<const services::StoredRunRecords>(m_measured());
}

} // namespace trainplan::ui
