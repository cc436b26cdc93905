#pragma once

#include <trainplan/model/scenario.h>

#include <QDockWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;
class QUndoStack;

namespace trainplan::ui {

class LibraryStore;

// The scenario library: scenarios saved in the user's library database (name, tags, updated
// time; new, duplicate, rename, delete with undo; version history with restore; import/export of
// the library file), the built-in examples (data/scenarios) and recent files, filtered by name,
// tag or description as you type. Opening goes through the main window (unsaved-changes prompt).
class ScenarioLibraryDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ScenarioLibraryDock(QWidget* parent = nullptr);
    // The library database (may be closed: its message is shown); `newScenario` makes the body of
    // a new library scenario.
    void setLibrary(LibraryStore* library, std::function<model::Scenario()> newScenario);
    void reload();
    void setCurrentFile(const QString& path);
    void setCurrentLibraryScenario(const QString& name);
    [[nodiscard]] QTreeWidget* tree() const { return m_tree; }
    [[nodiscard]] QLineEdit* filter() const { return m_filter; }
    [[nodiscard]] QLabel* libraryMessage() const { return m_message; }
    [[nodiscard]] QUndoStack* libraryUndoStack() const { return m_undo; }
    [[nodiscard]] QTreeWidgetItem* libraryItem(const QString& name) const;

    // Library operations (undoable through libraryUndoStack()); false with a message on failure.
    bool createScenario(const QString& name);
    bool duplicateScenario(const QString& name, const QString& newName);
    bool renameScenario(const QString& name, const QString& newName);
    bool deleteScenario(const QString& name);
    bool restoreVersion(const QString& name, int version);
    [[nodiscard]] QString lastError() const { return m_lastError; }

signals:
    void openRequested(const QString& path);
    void openLibraryRequested(const QString& name, int version); // version 0 = the newest
    void saveToLibraryRequested();
    void newRequested();
    void openFileRequested();

private:
    void applyFilter();
    void showContextMenu(const QPoint& pos);
    void showHistory(const QString& name);
    void promptNew();
    void promptDuplicate(const QString& name);
    void promptRename(const QString& name);
    void confirmDelete(const QString& name);
    void importLibrary();
    void exportLibrary();
    bool report(bool ok);
    [[nodiscard]] QString freeName(const QString& base) const;

    LibraryStore* m_library = nullptr;
    std::function<model::Scenario()> m_newScenario;
    QUndoStack* m_undo;
    QLineEdit* m_filter;
    QLabel* m_message;
    QTreeWidget* m_tree;
    QTreeWidgetItem* m_saved = nullptr;
    QTreeWidgetItem* m_examples = nullptr;
    QTreeWidgetItem* m_recent = nullptr;
    QString m_current;
    QString m_currentLibrary;
    QString m_lastError;
};

} // namespace trainplan::ui
