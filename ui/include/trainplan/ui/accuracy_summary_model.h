#pragma once

#include <trainplan/simulator/validation.h>
#include <trainplan/ui/table_model_base.h>

#include <memory>

namespace trainplan::ui {

// Mean and max |relative error| per source and metric, and a last row over every comparison
// (sim::ValidationReport::summary and meanAbsError).
class AccuracySummaryModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column { SourceColumn, MetricColumn, RowsColumn, MeanColumn, MaxColumn, ColumnCount };

    using TableModelBase::TableModelBase;
    void setReport(std::shared_ptr<const sim::ValidationReport> report);

protected:
    [[nodiscard]] int rows() const override;
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::shared_ptr<const sim::ValidationReport> m_report;
};

} // namespace trainplan::ui
