#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/simulator/validation.h>
#include <trainplan/ui/latest_job.h>

#include <QWidget>

#include <memory>

class QLabel;
class QTableView;

namespace trainplan::ui {

class AccuracyChart;
class AccuracySummaryModel;
class AccuracyTableModel;

// The Accuracy tab (issue 9): the built-in published runs (data/reference/published_runs.csv)
// rebuilt and predicted by the simulator — the numbers of `trainplan-cli validate` — as a
// predicted-vs-measured scatter, the per-row error table and the summary per source and metric.
class AccuracyTab : public QWidget {
    Q_OBJECT
public:
    explicit AccuracyTab(std::shared_ptr<const model::Catalog> catalog, QWidget* parent = nullptr);

    // Validates (again) on a worker thread; also done the first time the tab is shown.
    void refresh();
    [[nodiscard]] AccuracyTableModel* rowsModel() const { return m_rows; }
    [[nodiscard]] AccuracySummaryModel* summaryModel() const { return m_summary; }
    [[nodiscard]] AccuracyChart* chart() const { return m_chart; }
    [[nodiscard]] std::shared_ptr<const sim::ValidationReport> report() const { return m_report; }

signals:
    void reportShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Result {
        std::shared_ptr<const sim::ValidationReport> report;
        QString file;
        QStringList problems;
        QString error;
    };

    std::shared_ptr<const model::Catalog> m_catalog;
    LatestJob<Result> m_job;
    std::shared_ptr<const sim::ValidationReport> m_report;
    AccuracyTableModel* m_rows;
    AccuracySummaryModel* m_summary;
    QLabel* m_status;
    QTableView* m_table;
    QTableView* m_summaryTable;
    AccuracyChart* m_chart;
};

} // namespace trainplan::ui
