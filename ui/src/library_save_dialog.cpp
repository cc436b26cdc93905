#include <trainplan/ui/library_save_dialog.h>

#include <trainplan/ui/library_store.h>
#include <trainplan/ui/window_text.h>

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {
using services::WindowText;
} // namespace

LibrarySaveDialog::LibrarySaveDialog(LibraryStore* library, const QString& name, QWidget* parent)
    : QDialog(parent)
    , m_library(library)
    , m_name(new QLineEdit(name))
    , m_tags(new QLineEdit)
    , m_note(new QLabel) {
    setObjectName(QStringLiteral("librarySaveDialog"));
    setWindowTitle(tr("Save to library"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_name->setObjectName(QStringLiteral("libraryName"));
    m_tags->setObjectName(QStringLiteral("libraryTags"));
    m_tags->setPlaceholderText(winText(WindowText::TagsPlaceholder));
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Tags:"), m_tags);
    layout->addLayout(form);
    m_note->setWordWrap(true);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this, buttons] {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!m_name->text().trimmed().isEmpty());
        updateNote();
    });
    // Prefill the tags of the scenario already saved under this name.
    if (const auto entry = m_library->snapshot(name.trimmed())) {
        QStringList tags;
        for (const auto& t : (*entry)["tags"])
            tags << QString::fromStdString(t.get<std::string>());
        m_tags->setText(tags.join(QStringLiteral(", ")));
    }
    updateNote();
    resize(440, sizeHint().height());
}

QString LibrarySaveDialog::name() const {
    return m_name->text().trimmed();
}
QStringList LibrarySaveDialog::tags() const {
    return splitTags(m_tags->text());
}

void LibrarySaveDialog::updateNote() {
    const QString n = name();
    m_note->setText(n.isEmpty() ? winText(WindowText::EnterName)
                    : m_library->contains(n)
                        ? winText(WindowText::SaveAddsVersion, {qArg(n)})
                        : winText(WindowText::SaveNewScenario, {qArg(m_library->path())}));
}

} // namespace trainplan::ui
