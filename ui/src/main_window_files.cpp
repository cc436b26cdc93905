// MainWindow's scenario files and library scenarios: open (a file, a recent file, a library
// version), save and save as, save to the library, the "unsaved changes" question and the recent
// files menu. The rest of the window is in main_window.cpp.
#include <trainplan/ui/main_window.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/ui/app_settings.h>
#include <trainplan/ui/library_save_dialog.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_library_dock.h>
#include <trainplan/ui/window_text.h>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QUndoStack>

namespace trainplan::ui {

namespace {

using services::WindowText;

QString examplePath(const char* file) {
    try {
        return QString::fromStdString((model::dataDirectory() / "scenarios" / file).string());
    } catch (const std::exception&) {
        return {};
    }
}

} // namespace

void MainWindow::openLibrary(const QString& explicitPath) {
    QString error;
    const QString path = LibraryStore::resolvePath(explicitPath, &error);
    m_library->setLibrary(m_libraryStore,
                          [this] { return ScenarioDocument::defaultScenario(*m_catalog); });
    if (path.isEmpty()) {
        m_libraryStore->close();
        m_library->libraryMessage()->setText(
            winText(WindowText::LibraryUnavailableBecause, {qArg(error)}));
        m_library->libraryMessage()->show();
        return;
    }
    if (m_libraryStore->open(path, *m_catalog) && !m_libraryStore->backupNote().isEmpty())
        statusBar()->showMessage(m_libraryStore->backupNote(), 10000);
}

bool MainWindow::openLibraryScenario(const QString& name, int version, bool quiet) {
    const model::ScenarioLoad load = m_libraryStore->load(name, version);
    if (!load.scenario) {
        QStringList lines;
        for (const auto& issue : load.issues)
            lines << QString::fromStdString(issue.text(advisorLanguage()));
        if (!quiet)
            QMessageBox::warning(this, tr("Open scenario"),
                                 winText(WindowText::LibraryScenarioNotOpened,
                                         {qArg(name), qArg(lines.join('\n'))}));
        return false;
    }
    m_doc->reset(*load.scenario);
    m_libraryName = name;
    m_library->setCurrentFile({});
    m_library->setCurrentLibraryScenario(name);
    if (version > 0)
        statusBar()->showMessage(
            winText(WindowText::OpenedVersion, {sim::countArg(version), qArg(name)}), 6000);
    return true;
}

void MainWindow::saveToLibraryDialog() {
    if (!m_libraryStore->isOpen()) {
        QMessageBox::warning(this, tr("Save to library"), m_library->libraryMessage()->text());
        return;
    }
    LibrarySaveDialog dialog(m_libraryStore,
                             m_libraryName.isEmpty() ? m_doc->displayName() : m_libraryName, this);
    if (dialog.exec() == QDialog::Accepted && !saveToLibrary(dialog.name(), dialog.tags()))
        QMessageBox::warning(this, tr("Save to library"), m_libraryStore->lastError());
}

bool MainWindow::saveToLibrary(const QString& name, const QStringList& tags) {
    model::Scenario s = m_doc->scenario();
    const auto result = m_libraryStore->save(s, name, tags);
    if (!result) return false;
    m_libraryName = QString::fromStdString(result->name);
    m_library->setCurrentLibraryScenario(m_libraryName);
    // A scenario without a file now lives in the library: nothing unsaved remains.
    if (m_doc->filePath().isEmpty()) m_doc->undoStack()->setClean();
    statusBar()->showMessage(result->created
                                 ? winText(WindowText::SavedInLibrary, {qArg(m_libraryName)})
                                 : winText(WindowText::SavedInLibraryVersion,
                                           {qArg(m_libraryName), sim::countArg(result->version)}),
                             5000);
    return true;
}

void MainWindow::openInitial(const QString& path) {
    if (!path.isEmpty()) {
        openFile(path);
        return;
    }
    const QString last = AppSettings::lastScenario();
    if (!last.isEmpty() && QFileInfo::exists(last) && openFile(last, true)) return;
    const QString example = examplePath("llama31-70b-h100x256.json");
    if (!example.isEmpty() && QFileInfo::exists(example)) openFile(example, true);
}

bool MainWindow::openFile(const QString& path, bool quiet) {
    const model::ScenarioLoad load = model::loadScenarioFile(path.toStdString(), *m_catalog);
    if (!load.scenario) {
        QStringList lines;
        for (const auto& issue : load.issues)
            lines << QString::fromStdString(issue.text(advisorLanguage()));
        if (!quiet)
            QMessageBox::warning(
                this, tr("Open scenario"),
                winText(WindowText::FileNotOpened,
                        {qArg(QDir::toNativeSeparators(path)), qArg(lines.join('\n'))}));
        return false;
    }
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_doc->reset(*load.scenario, absolute);
    AppSettings::addRecentFile(absolute);
    AppSettings::setLastScenario(absolute);
    rebuildRecentMenu();
    m_library->reload();
    m_library->setCurrentFile(absolute);
    if (!load.issues.empty())
        statusBar()->showMessage(winText(WindowText::OpenedWithProblems,
                                         {sim::countArg(static_cast<double>(load.issues.size()))}),
                                 8000);
    return true;
}

void MainWindow::newScenario() {
    if (!maybeSave()) return;
    m_doc->reset(ScenarioDocument::defaultScenario(*m_catalog));
}

void MainWindow::openDialog() {
    if (!maybeSave()) return;
    const QString dir = m_doc->filePath().isEmpty()
                            ? QFileInfo(examplePath("x.json")).absolutePath()
                            : QFileInfo(m_doc->filePath()).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open scenario"), dir, tr("Scenario files (*.json)"));
    if (!path.isEmpty()) openFile(path);
}

bool MainWindow::save() {
    if (m_doc->filePath().isEmpty()) return saveAs();
    QString error;
    if (!m_doc->saveAs(m_doc->filePath(), &error)) {
        QMessageBox::warning(this, tr("Save scenario"), error);
        return false;
    }
    statusBar()->showMessage(
        winText(WindowText::SavedFile, {qArg(QDir::toNativeSeparators(m_doc->filePath()))}), 4000);
    return true;
}

bool MainWindow::saveAs() {
    QString suggestion = m_doc->filePath();
    if (suggestion.isEmpty())
        suggestion = QDir::home().filePath(m_doc->displayName() + QStringLiteral(".json"));
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario as"), suggestion,
                                                tr("Scenario files (*.json)"));
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        path += QStringLiteral(".json");
    QString error;
    if (!m_doc->saveAs(path, &error)) {
        QMessageBox::warning(this, tr("Save scenario"), error);
        return false;
    }
    AppSettings::addRecentFile(path);
    AppSettings::setLastScenario(path);
    rebuildRecentMenu();
    m_library->reload();
    return true;
}

bool MainWindow::maybeSave() {
    if (!m_doc->isModified()) return true;
    QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                    winText(WindowText::UnsavedChanges, {qArg(m_doc->displayName())}),
                    QMessageBox::NoButton, this);
    auto* saveButton = box.addButton(tr("Save"), QMessageBox::AcceptRole);
    auto* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("Cancel"), QMessageBox::RejectRole);
    box.setDefaultButton(saveButton);
    box.exec();
    if (box.clickedButton() == static_cast<QAbstractButton*>(saveButton)) return save();
    return box.clickedButton() == static_cast<QAbstractButton*>(discard);
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = AppSettings::recentFiles();
    for (const QString& path : files)
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this,
                        [this, path] {
                            if (maybeSave()) openFile(path);
                        })
            ->setToolTip(path);
    m_recentMenu->setEnabled(!files.isEmpty());
}

} // namespace trainplan::ui
