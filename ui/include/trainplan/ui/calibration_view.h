#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/ui/latest_job.h>

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace trainplan::ui {

class LibraryStore;
class ScenarioDocument;
class CalibrationParameterModel;
class CalibrationResidualModel;
class ChartView;

// The Calibration view (issue 9): fits the efficiency parameters (sim::calibrate) to the built-in
// published runs of one source (or all), as `trainplan-cli calibrate --runs published_runs.csv
// --source … --fit …` does, or to the user's measured runs in the library (all, or one stored
// scenario's), as `trainplan-cli calibrate --from-store [--scenario NAME]` does (the same
// services::loadStoredCalibrationRuns conversion), and shows the fitted values with their
// uncertainty, the error before, after and leave-one-out, the per-measurement table and predicted
// vs measured. The library is read on the GUI thread; the fit runs off it.
class CalibrationView : public QWidget {
    Q_OBJECT
public:
    explicit CalibrationView(std::shared_ptr<const model::Catalog> catalog,
                             QWidget* parent = nullptr);

    // The library the fitted values are saved to as named calibration profiles, and the edited
    // scenario that can select one (efficiency.profile, an undoable edit).
    void setLibrary(LibraryStore* library, ScenarioDocument* document);
    // Fits with the current choices (also done the first time the view is shown).
    void fit();
    // store.saveCalibrationProfile(name, sim::profileParameters(result), notes); false with the
    // reason in `error` (no fit, fit refused, no library, empty name, store error).
    bool saveProfile(const QString& name, const QString& notes, QString* error = nullptr);
    // Sets the edited scenario's efficiency.profile (empty: none) through the document, with undo.
    void useProfile(const QString& name);
    [[nodiscard]] QComboBox* profileBox() const { return m_profile; }
    [[nodiscard]] QPushButton* saveProfileButton() const { return m_saveProfile; }
    // Item data of the source box: Qt::UserRole holds the published group or the stored scenario
    // ("" = all), SourceKindRole a SourceKind.
    // Cluster: the library's runs on one cluster (services::clusterKey), the item data the key.
    enum class SourceKind { Published, Library, Cluster };
    static constexpr int SourceKindRole = Qt::UserRole + 1;
    [[nodiscard]] QComboBox* sourceBox() const { return m_source; }
    // Selects the library's runs (all when `scenario` is empty); false when the box has no such
    // entry (no library open, or the scenario has no runs).
    bool selectLibrarySource(const QString& scenario = QString());
    // Selects the library's runs on `cluster` ("fit this cluster"); false when no such entry.
    bool selectClusterSource(const QString& cluster);
    [[nodiscard]] QCheckBox* parameterBox(sim::CalibrationParameter p) const;
    [[nodiscard]] std::shared_ptr<const sim::CalibrationResult> result() const { return m_result; }
    [[nodiscard]] CalibrationParameterModel* parameterModel() const { return m_parameters; }
    [[nodiscard]] CalibrationResidualModel* residualModel() const { return m_residuals; }
    [[nodiscard]] QString summaryText() const;
    [[nodiscard]] bool isFitting() const { return m_job.isRunning(); }

signals:
    void resultShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct LabelledRun {
        std::string group;
        sim::CalibrationRun run;
    };
    struct Outcome {
        std::shared_ptr<const std::vector<LabelledRun>> runs;
        std::shared_ptr<const sim::CalibrationResult> result;
        QString error;
        QString message; // instead of a result: why nothing was fitted (HTML)
        std::vector<std::string> skipped; // library runs that could not be used, with the reason
    };
    void showOutcome(Outcome outcome);
    void drawChart();
    void saveProfileDialog();
    [[nodiscard]] QString summaryParameters() const;
    void reloadProfiles();
    // Rebuilds the source box (published groups, then the library's runs), keeping the selection.
    void reloadSources();
    void fitLibraryRuns(const sim::CalibrationOptions& options,
                        const services::StoredRunFilter& filter);
    void showMessage(const QString& html);

    std::shared_ptr<const model::Catalog> m_catalog;
    LibraryStore* m_library = nullptr;
    ScenarioDocument* m_document = nullptr;
    LatestJob<Outcome> m_job;
    std::shared_ptr<const std::vector<LabelledRun>> m_runs;
    std::shared_ptr<const sim::CalibrationResult> m_result;
    QComboBox* m_source;
    std::vector<std::pair<sim::CalibrationParameter, QCheckBox*>> m_fit;
    QCheckBox* m_memory;
    QPushButton* m_fitButton;
    QPushButton* m_saveProfile;
    QComboBox* m_profile;
    QLabel* m_profileNote;
    QLabel* m_summary;
    CalibrationParameterModel* m_parameters;
    CalibrationResidualModel* m_residuals;
    QTableView* m_parameterTable;
    QTableView* m_residualTable;
    ChartView* m_chart;
};

} // namespace trainplan::ui
