#pragma once

// The migration roadmap on a calendar (issue 21): for each stage, the weeks of prerequisite work
// still to do, then the stage's training run on its target with its expected duration and cost.
// Rules (docs/advisor.md, "Migration timeline"):
// - One platform effort works through the stages in order: a stage's prerequisite work starts when
//   the previous stage's ends. An item already scheduled by an earlier stage is not counted again.
// - A stage whose trigger has not fired (TriggerStatus::NotMet) is conditional: it is listed, not
//   scheduled, and adds nothing to the totals.
// - A stage runs (trains its target) when it has a fitting plan that differs from the last run's
//   (another framework, layout or target); a stage that keeps the same plan (standardize, validate)
//   is platform work only. A run starts when its prerequisites are done and the previous run has
//   ended (the cluster trains one job at a time) and lasts the expected wall time with
//   checkpoints, failures and restarts (RoadmapStage::goodput).

#include <trainplan/simulator/roadmap.h>

#include <cstddef>
#include <vector>

namespace trainplan::sim {

struct TimelineStage {
    std::size_t stage = 0; // index into the roadmap's stages
    bool scheduled = false; // false: conditional (its trigger has not fired)
    double prerequisiteStartWeeks = 0;
    double prerequisiteWeeks = 0; // the stage's missing items not scheduled by an earlier stage
    int newItems = 0;             // those items
    int sharedItems = 0;          // missing items an earlier stage already schedules
    bool runs = false;            // trains its target (see above)
    double runStartWeeks = 0;
    double runWeeks = 0; // expected wall time of the run, in weeks
    double runUsd = 0;   // its expected cost (0 unless `priced`)
    bool priced = false;
    [[nodiscard]] double endWeeks() const {
        return runs ? runStartWeeks + runWeeks : prerequisiteStartWeeks + prerequisiteWeeks;
    }
};

struct RoadmapTimeline {
    std::vector<TimelineStage> stages; // one per roadmap stage, in order
    double totalWeeks = 0;             // when the last scheduled work or run ends
    double prerequisiteWeeks = 0;      // all scheduled prerequisite work, counted once
    double totalUsd = 0;               // the scheduled runs' expected cost (priced ones)
    int runs = 0;
    bool allPriced = true; // every scheduled run has a price
};

[[nodiscard]] RoadmapTimeline roadmapTimeline(const std::vector<RoadmapStage>& stages);

} // namespace trainplan::sim
