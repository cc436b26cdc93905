#pragma once

#include <nlohmann/json.hpp>

#include <QString>
#include <QUndoCommand>

#include <optional>
#include <utility>
#include <vector>

namespace trainplan::ui {

class LibraryStore;

// One undoable change of the library (new, duplicate, rename, delete): the scenarios it touches
// before and after, each with every version, so undo re-inserts exactly what was there.
class LibraryCommand : public QUndoCommand {
public:
    using State = std::vector<std::pair<QString, std::optional<nlohmann::ordered_json>>>;

    // The change has already been made when the command is pushed; the first redo does nothing.
    LibraryCommand(LibraryStore* library, const QString& text, State before, State after);

    void undo() override;
    void redo() override;

private:
    LibraryStore* m_library;
    State m_before;
    State m_after;
    bool m_done = true;
};

} // namespace trainplan::ui
