#pragma once

// The fastest fitting plan per framework, found by branch and bound: what sizing asks of every
// candidate cluster. The answer is the one searchPlans gives as FrameworkResult::best (same plans,
// same estimates, same tie-break); only plans whose step-time lower bound could still beat the
// best found so far are evaluated.

#include <trainplan/model/plan.h>
#include <trainplan/simulator/estimate.h>

#include <memory>
#include <optional>
#include <vector>

namespace trainplan::sim {

// Per-shape layer compute times of one GPU, model and training setup, shared across the cluster
// sizes and networks a sizing search tries (the compute of a layer does not depend on dp, pp or
// the links). Rebinds itself (clears) when handed a context that computes differently. Not
// thread-safe: one table per thread.
class ShapeTable;
[[nodiscard]] std::shared_ptr<ShapeTable> makeShapeTable();

struct BestPlans {
    std::vector<std::optional<PlanEstimate>> best; // per framework, in the order given
    // The smallest step-time lower bound over every valid plan, per framework (+∞ when the
    // framework has no valid plan): what no plan of it can beat, fitting or not.
    std::vector<double> lowerBoundSeconds;
    long long layouts = 0;       // layouts enumerated
    long long expandedLayouts = 0; // layouts whose bound could beat the best
    long long memoryChecked = 0; // plans whose memory was evaluated
    long long timed = 0;         // plans evaluated in full
};

// The search for one framework in two steps: the constructor enumerates the layouts and bounds
// each (cheap: layer times come from the table), so a caller can decide from
// lowerBoundSeconds() whether the search is worth running at all; best() runs it.
class BestPlanSearch {
public:
    // `ctx` and `table` must outlive the search; `table` must not be null.
    BestPlanSearch(const PlanContext& ctx, model::Framework framework, ShapeTable& table);
    ~BestPlanSearch();
    BestPlanSearch(const BestPlanSearch&) = delete;
    BestPlanSearch& operator=(const BestPlanSearch&) = delete;

    // No plan of the framework on this cluster is faster (+∞ when it has no valid plan).
    [[nodiscard]] double lowerBoundSeconds() const;
    // The fastest plan that fits (ties by planKeyLess), or none; adds to `counts`.
    [[nodiscard]] std::optional<PlanEstimate> best(BestPlans& counts);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

// `frameworks` as searchedFrameworks returns them. `table` may be null (a private one is used).
[[nodiscard]] BestPlans searchBestPlans(const PlanContext& ctx,
                                        const std::vector<model::Framework>& frameworks,
                                        ShapeTable* table = nullptr);

// A lower bound on the step time of `plan` (≤ evaluatePlan(ctx, plan).time.stepSeconds): its
// pipeline slots of pure compute, (m + (p − 1)/v) × the slowest stage's compute per micro-batch
// (Narayanan et al. 2021 §2.2), with no communication, optimizer or offload time.
[[nodiscard]] double stepLowerBoundSeconds(const PlanContext& ctx, const model::Plan& plan,
                                           ShapeTable* table = nullptr);

} // namespace trainplan::sim
