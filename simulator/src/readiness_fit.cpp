#include <trainplan/simulator/readiness_fit.h>

#include <algorithm>

namespace trainplan::sim {

using model::Framework;
using model::ReadinessItem;

namespace {

// Levels: asking for an item asks for the lower levels of the same scale too.
std::vector<ReadinessItem> withLowerLevels(ReadinessItem item) {
    switch (item) {
    case ReadinessItem::ExperienceZeroFsdp:
        return {ReadinessItem::ExperienceDdp, item};
    case ReadinessItem::ExperienceThreeD:
        return {ReadinessItem::ExperienceDdp, ReadinessItem::ExperienceZeroFsdp, item};
    case ReadinessItem::DebugPerformance:
        return {ReadinessItem::DebugHangs, item};
    default:
        return {item};
    }
}

} // namespace

std::string_view toString(Need n) {
    return n == Need::Required ? "required" : "recommended";
}

ItemEffort itemEffort(ReadinessItem item) {
    // Planning defaults (weeks of one team's focused work, from nothing); see docs/advisor.md.
    switch (item) {
    case ReadinessItem::ExperienceDdp:
        return {2, Difficulty::Low};
    case ReadinessItem::ExperienceZeroFsdp:
        return {4, Difficulty::Medium};
    case ReadinessItem::ExperienceThreeD:
        return {10, Difficulty::High};
    case ReadinessItem::DebugHangs:
        return {4, Difficulty::Medium};
    case ReadinessItem::DebugPerformance:
        return {8, Difficulty::High};
    case ReadinessItem::MaintainVersions:
        return {3, Difficulty::Medium};
    case ReadinessItem::GangScheduling:
        return {4, Difficulty::Medium};
    case ReadinessItem::Rdma:
        return {12, Difficulty::High};
    case ReadinessItem::TopologyAwarePlacement:
        return {3, Difficulty::Medium};
    case ReadinessItem::SharedCheckpointStorage:
        return {6, Difficulty::Medium};
    case ReadinessItem::FailureRecovery:
        return {4, Difficulty::Medium};
    case ReadinessItem::Monitoring:
        return {2, Difficulty::Low};
    case ReadinessItem::StandardImages:
        return {2, Difficulty::Low};
    case ReadinessItem::CostAttribution:
        return {3, Difficulty::Low};
    }
    return {};
}

std::vector<Requirement> frameworkRequirements(Framework f, const model::ClusterSpec& cluster) {
    const bool multiNode = cluster.nodes > 1;
    const Need acrossNodes = multiNode ? Need::Required : Need::Recommended;
    std::vector<Requirement> r;
    auto add = [&r](ReadinessItem item, Need need) { r.push_back({item, need}); };
    switch (f) {
    case Framework::Ddp:
        add(ReadinessItem::ExperienceDdp, Need::Required);
        if (multiNode) {
            add(ReadinessItem::DebugHangs, Need::Recommended);
            add(ReadinessItem::GangScheduling, Need::Recommended);
            add(ReadinessItem::Rdma, Need::Recommended);
        }
        add(ReadinessItem::StandardImages, Need::Recommended);
        add(ReadinessItem::Monitoring, Need::Recommended);
        break;
    case Framework::Fsdp:
    case Framework::DeepSpeed:
        add(ReadinessItem::ExperienceZeroFsdp, Need::Required);
        add(ReadinessItem::DebugHangs, acrossNodes);
        add(ReadinessItem::SharedCheckpointStorage, acrossNodes);
        // DeepSpeed ships its own CUDA extensions pinned to torch versions; FSDP is part of
        // PyTorch.
        add(ReadinessItem::MaintainVersions,
            f == Framework::DeepSpeed ? Need::Required : Need::Recommended);
        if (multiNode) {
            add(ReadinessItem::GangScheduling, Need::Recommended);
            add(ReadinessItem::Rdma, Need::Recommended);
            add(ReadinessItem::FailureRecovery, Need::Recommended);
        }
        add(ReadinessItem::StandardImages, Need::Recommended);
        add(ReadinessItem::Monitoring, Need::Recommended);
        break;
    case Framework::Megatron:
        add(ReadinessItem::ExperienceThreeD, Need::Required);
        add(ReadinessItem::DebugPerformance, Need::Required);
        add(ReadinessItem::MaintainVersions, Need::Required);
        add(ReadinessItem::StandardImages, Need::Required);
        add(ReadinessItem::SharedCheckpointStorage, Need::Required);
        add(ReadinessItem::Monitoring, Need::Required);
        if (multiNode) {
            add(ReadinessItem::GangScheduling, Need::Required);
            add(ReadinessItem::Rdma, Need::Required);
            add(ReadinessItem::TopologyAwarePlacement, Need::Required);
            add(ReadinessItem::FailureRecovery, Need::Required);
        }
        add(ReadinessItem::CostAttribution, Need::Recommended);
        break;
    }
    return r;
}

std::vector<ReadinessItem> ReadinessFit::missingItems(Need need) const {
    std::vector<ReadinessItem> out;
    for (const ReadinessGap& g : missing)
        if (g.need == need) out.push_back(g.item);
    return out;
}

ReadinessFit readinessFit(Framework f, const model::TeamProfile& team,
                          const model::PlatformProfile& platform,
                          const model::ClusterSpec& cluster) {
    ReadinessFit fit;
    fit.framework = f;
    std::vector<ReadinessGap> required, recommended;
    auto listed = [&](ReadinessItem item) {
        auto has = [item](const ReadinessGap& g) { return g.item == item; };
        return std::any_of(required.begin(), required.end(), has) ||
               std::any_of(recommended.begin(), recommended.end(), has);
    };
    const auto reqs = frameworkRequirements(f, cluster);
    for (Need pass : {Need::Required, Need::Recommended})
        for (const Requirement& r : reqs) {
            if (r.need != pass) continue;
            for (ReadinessItem item : withLowerLevels(r.item)) {
                if (listed(item) || model::isInPlace(item, team, platform, cluster)) continue;
                (pass == Need::Required ? required : recommended)
                    .push_back({item, pass, itemEffort(item)});
            }
        }
    for (const ReadinessGap& g : required)
        fit.requiredWeeks += g.effort.weeks;
    fit.ready = required.empty();
    fit.missing = std::move(required);
    fit.missing.insert(fit.missing.end(), recommended.begin(), recommended.end());
    return fit;
}

int complexityRank(Framework f) {
    switch (f) {
    case Framework::Ddp:
        return 0;
    case Framework::Fsdp:
        return 1;
    case Framework::DeepSpeed:
        return 2;
    case Framework::Megatron:
        return 3;
    }
    return 0;
}

} // namespace trainplan::sim
