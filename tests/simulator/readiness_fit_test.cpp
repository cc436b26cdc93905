// Readiness fit: what each framework asks of the team and the platform as the cluster grows, the
// prerequisites a profile still misses with their effort, and the frameworks' complexity order.

#include "advisor_test_support.h"

#include <trainplan/simulator/readiness_fit.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace trainplan::sim {
namespace {

using model::Framework;
using model::ReadinessItem;
using test::expertTeam;
using test::fullPlatform;

// --- Readiness fit -------------------------------------------------------------------------------

TEST(ReadinessFit, MultiNodeClustersAskForMore) {
    model::ClusterSpec one;
    one.nodes = 1;
    one.interNode.kind = model::LinkKind::Ethernet;
    model::ClusterSpec many = one;
    many.nodes = 16;
    auto items = [](const std::vector<Requirement>& rs, Need need) {
        std::set<ReadinessItem> out;
        for (const auto& r : rs)
            if (r.need == need) out.insert(r.item);
        return out;
    };
    const auto megaOne = items(frameworkRequirements(Framework::Megatron, one), Need::Required);
    const auto megaMany = items(frameworkRequirements(Framework::Megatron, many), Need::Required);
    EXPECT_FALSE(megaOne.contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::Rdma));
    EXPECT_TRUE(megaMany.contains(ReadinessItem::TopologyAwarePlacement));
    EXPECT_EQ(megaMany.size(), megaOne.size() + 4);
    // FSDP only recommends gang scheduling and RDMA; DeepSpeed requires version maintenance, FSDP
    // does not.
    EXPECT_FALSE(items(frameworkRequirements(Framework::Fsdp, many), Need::Required)
                     .contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(items(frameworkRequirements(Framework::Fsdp, many), Need::Recommended)
                    .contains(ReadinessItem::GangScheduling));
    EXPECT_TRUE(items(frameworkRequirements(Framework::DeepSpeed, one), Need::Required)
                    .contains(ReadinessItem::MaintainVersions));
    EXPECT_FALSE(items(frameworkRequirements(Framework::Fsdp, one), Need::Required)
                     .contains(ReadinessItem::MaintainVersions));
    EXPECT_EQ(items(frameworkRequirements(Framework::Ddp, many), Need::Required),
              std::set<ReadinessItem>{ReadinessItem::ExperienceDdp});
}

TEST(ReadinessFit, MissingLevelsAndEffortsAddUp) {
    model::ClusterSpec cluster;
    cluster.nodes = 4;
    cluster.interNode.kind = model::LinkKind::InfiniBand;
    const ReadinessFit fresh = readinessFit(Framework::Megatron, {}, {}, cluster);
    EXPECT_FALSE(fresh.ready);
    // A single-node team climbs every experience level and both debugging levels.
    const auto required = fresh.missingItems(Need::Required);
    for (ReadinessItem i : {ReadinessItem::ExperienceDdp, ReadinessItem::ExperienceZeroFsdp,
                            ReadinessItem::ExperienceThreeD, ReadinessItem::DebugHangs,
                            ReadinessItem::DebugPerformance})
        EXPECT_NE(std::find(required.begin(), required.end(), i), required.end())
            << model::toString(i);
    EXPECT_EQ(std::find(required.begin(), required.end(), ReadinessItem::Rdma), required.end())
        << "IB comes from the cluster";
    double weeks = 0;
    for (const ReadinessGap& g : fresh.missing)
        if (g.need == Need::Required) weeks += itemEffort(g.item).weeks;
    EXPECT_EQ(fresh.requiredWeeks, weeks);
    // 2+4+10 (experience) + 4+8 (debugging) + 3 (versions) + 2 (images) + 6 (storage) + 2
    // (monitoring)
    // + 4 (gang) + 3 (topology) + 4 (failure recovery) weeks.
    EXPECT_EQ(fresh.requiredWeeks, 52.0);

    const ReadinessFit ready =
        readinessFit(Framework::Megatron, expertTeam(), fullPlatform(), cluster);
    EXPECT_TRUE(ready.ready);
    EXPECT_TRUE(ready.missing.empty());
    model::PlatformProfile noGang = fullPlatform();
    noGang.gangScheduling = false;
    const ReadinessFit gap = readinessFit(Framework::Megatron, expertTeam(), noGang, cluster);
    EXPECT_FALSE(gap.ready);
    ASSERT_EQ(gap.missing.size(), 1u);
    EXPECT_EQ(gap.missing[0].item, ReadinessItem::GangScheduling);
    EXPECT_EQ(gap.missing[0].effort.weeks, 4.0);
    EXPECT_EQ(gap.missing[0].effort.difficulty, Difficulty::Medium);
}

TEST(ReadinessFit, ComplexityOrder) {
    EXPECT_LT(complexityRank(Framework::Ddp), complexityRank(Framework::Fsdp));
    EXPECT_LT(complexityRank(Framework::Fsdp), complexityRank(Framework::DeepSpeed));
    EXPECT_LT(complexityRank(Framework::DeepSpeed), complexityRank(Framework::Megatron));
}

} // namespace
} // namespace trainplan::sim
