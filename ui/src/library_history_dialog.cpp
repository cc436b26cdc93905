#include <trainplan/ui/library_history_dialog.h>

#include <trainplan/ui/window_text.h>

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {
using services::WindowText;
constexpr int kVersionRole = Qt::UserRole + 1;
}

LibraryHistoryDialog::LibraryHistoryDialog(const QString& name,
                                           const std::vector<store::ScenarioVersion>& versions,
                                           QWidget* parent)
    : QDialog(parent)
    , m_versions(new QTreeWidget) {
    setObjectName(QStringLiteral("libraryHistoryDialog"));
    setWindowTitle(winText(WindowText::HistoryTitle, {qArg(name)}));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(winText(WindowText::HistoryIntro));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_versions->setColumnCount(3);
    m_versions->setHeaderLabels({tr("Version"), tr("Saved"), tr("Size")});
    m_versions->setRootIsDecorated(false);
    m_versions->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (auto it = versions.rbegin(); it != versions.rend(); ++it) {
        const QDateTime saved =
            QDateTime::fromString(QString::fromStdString(it->savedAt), Qt::ISODateWithMs)
                .toLocalTime();
        auto* item = new QTreeWidgetItem(
            m_versions, {it == versions.rbegin()
                             ? winText(WindowText::CurrentVersion, {sim::countArg(it->version)})
                             : QString::number(it->version),
                         QLocale().toString(saved, QLocale::ShortFormat),
                         QLocale().formattedDataSize(static_cast<qint64>(it->body.size()))});
        item->setData(0, kVersionRole, it->version);
    }
    if (m_versions->topLevelItemCount() > 0)
        m_versions->setCurrentItem(m_versions->topLevelItem(0));
    layout->addWidget(m_versions, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto* open = buttons->addButton(tr("Open this version"), QDialogButtonBox::ActionRole);
    auto* restore = buttons->addButton(tr("Restore as newest"), QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(open, &QPushButton::clicked, this, [this] {
        if (selectedVersion() > 0) {
            emit openRequested(selectedVersion());
            accept();
        }
    });
    connect(restore, &QPushButton::clicked, this, [this] {
        if (selectedVersion() > 0) {
            emit restoreRequested(selectedVersion());
            accept();
        }
    });
    resize(460, 360);
}

int LibraryHistoryDialog::selectedVersion() const {
    const QTreeWidgetItem* item = m_versions->currentItem();
    return item ? item->data(0, kVersionRole).toInt() : 0;
}

} // namespace trainplan::ui
