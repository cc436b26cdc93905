#include <trainplan/ui/scenario_library_dock.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/ui/app_settings.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {

constexpr int kPathRole = Qt::UserRole + 1;

// Name and description from a scenario file, without validating it.
std::pair<QString, QString> peek(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() > 4 * 1024 * 1024) return {QFileInfo(path).completeBaseName(), {}};
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    const QString name = o.value(QStringLiteral("name")).toString();
    return {name.isEmpty() ? QFileInfo(path).completeBaseName() : name, o.value(QStringLiteral("description")).toString()};
}

QTreeWidgetItem* addFile(QTreeWidgetItem* parent, const QString& path) {
    const auto [name, description] = peek(path);
    auto* item = new QTreeWidgetItem(parent, {name});
    item->setData(0, kPathRole, path);
    item->setToolTip(0, description.isEmpty() ? path : description + QStringLiteral("\n\n") + path);
    return item;
}

} // namespace

ScenarioLibraryDock::ScenarioLibraryDock(QWidget* parent)
    : QDockWidget(tr("Scenario library"), parent), m_filter(new QLineEdit), m_tree(new QTreeWidget) {
    setObjectName(QStringLiteral("libraryDock"));
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    m_filter->setPlaceholderText(tr("Filter by name or description"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(true);
    m_tree->setObjectName(QStringLiteral("libraryTree"));
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    layout->addWidget(m_tree, 1);
    auto* buttons = new QHBoxLayout;
    auto* newButton = new QPushButton(tr("New"));
    newButton->setToolTip(tr("Start a new scenario (Ctrl+N)."));
    auto* openButton = new QPushButton(tr("Open…"));
    openButton->setToolTip(tr("Open or import a scenario JSON file (Ctrl+O)."));
    buttons->addWidget(newButton);
    buttons->addWidget(openButton);
    buttons->addStretch();
    layout->addLayout(buttons);
    setWidget(content);

    connect(m_filter, &QLineEdit::textChanged, this, &ScenarioLibraryDock::applyFilter);
    connect(newButton, &QPushButton::clicked, this, &ScenarioLibraryDock::newRequested);
    connect(openButton, &QPushButton::clicked, this, &ScenarioLibraryDock::openFileRequested);
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const QString path = item->data(0, kPathRole).toString();
        if (!path.isEmpty()) emit openRequested(path);
    });
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        QTreeWidgetItem* item = m_tree->itemAt(pos);
        if (!item || item->parent() != m_recent) return;
        const QString path = item->data(0, kPathRole).toString();
        QMenu menu;
        menu.addAction(tr("Open"), this, [this, path] { emit openRequested(path); });
        menu.addAction(tr("Remove from recent files"), this, [this, path] {
            AppSettings::removeRecentFile(path);
            reload();
        });
        menu.exec(m_tree->viewport()->mapToGlobal(pos));
    });
    reload();
}

void ScenarioLibraryDock::reload() {
    m_tree->clear();
    m_examples = new QTreeWidgetItem(m_tree, {tr("Examples")});
    m_examples->setToolTip(0, tr("Scenarios shipped with TrainPlan (data/scenarios)."));
    try {
        const QDir dir(QString::fromStdString((model::dataDirectory() / "scenarios").string()));
        for (const QString& file : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
            addFile(m_examples, dir.filePath(file));
    } catch (const std::exception&) {
        // No data directory: the examples stay empty.
    }
    m_recent = new QTreeWidgetItem(m_tree, {tr("Recent files")});
    for (const QString& path : AppSettings::recentFiles())
        if (QFileInfo::exists(path)) addFile(m_recent, path);
    for (auto* top : {m_examples, m_recent}) {
        QFont f = top->font(0);
        f.setBold(true);
        top->setFont(0, f);
        top->setFlags(Qt::ItemIsEnabled);
        top->setExpanded(true);
    }
    setCurrentFile(m_current);
    applyFilter();
}

void ScenarioLibraryDock::setCurrentFile(const QString& path) {
    m_current = path;
    const QString canonical = QFileInfo(path).canonicalFilePath();
    for (auto* top : {m_examples, m_recent})
        for (int i = 0; top && i < top->childCount(); ++i) {
            QTreeWidgetItem* item = top->child(i);
            QFont f = item->font(0);
            f.setItalic(!canonical.isEmpty() && QFileInfo(item->data(0, kPathRole).toString()).canonicalFilePath() == canonical);
            item->setFont(0, f);
        }
}

void ScenarioLibraryDock::applyFilter() {
    const QString text = m_filter->text().trimmed();
    for (auto* top : {m_examples, m_recent})
        for (int i = 0; top && i < top->childCount(); ++i) {
            QTreeWidgetItem* item = top->child(i);
            const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive) ||
                               item->toolTip(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
        }
}

} // namespace trainplan::ui
