// The advisor: the recommendation rules (a table of cases where toggling a prerequisite or growing
// the cluster changes the answer), the same rules on real searches, and the advice JSON. The text
// it writes is tested in advice_text_test.cpp, the readiness fit in readiness_fit_test.cpp.

#include "advisor_test_support.h"

#include <trainplan/model/units.h>
#include <trainplan/simulator/advice_json.h>
#include <trainplan/simulator/advisor.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::sim {
namespace {

using model::Framework;
using model::ReadinessItem;
using model::Scenario;
using test::catalog;
using test::containsCjk;
using test::expertTeam;
using test::fullPlatform;
using test::load;

// --- Recommendation rules: a table over synthetic fits -------------------------------------------

struct FitSpec {
    Framework framework;
    double stepSeconds; // 0: does not fit
    double missGiB = 0; // when it does not fit
};

std::vector<FrameworkFit> makeFits(const std::vector<FitSpec>& specs,
                                   const model::TeamProfile& team,
                                   const model::PlatformProfile& platform,
                                   const model::ClusterSpec& cluster) {
    std::vector<FrameworkFit> fits;
    for (Framework f : model::kAllFrameworks) {
        FrameworkFit fit;
        fit.framework = f;
        for (const FitSpec& s : specs) {
            if (s.framework != f) continue;
            fit.searched = true;
            PlanEstimate e;
            e.plan.framework = f;
            e.time.stepSeconds = s.stepSeconds;
            e.memory.fits = s.stepSeconds > 0;
            if (s.stepSeconds > 0) {
                fit.best = e;
            } else {
                fit.closest = e;
                fit.missBytes = s.missGiB * model::units::kGiB;
            }
        }
        fit.readiness = readinessFit(f, team, platform, cluster);
        fits.push_back(fit);
    }
    return fits;
}

struct RecommendCase {
    const char* name;
    std::vector<FitSpec> fits;
    bool gangScheduling;
    int nodes;
    model::TeamExperience experience;
    double switchSpeedup;
    Framework expected;
    RecommendationStatus status;
    std::optional<Framework> fastest;
};

class RecommendTable : public ::testing::TestWithParam<RecommendCase> {};

TEST_P(RecommendTable, PicksTheDocumentedFramework) {
    const RecommendCase& c = GetParam();
    model::ClusterSpec cluster;
    cluster.nodes = c.nodes;
    cluster.interNode.kind = model::LinkKind::InfiniBand;
    model::TeamProfile team = expertTeam();
    team.experience = c.experience;
    model::PlatformProfile platform = fullPlatform();
    platform.gangScheduling = c.gangScheduling;
    const Recommendation rec =
        recommend(makeFits(c.fits, team, platform, cluster), c.switchSpeedup);
    EXPECT_EQ(rec.framework, c.expected) << model::toString(rec.framework);
    EXPECT_EQ(rec.status, c.status) << toString(rec.status);
    EXPECT_EQ(rec.fastest, c.fastest);
}

using F = Framework;
using S = RecommendationStatus;
using E = model::TeamExperience;
const std::vector<FitSpec> kAllFit = {
    {F::Ddp, 10.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 6.0}};
const std::vector<FitSpec> kNoDdp = {
    {F::Ddp, 0, 3.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 6.0}};
const std::vector<FitSpec> kClose = {
    {F::Ddp, 10.0}, {F::Fsdp, 9.5}, {F::DeepSpeed, 9.8}, {F::Megatron, 9.0}};

INSTANTIATE_TEST_SUITE_P(
    Cases, RecommendTable,
    ::testing::Values(
        // Everything ready: Megatron is 1.67× faster than DDP, beyond the 1.15× bar.
        RecommendCase{"all_ready_megatron_much_faster",
                      kAllFit,
                      true,
                      16,
                      E::ThreeD,
                      1.15,
                      F::Megatron,
                      S::Ready,
                      {}},
        // Toggle gang scheduling off on a multi-node cluster: Megatron is still fastest but not the
        // default.
        RecommendCase{"no_gang_scheduling", kAllFit, false, 16, E::ThreeD, 1.15, F::Ddp, S::Ready,
                      F::Megatron},
        // On a single node gang scheduling is not asked for, so the same profile keeps Megatron.
        RecommendCase{
            "no_gang_single_node", kAllFit, false, 1, E::ThreeD, 1.15, F::Megatron, S::Ready, {}},
        // Within 15%: the simpler DDP stays the default though FSDP and Megatron are a little
        // faster.
        RecommendCase{"close_speeds_keep_ddp", kClose, true, 16, E::ThreeD, 1.15, F::Ddp, S::Ready,
                      F::Megatron},
        // Without the tolerance the fastest ready framework wins.
        RecommendCase{"no_tolerance", kClose, true, 16, E::ThreeD, 1.0, F::Megatron, S::Ready, {}},
        // DDP out of memory and no gang scheduling: the fastest ready sharded framework.
        RecommendCase{"ddp_oom_no_gang", kNoDdp, false, 16, E::ThreeD, 1.15, F::Fsdp, S::Ready,
                      F::Megatron},
        // A DDP-only team: nothing but DDP is ready.
        RecommendCase{"ddp_team", kAllFit, true, 16, E::Ddp, 1.15, F::Ddp, S::Ready, F::Megatron},
        // A DDP-only team whose model outgrew DDP: the least preparation among fitting frameworks.
        RecommendCase{"ddp_team_model_too_big", kNoDdp, true, 16, E::Ddp, 1.15, F::Fsdp,
                      S::NeedsPrerequisites, F::Megatron},
        // A single-node team on a big cluster with no gang scheduling: DDP only needs the DDP
        // level.
        RecommendCase{"fresh_team", kAllFit, false, 16, E::SingleNode, 1.15, F::Ddp,
                      S::NeedsPrerequisites, F::Megatron},
        // Nothing fits: the closest miss.
        RecommendCase{
            "nothing_fits",
            {{F::Ddp, 0, 90.0}, {F::Fsdp, 0, 4.0}, {F::DeepSpeed, 0, 2.5}, {F::Megatron, 0, 7.0}},
            true,
            16,
            E::ThreeD,
            1.15,
            F::DeepSpeed,
            S::DoesNotFit,
            {}}),
    [](const ::testing::TestParamInfo<RecommendCase>& info) {
        return std::string(info.param.name);
    });

// --- Recommendation rules on real searches
// --------------------------------------------------------

Advice quickAdvice(const Scenario& s, double switchSpeedup = 1.15) {
    AdvisorOptions o;
    o.breakPoints = false;
    o.switchSpeedup = switchSpeedup;
    return advise(s, o);
}

TEST(AdviseRealScenarios, GangSchedulingDecidesWhetherTheFastestBecomesTheDefault) {
    // GPT-3 175B on 1,024 A100s without offload: Megatron-LM is the fastest plan.
    Scenario s = load("gpt3-175b-a100x1024");
    s.constraints.offload = model::Offload::None;
    s.team = expertTeam();
    s.platform = fullPlatform();
    const Advice ready = quickAdvice(s, 1.0);
    const FrameworkFit& mega = *findFit(ready.frameworks, Framework::Megatron);
    ASSERT_TRUE(mega.fits());
    for (const FrameworkFit& f : ready.frameworks)
        if (f.fits()) {
            EXPECT_LE(mega.best->time.stepSeconds, f.best->time.stepSeconds)
                << model::toString(f.framework);
        }
    EXPECT_EQ(ready.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(ready.recommendation.status, RecommendationStatus::Ready);
    EXPECT_FALSE(findFit(ready.frameworks, Framework::Ddp)->fits())
        << "1,536 sequences do not split over 1,024 DDP ranks";

    s.platform.gangScheduling = false;
    const Advice blocked = quickAdvice(s, 1.0);
    EXPECT_NE(blocked.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(blocked.recommendation.status, RecommendationStatus::Ready);
    EXPECT_EQ(blocked.recommendation.fastest, Framework::Megatron);
    // The recommendation is the fastest of what is ready.
    const FrameworkFit& chosen = *findFit(blocked.frameworks, blocked.recommendation.framework);
    for (Framework f : {Framework::Fsdp, Framework::DeepSpeed})
        if (findFit(blocked.frameworks, f)->fits()) {
            EXPECT_LE(chosen.best->time.stepSeconds,
                      findFit(blocked.frameworks, f)->best->time.stepSeconds);
        }
    // And the reasons say what Megatron still needs.
    const auto it =
        std::find_if(blocked.reasons.begin(), blocked.reasons.end(),
                     [](const Message& m) { return m.id == MessageId::FasterButMissing; });
    ASSERT_NE(it, blocked.reasons.end());
    EXPECT_EQ(it->args[3].items, std::vector<ReadinessItem>{ReadinessItem::GangScheduling});
    EXPECT_DOUBLE_EQ(it->args[2].value,
                     chosen.best->time.stepSeconds / mega.best->time.stepSeconds);

    // With a 25% bar and everything ready, the simplest framework within 25% of the fastest stays
    // the default: FSDP, about 19% behind Megatron-LM here (its per-layer gathers over 1,024 GPUs
    // take the NCCL channels' SMs from the compute they hide behind).
    s.platform.gangScheduling = true;
    const Advice tolerant = quickAdvice(s, 1.25);
    EXPECT_EQ(tolerant.recommendation.framework, Framework::Fsdp);
    const FrameworkFit& fsdp = *findFit(tolerant.frameworks, Framework::Fsdp);
    EXPECT_LE(fsdp.best->time.stepSeconds, 1.25 * mega.best->time.stepSeconds);
    // The default 15% bar no longer covers it: Megatron-LM is recommended.
    EXPECT_EQ(quickAdvice(s, 1.15).recommendation.framework, Framework::Megatron);
    EXPECT_GT(fsdp.best->time.stepSeconds, mega.best->time.stepSeconds);
    EXPECT_EQ(tolerant.recommendation.fastestReady, Framework::Megatron);
    EXPECT_TRUE(std::any_of(tolerant.reasons.begin(), tolerant.reasons.end(), [](const Message& m) {
        return m.id == MessageId::SimplerWithinTolerance;
    }));
}

TEST(AdviseRealScenarios, GrowingTheClusterMovesAwayFromMegatronWithoutRdma) {
    // A team ready for Megatron-LM on one server (images, storage, monitoring) but with no RDMA,
    // gang scheduling or topology-aware placement: fine on one node, not on four.
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.constraints.frameworks = {Framework::Fsdp, Framework::Megatron};
    s.constraints.offload = model::Offload::None;
    // One micro-batch per step, so Megatron-LM is the fastest on one node (26.7 s against FSDP's
    // 27.6 s). With micro-batches of 2, FSDP SHARD_GRAD_OP — its fp32 parameters sharded since
    // issue 17 — ties it within 0.3 % and the readiness question this test asks would not arise.
    s.constraints.microBatch = 1;
    s.team = expertTeam();
    s.platform = {};
    s.platform.standardImages = s.platform.sharedCheckpointStorage = s.platform.monitoring = true;
    const Advice one = quickAdvice(s, 1.0);
    EXPECT_EQ(one.recommendation.framework, Framework::Megatron);
    EXPECT_EQ(one.recommendation.status, RecommendationStatus::Ready);
    EXPECT_FALSE(findFit(one.frameworks, Framework::Ddp)->searched);

    s.cluster.nodes = 4;
    const Advice four = quickAdvice(s, 1.0);
    EXPECT_EQ(four.recommendation.framework, Framework::Fsdp);
    EXPECT_EQ(four.recommendation.status, RecommendationStatus::Ready);
    const ReadinessFit& mega = findFit(four.frameworks, Framework::Megatron)->readiness;
    EXPECT_EQ(mega.missingItems(Need::Required),
              (std::vector<ReadinessItem>{ReadinessItem::GangScheduling, ReadinessItem::Rdma,
                                          ReadinessItem::TopologyAwarePlacement,
                                          ReadinessItem::FailureRecovery}));
    EXPECT_EQ(mega.requiredWeeks, 4.0 + 12.0 + 3.0 + 4.0);
}

TEST(AdviseRealScenarios, AnUnpreparedTeamGetsTheLeastPreparation) {
    const Scenario s = load("llama31-70b-h100x256");
    const Advice a = quickAdvice(s);
    EXPECT_EQ(a.recommendation.status, RecommendationStatus::NeedsPrerequisites);
    const FrameworkFit& chosen = *findFit(a.frameworks, a.recommendation.framework);
    ASSERT_TRUE(chosen.fits());
    for (const FrameworkFit& f : a.frameworks)
        if (f.fits()) {
            EXPECT_LE(chosen.readiness.requiredWeeks, f.readiness.requiredWeeks)
                << model::toString(f.framework);
        }
    EXPECT_FALSE(findFit(a.frameworks, Framework::Ddp)->fits()) << "70B does not fit DDP on 80 GB";
    ASSERT_FALSE(a.reasons.empty());
    EXPECT_EQ(a.reasons.front().id, MessageId::RecommendAfterPrerequisites);
    EXPECT_DOUBLE_EQ(a.reasons.front().args[2].value, chosen.readiness.requiredWeeks);
}

TEST(AdviseRealScenarios, NothingFitsNamesTheClosestMiss) {
    Scenario s = load("llama31-70b-h100x256");
    s.cluster.nodes = 1; // 70B with AdamW on 8 GPUs of 80 GB
    s.constraints.offload = model::Offload::None;
    const Advice a = quickAdvice(s);
    ASSERT_EQ(a.recommendation.status, RecommendationStatus::DoesNotFit);
    double minMiss = 1e300;
    for (const FrameworkFit& f : a.frameworks)
        if (f.closest) minMiss = std::min(minMiss, f.missBytes);
    EXPECT_EQ(findFit(a.frameworks, a.recommendation.framework)->missBytes, minMiss);
    ASSERT_FALSE(a.reasons.empty());
    const Message& first = a.reasons.front();
    EXPECT_EQ(first.id, MessageId::NothingFits);
    EXPECT_DOUBLE_EQ(first.args[0].value, model::countParameters(s.model).total);
    EXPECT_DOUBLE_EQ(first.args[1].value, 8.0);
    EXPECT_DOUBLE_EQ(first.args[4].value, a.recommendation.plan->memory.peakBytes);
    EXPECT_GT(first.args[4].value, first.args[5].value);
}

// --- JSON
// ------------------------------------------------------------------------------------------

TEST(AdviceJson, CarriesTheContractKeysAndTheEstimates) {
    Scenario s = load("llama2-7b-a100x8-pcie");
    AdvisorOptions o;
    o.maxScanGpus = 16;
    o.catalog = &catalog();
    const Advice a = advise(s, o);
    const nlohmann::json j = adviceToJson(s, a, Lang::ZhCN);
    EXPECT_EQ(j["schema"], kAdviceSchema);
    EXPECT_EQ(j["lang"], "zh_CN");
    for (const char* key : {"recommendation", "reasons", "break_points", "stages", "frameworks"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["recommendation"]["framework"],
              std::string(model::toString(a.recommendation.framework)));
    EXPECT_DOUBLE_EQ(j["recommendation"]["step_s"].get<double>(),
                     a.recommendation.plan->time.stepSeconds);
    EXPECT_EQ(j["reasons"].size(), a.reasons.size());
    EXPECT_EQ(j["reasons"][0]["id"], std::string(messageKey(a.reasons[0].id)));
    EXPECT_TRUE(containsCjk(j["reasons"][0]["text"].get<std::string>()));
    EXPECT_EQ(j["break_points"]["model_size"].size(), 4u);
    EXPECT_EQ(j["stages"].size(), a.stages.size());
    EXPECT_EQ(j["stages"][0]["id"], "ddp_baseline");
    // Each stage carries its storable form, which reads back to the same stage.
    model::ValidationIssues issues;
    const model::MigrationStage back =
        model::stageFromJson(j["stages"][1]["stage"], "stage", issues);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(back, a.stages[1].stage);
}

} // namespace
} // namespace trainplan::sim
