#pragma once

#include <trainplan/services/run_checks.h>
#include <trainplan/store/records.h>
#include <trainplan/ui/table_model_base.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace trainplan::ui {

// The measured runs of the library (store::Store::runs) as a table: one row per run, each measured
// value beside its prediction for the run's scenario and plan (services::checkRuns) with the error,
// and a check against the prediction's error bar (issue 23 item 3).
class MeasuredRunsModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        ScenarioColumn,
        PlanColumn,
        CheckColumn, // first of the numbers: the verdict stays in view on a narrow window
        StepColumn,
        PredictedStepColumn,
        TokensColumn,
        PredictedTokensColumn,
        MemoryColumn,
        PredictedMemoryColumn,
        DateColumn,
        SourceColumn,
        NotesColumn,
        ColumnCount
    };
    using TableModelBase::TableModelBase;

    // New runs: their checks are pending until setChecks.
    void setRuns(std::vector<store::MeasuredRun> runs);
    [[nodiscard]] const std::vector<store::MeasuredRun>& runs() const { return m_runs; }
    [[nodiscard]] std::int64_t runId(int row) const; // 0 when out of range
    // The runs checked against the model, and why the others could not be (by run id).
    void setChecks(std::vector<services::RunCheck> checks,
                   std::map<std::int64_t, std::string> unchecked);
    [[nodiscard]] const services::RunCheck* check(std::int64_t runId) const;
    [[nodiscard]] bool checksPending() const { return m_pending; }

protected:
    [[nodiscard]] int rows() const override { return static_cast<int>(m_runs.size()); }
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    [[nodiscard]] QVariant predictedCell(const store::MeasuredRun& r, int column, int role) const;
    [[nodiscard]] QVariant checkCell(const store::MeasuredRun& r, int role) const;

    std::vector<store::MeasuredRun> m_runs;
    std::map<std::int64_t, services::RunCheck> m_checks;
    std::map<std::int64_t, std::string> m_unchecked;
    bool m_pending = false;
};

// The interface text of a likely cause of a large miss ("exposed data-parallel communication").
[[nodiscard]] QString likelyCauseText(services::LikelyCause cause);
// "validated", "partly validated", "extrapolated".
[[nodiscard]] QString evidenceText(sim::EvidenceLevel level);

// "framework=megatron tp=8 pp=8 dp=16 micro_batch=1" for a stored plan object ("—" when unset).
[[nodiscard]] QString planSummary(const std::optional<nlohmann::json>& plan);

} // namespace trainplan::ui
