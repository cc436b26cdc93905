#pragma once

#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/table_model_base.h>

#include <vector>

namespace trainplan::ui {

// The Compare table: one row per framework (best plan) and per pinned plan.
class CompareTableModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        FrameworkColumn,
        PlanColumn,
        FitsColumn,
        MemoryColumn,
        StepColumn,
        MfuColumn,
        TokensColumn,
        TimeToTrainColumn,
        CostColumn,
        GoodputColumn,
        CostWithFailuresColumn,
        ErrorBarColumn,
        ColumnCount
    };

    using TableModelBase::TableModelBase;

    void setRows(std::vector<CompareRow> rows);
    void clear();
    [[nodiscard]] const std::vector<CompareRow>& rowsData() const { return m_rows; }
    [[nodiscard]] const CompareRow* rowAt(int row) const;

protected:
    [[nodiscard]] int rows() const override { return static_cast<int>(m_rows.size()); }
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::vector<CompareRow> m_rows;
};

} // namespace trainplan::ui
