#pragma once

#include <trainplan/model/catalog.h>

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QTabWidget;
class QDockWidget;

namespace trainplan::ui {

class CompareTab;
class ExploreTab;
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
    [[nodiscard]] ScenarioEditor* editor() const { return m_editor; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }
    void showTab(int index);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void wire();
    void updateTitle();
    bool maybeSave();
    void newScenario();
    void openDialog();
    bool save();
    bool saveAs();
    void showSettings();
    void showShortcuts();
    void showAbout();
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
    ExploreTab* m_explore;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_busy;
    QLabel* m_latency;
};

} // namespace trainplan::ui
