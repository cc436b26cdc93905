#pragma once

#include <QDockWidget>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace trainplan::ui {

// The scenario library: built-in examples (data/scenarios) and recent files, filtered by name or
// description as you type. Opening goes through the main window (unsaved-changes prompt).
class ScenarioLibraryDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ScenarioLibraryDock(QWidget* parent = nullptr);
    void reload();
    void setCurrentFile(const QString& path);
    [[nodiscard]] QTreeWidget* tree() const { return m_tree; }

signals:
    void openRequested(const QString& path);
    void newRequested();
    void openFileRequested();

private:
    void applyFilter();

    QLineEdit* m_filter;
    QTreeWidget* m_tree;
    QTreeWidgetItem* m_examples = nullptr;
    QTreeWidgetItem* m_recent = nullptr;
    QString m_current;
};

} // namespace trainplan::ui
