#include <trainplan/ui/library_command.h>

#include <trainplan/ui/library_store.h>

namespace trainplan::ui {

LibraryCommand::LibraryCommand(LibraryStore* library, Kind kind, const QString& text, QString name,
                               QString newName)
    : QUndoCommand(text)
    , m_library(library)
    , m_kind(kind)
    , m_name(std::move(name))
    , m_newName(std::move(newName)) {}

void LibraryCommand::undo() {
    step(false);
    m_done = false;
}

void LibraryCommand::redo() {
    if (m_done) return; // pushed after the change was made
    step(true);
    m_done = true;
}

void LibraryCommand::step(bool forward) {
    bool ok = false;
    switch (m_kind) {
    case Kind::Created:
        ok = forward ? m_library->undeleteScenario(m_name) : m_library->deleteScenario(m_name);
        break;
    case Kind::Deleted:
        ok = forward ? m_library->deleteScenario(m_name) : m_library->undeleteScenario(m_name);
        break;
    case Kind::Renamed:
        ok = forward ? m_library->renameScenario(m_name, m_newName)
                     : m_library->renameScenario(m_newName, m_name);
        break;
    }
    // QUndoStack removes a command made obsolete in its undo() or redo().
    if (!ok) setObsolete(true);
}

} // namespace trainplan::ui
