#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/estimate.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::sim {

struct SearchOptions {
    std::vector<model::Framework> frameworks; // empty = the scenario's constraints (or all four)
    int runnersUp = 5;                        // plans kept after the best, per framework
    bool keepAll = false; // keep a summary of every evaluated plan (plan-space scatter); this
                          // also times the plans that do not fit, so it is slower
    int threads = 0;      // 0 = all cores; results are identical for any thread count
    std::function<void(double fraction)> progress; // called from worker threads (serialized), 0..1
    std::function<bool()> cancelled;               // polled; true stops the search early
    // Answer only whether some plan fits: stop at the first one (SearchResult::anyFits); no plan
    // is timed or kept. Break points' model-size bisection asks just that of most rungs.
    bool firstFitOnly = false;
    // Answer only each framework's best plan (exactly FrameworkResult::best of the full search,
    // found by the branch and bound of search_best.h), and where nothing fits its closest plan,
    // miss and reasons (from the full search of that framework alone). No runners-up, no Pareto
    // front, fittingPlans stays 0; evaluatedPlans counts the memory checks made. The roadmap asks
    // just that of its stages' targets.
    bool bestOnly = false;
};

// A compact view of one evaluated plan (for scatter plots and the Pareto front).
struct PlanSummary {
    model::Plan plan;
    double stepSeconds = 0;
    double peakBytes = 0;
    double usd = 0;
    double mfu = 0;
    bool fits = false;
};

struct FrameworkResult {
    model::Framework framework = model::Framework::Ddp;
    std::optional<PlanEstimate> best;    // fastest plan that fits
    std::vector<PlanEstimate> runnersUp; // next fastest that fit, best first
    std::optional<PlanEstimate>
        closest;          // when nothing fits: the plan with the smallest peak memory
    double missBytes = 0; // how far `closest` is over the usable memory
    // Why nothing (or nothing that fits) was found, as messages (sim::render in either language).
    std::vector<Message> exclusionReasons;
    long long evaluatedPlans = 0;              // valid plans enumerated (memory evaluated for each)
    long long fittingPlans = 0;
    long long timedPlans = 0; // plans whose step time was evaluated
    // When no valid plan exists: the simplest plan the constraints allow and why validatePlan
    // rejects it.
    std::optional<model::Plan> rejectedPlan;
    model::ValidationIssues rejectedIssues;
};

struct SearchResult {
    std::vector<FrameworkResult> frameworks; // in the order searched
    std::vector<PlanSummary>
        pareto; // non-dominated over step time × peak memory × cost, fastest first
    std::vector<PlanSummary> all; // every evaluated plan when keepAll, in planKeyLess order
    long long evaluatedPlans = 0;
    long long timedPlans = 0;
    double usableBytes = 0; // per-GPU memory a plan may use (capacity minus headroom)
    long long gpus = 0;     // the GPU count every plan uses
    bool anyFits = false;   // some plan of some searched framework fits
    bool cancelled = false;
};

// Enumerates every valid plan per framework on the scenario's cluster (respecting its constraints)
// and keeps the best by step time among those that fit.
[[nodiscard]] SearchResult searchPlans(const model::Scenario& scenario,
                                       const SearchOptions& options = {});
// The same over a prepared context (e.g. with a calibrated Efficiency); ctx.scenario must be set.
[[nodiscard]] SearchResult searchPlans(const PlanContext& ctx, const SearchOptions& options = {});

// The frameworks a search covers: options.frameworks, else constraints.frameworks, else all four
// (duplicates removed, order kept).
[[nodiscard]] std::vector<model::Framework> searchedFrameworks(const model::Scenario& scenario,
                                                               const SearchOptions& options = {});

// Every plan of `framework` the search considers, in planKeyLess order: exactly the plans
// model::validatePlan accepts under the scenario's constraints, minus knob settings that describe
// the same run as a listed plan (tp_comm_overlap with tp = 1, FSDP offload_params — FSDP's CPU
// offload always moves parameters — and hybrid sharding whose data-parallel group fits in one node)
// and minus dp_overlap = false (plans keep the overlapping schedule, which is never slower or
// larger).
[[nodiscard]] std::vector<model::Plan> enumeratePlans(const model::Scenario& scenario,
                                                      model::Framework framework);

// The stable total order on plans the search breaks ties with (framework, tp, pp, cp, dp, ep, vpp,
// micro-batch, ZeRO stage, hybrid, offload, parameter offload, recompute, SP, TP overlap, DP
// overlap on before off).
[[nodiscard]] bool planKeyLess(const model::Plan& a, const model::Plan& b);
// Search order: faster first, ties by planKeyLess.
[[nodiscard]] bool fasterThan(const PlanEstimate& a, const PlanEstimate& b);

// The non-dominated subset over (step time, peak memory, cost), fastest first; exact ties keep the
// plan that sorts first by planKeyLess. Only plans with fits = true are considered.
[[nodiscard]] std::vector<PlanSummary> paretoFront(std::vector<PlanSummary> plans);
// Indices of the fitting plans that no other fitting plan beats on both step time and peak memory,
// fastest first: the 2-D front the GUI's plan-space scatter and the report's chart draw.
[[nodiscard]] std::vector<std::size_t> paretoFront2d(const std::vector<PlanSummary>& plans);

[[nodiscard]] PlanSummary summarize(const PlanEstimate& e);

} // namespace trainplan::sim
