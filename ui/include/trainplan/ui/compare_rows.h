#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/ui/planner_results.h>

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace trainplan::ui {

// One row of the comparison: a framework's best plan, its closest plan when nothing fits, the
// reason it has no plan at all, or a pinned plan.
struct CompareRow {
    enum class Kind { Best, NoFit, Excluded, Pinned, InvalidPinned };
    Kind kind = Kind::Best;
    model::Framework framework = model::Framework::Ddp;
    int pinnedIndex = -1; // index into scenario.plans for pinned rows
    model::Plan plan;     // the plan shown (also for invalid pinned plans)
    std::optional<sim::PlanEstimate> estimate;
    std::optional<sim::GoodputEstimate>
        goodput;                              // checkpoints and failures (with the scenario only)
    std::vector<sim::PlanEstimate> runnersUp; // Best rows only
    QStringList notes;                        // exclusion reasons, validation errors, miss
    std::optional<sim::Uncertainty> uncertainty; // error bar (rows with numbers, residuals known)
    long long evaluatedPlans = 0;
    long long fittingPlans = 0;
    bool recommended = false; // the advisor's recommended framework (its best or closest plan)
    QString verdict;          // framework rows: why this is not the recommendation (rendered)

    [[nodiscard]] bool fits() const {
        return kind == Kind::Best || (kind == Kind::Pinned && estimate && estimate->memory.fits);
    }
    [[nodiscard]] QString label() const;      // "Megatron", "Pinned 2 · FSDP"
    [[nodiscard]] QString shortLabel() const; // for chart categories
};

// Framework rows of a search, then the pinned plans of a compare outcome. The framework rows carry
// the advisor's verdict on the outcome's search (sim::recommend and sim::frameworkVerdicts with
// the scenario's team and platform and the advisor's default switch threshold: the same answer
// as the Roadmap tab's; cheap, no estimate is repeated).
[[nodiscard]] std::vector<CompareRow> compareRows(const sim::SearchResult& search);
[[nodiscard]] std::vector<CompareRow> compareRows(const CompareOutcome& outcome);

} // namespace trainplan::ui
