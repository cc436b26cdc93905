// The main window: builds the docks and tabs, wires the document, the controller and the views,
// and owns the menus and the dialogs they open. Scenario files and the library's scenarios (open,
// save, recent files): main_window_files.cpp.
#include <trainplan/ui/main_window.h>

#include <QTableView>
#include <QThreadPool>
#include <trainplan/model/data_directory.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/accuracy_tab.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/app_settings.h>
#include <trainplan/ui/calibration_view.h>
#include <trainplan/ui/chart_export.h>
#include <trainplan/ui/command_line.h>
#include <trainplan/ui/compare_tab.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/config_files.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/explore_tab.h>
#include <trainplan/ui/export_report_dialog.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/measurements_view.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/plans_section.h>
#include <trainplan/ui/presentation_window.h>
#include <trainplan/ui/report_job.h>
#include <trainplan/ui/roadmap_tab.h>
#include <trainplan/ui/scenario_comparison_dialog.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/scenario_editor.h>
#include <trainplan/ui/scenario_library_dock.h>
#include <trainplan/ui/settings_dialog.h>
#include <trainplan/ui/sizing_tab.h>
#include <trainplan/ui/view_text.h>
#include <trainplan/ui/wheel_guard.h>
#include <trainplan/ui/window_text.h>

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QScreen>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>

namespace trainplan::ui {

namespace {

using services::WindowText;

std::shared_ptr<const model::Catalog> loadCatalogOrEmpty(QString* error) {
    try {
        return std::make_shared<const model::Catalog>(
            model::loadCatalog(model::dataDirectory() / "catalog"));
    } catch (const std::exception& e) {
        *error = errorQText(e);
        return std::make_shared<const model::Catalog>();
    }
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(loadCatalogOrEmpty(&m_catalogError))
    , m_doc(new ScenarioDocument(m_catalog, this))
    , m_controller(new PlannerController(m_catalog, this))
    , m_library(new ScenarioLibraryDock(this))
    , m_editorDock(new QDockWidget(tr("Scenario editor"), this))
    , m_editor(new ScenarioEditor(m_doc))
    , m_tabs(new QTabWidget)
    , m_compare(new CompareTab(m_doc))
    , m_explore(new ExploreTab)
    , m_roadmap(new RoadmapTab(m_doc))
    , m_sizing(new SizingTab(m_doc))
    , m_accuracy(new AccuracyTab(m_catalog))
    , m_calibration(new CalibrationView(m_catalog))
    , m_busy(new QLabel)
    , m_latency(new QLabel)
    , m_libraryStore(new LibraryStore(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    // One planning cache for every surface of the window (services/planning.h).
    m_controller->setPlanner(m_doc->sharedPlanner());
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance()))
        WheelGuard::install(*app);
    setWindowIcon(QIcon::fromTheme(QStringLiteral("office-chart-bar")));
    m_editorDock->setObjectName(QStringLiteral("editorDock"));
    m_editorDock->setWidget(m_editor);
    addDockWidget(Qt::LeftDockWidgetArea, m_library);
    addDockWidget(Qt::LeftDockWidgetArea, m_editorDock);
    splitDockWidget(m_library, m_editorDock, Qt::Vertical);
    resizeDocks({m_library, m_editorDock}, {180, 700}, Qt::Vertical);
    resizeDocks({m_editorDock}, {430}, Qt::Horizontal);

    m_tabs->setObjectName(QStringLiteral("mainTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_compare, tr("Compare"));
    m_tabs->setTabToolTip(0, winText(WindowText::TabCompareTip));
    m_tabs->addTab(m_explore, tr("Explore"));
    m_tabs->setTabToolTip(1, winText(WindowText::TabExploreTip));
    m_tabs->addTab(m_roadmap, tr("Roadmap"));
    m_tabs->setTabToolTip(2, winText(WindowText::TabRoadmapTip));
    m_tabs->addTab(m_sizing, tr("Sizing"));
    m_tabs->setTabToolTip(3, winText(WindowText::TabSizingTip));
    m_tabs->addTab(m_accuracy, tr("Accuracy"));
    m_tabs->setTabToolTip(4, winText(WindowText::TabAccuracyTip));
    m_tabs->addTab(m_calibration, tr("Calibration"));
    m_tabs->setTabToolTip(5, winText(WindowText::TabCalibrationTip));
    m_measurements = new MeasurementsView;
    m_tabs->addTab(m_measurements, tr("Measurements"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_measurements), winText(WindowText::TabMeasurementsTip));
    setCentralWidget(m_tabs);

    m_busy->setToolTip(winText(WindowText::BusyTip));
    m_latency->setToolTip(winText(WindowText::LatencyTip));
    statusBar()->addPermanentWidget(m_busy);
    statusBar()->addPermanentWidget(m_latency);

    m_configFiles = new ConfigFiles(
        this, m_doc, m_compare, m_catalog,
        {[this] { return maybeSave(); }, [this](const QString& f) { return openFile(f); }});
    createMenus();
    wire();
    wireCalibrationProfiles();
    m_controller->setScenario(m_doc->scenario(), m_doc->canEstimate());
    m_explore->setBaseScenario(m_doc->scenario());
    restoreGeometry(AppSettings::windowGeometry());
    if (AppSettings::windowGeometry().isEmpty()) resize(1600, 1000);
    restoreState(AppSettings::windowState());
    updateTitle();
    if (!m_catalogError.isEmpty())
        QTimer::singleShot(0, this, [this] {
            QMessageBox::critical(this, tr("Catalog"),
                                  winText(WindowText::CatalogUnreadable, {qArg(m_catalogError)}));
        });
}

MainWindow::~MainWindow() {
    // No job may outlive the window's parts: cancel the long ones (they poll their control and
    // return), then wait for every worker before members and child widgets are destroyed. A job
    // still running while the tabs were torn down crashed the exit now and then under load.
    m_controller->cancelAll();
    m_roadmap->cancelJobs();
    QThreadPool::globalInstance()->waitForDone();
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New scenario"), QKeySequence::New, this, &MainWindow::newScenario);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    rebuildRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    file->addAction(tr("Save &as…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addAction(tr("Save to &library…"), QKeySequence(QStringLiteral("Ctrl+Shift+L")), this,
                    &MainWindow::saveToLibraryDialog);
    file->addSeparator();
    file->addAction(m_configFiles->importAction());
    file->addAction(m_configFiles->exportAction());
    file->addSeparator();
    file->addAction(tr("&Export report…"), QKeySequence(QStringLiteral("Ctrl+Shift+E")), this,
                    &MainWindow::exportReport);
    file->addAction(tr("&Compare scenarios…"), QKeySequence(QStringLiteral("Ctrl+Shift+M")), this,
                    [this] {
                        auto* dialog = new ScenarioComparisonDialog(m_doc, m_libraryStore, this);
                        dialog->setAttribute(Qt::WA_DeleteOnClose);
                        dialog->show();
                    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_doc->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_doc->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(QStringLiteral("Ctrl+Y"))});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("&Settings…"), QKeySequence(QStringLiteral("Ctrl+,")), this,
                    &MainWindow::showSettings);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Compare"), QKeySequence(QStringLiteral("Ctrl+1")), this,
                    [this] { showTab(0); });
    view->addAction(tr("E&xplore"), QKeySequence(QStringLiteral("Ctrl+2")), this,
                    [this] { showTab(1); });
    view->addAction(tr("Road&map"), QKeySequence(QStringLiteral("Ctrl+3")), this,
                    [this] { showTab(2); });
    view->addAction(tr("S&izing"), QKeySequence(QStringLiteral("Ctrl+4")), this,
                    [this] { showTab(3); });
    view->addAction(tr("&Accuracy"), QKeySequence(QStringLiteral("Ctrl+5")), this,
                    [this] { showTab(4); });
    view->addAction(tr("Calibratio&n"), QKeySequence(QStringLiteral("Ctrl+6")), this,
                    [this] { showTab(5); });
    view->addAction(tr("Mea&surements"), QKeySequence(QStringLiteral("Ctrl+7")), this,
                    [this] { m_tabs->setCurrentWidget(m_measurements); });
    view->addSeparator();
    view->addAction(tr("Focus the &editor"), QKeySequence(QStringLiteral("Ctrl+E")), this, [this] {
        m_editorDock->show();
        m_editorDock->raise();
        m_editor->focusField(QStringLiteral("cluster.nodes"));
    });
    view->addAction(tr("Focus the &library"), QKeySequence(QStringLiteral("Ctrl+L")), this, [this] {
        m_library->show();
        m_library->raise();
        m_library->widget()->setFocus();
    });
    view->addAction(m_library->toggleViewAction());
    view->addAction(m_editorDock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Recompute"), QKeySequence(Qt::Key_F5), this, [this] {
        m_controller->recomputeNow();
        if (m_roadmap->isVisible()) m_roadmap->recomputeNow();
        if (m_sizing->isVisible()) m_sizing->recomputeNow();
    });
    view->addAction(tr("&Present"), QKeySequence(Qt::Key_F11), this, &MainWindow::present);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                    &MainWindow::showShortcuts);
    help->addAction(tr("&About TrainPlan"), this, &MainWindow::showAbout);
}

void MainWindow::wireCalibrationProfiles() {
    // One lookup for every surface: the controller (Compare, Explore) and the document's planning
    // scenario (Roadmap, report export, presentation).
    const ProfileLookup lookup = [this](const std::string& name,
                                        QString& error) -> std::optional<nlohmann::json> {
        store::Store* st = m_libraryStore->store();
        if (!st) {
            error = winText(WindowText::NoLibraryOpen);
            return std::nullopt;
        }
        if (auto profile = st->findCalibrationProfile(name)) return profile->parameters;
        error = winText(WindowText::ProfileNotInLibrary);
        return std::nullopt;
    };
    m_controller->setProfileLookup(lookup);
    m_doc->setProfileLookup(lookup);
    // The report's predicted-against-measured section reads the library's runs on the cluster.
    m_doc->setMeasuredRunsSource([this] {
        store::Store* st = m_libraryStore->store();
        return st ? services::readStoredRunRecords(*st) : services::StoredRunRecords{};
    });
    m_calibration->setLibrary(m_libraryStore, m_doc);
    // "Fit this cluster" in Measurements: the Calibration tab fits the library's runs on it.
    connect(m_measurements, &MeasurementsView::fitClusterRequested, this,
            [this](const QString& cluster) {
                m_tabs->setCurrentWidget(m_calibration);
                if (m_calibration->selectClusterSource(cluster)) m_calibration->fit();
            });
    m_measurements->setLibrary(m_libraryStore, [this]() -> std::optional<model::Plan> {
        const CompareOutcome* outcome = m_compare->outcome();
        const int row = m_compare->table()->currentIndex().row();
        const auto& rows = m_compare->tableModel()->rowsData();
        if (!outcome || row < 0 || row >= static_cast<int>(rows.size())) return std::nullopt;
        return rows[static_cast<std::size_t>(row)].plan;
    });
    auto reestimate = [this] {
        if (!m_doc->scenario().efficiency.profile) return;
        m_controller->setScenario(m_doc->scenario(), m_doc->canEstimate());
        m_roadmap->planningInputChanged();
    };
    // Every cost prices the GPU from the library's price table when one is open (as the CLI's
    // commands do), else from the catalog: the planning scenario of Compare, Explore, the Roadmap,
    // the report and the presentation, the editor's "costs use" line, and Sizing's GPUs. The
    // table is read from the library when it changes, not on every edit (the surfaces ask for it
    // each time they plan).
    const auto readPrices = [this]() -> model::PriceTable {
        if (store::Store* st = m_libraryStore->store()) {
            try {
                return st->priceTable();
            } catch (const store::StoreError&) {
                return {}; // an unreadable table: the catalog's prices (the library shows why)
            }
        }
        return {};
    };
    m_prices = readPrices();
    const PriceSource prices = [this] { return m_prices; };
    m_sizing->setPriceSource(prices);
    m_doc->setPriceSource(prices);
    m_controller->setPriceSource(prices);
    // Connected before Sizing's, so that it re-prices from the table just read.
    connect(m_libraryStore, &LibraryStore::changed, this, [this, readPrices] {
        model::PriceTable now = readPrices();
        const bool same =
            now.entries == m_prices.entries && now.cnyPerUsd == m_prices.cnyPerUsd;
        if (same) return; // a scenario saved, not a price changed
        m_prices = std::move(now);
        // Every surface recomputes as after an edit (the scenario itself is unchanged).
        emit m_doc->scenarioChanged(QString());
    });
    connect(m_libraryStore, &LibraryStore::changed, m_sizing, &SizingTab::pricesChanged);
    connect(m_libraryStore, &LibraryStore::profilesChanged, this, reestimate);
    connect(m_libraryStore, &LibraryStore::changed, this, reestimate);
    // Renaming (or undoing a rename of) the open library scenario: save under its new name.
    connect(m_libraryStore, &LibraryStore::renamed, this,
            [this](const QString& oldName, const QString& newName) {
                if (m_libraryName.compare(oldName, Qt::CaseInsensitive) == 0)
                    m_libraryName = newName;
            });
}

void MainWindow::wire() {
    connect(m_doc, &ScenarioDocument::scenarioChanged, this, [this] {
        m_controller->setScenario(m_doc->scenario(), m_doc->canEstimate());
        m_explore->setBaseScenario(m_doc->scenario());
        updateTitle();
    });
    // What-ifs made for the previous scenario do not carry over to the next one (issue 21).
    connect(m_doc, &ScenarioDocument::scenarioReset, m_explore, &ExploreTab::resetWhatIf);
    connect(m_doc, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_doc, &ScenarioDocument::filePathChanged, this, [this](const QString& path) {
        m_library->setCurrentFile(path);
        updateTitle();
    });
    connect(m_controller, &PlannerController::compareFinished, this,
            [this](std::shared_ptr<const CompareOutcome> outcome) {
                m_compare->setOutcome(std::move(outcome));
                m_latency->setText(
                    winText(WindowText::RecomputedIn,
                            {secondsArg(m_controller->lastCompareLatencyMs() / 1e3)}));
            });
    connect(m_controller, &PlannerController::compareUnavailable, m_compare,
            &CompareTab::setUnavailable);
    connect(m_controller, &PlannerController::busyChanged, this, [this](bool busy) {
        m_busy->setText(busy ? winText(WindowText::Computing) : QString());
        m_compare->setBusy(busy);
    });
    connect(m_controller, &PlannerController::exploreFinished, m_explore,
            &ExploreTab::setExploreOutcome);
    connect(m_controller, &PlannerController::sweepStarted, m_explore,
            &ExploreTab::setSweepStarted);
    connect(m_controller, &PlannerController::sweepProgress, m_explore,
            &ExploreTab::setSweepProgress);
    connect(m_controller, &PlannerController::sweepFinished, m_explore,
            &ExploreTab::setSweepOutcome);
    connect(m_explore, &ExploreTab::whatIfChanged, m_controller, &PlannerController::setWhatIf);
    connect(m_explore, &ExploreTab::cancelSweepRequested, m_controller,
            &PlannerController::cancelSweep);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        m_controller->setExploreActive(m_tabs->widget(index) == m_explore);
    });
    connect(m_compare, &CompareTab::pinRequested, this, [this](const model::Plan& plan) {
        model::Scenario s = m_doc->scenario();
        s.plans.push_back(plan);
        const int index = static_cast<int>(s.plans.size()) - 1;
        m_doc->edit(winText(WindowText::PinPlanCommand, {sim::textArg(plan.label())}), QString(),
                    std::move(s));
        m_editor->plansSection()->selectPlan(index);
        statusBar()->showMessage(winText(WindowText::PinnedPlan, {sim::countArg(index + 1)}), 5000);
    });
    connect(m_compare, &CompareTab::unpinRequested, this, [this](int index) {
        model::Scenario s = m_doc->scenario();
        if (index < 0 || index >= static_cast<int>(s.plans.size())) return;
        s.plans.erase(s.plans.begin() + index);
        m_doc->edit(winText(WindowText::UnpinPlanCommand, {sim::countArg(index + 1)}), QString(),
                    std::move(s));
    });
    connect(m_library, &ScenarioLibraryDock::openRequested, this, [this](const QString& path) {
        if (maybeSave()) openFile(path);
    });
    connect(m_library, &ScenarioLibraryDock::newRequested, this, &MainWindow::newScenario);
    connect(m_library, &ScenarioLibraryDock::openLibraryRequested, this,
            [this](const QString& name, int version) {
                if (maybeSave()) openLibraryScenario(name, version);
            });
    connect(m_library, &ScenarioLibraryDock::saveToLibraryRequested, this,
            &MainWindow::saveToLibraryDialog);
    connect(m_doc, &ScenarioDocument::filePathChanged, this, [this](const QString& path) {
        if (!path.isEmpty()) m_libraryName.clear();
    });
    connect(m_library, &ScenarioLibraryDock::openFileRequested, this, &MainWindow::openDialog);
    for (QChartView* view : m_tabs->findChildren<QChartView*>())
        installChartExportMenu(view);
}

void MainWindow::showTab(int index) {
    if (index == kTimelineTab) { // the Roadmap with its calendar in front (--tab timeline)
        m_tabs->setCurrentWidget(m_roadmap);
        m_roadmap->showTimeline();
        return;
    }
    m_tabs->setCurrentIndex(index);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    AppSettings::setWindow(saveGeometry(), saveState());
    event->accept();
}

void MainWindow::updateTitle() {
    setWindowTitle(winText(WindowText::WindowTitle, {qArg(m_doc->displayName())}));
    setWindowModified(m_doc->isModified());
}

void MainWindow::showSettings() {
    SettingsDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted) return;
    m_controller->recomputeNow(); // units changed: re-render with the new formatting
    if (dialog.restartRequested() && maybeSave()) {
        AppSettings::setWindow(saveGeometry(), saveState());
        QStringList args = QApplication::arguments().mid(1);
        args.removeAll(QStringLiteral("--lang"));
        QProcess::startDetached(QApplication::applicationFilePath(), args);
        m_doc->undoStack()->setClean();
        QApplication::quit();
    }
}

void MainWindow::showShortcuts() {
    const QList<QPair<QString, QString>> keys = {
        {QKeySequence(QKeySequence::New).toString(QKeySequence::NativeText), tr("New scenario")},
        {QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText),
         winText(WindowText::ShortcutOpenFile)},
        {QKeySequence(QKeySequence::Save).toString(QKeySequence::NativeText), tr("Save")},
        {QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText),
         winText(WindowText::ShortcutUndo)},
        {QKeySequence(QKeySequence::Redo).toString(QKeySequence::NativeText), tr("Redo")},
        {QStringLiteral("Ctrl+1 / Ctrl+2"), tr("Compare / Explore tab")},
        {QStringLiteral("Ctrl+3 / Ctrl+4"), tr("Roadmap / Sizing tab")},
        {QStringLiteral("Ctrl+5 / Ctrl+6 / Ctrl+7"), winText(WindowText::ShortcutAccuracyTabs)},
        {QStringLiteral("Ctrl+E"), winText(WindowText::ShortcutFocusEditor)},
        {QStringLiteral("Ctrl+L"), winText(WindowText::ShortcutFocusLibrary)},
        {QStringLiteral("Ctrl+Shift+L"), winText(WindowText::ShortcutSaveToLibrary)},
        {tr("Double-click"), winText(WindowText::ShortcutDerivation)},
        {QStringLiteral("Ctrl+P"), winText(WindowText::ShortcutPin)},
        {QStringLiteral("F5"), tr("Recompute now")},
        {QStringLiteral("Ctrl+Shift+E"), winText(WindowText::ShortcutExportReport)},
        {QStringLiteral("F11"), winText(WindowText::ShortcutPresent)},
        {QStringLiteral("Esc"), winText(WindowText::ShortcutCancelSweeps)},
        {QStringLiteral("Ctrl+,"), tr("Settings")},
    };
    QString html = QStringLiteral("<table cellspacing='6'>");
    for (const auto& [key, what] : keys)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    html += QStringLiteral("</table>");
    QMessageBox::information(this, tr("Keyboard shortcuts"), html);
}

void MainWindow::exportReport() {
    auto* dialog = new ExportReportDialog(m_doc, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::present() {
    if (!m_doc->canEstimate()) {
        statusBar()->showMessage(winText(WindowText::PresentFixFirst), 5000);
        return;
    }
    auto* window =
        new PresentationWindow(m_doc->planningScenario().scenario, m_doc->sharedCatalog(),
                               advisorLanguage(), m_doc->sharedPlanner(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    window->setGeometry(screen()->geometry());
    window->showFullScreen();
    window->activateWindow();
    window->setFocus();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About TrainPlan"),
                       winText(WindowText::About, {qArg(QApplication::applicationVersion())}));
}

} // namespace trainplan::ui
