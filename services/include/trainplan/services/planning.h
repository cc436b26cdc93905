#pragma once

// The planning use case (DESIGN.md §1, docs/planning.md): one immutable planning result per
// scenario, read by every surface (the Compare, Explore and Roadmap tabs, the report, the deck,
// the presentation and the CLI). A Planner caches the expensive parts by the content they depend
// on, so that a surface asking for a scenario another surface already planned gets the same
// search, and a readiness-only edit re-runs the advisor's scoring but not the searches.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/framework_fit.h>
#include <trainplan/simulator/framework_verdict.h>
#include <trainplan/simulator/search.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace trainplan::services {

struct PlanningOptions {
    bool advice = false;     // also run the advisor: break points, reasons and roadmap
    bool breakPoints = true; // with advice: the break-point searches (the slowest part)
    bool planSpace = false;  // also time every plan (the report's plan-space chart, Explore)
    int runnersUp = 5;       // per framework, after its best plan
    // The advisor's thresholds (mfu, dp-comm, switch speed-up, scan limit); its catalog, threads,
    // cancellation and break-point switch are taken from the fields here instead.
    sim::AdvisorOptions advisor;
    const model::Catalog* catalog = nullptr; // the roadmap's stage targets; required for advice
    int threads = 0;                         // 0: all cores
    std::function<bool()> cancelled;         // polled between and inside searches
};

struct PlanningResult {
    model::Scenario scenario; // as planned: the caller applies the calibration profile and prices
    // The plan search on the scenario with its plans cleared: each framework's best plan, five
    // runners-up, its closest plan when nothing fits, and the Pareto front.
    std::shared_ptr<const sim::SearchResult> search;
    // With PlanningOptions::planSpace: the same search with every evaluated plan kept (`all`);
    // its best plans equal `search`'s, which the surfaces read.
    std::shared_ptr<const sim::SearchResult> planSpace;
    std::vector<sim::EstimateResult> pinned;     // scenario.plans, in order
    std::vector<sim::FrameworkFit> fits;         // sim::assessFrameworks on `search`
    sim::Recommendation recommendation;          // sim::recommend on `fits`
    std::vector<sim::FrameworkVerdict> verdicts; // why each other framework is not recommended
    std::shared_ptr<const sim::Advice> advice;   // when PlanningOptions::advice, over `search`
    bool cancelled = false;                      // then nothing above may be read as an answer

    // The plan the surfaces lead with: the recommended framework's best plan when it fits, else
    // the fastest fitting best plan, else nullptr.
    [[nodiscard]] const sim::PlanEstimate* headline() const;
};

// A copy of `s` with what the plan search does not read cleared: its name, readiness profile,
// stages, pinned plans and catalog references. Two scenarios with equal search views have equal
// searches and break points.
[[nodiscard]] model::Scenario searchView(const model::Scenario& s);

// Plans without a cache.
[[nodiscard]] std::shared_ptr<const PlanningResult> planScenario(const model::Scenario& s,
                                                                 const PlanningOptions& options);

// A thread-safe cache of searches and break points keyed by the search view, shared by the
// surfaces of one process. Concurrent requests for the same content wait for the one computing
// it instead of computing it twice; a cancelled computation is not kept.
class Planner {
public:
    explicit Planner(std::size_t capacity = 32);
    ~Planner();
    Planner(const Planner&) = delete;
    Planner& operator=(const Planner&) = delete;

    [[nodiscard]] std::shared_ptr<const PlanningResult> plan(const model::Scenario& s,
                                                             const PlanningOptions& options);

    struct Counts {
        long long searchesRun = 0;
        long long searchesReused = 0;
        long long breakPointsRun = 0;
        long long breakPointsReused = 0;
        long long planSpacesRun = 0;
        long long planSpacesReused = 0;
    };
    [[nodiscard]] Counts counts() const;

    // The search of `s` (its plans cleared) over `frameworks` (empty: sim::searchedFrameworks)
    // with options.runnersUp, from the cache or computed; nullptr when cancelled.
    [[nodiscard]] std::shared_ptr<const sim::SearchResult>
    search(const model::Scenario& s, const std::vector<model::Framework>& frameworks,
           const PlanningOptions& options);

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace trainplan::services
