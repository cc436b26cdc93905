#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;

namespace trainplan::ui {

class LibraryStore;

// Asks for the name and tags under which to save the edited scenario in the library, and says
// whether that adds a version to an existing scenario.
class LibrarySaveDialog : public QDialog {
    Q_OBJECT
public:
    LibrarySaveDialog(LibraryStore* library, const QString& name, QWidget* parent = nullptr);
    [[nodiscard]] QString name() const;
    [[nodiscard]] QStringList tags() const;

private:
    void updateNote();

    LibraryStore* m_library;
    QLineEdit* m_name;
    QLineEdit* m_tags;
    QLabel* m_note;
};

} // namespace trainplan::ui
