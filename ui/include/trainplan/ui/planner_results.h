#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/uncertainty.h>
#include <trainplan/ui/explore_compute.h>

#include <QString>

#include <vector>

namespace trainplan::ui {

// Results the controller hands to the views: plain values, computed off the GUI thread.

struct CompareOutcome {
    model::Scenario scenario;                // what was evaluated
    // The planning result the other surfaces of the scenario read too (services/planning.h);
    // `search` and `pinned` are its values.
    std::shared_ptr<const services::PlanningResult> planning;
    sim::SearchResult search;                // best plan per framework + runners-up
    std::vector<sim::EstimateResult> pinned; // the scenario's fixed (pinned) plans
    double computeSeconds = 0;
    QString profileNote; // the calibration profile applied, or why it was not (empty: none named)
    sim::ResidualTable residuals; // of the public reference runs, for the error bars
    QString error;
};

// The Compare outcome of a planning result: its scenario, search and pinned estimates (empty and
// cancelled when the planning was).
[[nodiscard]] CompareOutcome
compareOutcome(std::shared_ptr<const services::PlanningResult> planning);

struct ExploreOutcome {
    model::Scenario scenario;        // the what-if scenario
    sim::SearchResult search;        // with every evaluated plan (for the plan-space scatter)
    std::vector<std::size_t> pareto; // indices into search.all
    double computeSeconds = 0;
    QString error;
};

struct SweepOutcome {
    Sweep scaling;   // GPUs vs best plan
    Sweep crossover; // model size vs best plan
    double computeSeconds = 0;
    bool cancelled = false;
    QString error;
};

} // namespace trainplan::ui
