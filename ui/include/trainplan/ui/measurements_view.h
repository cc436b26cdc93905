#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/store/records.h>
#include <trainplan/ui/latest_job.h>

#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

class QComboBox;
class QDragEnterEvent;
class QDropEvent;
class QLabel;
class QPushButton;
class QTableView;

namespace trainplan::ui {

class LibraryStore;
class MeasuredRunsModel;

// The Measurements view (issue 9): the measured runs stored in the library (store::Store::runs),
// with "Add run…" (a form), "Import CSV…" (published_runs.csv columns, problems per line) and
// "Delete". Each run is checked against the model (services::checkRuns, off the GUI thread):
// predicted beside measured, the error, the error bar, and the likely causes of a run far outside
// it; "Fit this cluster" asks for a calibration of the selected run's cluster (issue 23 item 3).
// Store calls stay on the GUI thread. Without an open library it says so and disables the
// buttons.
class MeasurementsView : public QWidget {
    Q_OBJECT
public:
    explicit MeasurementsView(QWidget* parent = nullptr);

    // The library whose runs are shown; `selectedPlan` returns the Compare tab's selected plan
    // (nullopt when none), offered in the Add run form.
    void setLibrary(LibraryStore* library,
                    std::function<std::optional<model::Plan>()> selectedPlan = {});
    void reload();

    struct ImportOutcome {
        std::size_t added = 0;
        std::size_t skipped = 0; // identical runs already stored
        QStringList problems;    // per line ("line 12, column tp: …") or the store's refusal
    };
    // Imports a published_runs.csv: the rows without problems are stored (store::importRuns), the
    // problems are listed per line.
    ImportOutcome importCsv(const QString& file);
    // store.addRun; false with the store's message in `error`.
    bool addRun(const store::NewMeasuredRun& run, QString* error = nullptr);
    bool deleteRuns(const std::vector<std::int64_t>& ids, QString* error = nullptr);

    struct LogImportOutcome {
        std::optional<std::int64_t> runId; // set when the run was stored
        QStringList messages;              // the import's findings ("error: FILE: line 12: …")
    };
    // A measured run from training logs (services::importLogRun, as `runs import-log`): `files`
    // are the logs of one job; a trainplan.log_mapping.v1 file among them maps CSV/JSON exports.
    // Unset `plan`: the scenario's only plan. All or nothing.
    LogImportOutcome importLogs(const QStringList& files, const QString& scenario,
                                const std::optional<nlohmann::json>& plan = std::nullopt);

    [[nodiscard]] MeasuredRunsModel* model() const { return m_model; }
    [[nodiscard]] QPushButton* fitClusterButton() const { return m_fitCluster; }
    [[nodiscard]] bool isChecking() const { return m_checkJob.isRunning(); }
    // The cluster (services::clusterKey) of the selected run, empty when none is selected or it
    // could not be predicted.
    [[nodiscard]] QString selectedCluster() const;
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QString messageText() const;
    [[nodiscard]] QString checkSummaryText() const;

signals:
    // The runs' checks are shown (after every reload).
    void checksShown();
    // "Fit this cluster": calibrate the efficiency on the runs of `cluster`.
    void fitClusterRequested(const QString& cluster);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void showMessage(const QString& text);
    void importDialog();
    void addDialog();
    void deleteSelected();
    void updateButtons();
    void logDropDialog(const QStringList& files);
    void startChecks(store::Store& store);
    struct CheckOutcome {
        services::RunChecks checks;
        std::vector<services::StoredRunNote> problems; // checks.problems, structured
        QString error;
    };
    // Fills `plan` with the scenario's plans and the Compare tab's selection, labelled, and
    // `plans` with the same plans as JSON, index for index (the add and log-drop dialogs' choice).
    void fillPlanChoices(QComboBox& plan, std::vector<nlohmann::json>& plans,
                         const QString& scenarioName) const;

    LibraryStore* m_library = nullptr;
    std::function<std::optional<model::Plan>()> m_selectedPlan;
    MeasuredRunsModel* m_model;
    QTableView* m_table;
    QLabel* m_message;
    QPushButton* m_add;
    QPushButton* m_import;
    QPushButton* m_delete;
    QPushButton* m_fitCluster;
    QLabel* m_checkSummary;
    LatestJob<CheckOutcome> m_checkJob{this};
};

} // namespace trainplan::ui
