#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/services/planning.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/ui/explore_compute.h>
#include <trainplan/ui/latest_job.h>

#include <QString>

#include <memory>

namespace trainplan::ui {

// What the Roadmap tab shows: the advisor's answer for one scenario and the best-MFU curve of each
// framework along the break points' model family. Computed on a worker thread.
struct AdviceOutcome {
    std::shared_ptr<const sim::Advice> advice;
    // Best plan per framework on rungs of sim::modelLadder(scenario.model) spanning the model-size
    // break points (x = parameters); the same family the break points bisect.
    Sweep modelCurve;
    double parameters = 0; // the scenario's model
    double seconds = 0;    // wall time of the computation
    QString error;
};

// Rungs of `ladder` for the curve: about `count` spread evenly in log(parameters) over
// [lowParameters, highParameters], always including the base rung.
[[nodiscard]] std::vector<int> curveRungs(const sim::ModelLadder& ladder, double lowParameters,
                                          double highParameters, int count);

// The planning result's advice on `s` (with break points, through `planner`, which keeps them
// while only the readiness profile changes), followed by the model-size curve of `curvePoints`
// rungs (0: none; the Roadmap computes it in a second job). Polls `control`.
[[nodiscard]] AdviceOutcome computeAdvice(const model::Scenario& s, const model::Catalog& catalog,
                                          services::Planner& planner, const JobControl& control,
                                          int curvePoints = 14);

// What the model-size curve reads: the scenario as the search sees it (services::searchView) and
// the span of the advice's model-size break points. A readiness tick leaves it unchanged, so the
// Roadmap keeps the curve it has (or is computing) instead of starting it again.
struct CurveRequest {
    model::Scenario scenario;
    double lowParameters = 0;
    double highParameters = 0;
    int points = 14;
    bool operator==(const CurveRequest&) const = default;
};
[[nodiscard]] CurveRequest curveRequest(const model::Scenario& s, const sim::Advice& advice,
                                        int curvePoints = 14);

// Best plan per framework on about `request.points` rungs of sim::modelLadder spanning the
// request's parameters, searched through `planner`. Progress runs from `progressFrom` to 1.
[[nodiscard]] Sweep computeModelCurve(const CurveRequest& request, services::Planner& planner,
                                      const JobControl& control, double progressFrom = 0);

} // namespace trainplan::ui
