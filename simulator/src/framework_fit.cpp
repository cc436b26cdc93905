#include <trainplan/simulator/framework_fit.h>

#include <algorithm>
#include <tuple>

namespace trainplan::sim {

using model::Framework;

namespace {

double stepOf(const FrameworkFit& f) {
    return f.best ? f.best->time.stepSeconds : 0.0;
}

// Faster first; equal step times go to the simpler framework.
bool fasterFit(const FrameworkFit* a, const FrameworkFit* b) {
    return std::make_tuple(stepOf(*a), complexityRank(a->framework)) <
           std::make_tuple(stepOf(*b), complexityRank(b->framework));
}

} // namespace

std::string_view toString(RecommendationStatus s) {
    switch (s) {
    case RecommendationStatus::Ready:
        return "ready";
    case RecommendationStatus::NeedsPrerequisites:
        return "needs_prerequisites";
    case RecommendationStatus::DoesNotFit:
        return "does_not_fit";
    }
    return "ready";
}

std::vector<FrameworkFit> assessFrameworks(const model::Scenario& s, const SearchResult& search) {
    std::vector<FrameworkFit> out;
    for (Framework f : model::kAllFrameworks) {
        FrameworkFit fit;
        fit.framework = f;
        for (const FrameworkResult& r : search.frameworks) {
            if (r.framework != f) continue;
            fit.searched = true;
            fit.best = r.best;
            if (!r.best) fit.closest = r.closest;
            fit.missBytes = r.best ? 0.0 : r.missBytes;
            fit.evaluatedPlans = r.evaluatedPlans;
        }
        fit.readiness = readinessFit(f, s.team, s.platform, s.cluster);
        out.push_back(std::move(fit));
    }
    return out;
}

const FrameworkFit* findFit(const std::vector<FrameworkFit>& fits, Framework f) {
    for (const FrameworkFit& fit : fits)
        if (fit.framework == f) return &fit;
    return nullptr;
}

Recommendation recommend(const std::vector<FrameworkFit>& fits, double switchSpeedup) {
    Recommendation rec;
    std::vector<const FrameworkFit*> fitting, ready;
    for (const FrameworkFit& f : fits) {
        if (!f.fits()) continue;
        fitting.push_back(&f);
        if (f.readiness.ready) ready.push_back(&f);
    }
    if (fitting.empty()) {
        rec.status = RecommendationStatus::DoesNotFit;
        const FrameworkFit* closest = nullptr;
        for (const FrameworkFit& f : fits)
            if (f.closest && (!closest || f.missBytes < closest->missBytes)) closest = &f;
        if (closest) {
            rec.framework = closest->framework;
            rec.plan = closest->closest;
        } else {
            for (const FrameworkFit& f : fits)
                if (f.searched) {
                    rec.framework = f.framework;
                    break;
                }
        }
        return rec;
    }
    const FrameworkFit* fastest = *std::min_element(fitting.begin(), fitting.end(), fasterFit);
    const FrameworkFit* choice = nullptr;
    const FrameworkFit* fastestReady = nullptr;
    if (!ready.empty()) {
        rec.status = RecommendationStatus::Ready;
        fastestReady = *std::min_element(ready.begin(), ready.end(), fasterFit);
        std::sort(ready.begin(), ready.end(), [](const FrameworkFit* a, const FrameworkFit* b) {
            return complexityRank(a->framework) < complexityRank(b->framework);
        });
        for (const FrameworkFit* f : ready)
            if (stepOf(*f) <= stepOf(*fastestReady) * switchSpeedup) {
                choice = f;
                break;
            }
    } else {
        rec.status = RecommendationStatus::NeedsPrerequisites;
        choice = *std::min_element(
            fitting.begin(), fitting.end(), [](const FrameworkFit* a, const FrameworkFit* b) {
                return std::make_tuple(a->readiness.requiredWeeks, complexityRank(a->framework),
                                       stepOf(*a)) < std::make_tuple(b->readiness.requiredWeeks,
                                                                     complexityRank(b->framework),
                                                                     stepOf(*b));
            });
    }
    rec.framework = choice->framework;
    rec.plan = choice->best;
    if (fastest != choice) rec.fastest = fastest->framework;
    if (fastestReady && fastestReady != choice) rec.fastestReady = fastestReady->framework;
    return rec;
}

} // namespace trainplan::sim
