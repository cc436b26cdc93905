#include <trainplan/ui/edit_scenario_command.h>

#include <trainplan/ui/scenario_document.h>

namespace trainplan::ui {

EditScenarioCommand::EditScenarioCommand(ScenarioDocument* doc, const QString& text, QString field,
                                         model::Scenario before, model::Scenario after)
    : QUndoCommand(text)
    , m_doc(doc)
    , m_field(std::move(field))
    , m_before(std::move(before))
    , m_after(std::move(after)) {
    m_age.start();
}

void EditScenarioCommand::undo() {
    m_doc->applyFromHistory(m_before, m_field);
}
void EditScenarioCommand::redo() {
    m_doc->applyFromHistory(m_after, m_field);
}

bool EditScenarioCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = static_cast<const EditScenarioCommand*>(other);
    if (m_field.isEmpty() || o->m_field != m_field || m_age.elapsed() > 1000) return false;
    m_after = o->m_after;
    m_age.restart();
    if (m_after == m_before) setObsolete(true); // dragged back to where it started
    return true;
}

} // namespace trainplan::ui
