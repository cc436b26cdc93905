#include <trainplan/ui/library_command.h>

#include <trainplan/ui/library_store.h>

namespace trainplan::ui {

LibraryCommand::LibraryCommand(LibraryStore* library, const QString& text, State before,
                               State after)
    : QUndoCommand(text)
    , m_library(library)
    , m_before(std::move(before))
    , m_after(std::move(after)) {}

void LibraryCommand::undo() {
    m_library->apply(m_before);
    m_done = false;
}

void LibraryCommand::redo() {
    if (m_done) return; // pushed after the change was made
    m_library->apply(m_after);
    m_done = true;
}

} // namespace trainplan::ui
