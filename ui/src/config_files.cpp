#include <trainplan/ui/config_files.h>

#include <trainplan/model/atomic_file.h>
#include <trainplan/model/io/export_plan.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/window_text.h>

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>
#include <QUrl>

#include <filesystem>
#include <stdexcept>
#include <vector>

namespace trainplan::ui {

namespace {

using services::WindowText;

std::filesystem::path toPath(const QString& s) {
    return std::filesystem::path(s.toStdString());
}

// The findings in the window's language (import_text.h's catalogue).
QString issuesText(const model::io::ImportIssues& issues) {
    const model::Lang lang = advisorLanguage();
    QStringList lines;
    for (const auto& i : issues)
        lines << QString::fromStdString(i.text(lang));
    return lines.join(QLatin1Char('\n'));
}

// A lone TrainPlan scenario file is opened as it is rather than imported.
bool isScenarioFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = f.read(1 << 20);
    return model::io::detectFileKind(QFileInfo(path).fileName().toStdString(),
                                     head.toStdString()) == model::io::FileKind::Scenario;
}

} // namespace

ConfigFiles::ConfigFiles(QMainWindow* window, ScenarioDocument* doc, CompareTab* compare,
                         std::shared_ptr<const model::Catalog> catalog, Hooks hooks)
    : QObject(window)
    , m_window(window)
    , m_doc(doc)
    , m_compare(compare)
    , m_catalog(std::move(catalog))
    , m_hooks(std::move(hooks)) {
    m_import = new QAction(tr("&Import configs…"), this);
    m_import->setShortcut(QKeySequence(QStringLiteral("Ctrl+I")));
    m_import->setToolTip(winText(WindowText::ImportConfigsTip));
    connect(m_import, &QAction::triggered, this, &ConfigFiles::importDialog);
    m_export = new QAction(tr("E&xport launch files…"), this);
    m_export->setToolTip(winText(WindowText::ExportLaunchTip));
    connect(m_export, &QAction::triggered, this, &ConfigFiles::exportDialog);
    window->setAcceptDrops(true);
    window->installEventFilter(this);
}

QStringList ConfigFiles::localFiles(const QMimeData* mime) {
    QStringList out;
    if (mime == nullptr || !mime->hasUrls()) return out;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) out << url.toLocalFile();
    return out;
}

bool ConfigFiles::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::DragEnter) {
        auto* e = static_cast<QDragEnterEvent*>(event);
        if (!localFiles(e->mimeData()).isEmpty()) {
            e->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto* e = static_cast<QDropEvent*>(event);
        const QStringList files = localFiles(e->mimeData());
        if (!files.isEmpty()) {
            e->acceptProposedAction();
            importFiles(files);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void ConfigFiles::report(const QString& title, const QString& text, bool problem) {
    m_lastMessage = text;
    if (!m_interactive) return;
    if (problem)
        QMessageBox::warning(m_window, title, text);
    else
        QMessageBox::information(m_window, title, text);
}

bool ConfigFiles::importFiles(const QStringList& paths) {
    if (paths.isEmpty()) return false;
    if (m_hooks.maybeSave && !m_hooks.maybeSave()) return false;
    if (paths.size() == 1 && isScenarioFile(paths.front()) && m_hooks.openScenario)
        return m_hooks.openScenario(paths.front());

    std::vector<std::filesystem::path> files;
    for (const QString& p : paths)
        files.push_back(toPath(p));
    const model::io::ImportResult r = model::io::importFiles(files, *m_catalog);
    if (!r.ok()) {
        report(tr("Import configs"),
               winText(WindowText::NotAScenario, {qArg(issuesText(r.issues))}), true);
        return false;
    }
    m_lastDirectory = QFileInfo(paths.front()).absolutePath();
    m_doc->reset(*r.scenario);
    // It exists nowhere yet: no clean state until it is saved (a file or the library), so it
    // counts as modified and is not dropped without the unsaved-changes prompt.
    m_doc->undoStack()->resetClean();
    QStringList read;
    for (const auto& [file, kind] : r.files)
        read << winText(WindowText::NameWithDetail,
                        {qArg(QFileInfo(QString::fromStdString(file)).fileName()),
                         sim::textArg(std::string(model::io::toString(kind)))});
    QString text = winText(WindowText::ImportedConfigs, {qArg(read.join(QStringLiteral(", ")))});
    if (!r.issues.empty()) text += QStringLiteral("\n\n") + issuesText(r.issues);
    // Warnings are worth a dialog; a clean import only says so in the status bar.
    if (r.issues.empty()) {
        m_lastMessage = text;
        if (m_interactive) m_window->statusBar()->showMessage(text, 8000);
    } else {
        report(tr("Import configs"), text, false);
    }
    return true;
}

std::optional<model::Plan> ConfigFiles::selectedPlan() const {
    const QModelIndex current = m_compare->table()->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    const CompareRow* r = m_compare->tableModel()->rowAt(row);
    if (r == nullptr || r->kind == CompareRow::Kind::Excluded ||
        r->kind == CompareRow::Kind::InvalidPinned)
        return std::nullopt;
    return r->plan;
}

QString ConfigFiles::selectedPlanMisfit() const {
    const QModelIndex current = m_compare->table()->currentIndex();
    const CompareRow* r = m_compare->tableModel()->rowAt(current.isValid() ? current.row() : 0);
    if (r == nullptr || !r->estimate || r->fits()) return {};
    const sim::MemoryBreakdown& m = r->estimate->memory;
    // The bytes as the window shows them (the Settings' memory unit).
    return winText(WindowText::PlanDoesNotFit,
                   {sim::textArg(r->plan.label()), qArg(formatBytes(m.peakBytes)),
                    qArg(formatBytes(m.capacityBytes))});
}

bool ConfigFiles::exportSelectedPlan(const QString& directory) {
    const std::optional<model::Plan> plan = selectedPlan();
    if (!plan) {
        report(tr("Export launch files"), winText(WindowText::SelectPlanFirst), true);
        return false;
    }
    const model::io::PlanExport e = model::io::exportPlan(m_doc->scenario(), *plan);
    try {
        model::io::writeExport(e, toPath(directory));
    } catch (const model::WriteError& ex) {
        report(tr("Export launch files"),
               winText(WindowText::LaunchNotWritten, {sim::textArg(ex.message(advisorLanguage()))}),
               true);
        return false;
    } catch (const std::exception& ex) {
        report(tr("Export launch files"),
               winText(WindowText::LaunchNotWritten, {sim::textArg(ex.what())}), true);
        return false;
    }
    QStringList names;
    for (const auto& f : e.files)
        names << QDir(directory).filePath(QString::fromStdString(f.name));
    QString text = winText(WindowText::WroteLaunchFiles,
                           {sim::textArg(plan->label()), qArg(names.join(QLatin1Char('\n')))});
    if (!e.issues.empty()) text += QStringLiteral("\n\n") + issuesText(e.issues);
    const QString misfit = selectedPlanMisfit();
    if (!misfit.isEmpty()) text = misfit + QStringLiteral("\n\n") + text;
    report(tr("Export launch files"), text, !misfit.isEmpty());
    return true;
}

void ConfigFiles::importDialog() {
    const QStringList files = QFileDialog::getOpenFileNames(
        m_window, tr("Import framework configs"), m_lastDirectory,
        tr("Configs and launch scripts (*.json *.sh *.sbatch *.slurm *.txt);;All files (*)"));
    if (!files.isEmpty()) importFiles(files);
}

void ConfigFiles::exportDialog() {
    if (!selectedPlan()) {
        report(tr("Export launch files"), winText(WindowText::SelectPlanFirst), true);
        return;
    }
    if (const QString misfit = selectedPlanMisfit(); !misfit.isEmpty() && m_interactive) {
        const auto answer =
            QMessageBox::warning(m_window, tr("Export launch files"),
                                 misfit + QStringLiteral("\n\n") + winText(WindowText::WriteAnyway),
                                 QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes) return;
    }
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Export launch files into"),
                                                          m_lastDirectory);
    if (dir.isEmpty()) return;
    m_lastDirectory = dir;
    exportSelectedPlan(dir);
}

} // namespace trainplan::ui
