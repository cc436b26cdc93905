#include <trainplan/ui/scenario_library_dock.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/app_settings.h>
#include <trainplan/ui/library_command.h>
#include <trainplan/ui/library_history_dialog.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/window_text.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {

using services::WindowText;

constexpr int kPathRole = Qt::UserRole + 1;
constexpr int kLibraryNameRole = Qt::UserRole + 2;
enum Column { NameColumn, TagsColumn, UpdatedColumn };

// Name and description (in the window's language) from a scenario file, without validating it.
std::pair<QString, QString> peek(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > 4 * 1024 * 1024)
        return {QFileInfo(path).completeBaseName(), {}};
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    const QString name = o.value(QStringLiteral("name")).toString();
    const QString zh = o.value(QStringLiteral("description_zh")).toString();
    return {name.isEmpty() ? QFileInfo(path).completeBaseName() : name,
            advisorLanguage() == sim::Lang::ZhCN && !zh.isEmpty()
                ? zh
                : o.value(QStringLiteral("description")).toString()};
}

QTreeWidgetItem* addFile(QTreeWidgetItem* parent, const QString& path) {
    const auto [name, description] = peek(path);
    auto* item = new QTreeWidgetItem(parent, {name});
    item->setData(NameColumn, kPathRole, path);
    item->setToolTip(NameColumn,
                     description.isEmpty() ? path : description + QStringLiteral("\n\n") + path);
    return item;
}

QString localTime(const std::string& iso) {
    const QDateTime t = QDateTime::fromString(QString::fromStdString(iso), Qt::ISODateWithMs);
    return t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat)
                       : QString::fromStdString(iso);
}

} // namespace

ScenarioLibraryDock::ScenarioLibraryDock(QWidget* parent)
    : QDockWidget(tr("Scenario library"), parent)
    , m_undo(new QUndoStack(this))
    , m_filter(new QLineEdit)
    , m_message(new QLabel)
    , m_tree(new QTreeWidget) {
    setObjectName(QStringLiteral("libraryDock"));
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter->setPlaceholderText(winText(WindowText::LibraryFilterPlaceholder));
    m_filter->setClearButtonEnabled(true);
    m_filter->setObjectName(QStringLiteral("libraryFilter"));
    layout->addWidget(m_filter);
    m_message->setObjectName(QStringLiteral("libraryMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    m_message->hide();
    layout->addWidget(m_message);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Name"), tr("Tags"), tr("Updated")});
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(TagsColumn, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(UpdatedColumn, QHeaderView::ResizeToContents);
    m_tree->setRootIsDecorated(true);
    m_tree->setObjectName(QStringLiteral("libraryTree"));
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    layout->addWidget(m_tree, 1);

    auto* buttons = new QHBoxLayout;
    auto* newButton = new QPushButton(tr("New"));
    newButton->setToolTip(winText(WindowText::NewScenarioTip));
    auto* openButton = new QPushButton(tr("Open…"));
    openButton->setToolTip(winText(WindowText::OpenFileTip));
    auto* saveButton = new QPushButton(tr("Save to library…"));
    saveButton->setObjectName(QStringLiteral("saveToLibraryButton"));
    saveButton->setToolTip(winText(WindowText::SaveToLibraryTip));
    auto* undo = new QToolButton;
    undo->setDefaultAction(m_undo->createUndoAction(this, tr("Undo")));
    // Icon only, the action's text ("Undo Delete “…”") as the tooltip; a fallback icon where the
    // platform theme has none, so the long text does not push Redo out of the dock.
    undo->defaultAction()->setIcon(
        QIcon::fromTheme(QStringLiteral("edit-undo"), style()->standardIcon(QStyle::SP_ArrowBack)));
    undo->setToolButtonStyle(Qt::ToolButtonIconOnly);
    auto* redo = new QToolButton;
    redo->setDefaultAction(m_undo->createRedoAction(this, tr("Redo")));
    redo->defaultAction()->setIcon(QIcon::fromTheme(
        QStringLiteral("edit-redo"), style()->standardIcon(QStyle::SP_ArrowForward)));
    redo->setToolButtonStyle(Qt::ToolButtonIconOnly);
    auto* more = new QToolButton;
    more->setText(tr("Library"));
    more->setPopupMode(QToolButton::InstantPopup);
    auto* moreMenu = new QMenu(more);
    moreMenu->addAction(tr("New library scenario…"), this, &ScenarioLibraryDock::promptNew);
    moreMenu->addSeparator();
    moreMenu->addAction(tr("Import library file…"), this, &ScenarioLibraryDock::importLibrary);
    moreMenu->addAction(tr("Export library file…"), this, &ScenarioLibraryDock::exportLibrary);
    more->setMenu(moreMenu);
    buttons->addWidget(newButton);
    buttons->addWidget(openButton);
    buttons->addWidget(saveButton);
    buttons->addStretch();
    buttons->addWidget(undo);
    buttons->addWidget(redo);
    buttons->addWidget(more);
    layout->addLayout(buttons);
    setWidget(content);

    connect(m_filter, &QLineEdit::textChanged, this, &ScenarioLibraryDock::applyFilter);
    connect(newButton, &QPushButton::clicked, this, &ScenarioLibraryDock::newRequested);
    connect(openButton, &QPushButton::clicked, this, &ScenarioLibraryDock::openFileRequested);
    connect(saveButton, &QPushButton::clicked, this, &ScenarioLibraryDock::saveToLibraryRequested);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(NameColumn, kPathRole).toString();
        const QString name = item->data(NameColumn, kLibraryNameRole).toString();
        if (!path.isEmpty())
            emit openRequested(path);
        else if (!name.isEmpty())
            emit openLibraryRequested(name, 0);
    });
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this,
            &ScenarioLibraryDock::showContextMenu);
    reload();
}

void ScenarioLibraryDock::setLibrary(LibraryStore* library,
                                     std::function<model::Scenario()> newScenario) {
    if (m_library) disconnect(m_library, nullptr, this, nullptr);
    m_library = library;
    m_newScenario = std::move(newScenario);
    m_undo->clear();
    if (m_library) {
        connect(m_library, &LibraryStore::changed, this, &ScenarioLibraryDock::reload);
        connect(m_library, &LibraryStore::renamed, this,
                [this](const QString& oldName, const QString& newName) {
                    if (m_currentLibrary.compare(oldName, Qt::CaseInsensitive) == 0)
                        setCurrentLibraryScenario(newName);
                });
        // Undo and redo cannot return an error: show the store's refusal in the dock.
        // (Reloaded first: the refusal usually means another window or process changed the
        // library.)
        connect(m_library, &LibraryStore::failed, this, [this](const QString& message) {
            reload();
            m_message->setText(message);
            m_message->show();
        });
    }
    reload();
}

void ScenarioLibraryDock::reload() {
    // Keep the expansion state of the groups across reloads.
    const bool examplesOpen = !m_examples || m_examples->isExpanded();
    const bool recentOpen = !m_recent || m_recent->isExpanded();
    m_tree->clear();
    m_saved = new QTreeWidgetItem(m_tree, {tr("Library")});
    if (!m_library) {
        m_saved->setToolTip(NameColumn, winText(WindowText::LibraryGroupTip));
        m_message->hide();
    } else if (!m_library->isOpen()) {
        m_saved->setToolTip(NameColumn, m_library->path());
        const QString why = m_library->openError().isEmpty()
                                ? winText(WindowText::NoLibraryDatabase)
                                : m_library->openError();
        m_message->setText(winText(WindowText::LibraryUnavailableHint, {qArg(why)}));
        m_message->show();
    } else {
        m_saved->setToolTip(NameColumn,
                            winText(WindowText::LibraryGroupPathTip,
                                    {qArg(QDir::toNativeSeparators(m_library->path()))}));
        m_message->setText(m_library->backupNote());
        m_message->setVisible(!m_library->backupNote().isEmpty());
        for (const auto& s : m_library->scenarios()) {
            const QString name = QString::fromStdString(s.name);
            QStringList tags;
            for (const auto& t : s.tags)
                tags << QString::fromStdString(t);
            auto* item = new QTreeWidgetItem(
                m_saved, {name, tags.join(QStringLiteral(", ")), localTime(s.updatedAt)});
            item->setData(NameColumn, kLibraryNameRole, name);
            item->setToolTip(
                NameColumn,
                winText(WindowText::LibraryItemTip,
                        {qArg(name), sim::countArg(s.currentVersion), sim::countArg(s.versionCount),
                         qArg(localTime(s.createdAt)), qArg(localTime(s.updatedAt))}));
            item->setToolTip(TagsColumn, tags.join(QStringLiteral(", ")));
            item->setForeground(UpdatedColumn, palette().brush(QPalette::PlaceholderText));
        }
    }
    m_examples = new QTreeWidgetItem(m_tree, {tr("Examples")});
    m_examples->setToolTip(NameColumn, winText(WindowText::ExamplesTip));
    try {
        const QDir dir(QString::fromStdString((model::dataDirectory() / "scenarios").string()));
        for (const QString& file :
             dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            addFile(m_examples, dir.filePath(file));
    } catch (const std::exception&) {
        // No data directory: the examples stay empty.
    }
    m_recent = new QTreeWidgetItem(m_tree, {tr("Recent files")});
    for (const QString& path : AppSettings::recentFiles())
        if (QFileInfo::exists(path)) addFile(m_recent, path);
    for (auto* top : {m_saved, m_examples, m_recent}) {
        QFont f = top->font(NameColumn);
        f.setBold(true);
        top->setFont(NameColumn, f);
        top->setFlags(Qt::ItemIsEnabled);
        top->setFirstColumnSpanned(true);
    }
    m_saved->setExpanded(true);
    m_examples->setExpanded(examplesOpen);
    m_recent->setExpanded(recentOpen);
    setCurrentFile(m_current);
    setCurrentLibraryScenario(m_currentLibrary);
    applyFilter();
}

QTreeWidgetItem* ScenarioLibraryDock::libraryItem(const QString& name) const {
    for (int i = 0; m_saved && i < m_saved->childCount(); ++i)
        if (m_saved->child(i)
                ->data(NameColumn, kLibraryNameRole)
                .toString()
                .compare(name, Qt::CaseInsensitive) == 0)
            return m_saved->child(i);
    return nullptr;
}

void ScenarioLibraryDock::setCurrentFile(const QString& path) {
    m_current = path;
    if (!path.isEmpty()) m_currentLibrary.clear();
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (auto* top : {m_examples, m_recent})
        for (int i = 0; top && i < top->childCount(); ++i) {
            QTreeWidgetItem* item = top->child(i);
            QFont f = item->font(NameColumn);
            f.setItalic(
                !canonical.isEmpty() &&
                QFileInfo(item->data(NameColumn, kPathRole).toString()).canonicalFilePath() ==
                    canonical);
            item->setFont(NameColumn, f);
        }
}

void ScenarioLibraryDock::setCurrentLibraryScenario(const QString& name) {
    m_currentLibrary = name;
    for (int i = 0; m_saved && i < m_saved->childCount(); ++i) {
        QTreeWidgetItem* item = m_saved->child(i);
        QFont f = item->font(NameColumn);
        f.setItalic(!name.isEmpty() && item->data(NameColumn, kLibraryNameRole).toString() == name);
        item->setFont(NameColumn, f);
    }
}

void ScenarioLibraryDock::applyFilter() {
    const QString text = m_filter->text().trimmed();
    for (auto* top : {m_saved, m_examples, m_recent})
        for (int i = 0; top && i < top->childCount(); ++i) {
            QTreeWidgetItem* item = top->child(i);
            const bool match = text.isEmpty() ||
                               item->text(NameColumn).contains(text, Qt::CaseInsensitive) ||
                               item->text(TagsColumn).contains(text, Qt::CaseInsensitive) ||
                               item->toolTip(NameColumn).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
        }
}

void ScenarioLibraryDock::showContextMenu(const QPoint& pos) {
    QTreeWidgetItem* item = m_tree->itemAt(pos);
    if (!item) return;
    QMenu menu;
    if (item->parent() == m_recent) {
        const QString path = item->data(NameColumn, kPathRole).toString();
        menu.addAction(tr("Open"), this, [this, path] { emit openRequested(path); });
        menu.addAction(tr("Remove from recent files"), this, [this, path] {
            AppSettings::removeRecentFile(path);
            reload();
        });
    } else if (item->parent() == m_saved) {
        const QString name = item->data(NameColumn, kLibraryNameRole).toString();
        menu.addAction(tr("Open"), this, [this, name] { emit openLibraryRequested(name, 0); });
        menu.addAction(tr("History…"), this, [this, name] { showHistory(name); });
        menu.addSeparator();
        menu.addAction(tr("Duplicate…"), this, [this, name] { promptDuplicate(name); });
        menu.addAction(tr("Rename…"), this, [this, name] { promptRename(name); });
        menu.addAction(tr("Delete"), this, [this, name] { confirmDelete(name); });
    } else if (item == m_saved && m_library && m_library->isOpen()) {
        menu.addAction(tr("New library scenario…"), this, &ScenarioLibraryDock::promptNew);
        menu.addAction(tr("Import library file…"), this, &ScenarioLibraryDock::importLibrary);
        menu.addAction(tr("Export library file…"), this, &ScenarioLibraryDock::exportLibrary);
    } else {
        return;
    }
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

bool ScenarioLibraryDock::report(bool ok) {
    if (!ok && !m_lastError.isEmpty() && isVisible())
        QMessageBox::warning(this, tr("Scenario library"), m_lastError);
    return ok;
}

QString ScenarioLibraryDock::freeName(const QString& base) const {
    if (!m_library || !m_library->contains(base)) return base;
    for (int i = 2;; ++i) {
        const QString candidate =
            winText(WindowText::NameWithDetail, {qArg(base), sim::countArg(i)});
        if (!m_library->contains(candidate)) return candidate;
    }
}

bool ScenarioLibraryDock::createScenario(const QString& name) {
    m_lastError.clear();
    const QString trimmed = name.trimmed();
    if (!m_library || !m_library->isOpen() || !m_newScenario) {
        m_lastError = winText(WindowText::LibraryUnavailable);
        return false;
    }
    if (trimmed.isEmpty() || m_library->contains(trimmed)) {
        m_lastError = trimmed.isEmpty() ? winText(WindowText::NameEmpty)
                                        : winText(WindowText::AlreadyInLibrary, {qArg(trimmed)});
        return false;
    }
    model::Scenario s = m_newScenario();
    s.name = trimmed.toStdString();
    if (!m_library->save(s, trimmed, {})) {
        m_lastError = m_library->lastError();
        return false;
    }
    m_undo->push(new LibraryCommand(m_library, LibraryCommand::Kind::Created,
                                    winText(WindowText::UndoNew, {qArg(trimmed)}), trimmed));
    return true;
}

bool ScenarioLibraryDock::duplicateScenario(const QString& name, const QString& newName) {
    m_lastError.clear();
    const QString target = newName.trimmed();
    if (!m_library || !m_library->isOpen()) return false;
    if (target.isEmpty() || m_library->contains(target)) {
        m_lastError = target.isEmpty() ? winText(WindowText::NameEmpty)
                                       : winText(WindowText::AlreadyInLibrary, {qArg(target)});
        return false;
    }
    const model::ScenarioLoad load = m_library->load(name);
    const auto source = m_library->snapshot(name);
    if (!load.scenario || !source) {
        m_lastError = m_library->lastError();
        return false;
    }
    QStringList tags;
    for (const auto& t : (*source)["tags"])
        tags << QString::fromStdString(t.get<std::string>());
    model::Scenario copy = *load.scenario;
    copy.name = target.toStdString();
    if (!m_library->save(copy, target, tags)) {
        m_lastError = m_library->lastError();
        return false;
    }
    m_undo->push(new LibraryCommand(m_library, LibraryCommand::Kind::Created,
                                    winText(WindowText::UndoDuplicate, {qArg(name)}), target));
    return true;
}

bool ScenarioLibraryDock::renameScenario(const QString& name, const QString& newName) {
    m_lastError.clear();
    const QString target = newName.trimmed();
    if (!m_library || !m_library->isOpen()) return false;
    if (target.isEmpty()) {
        m_lastError = winText(WindowText::NameEmpty);
        return false;
    }
    if (target == name) return true;
    if (target.compare(name, Qt::CaseInsensitive) != 0 && m_library->contains(target)) {
        m_lastError = winText(WindowText::AlreadyInLibrary, {qArg(target)});
        return false;
    }
    // In place: the same id, versions, tags, times and measured-run links under the new name.
    if (!m_library->renameScenario(name, target)) {
        m_lastError = m_library->lastError();
        return false;
    }
    m_undo->push(new LibraryCommand(m_library, LibraryCommand::Kind::Renamed,
                                    winText(WindowText::UndoRename, {qArg(name), qArg(target)}),
                                    name, target));
    return true;
}

bool ScenarioLibraryDock::deleteScenario(const QString& name) {
    m_lastError.clear();
    if (!m_library || !m_library->isOpen()) return false;
    // A soft delete: undo brings the scenario back with its id, history and run links.
    if (!m_library->deleteScenario(name)) {
        m_lastError = m_library->lastError();
        return false;
    }
    m_undo->push(new LibraryCommand(m_library, LibraryCommand::Kind::Deleted,
                                    winText(WindowText::UndoDelete, {qArg(name)}), name));
    return true;
}

bool ScenarioLibraryDock::restoreVersion(const QString& name, int version) {
    m_lastError.clear();
    if (!m_library || !m_library->restore(name, version)) {
        m_lastError = m_library ? m_library->lastError() : winText(WindowText::LibraryUnavailable);
        return false;
    }
    return true;
}

void ScenarioLibraryDock::promptNew() {
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("New library scenario"), tr("Name:"), QLineEdit::Normal,
                              freeName(tr("New scenario")), &ok);
    if (ok && report(createScenario(name))) emit openLibraryRequested(name.trimmed(), 0);
}

void ScenarioLibraryDock::promptDuplicate(const QString& name) {
    bool ok = false;
    const QString target = QInputDialog::getText(
        this, tr("Duplicate scenario"), tr("Name of the copy:"), QLineEdit::Normal,
        freeName(winText(WindowText::CopyName, {qArg(name)})), &ok);
    if (ok) report(duplicateScenario(name, target));
}

void ScenarioLibraryDock::promptRename(const QString& name) {
    bool ok = false;
    const QString target = QInputDialog::getText(this, tr("Rename scenario"), tr("New name:"),
                                                 QLineEdit::Normal, name, &ok);
    if (ok) report(renameScenario(name, target));
}

void ScenarioLibraryDock::confirmDelete(const QString& name) {
    const auto answer = QMessageBox::question(this, tr("Delete scenario"),
                                              winText(WindowText::ConfirmDelete, {qArg(name)}));
    if (answer == QMessageBox::Yes) report(deleteScenario(name));
}

void ScenarioLibraryDock::showHistory(const QString& name) {
    if (!m_library) return;
    LibraryHistoryDialog dialog(name, m_library->history(name), this);
    connect(&dialog, &LibraryHistoryDialog::openRequested, this,
            [this, name](int v) { emit openLibraryRequested(name, v); });
    connect(&dialog, &LibraryHistoryDialog::restoreRequested, this,
            [this, name](int v) { report(restoreVersion(name, v)); });
    dialog.exec();
}

void ScenarioLibraryDock::importLibrary() {
    if (!m_library || !m_library->isOpen()) return;
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Import library file"), QDir::homePath(), tr("Library files (*.json)"));
    if (file.isEmpty()) return;
    const auto summary = m_library->importLibrary(file);
    if (!summary) {
        QMessageBox::warning(this, tr("Import library file"), m_library->lastError());
        return;
    }
    QMessageBox::information(
        this, tr("Import library file"),
        winText(WindowText::LibraryImported,
                {sim::countArg(static_cast<double>(summary->scenarios.added)),
                 sim::countArg(static_cast<double>(summary->versions.added)),
                 sim::countArg(static_cast<double>(summary->versions.skipped))}));
}

void ScenarioLibraryDock::exportLibrary() {
    if (!m_library || !m_library->isOpen()) return;
    QString file = QFileDialog::getSaveFileName(
        this, tr("Export library file"),
        QDir::home().filePath(QStringLiteral("trainplan-library.json")),
        tr("Library files (*.json)"));
    if (file.isEmpty()) return;
    if (!file.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        file += QStringLiteral(".json");
    if (!m_library->exportLibrary(file))
        QMessageBox::warning(this, tr("Export library file"), m_library->lastError());
}

} // namespace trainplan::ui
