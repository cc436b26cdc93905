#pragma once

#include <trainplan/simulator/validation.h>
#include <trainplan/ui/table_model_base.h>

#include <memory>

namespace trainplan::ui {

// The Accuracy tab's per-row table: each published measurement next to the simulator's prediction
// and the relative error, the numbers of `trainplan-cli validate` (sim::validatePublishedRuns).
class AccuracyTableModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        LineColumn,
        SourceColumn,
        RunColumn,
        PlanColumn,
        MetricColumn,
        MeasuredColumn,
        PredictedColumn,
        ErrorColumn,
        ColumnCount
    };

    using TableModelBase::TableModelBase;
    void setReport(std::shared_ptr<const sim::ValidationReport> report);
    [[nodiscard]] const sim::ValidationReport* report() const { return m_report.get(); }

    // A metric's name for people and a value in the metric's unit.
    [[nodiscard]] static QString metricLabel(sim::ValidationMetric m);
    // "Llama 3.1 8B on 8 GPUs" in the interface's language; `fallback` (the simulator's English
    // label, or a stored run's own name) when the model is not known.
    [[nodiscard]] static QString runLabel(const std::string& modelName, long long gpus,
                                          const std::string& fallback);
    [[nodiscard]] static QString formatValue(sim::ValidationMetric m, double value);
    [[nodiscard]] static QString formatError(double relativeError); // "+5.8%"

protected:
    [[nodiscard]] int rows() const override;
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::shared_ptr<const sim::ValidationReport> m_report;
};

} // namespace trainplan::ui
