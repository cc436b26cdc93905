// The readiness profile ("team", "platform") and migration stages ("stages") of a scenario: typed
// parsing with field paths, documented defaults, unknown keys as errors, and exact round trips.

#include "model_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/readiness.h>
#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace trainplan::model {
namespace {

using test::describe;
using test::hasIssue;

namespace fs = std::filesystem;
using nlohmann::json;

const Catalog& catalog() {
    static const Catalog c = loadCatalog(fs::path(TRAINPLAN_TEST_DATA_DIR) / "catalog");
    return c;
}

json baseDoc() {
    std::ifstream in(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / "llama31-70b-h100x256.json");
    return json::parse(in);
}

ScenarioLoad parseWith(const json& extra) {
    json doc = baseDoc();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        doc[it.key()] = it.value();
    return parseScenario(doc, catalog());
}

const json kFullTeam = {
    {"experience", "zero_fsdp"}, {"debug_distributed", "hangs"}, {"maintain_versions", true}};
const json kFullPlatform = {
    {"gang_scheduling", true},           {"rdma", "roce"},
    {"topology_aware_placement", false}, {"shared_checkpoint_storage", true},
    {"failure_recovery", true},          {"monitoring", false},
    {"standard_images", true},           {"cost_attribution", false}};

json fullStages() {
    return json::array(
        {{{"id", "baseline"},
          {"title", "DDP on the 8B model"},
          {"framework", "ddp"},
          {"target", {{"model", "llama3.1-8b"}, {"gpus", 64}}},
          {"trigger", {{"kind", "manual"}}},
          {"prerequisites",
           json::array({{{"id", "experience_ddp"}, {"done", true}},
                        {{"text", "Book the cluster for two weeks"}, {"done", false}}})},
          {"expected_gain", {{"text", "a reproducible baseline"}}}},
         {{"id", "shard"},
          {"framework", "fsdp"},
          {"plan", {{"framework", "fsdp"}, {"tp", 2}, {"micro_batch", 1}, {"sharding", "full"}}},
          {"trigger", {{"kind", "oom"}}},
          {"prerequisites", json::array({{{"id", "shared_checkpoint_storage"},
                                          {"text", "Lustre scratch for sharded checkpoints"},
                                          {"done", false}}})},
          {"expected_gain", {{"text", "fits 70B"}, {"speedup", 1.4}}}},
         {{"id", "megatron"},
          {"framework", "megatron"},
          {"target", {{"gpus", 1024}}},
          {"trigger", {{"kind", "gpus_above"}, {"value", 512}}}},
         {{"id", "mfu"}, {"trigger", {{"kind", "mfu_below"}, {"value", 0.35}}}},
         {{"id", "cost"}, {"trigger", {{"kind", "cost_above"}, {"value", 250000.0}}}}});
}

TEST(Readiness, DefaultsWhenAbsentAndNotWritten) {
    const ScenarioLoad load = parseScenario(baseDoc(), catalog());
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_EQ(s.team.experience, TeamExperience::SingleNode);
    EXPECT_EQ(s.team.debugDistributed, DebugSkill::None);
    EXPECT_FALSE(s.team.maintainVersions);
    EXPECT_EQ(s.platform, PlatformProfile{});
    EXPECT_FALSE(s.platform.rdma.has_value());
    EXPECT_TRUE(s.stages.empty());
    const json out = toJson(s);
    EXPECT_FALSE(out.contains("team"));
    EXPECT_FALSE(out.contains("platform"));
    EXPECT_FALSE(out.contains("stages"));
}

TEST(Readiness, FullProfileParsesToTypedValues) {
    const ScenarioLoad load = parseWith({{"team", kFullTeam}, {"platform", kFullPlatform}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_EQ(s.team.experience, TeamExperience::ZeroFsdp);
    EXPECT_EQ(s.team.debugDistributed, DebugSkill::Hangs);
    EXPECT_TRUE(s.team.maintainVersions);
    EXPECT_TRUE(s.platform.gangScheduling);
    ASSERT_TRUE(s.platform.rdma.has_value());
    EXPECT_EQ(*s.platform.rdma, RdmaKind::RoCE);
    EXPECT_FALSE(s.platform.topologyAwarePlacement);
    EXPECT_TRUE(s.platform.sharedCheckpointStorage);
    EXPECT_TRUE(s.platform.failureRecovery);
    EXPECT_FALSE(s.platform.monitoring);
    EXPECT_TRUE(s.platform.standardImages);
    EXPECT_FALSE(s.platform.costAttribution);
}

TEST(Readiness, ProfileWritesEveryAnswerAndRoundTripsExactly) {
    const ScenarioLoad load = parseWith({{"team", kFullTeam}, {"platform", kFullPlatform}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const json out = toJson(*load.scenario);
    EXPECT_EQ(out["team"], kFullTeam);
    EXPECT_EQ(out["platform"], kFullPlatform);
    const ScenarioLoad again = parseScenario(toJsonText(*load.scenario), catalog());
    ASSERT_TRUE(again.ok()) << describe(again.issues);
    EXPECT_EQ(*again.scenario, *load.scenario);
    EXPECT_EQ(toJsonText(*again.scenario), toJsonText(*load.scenario));
}

TEST(Readiness, PartialProfileFillsDefaultsAndOmitsUnsetRdma) {
    const ScenarioLoad load =
        parseWith({{"team", {{"experience", "three_d"}}}, {"platform", {{"monitoring", true}}}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const Scenario& s = *load.scenario;
    EXPECT_EQ(s.team.experience, TeamExperience::ThreeD);
    EXPECT_EQ(s.team.debugDistributed, DebugSkill::None);
    EXPECT_TRUE(s.platform.monitoring);
    const json out = toJson(s);
    EXPECT_EQ(out["team"], json({{"experience", "three_d"},
                                 {"debug_distributed", "none"},
                                 {"maintain_versions", false}}));
    EXPECT_FALSE(out["platform"].contains("rdma"));
    EXPECT_EQ(out["platform"]["monitoring"], true);
}

TEST(Readiness, UnknownKeysAndBadValuesNameTheirField) {
    const ScenarioLoad load =
        parseWith({{"team", {{"experiance", "ddp"}, {"debug_distributed", true}}},
                   {"platform", {{"rdma", "ib"}, {"gang_scheduling", "yes"}, {"gpu_count", 3}}}});
    EXPECT_FALSE(load.ok());
    EXPECT_TRUE(hasIssue(load.issues, "team.experiance", "unknown key")) << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "team.debug_distributed", "must be a string"))
        << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "platform.rdma", "none, roce, infiniband"))
        << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "platform.gang_scheduling", "true or false"))
        << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "platform.gpu_count", "unknown key"))
        << describe(load.issues);
    EXPECT_EQ(load.issues.size(), 5u) << describe(load.issues);
}

TEST(Readiness, ProfileAndStagesMustHaveTheRightShape) {
    const ScenarioLoad load =
        parseWith({{"team", "experts"}, {"platform", json::array()}, {"stages", json::object()}});
    EXPECT_TRUE(hasIssue(load.issues, "team", "must be an object")) << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "platform", "must be an object")) << describe(load.issues);
    EXPECT_TRUE(hasIssue(load.issues, "stages", "must be an array")) << describe(load.issues);
}

TEST(Readiness, EnumNamesRoundTrip) {
    for (TeamExperience e : {TeamExperience::SingleNode, TeamExperience::Ddp,
                             TeamExperience::ZeroFsdp, TeamExperience::ThreeD})
        EXPECT_EQ(teamExperienceFromString(toString(e)), e);
    for (DebugSkill d : {DebugSkill::None, DebugSkill::Hangs, DebugSkill::Performance})
        EXPECT_EQ(debugSkillFromString(toString(d)), d);
    for (RdmaKind r : {RdmaKind::None, RdmaKind::RoCE, RdmaKind::InfiniBand})
        EXPECT_EQ(rdmaKindFromString(toString(r)), r);
    for (TriggerKind k : {TriggerKind::Oom, TriggerKind::MfuBelow, TriggerKind::CostAbove,
                          TriggerKind::GpusAbove, TriggerKind::Manual})
        EXPECT_EQ(triggerKindFromString(toString(k)), k);
    for (ReadinessItem i : kAllReadinessItems)
        EXPECT_EQ(readinessItemFromString(toString(i)), i);
    EXPECT_EQ(std::size(kAllReadinessItems), 14u);
    EXPECT_FALSE(readinessItemFromString("gang").has_value());
}

TEST(Readiness, LevelsImplyTheLowerOnes) {
    ClusterSpec cluster;
    cluster.interNode.kind = LinkKind::Ethernet;
    TeamProfile team;
    team.experience = TeamExperience::ZeroFsdp;
    team.debugDistributed = DebugSkill::Performance;
    const PlatformProfile platform;
    EXPECT_TRUE(isInPlace(ReadinessItem::ExperienceDdp, team, platform, cluster));
    EXPECT_TRUE(isInPlace(ReadinessItem::ExperienceZeroFsdp, team, platform, cluster));
    EXPECT_FALSE(isInPlace(ReadinessItem::ExperienceThreeD, team, platform, cluster));
    EXPECT_TRUE(isInPlace(ReadinessItem::DebugHangs, team, platform, cluster));
    EXPECT_TRUE(isInPlace(ReadinessItem::DebugPerformance, team, platform, cluster));
    EXPECT_FALSE(isInPlace(ReadinessItem::GangScheduling, team, platform, cluster));
}

TEST(Readiness, RdmaFollowsTheClusterUnlessAnswered) {
    ClusterSpec cluster;
    PlatformProfile platform;
    const TeamProfile team;
    cluster.interNode.kind = LinkKind::InfiniBand;
    EXPECT_EQ(effectiveRdma(platform, cluster), RdmaKind::InfiniBand);
    EXPECT_TRUE(isInPlace(ReadinessItem::Rdma, team, platform, cluster));
    cluster.interNode.kind = LinkKind::RoCE;
    EXPECT_EQ(effectiveRdma(platform, cluster), RdmaKind::RoCE);
    cluster.interNode.kind = LinkKind::Ethernet;
    EXPECT_EQ(effectiveRdma(platform, cluster), RdmaKind::None);
    EXPECT_FALSE(isInPlace(ReadinessItem::Rdma, team, platform, cluster));
    platform.rdma = RdmaKind::InfiniBand; // the platform team knows better than the catalog link
    EXPECT_TRUE(isInPlace(ReadinessItem::Rdma, team, platform, cluster));
    cluster.interNode.kind = LinkKind::InfiniBand;
    platform.rdma = RdmaKind::None; // IB hardware without RDMA enabled
    EXPECT_FALSE(isInPlace(ReadinessItem::Rdma, team, platform, cluster));
}

TEST(Stages, ParseToTypedValues) {
    const ScenarioLoad load = parseWith({{"stages", fullStages()}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const auto& st = load.scenario->stages;
    ASSERT_EQ(st.size(), 5u);
    EXPECT_EQ(st[0].id, "baseline");
    EXPECT_EQ(st[0].title, "DDP on the 8B model");
    EXPECT_EQ(st[0].framework, Framework::Ddp);
    EXPECT_EQ(st[0].targetModel, "llama3.1-8b");
    EXPECT_EQ(st[0].targetGpus, 64);
    EXPECT_EQ(st[0].trigger.kind, TriggerKind::Manual);
    ASSERT_EQ(st[0].prerequisites.size(), 2u);
    EXPECT_EQ(st[0].prerequisites[0].item, ReadinessItem::ExperienceDdp);
    EXPECT_TRUE(st[0].prerequisites[0].done);
    EXPECT_FALSE(st[0].prerequisites[1].item.has_value());
    EXPECT_EQ(st[0].prerequisites[1].text, "Book the cluster for two weeks");
    EXPECT_FALSE(st[0].prerequisites[1].done);
    EXPECT_EQ(st[0].expectedGain.text, "a reproducible baseline");
    EXPECT_FALSE(st[0].expectedGain.speedup.has_value());

    ASSERT_TRUE(st[1].plan.has_value());
    EXPECT_EQ(st[1].plan->framework, Framework::Fsdp);
    EXPECT_EQ(st[1].plan->tp, 2);
    EXPECT_EQ(st[1].plan->zeroStage, 3);
    EXPECT_EQ(st[1].plan->dp, 128) << "dp omitted: the rest of the scenario's 256 GPUs";
    EXPECT_EQ(st[1].trigger.kind, TriggerKind::Oom);
    EXPECT_EQ(st[1].prerequisites[0].item, ReadinessItem::SharedCheckpointStorage);
    EXPECT_EQ(st[1].prerequisites[0].text, "Lustre scratch for sharded checkpoints");
    EXPECT_EQ(st[1].expectedGain.speedup, 1.4);

    EXPECT_EQ(st[2].targetGpus, 1024);
    EXPECT_TRUE(st[2].targetModel.empty());
    EXPECT_EQ(st[2].trigger.kind, TriggerKind::GpusAbove);
    EXPECT_EQ(st[2].trigger.value, 512.0);
    EXPECT_FALSE(st[3].framework.has_value());
    EXPECT_EQ(st[3].trigger.kind, TriggerKind::MfuBelow);
    EXPECT_EQ(st[3].trigger.value, 0.35);
    EXPECT_EQ(st[4].trigger.kind, TriggerKind::CostAbove);
    EXPECT_EQ(st[4].trigger.value, 250000.0);
}

TEST(Stages, StagePlanWithoutDpTakesTheRestOfItsTarget) {
    json stages = json::array({{{"id", "big"},
                                {"target", {{"gpus", 512}}},
                                {"plan", {{"framework", "megatron"}, {"tp", 8}, {"pp", 4}}}}});
    const ScenarioLoad load = parseWith({{"stages", stages}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    EXPECT_EQ(load.scenario->stages[0].plan->dp, 16);
}

TEST(Stages, RoundTripIsExact) {
    const ScenarioLoad load =
        parseWith({{"team", kFullTeam}, {"platform", kFullPlatform}, {"stages", fullStages()}});
    ASSERT_TRUE(load.ok()) << describe(load.issues);
    const std::string text = toJsonText(*load.scenario);
    const ScenarioLoad again = parseScenario(text, catalog());
    ASSERT_TRUE(again.ok()) << describe(again.issues);
    EXPECT_EQ(again.scenario->stages, load.scenario->stages);
    EXPECT_EQ(*again.scenario, *load.scenario);
    EXPECT_EQ(toJsonText(*again.scenario), text);
    // Unset fields are not written; set ones are, as given.
    const json out = toJson(*load.scenario)["stages"];
    EXPECT_FALSE(out[3].contains("framework"));
    EXPECT_FALSE(out[3].contains("target"));
    EXPECT_FALSE(out[3].contains("plan"));
    EXPECT_FALSE(out[2]["target"].contains("model"));
    EXPECT_EQ(out[2]["trigger"], json({{"kind", "gpus_above"}, {"value", 512}}));
    EXPECT_EQ(out[1]["trigger"], json({{"kind", "oom"}}));
    EXPECT_EQ(out[0]["prerequisites"][1],
              json({{"text", "Book the cluster for two weeks"}, {"done", false}}));
}

TEST(Stages, StageToJsonAndBackIsIdentity) {
    MigrationStage s;
    s.id = "x";
    s.framework = Framework::DeepSpeed;
    s.targetGpus = 32;
    s.trigger = {TriggerKind::MfuBelow, 0.3};
    s.prerequisites = {{ReadinessItem::GangScheduling, "", true},
                       {std::nullopt, "sign-off", false}};
    s.expectedGain = {"", 2.0};
    ValidationIssues issues;
    const MigrationStage back = stageFromJson(toJson(s), "stages[0]", issues);
    EXPECT_TRUE(issues.empty()) << describe(issues);
    EXPECT_EQ(back, s);
}

TEST(Stages, CatalogNamesAreCheckedAndCanonicalised) {
    json stages = json::array({{{"id", "a"}, {"target", {{"model", "LLAMA3.1-8B"}}}},
                               {{"id", "b"}, {"target", {{"model", "llama-9000"}}}}});
    const ScenarioLoad load = parseWith({{"stages", stages}});
    EXPECT_TRUE(hasIssue(load.issues, "stages[1].target.model", "unknown model 'llama-9000'"))
        << describe(load.issues);
    EXPECT_EQ(load.issues.size(), 1u) << describe(load.issues);
    ASSERT_TRUE(load.scenario.has_value());
    EXPECT_EQ(load.scenario->stages[0].targetModel, "llama3.1-8b");
}

TEST(Stages, EveryProblemIsReportedWithItsPath) {
    json stages = json::array({
        {{"title", "no id"}},
        {{"id", "dup"}, {"trigger", {{"kind", "oom"}, {"value", 3}}}},
        {{"id", "dup"}, {"trigger", {{"kind", "mfu_below"}, {"value", 0}}}},
        {{"id", "c"}, {"trigger", {{"kind", "gpus_above"}, {"value", 1.5}}}},
        {{"id", "d"}, {"trigger", {{"kind", "cost_above"}}}},
        {{"id", "e"}, {"trigger", {{"kind", "sometimes"}}}},
        {{"id", "f"}, {"prerequisites", json::array({{{"id", "gang"}}, {{"done", true}}, "x"})}},
        {{"id", "g"}, {"framework", "ddp"}, {"plan", {{"framework", "fsdp"}}}},
        {{"id", "h"}, {"expected_gain", {{"speedup", 0}}}, {"colour", "red"}},
        {{"id", ""}, {"target", {{"gpus", 0}, {"model", ""}}}},
    });
    const ScenarioLoad load = parseWith({{"stages", stages}});
    const auto& is = load.issues;
    EXPECT_TRUE(hasIssue(is, "stages[0].id", "is required")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[1].trigger.value", "takes no value")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[2].id", "used by an earlier stage")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[2].trigger.value", "(0, 1]")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[3].trigger.value", "whole number")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[4].trigger.value", "is required")) << describe(is);
    EXPECT_TRUE(
        hasIssue(is, "stages[5].trigger.kind", "oom, mfu_below, cost_above, gpus_above, manual"))
        << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[6].prerequisites[0].id", "gang_scheduling")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[6].prerequisites[1]", "needs an \"id\"")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[6].prerequisites[2]", "must be an object")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[7].plan.framework", "contradicts")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[8].expected_gain.speedup", "must be positive"))
        << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[8].colour", "unknown key")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[9].id", "must not be empty")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[9].target.gpus", "out of range")) << describe(is);
    EXPECT_TRUE(hasIssue(is, "stages[9].target.model", "must name a catalog model"))
        << describe(is);
    EXPECT_EQ(is.size(), 16u) << describe(is);
}

TEST(Stages, StagePlansUseThePlanSyntaxOfTheScenario) {
    json stages =
        json::array({{{"id", "a"}, {"plan", {{"framework", "megatron"}, {"tp", 8}, {"flux", 1}}}}});
    const ScenarioLoad load = parseWith({{"stages", stages}});
    EXPECT_TRUE(hasIssue(load.issues, "stages[0].plan.flux", "unknown key"))
        << describe(load.issues);
    // Outside a scenario there is no plan reader: the stage says so instead of guessing.
    ValidationIssues issues;
    (void)stageFromJson(stages[0], "stages[0]", issues);
    EXPECT_TRUE(hasIssue(issues, "stages[0].plan", "only as part of a scenario"))
        << describe(issues);
}

} // namespace
} // namespace trainplan::model
