#pragma once

#include <trainplan/model/catalog.h>
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
// --source … --fit …` does, and shows the fitted values with their uncertainty, the error before,
// after and leave-one-out, the per-measurement table and predicted vs measured. Runs off the GUI
// thread.
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
    [[nodiscard]] QComboBox* sourceBox() const { return m_source; }
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
    };
    void showOutcome(Outcome outcome);
    void drawChart();
    void saveProfileDialog();
    [[nodiscard]] QString summaryParameters() const;
    void reloadProfiles();

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
