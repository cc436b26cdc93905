#pragma once

#include <trainplan/model/gpu_price.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/sizing_outcome.h>

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QTableWidget;

namespace trainplan::ui {

class Debouncer;
class ScenarioDocument;
class SizingChart;

// The Sizing tab (issue 20 item 4): from the scenario's deadline and budget to a cluster. The
// deadline and the budget (sliders plus fields) are the scenario's constraints.deadline_days and
// constraints.budget, edited through the undo stack; the answer (sim::sizeCluster over every
// catalog GPU, node count, network and framework) runs off the GUI thread, latest request wins,
// and a deadline or budget change re-answers from the evaluated candidates. "Use this cluster"
// makes the selected configuration the scenario's cluster (undoable).
class SizingTab : public QWidget {
    Q_OBJECT
public:
    explicit SizingTab(ScenarioDocument* doc, QWidget* parent = nullptr);

    // Where GPU prices come from: the library's price table when one is open (MainWindow sets
    // it); the catalog's prices otherwise.
    void setPriceSource(std::function<model::PriceTable()> source);
    // The price table changed in the library: answer again.
    void pricesChanged();
    void recomputeNow();

    [[nodiscard]] const SizingOutcome& outcome() const { return m_outcome; }
    [[nodiscard]] bool isComputing() const { return m_job.isRunning(); }
    [[nodiscard]] quint64 resultsShown() const { return m_resultsShown; }
    [[nodiscard]] SizingChart* chart() const { return m_chart; }
    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] QPushButton* useClusterButton() const { return m_use; }
    [[nodiscard]] QDoubleSpinBox* deadlineField() const { return m_deadline; }
    [[nodiscard]] QDoubleSpinBox* budgetField() const { return m_budget; }
    [[nodiscard]] QSlider* deadlineSlider() const { return m_deadlineSlider; }
    [[nodiscard]] QSlider* budgetSlider() const { return m_budgetSlider; }
    [[nodiscard]] QString headlineText() const;
    // Makes row `row` of the table the scenario's cluster (what the button does).
    void useRow(int row);

signals:
    void sizingShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void scenarioChanged();
    void start();
    void showOutcome(SizingOutcome outcome);
    void showAnswer();
    void fillTable();
    void syncInputs();
    void setDeadline(double days);
    void setBudget(double amount);

    ScenarioDocument* m_doc;
    Debouncer* m_debounce;
    LatestJob<SizingOutcome> m_job;
    std::shared_ptr<SizingCacheState> m_cache;
    std::function<model::PriceTable()> m_prices;
    SizingOutcome m_outcome;
    std::vector<sim::SizedConfig> m_rows; // the table's configurations, row by row
    quint64 m_resultsShown = 0;
    bool m_stale = true;
    QSlider* m_deadlineSlider;
    QDoubleSpinBox* m_deadline;
    QSlider* m_budgetSlider;
    QDoubleSpinBox* m_budget;
    QLabel* m_currency;
    QLabel* m_headline;
    QLabel* m_status;
    SizingChart* m_chart;
    QTableWidget* m_table;
    QPushButton* m_use;
};

} // namespace trainplan::ui
