#pragma once

// Readiness fit: what each framework asks of the team and the platform, which of those
// prerequisites the scenario's profile still misses, and how hard each is to put in place.
// The requirement table and the effort figures are planning defaults, documented in
// docs/advisor.md.

#include <trainplan/model/cluster_spec.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/readiness.h>
#include <trainplan/simulator/advice_text.h>

#include <string_view>
#include <vector>

namespace trainplan::sim {

// A missing Required item blocks "ready"; Recommended items are listed but do not block.
enum class Need { Required, Recommended };
[[nodiscard]] std::string_view toString(Need n);

// Effort to put one readiness item in place from nothing.
struct ItemEffort {
    double weeks = 0;
    Difficulty difficulty = Difficulty::Low;
};
[[nodiscard]] ItemEffort itemEffort(model::ReadinessItem item);

struct Requirement {
    model::ReadinessItem item;
    Need need;
};
// What running `f` on this cluster asks of the team and platform; items that only matter across
// nodes (RDMA, gang scheduling, topology, ...) are asked only of multi-node clusters.
[[nodiscard]] std::vector<Requirement> frameworkRequirements(model::Framework f,
                                                             const model::ClusterSpec& cluster);

struct ReadinessGap {
    model::ReadinessItem item = model::ReadinessItem::ExperienceDdp;
    Need need = Need::Required;
    ItemEffort effort;
};

struct ReadinessFit {
    model::Framework framework = model::Framework::Ddp;
    std::vector<ReadinessGap> missing; // Required first, then Recommended, each in table order
    double requiredWeeks = 0;          // summed over the missing Required items
    bool ready = false;                // no Required item missing

    [[nodiscard]] std::vector<model::ReadinessItem> missingItems(Need need) const;
};

[[nodiscard]] ReadinessFit readinessFit(model::Framework f, const model::TeamProfile& team,
                                        const model::PlatformProfile& platform,
                                        const model::ClusterSpec& cluster);

// Frameworks from the simplest to operate (0, DDP) to the most demanding (3, Megatron-LM).
[[nodiscard]] int complexityRank(model::Framework f);

} // namespace trainplan::sim
