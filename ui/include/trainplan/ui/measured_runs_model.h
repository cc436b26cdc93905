#pragma once

#include <trainplan/store/records.h>
#include <trainplan/ui/table_model_base.h>

#include <cstdint>
#include <vector>

namespace trainplan::ui {

// The measured runs of the library (store::Store::runs) as a table: one row per run.
class MeasuredRunsModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        ScenarioColumn,
        PlanColumn,
        StepColumn,
        TokensColumn,
        MemoryColumn,
        DateColumn,
        SourceColumn,
        NotesColumn,
        ColumnCount
    };
    using TableModelBase::TableModelBase;

    void setRuns(std::vector<store::MeasuredRun> runs);
    [[nodiscard]] const std::vector<store::MeasuredRun>& runs() const { return m_runs; }
    [[nodiscard]] std::int64_t runId(int row) const; // 0 when out of range

protected:
    [[nodiscard]] int rows() const override { return static_cast<int>(m_runs.size()); }
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::vector<store::MeasuredRun> m_runs;
};

// "framework=megatron tp=8 pp=8 dp=16 micro_batch=1" for a stored plan object ("—" when unset).
[[nodiscard]] QString planSummary(const std::optional<nlohmann::json>& plan);

} // namespace trainplan::ui
