#pragma once

#include <QString>
#include <QUndoCommand>

namespace trainplan::ui {

class LibraryStore;

// One undoable change of the library, made through the store's soft delete, undelete and in-place
// rename, so the scenario keeps its id, every version, its tags and the links of its measured runs
// and comparisons across undo and redo:
//   Created  (new, duplicate): undo deletes `name`, redo undeletes it;
//   Deleted:                   undo undeletes `name`, redo deletes it again;
//   Renamed:                   undo renames `newName` back to `name`, redo renames it again.
// The change has already been made when the command is pushed; the first redo does nothing. A step
// the store refuses (say the deleted scenario was purged because its name was saved again) leaves
// the library as it is, reports through LibraryStore::failed() and drops the command.
class LibraryCommand : public QUndoCommand {
public:
    enum class Kind { Created, Deleted, Renamed };

    LibraryCommand(LibraryStore* library, Kind kind, const QString& text, QString name,
                   QString newName = {});

    void undo() override;
    void redo() override;

    [[nodiscard]] Kind kind() const { return m_kind; }

private:
    void step(bool forward);

    LibraryStore* m_library;
    Kind m_kind;
    QString m_name;
    QString m_newName;
    bool m_done = true;
};

} // namespace trainplan::ui
