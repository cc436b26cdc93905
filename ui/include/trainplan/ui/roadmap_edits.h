#pragma once

#include <trainplan/model/readiness.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/roadmap.h>

#include <functional>
#include <vector>

namespace trainplan::ui {

// Scenario edits made from the Roadmap tab and the Readiness section. Pure functions over values;
// the caller records the result with ScenarioDocument::edit (one undo step each).

// The scenario with its team/platform profile changed so that `item` is (inPlace) or is not in
// place (model::isInPlace). Levels move as little as needed: marking "experience tuning ZeRO or
// FSDP" done raises a single-node team to zero_fsdp and leaves a 3D team alone; clearing it lowers
// the team to ddp. RDMA in place follows the cluster's fabric kind (RoCE or InfiniBand).
[[nodiscard]] model::Scenario withReadinessItem(model::Scenario s, model::ReadinessItem item,
                                                bool inPlace);

// The stages to edit: the scenario's own, or, when it has none, the advisor's default stages as
// shown (`shown[i].stage`) with the done flags of readiness-item prerequisites cleared (those
// follow the profile, so clearing an item in the profile unticks it again).
[[nodiscard]] std::vector<model::MigrationStage>
editableStages(const model::Scenario& s, const std::vector<sim::RoadmapStage>& shown);

// The scenario with stage `index` of editableStages() changed by `change`; unchanged (and false
// returned through `ok`) when the index is out of range.
[[nodiscard]] model::Scenario
withStageEdit(const model::Scenario& s, const std::vector<sim::RoadmapStage>& shown, int index,
              const std::function<void(model::MigrationStage&)>& change, bool* ok = nullptr);

// Ticks or unticks prerequisite `prerequisite` of stage `stage`: a readiness item goes to the
// profile (withReadinessItem; unticking also clears a done flag stored on the stage), free text
// to the stage's own done flag.
[[nodiscard]] model::Scenario withPrerequisiteDone(const model::Scenario& s,
                                                   const std::vector<sim::RoadmapStage>& shown,
                                                   int stage, int prerequisite, bool done);

// A sensible threshold when the trigger kind changes: the advisor's MFU threshold, the stage's
// current cost, one node more than the scenario's GPUs; 0 for oom and manual.
[[nodiscard]] double defaultTriggerValue(model::TriggerKind kind, const model::Scenario& s,
                                         const sim::RoadmapStage* shown, double mfuThreshold);

} // namespace trainplan::ui
