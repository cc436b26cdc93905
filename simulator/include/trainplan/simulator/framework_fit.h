#pragma once

// Quantitative fit of each framework on a scenario (from the plan search) next to its readiness
// fit, and the default recommendation drawn from both. Rules: docs/advisor.md.

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/readiness_fit.h>
#include <trainplan/simulator/search.h>

#include <optional>
#include <string_view>
#include <vector>

namespace trainplan::sim {

struct FrameworkFit {
    model::Framework framework = model::Framework::Ddp;
    bool searched = false;            // false: excluded by constraints.frameworks
    std::optional<PlanEstimate> best; // fastest plan that fits
    std::optional<PlanEstimate>
        closest;          // when nothing fits: the plan with the smallest peak memory
    double missBytes = 0; // how far `closest` is over the usable memory
    long long evaluatedPlans = 0;
    ReadinessFit readiness;

    [[nodiscard]] bool fits() const { return best.has_value(); }
};

// One entry per framework in kAllFrameworks order.
[[nodiscard]] std::vector<FrameworkFit> assessFrameworks(const model::Scenario& s,
                                                         const SearchResult& search);
[[nodiscard]] const FrameworkFit* findFit(const std::vector<FrameworkFit>& fits,
                                          model::Framework f);

enum class RecommendationStatus { Ready, NeedsPrerequisites, DoesNotFit };
[[nodiscard]] std::string_view toString(RecommendationStatus s);

struct Recommendation {
    RecommendationStatus status = RecommendationStatus::DoesNotFit;
    model::Framework framework = model::Framework::Ddp;
    std::optional<PlanEstimate> plan; // its best plan (the closest one when nothing fits)
    std::optional<model::Framework>
        fastest; // the fastest fitting framework, when it is another one
    std::optional<model::Framework>
        fastestReady; // the fastest fitting and ready one, when another one
};

// Ready: among frameworks that fit and whose Required prerequisites are in place, the simplest one
// whose step time is within `switchSpeedup` of the fastest of them. NeedsPrerequisites: nothing
// fitting is ready; the fitting one with the least missing Required effort (then the simpler, then
// the faster). DoesNotFit: nothing fits; the framework whose closest plan misses by the least
// memory.
[[nodiscard]] Recommendation recommend(const std::vector<FrameworkFit>& fits, double switchSpeedup);

} // namespace trainplan::sim
