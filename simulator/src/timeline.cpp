#include <trainplan/simulator/timeline.h>

#include <algorithm>
#include <set>

namespace trainplan::sim {

namespace {

constexpr double kSecondsPerWeek = 7.0 * 24.0 * 3600.0;

// Another run than `last`: a different framework, layout or target.
bool differs(const RoadmapStage& s, const RoadmapStage& last) {
    return s.framework != last.framework || s.estimate->plan.label() != last.estimate->plan.label() ||
           s.targetModelName != last.targetModelName || s.targetGpus != last.targetGpus;
}

} // namespace

RoadmapTimeline roadmapTimeline(const std::vector<RoadmapStage>& stages) {
    RoadmapTimeline out;
    std::set<model::ReadinessItem> scheduled; // items some earlier stage already works on
    double workEnd = 0;                       // when the scheduled prerequisite work ends
    double runEnd = 0;                        // when the last run ends
    const RoadmapStage* lastRun = nullptr;
    for (std::size_t k = 0; k < stages.size(); ++k) {
        const RoadmapStage& s = stages[k];
        TimelineStage t;
        t.stage = k;
        t.scheduled = s.triggerStatus != TriggerStatus::NotMet;
        if (!t.scheduled) {
            out.stages.push_back(t);
            continue;
        }
        t.prerequisiteStartWeeks = workEnd;
        for (const ReadinessGap& g : s.missing) {
            if (scheduled.insert(g.item).second) {
                t.prerequisiteWeeks += g.effort.weeks;
                ++t.newItems;
            } else {
                ++t.sharedItems;
            }
        }
        workEnd += t.prerequisiteWeeks;
        const bool fits = s.estimate && s.estimate->memory.fits && s.goodput;
        t.runs = fits && (!lastRun || differs(s, *lastRun));
        if (t.runs) {
            t.runStartWeeks = std::max(workEnd, runEnd);
            t.runWeeks = s.goodput->expectedSeconds / kSecondsPerWeek;
            t.priced = s.estimate->cost.priced;
            t.runUsd = t.priced ? s.goodput->usd : 0.0;
            runEnd = t.runStartWeeks + t.runWeeks;
            lastRun = &s;
            ++out.runs;
            out.totalUsd += t.runUsd;
            out.allPriced = out.allPriced && t.priced;
        }
        out.totalWeeks = std::max({out.totalWeeks, workEnd, runEnd});
        out.stages.push_back(t);
    }
    out.prerequisiteWeeks = workEnd;
    return out;
}

} // namespace trainplan::sim
