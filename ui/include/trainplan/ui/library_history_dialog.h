#pragma once

#include <trainplan/store/records.h>

#include <QDialog>

#include <vector>

class QTreeWidget;

namespace trainplan::ui {

// Every saved version of one library scenario, newest first: open one, or restore it as the
// newest version (the history keeps them all).
class LibraryHistoryDialog : public QDialog {
    Q_OBJECT
public:
    LibraryHistoryDialog(const QString& name, const std::vector<store::ScenarioVersion>& versions,
                         QWidget* parent = nullptr);
    [[nodiscard]] QTreeWidget* versions() const { return m_versions; }
    [[nodiscard]] int selectedVersion() const;

signals:
    void openRequested(int version);
    void restoreRequested(int version);

private:
    QTreeWidget* m_versions;
};

} // namespace trainplan::ui
