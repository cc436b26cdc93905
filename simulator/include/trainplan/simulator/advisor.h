#pragma once

// The framework advisor: quantitative fit of each framework (plan search), readiness fit (missing
// prerequisites and their effort), a recommendation with its reasons as structured sentences, the
// break points and the migration roadmap. Pure: no I/O, no globals, no Qt; safe to run on a worker
// thread. Rules, definitions and defaults: docs/advisor.md.

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/break_points.h>
#include <trainplan/simulator/framework_fit.h>
#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/simulator/roadmap.h>

#include <functional>
#include <vector>

namespace trainplan::sim {

struct AdvisorOptions {
    double mfuThreshold = 0.35;   // GPU-count break point and the default Megatron-LM trigger
    double dpCommThreshold = 0.5; // bandwidth break point: DP collective time / step time
    // A more complex ready framework becomes the default only when the simplest ready one is at
    // least this much slower (step-time ratio).
    double switchSpeedup = 1.15;
    bool breakPoints =
        true; // false: skip the break-point searches (fast; roadmap falls back to MFU triggers)
    long long maxScanGpus = 0; // GPU-count scan limit; 0: four times the cluster
    const model::Catalog* catalog =
        nullptr;                     // resolves stage target models and baseline suggestions
    int threads = 0;                 // searchPlans threads; 0 = all cores
    std::function<bool()> cancelled; // polled between searches
    // Runs the roadmap's searches of stage targets (RoadmapInputs::search); empty: searchPlans.
    std::function<SearchResult(const model::Scenario&, const SearchOptions&)> search;
};

struct Advice {
    std::vector<FrameworkFit> frameworks; // all four, kAllFrameworks order
    Recommendation recommendation;
    std::vector<Message> reasons; // the recommendation first, then alternatives, then break points
    BreakPoints breakPoints;
    std::vector<RoadmapStage> stages; // the scenario's stages, or the default roadmap
    bool defaultRoadmap = true;
    AdvisorOptions options; // as used (catalog and callbacks cleared)
    bool cancelled = false;
};

// The reasons behind a recommendation, as sentences whose numbers all come from `fits` and
// `breakPoints` (see docs/advisor.md for which sentence appears when).
[[nodiscard]] std::vector<Message>
explain(const model::Scenario& s, const std::vector<FrameworkFit>& fits, const Recommendation& rec,
        const BreakPoints& breakPoints, double switchSpeedup = 1.15);

// Search, break points, recommendation, reasons and roadmap in one call.
[[nodiscard]] Advice advise(const model::Scenario& s, const AdvisorOptions& options = {});

// The same advice over a search already run on `s` (its plans cleared; pruned or keepAll, any
// runnersUp: only each framework's best and closest plans are read), so that the surfaces of one
// scenario share one search. `knownBreakPoints`: those of an earlier advice whose scenario
// differed from `s` only in its readiness profile and stages, which the break points do not read;
// nullptr computes them when options.breakPoints.
[[nodiscard]] Advice adviseOn(const model::Scenario& s, const SearchResult& search,
                              const AdvisorOptions& options,
                              const BreakPoints* knownBreakPoints = nullptr);

} // namespace trainplan::sim
