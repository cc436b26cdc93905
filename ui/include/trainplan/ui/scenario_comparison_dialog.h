#pragma once

#include <trainplan/services/scenario_comparison.h>
#include <trainplan/ui/latest_job.h>

#include <QDialog>

#include <memory>

class QChartView;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace trainplan::ui {

class LibraryStore;
class ScenarioDocument;

// File → Compare scenarios… (issue 21): tick two to four scenarios (the edited one and the
// library's), and see their headline answers side by side — recommended framework and plan, peak
// memory, step time, MFU, expected time and cost to train with failures, each framework's step
// time — in one table, and their expected time and cost in one chart. The same values as
// `trainplan-cli compare A B …` (services::compareScenarios), planned off the GUI thread through
// the window's shared planner, each scenario with its calibration profile and the library's prices.
// "Export report…" writes the edited scenario's report with the other compared scenarios side by
// side (ExportReportDialog::setCompareWith).
class ScenarioComparisonDialog : public QDialog {
    Q_OBJECT
public:
    ScenarioComparisonDialog(ScenarioDocument* document, LibraryStore* library,
                             QWidget* parent = nullptr);

    // Ticks the edited scenario (row 0) and the library's scenarios with these names; the rest
    // unticked.
    void choose(const QStringList& libraryNames, bool edited = true);
    void compare();
    [[nodiscard]] bool isComparing() const { return m_job.isRunning(); }
    [[nodiscard]] QListWidget* choices() const { return m_choices; }
    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] QChartView* chart() const { return m_chart; }
    [[nodiscard]] QString messageText() const;
    [[nodiscard]] std::shared_ptr<const services::ScenarioComparison> result() const {
        return m_result;
    }
    // The compared scenarios other than the edited one (at most three): what "Export report…"
    // puts side by side with the edited scenario's report.
    [[nodiscard]] std::vector<model::Scenario> otherScenarios() const;
    [[nodiscard]] QPushButton* exportButton() const { return m_export; }

signals:
    void comparisonShown();

private:
    struct Outcome {
        std::shared_ptr<const services::ScenarioComparison> comparison;
        QString error;
    };
    void updateButton();
    void showComparison(const services::ScenarioComparison& c);
    void exportReport();

    ScenarioDocument* m_doc;
    LibraryStore* m_library;
    QListWidget* m_choices;
    QPushButton* m_compare;
    QPushButton* m_export;
    QLabel* m_message;
    QTableWidget* m_table;
    QChartView* m_chart;
    std::shared_ptr<const services::ScenarioComparison> m_result;
    int m_editedIndex = -1; // the edited scenario's place in m_result (-1: not compared)
    int m_pendingEditedIndex = -1;
    LatestJob<Outcome> m_job{this};
};

} // namespace trainplan::ui
