#include <trainplan/ui/roadmap_edits.h>

#include <algorithm>

namespace trainplan::ui {

using model::DebugSkill;
using model::ReadinessItem;
using model::TeamExperience;

namespace {

void setExperience(model::TeamProfile& team, TeamExperience level, bool inPlace) {
    if (inPlace) {
        team.experience = std::max(team.experience, level);
    } else if (team.experience >= level) {
        team.experience = static_cast<TeamExperience>(static_cast<int>(level) - 1);
    }
}

void setDebug(model::TeamProfile& team, DebugSkill level, bool inPlace) {
    if (inPlace) {
        team.debugDistributed = std::max(team.debugDistributed, level);
    } else if (team.debugDistributed >= level) {
        team.debugDistributed = static_cast<DebugSkill>(static_cast<int>(level) - 1);
    }
}

} // namespace

model::Scenario withReadinessItem(model::Scenario s, ReadinessItem item, bool inPlace) {
    auto& team = s.team;
    auto& platform = s.platform;
    switch (item) {
    case ReadinessItem::ExperienceDdp:
        setExperience(team, TeamExperience::Ddp, inPlace);
        break;
    case ReadinessItem::ExperienceZeroFsdp:
        setExperience(team, TeamExperience::ZeroFsdp, inPlace);
        break;
    case ReadinessItem::ExperienceThreeD:
        setExperience(team, TeamExperience::ThreeD, inPlace);
        break;
    case ReadinessItem::DebugHangs:
        setDebug(team, DebugSkill::Hangs, inPlace);
        break;
    case ReadinessItem::DebugPerformance:
        setDebug(team, DebugSkill::Performance, inPlace);
        break;
    case ReadinessItem::MaintainVersions:
        team.maintainVersions = inPlace;
        break;
    case ReadinessItem::GangScheduling:
        platform.gangScheduling = inPlace;
        break;
    case ReadinessItem::Rdma:
        if (!inPlace)
            platform.rdma = model::RdmaKind::None;
        else if (model::effectiveRdma(platform, s.cluster) == model::RdmaKind::None)
            platform.rdma = s.cluster.interNode.kind == model::LinkKind::RoCE
                                ? model::RdmaKind::RoCE
                                : model::RdmaKind::InfiniBand;
        break;
    case ReadinessItem::TopologyAwarePlacement:
        platform.topologyAwarePlacement = inPlace;
        break;
    case ReadinessItem::SharedCheckpointStorage:
        platform.sharedCheckpointStorage = inPlace;
        break;
    case ReadinessItem::FailureRecovery:
        platform.failureRecovery = inPlace;
        break;
    case ReadinessItem::Monitoring:
        platform.monitoring = inPlace;
        break;
    case ReadinessItem::StandardImages:
        platform.standardImages = inPlace;
        break;
    case ReadinessItem::CostAttribution:
        platform.costAttribution = inPlace;
        break;
    }
    return s;
}

std::vector<model::MigrationStage> editableStages(const model::Scenario& s,
                                                  const std::vector<sim::RoadmapStage>& shown) {
    if (!s.stages.empty()) return s.stages;
    std::vector<model::MigrationStage> stages;
    stages.reserve(shown.size());
    for (const auto& r : shown) {
        model::MigrationStage stage = r.stage;
        for (auto& p : stage.prerequisites)
            if (p.item) p.done = false;
        stages.push_back(std::move(stage));
    }
    return stages;
}

model::Scenario withStageEdit(const model::Scenario& s, const std::vector<sim::RoadmapStage>& shown,
                              int index, const std::function<void(model::MigrationStage&)>& change,
                              bool* ok) {
    std::vector<model::MigrationStage> stages = editableStages(s, shown);
    const bool valid = index >= 0 && index < static_cast<int>(stages.size());
    if (ok) *ok = valid;
    if (!valid) return s;
    model::Scenario next = s;
    change(stages[static_cast<std::size_t>(index)]);
    next.stages = std::move(stages);
    return next;
}

model::Scenario withPrerequisiteDone(const model::Scenario& s,
                                     const std::vector<sim::RoadmapStage>& shown, int stage,
                                     int prerequisite, bool done) {
    const std::vector<model::MigrationStage> stages = editableStages(s, shown);
    if (stage < 0 || stage >= static_cast<int>(stages.size())) return s;
    const auto& prereqs = stages[static_cast<std::size_t>(stage)].prerequisites;
    if (prerequisite < 0 || prerequisite >= static_cast<int>(prereqs.size())) return s;
    const model::StagePrerequisite& p = prereqs[static_cast<std::size_t>(prerequisite)];
    if (p.item) {
        model::Scenario next = withReadinessItem(s, *p.item, done);
        if (!done && !s.stages.empty() && p.done)
            next.stages[static_cast<std::size_t>(stage)]
                .prerequisites[static_cast<std::size_t>(prerequisite)]
                .done = false;
        return next;
    }
    return withStageEdit(s, shown, stage, [&](model::MigrationStage& m) {
        m.prerequisites[static_cast<std::size_t>(prerequisite)].done = done;
    });
}

double defaultTriggerValue(model::TriggerKind kind, const model::Scenario& s,
                           const sim::RoadmapStage* shown, double mfuThreshold) {
    switch (kind) {
    case model::TriggerKind::MfuBelow:
        return mfuThreshold;
    case model::TriggerKind::CostAbove:
        if (shown && shown->previous) return shown->previous->cost.usd;
        if (shown && shown->estimate) return shown->estimate->cost.usd;
        return 1e6;
    case model::TriggerKind::GpusAbove:
        return static_cast<double>(s.cluster.gpuCount());
    case model::TriggerKind::Oom:
    case model::TriggerKind::Manual:
        return 0;
    }
    return 0;
}

} // namespace trainplan::ui
