#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/gpu_price.h>

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QTabWidget;
class QDockWidget;

namespace trainplan::ui {

class AccuracyTab;
class CalibrationView;
class CompareTab;
class ConfigFiles;
class ExploreTab;
class LibraryStore;
class MeasurementsView;
class RoadmapTab;
class SizingTab;
class PlannerController;
class ScenarioDocument;
class ScenarioEditor;
class ScenarioLibraryDock;

// The main window: wires the document, the controller and the views, and owns the menus.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `path`, or (when empty) the last scenario, or the 70B example.
    void openInitial(const QString& path);
    // Loads a scenario file; false (with a message box unless `quiet`) when it cannot be read.
    bool openFile(const QString& path, bool quiet = false);

    [[nodiscard]] ScenarioDocument* document() const { return m_doc; }
    [[nodiscard]] PlannerController* controller() const { return m_controller; }
    [[nodiscard]] CompareTab* compareTab() const { return m_compare; }
    [[nodiscard]] ExploreTab* exploreTab() const { return m_explore; }
    [[nodiscard]] RoadmapTab* roadmapTab() const { return m_roadmap; }
    [[nodiscard]] SizingTab* sizingTab() const { return m_sizing; }
    [[nodiscard]] AccuracyTab* accuracyTab() const { return m_accuracy; }
    [[nodiscard]] CalibrationView* calibrationView() const { return m_calibration; }
    [[nodiscard]] MeasurementsView* measurementsView() const { return m_measurements; }
    [[nodiscard]] ScenarioEditor* editor() const { return m_editor; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    [[nodiscard]] ConfigFiles* configFiles() const { return m_configFiles; }
    void showTab(int index);
    // Opens the library database (`--db PATH`, else $TRAINPLAN_DB, else the XDG location); when it
    // cannot be opened the library dock shows why and the rest of the window works as before.
    void openLibrary(const QString& explicitPath);
    // Loads a library scenario (version 0 = the newest) into the editor.
    bool openLibraryScenario(const QString& name, int version = 0, bool quiet = false);
    // Saves the edited scenario in the library under `name` (a new version if it exists).
    bool saveToLibrary(const QString& name, const QStringList& tags);
    void saveToLibraryDialog();
    [[nodiscard]] LibraryStore* libraryStore() const { return m_libraryStore; }
    [[nodiscard]] ScenarioLibraryDock* libraryDock() const { return m_library; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void wire();
    void wireCalibrationProfiles();
    void updateTitle();
    bool maybeSave();
    void newScenario();
    void openDialog();
    bool save();
    bool saveAs();
    void showSettings();
    void showShortcuts();
    void showAbout();
    void exportReport();
    void present();
    void rebuildRecentMenu();

    std::shared_ptr<const model::Catalog> m_catalog;
    QString m_catalogError;
    ScenarioDocument* m_doc;
    PlannerController* m_controller;
    ScenarioLibraryDock* m_library;
    QDockWidget* m_editorDock;
    ScenarioEditor* m_editor;
    QTabWidget* m_tabs;
    CompareTab* m_compare;
    ConfigFiles* m_configFiles = nullptr;
    ExploreTab* m_explore;
    RoadmapTab* m_roadmap;
    SizingTab* m_sizing;
    model::PriceTable m_prices; // the library's price table, read when the library changes
    AccuracyTab* m_accuracy;
    CalibrationView* m_calibration;
    MeasurementsView* m_measurements = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_busy;
    QLabel* m_latency;
    LibraryStore* m_libraryStore;
    QString m_libraryName; // the library scenario being edited, if any
};

} // namespace trainplan::ui
