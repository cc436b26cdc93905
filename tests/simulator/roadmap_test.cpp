// The migration roadmap: the default five stages in the usual enterprise order with triggers,
// targets, plans, prerequisites and gains computed from the estimates; scenario stages replacing
// the defaults; trigger statuses; storable default stages.

#include "simulator_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/advisor.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;
using model::Framework;
using model::MigrationStage;
using model::ReadinessItem;
using model::Scenario;
using model::TriggerKind;
using nlohmann::json;

using test::catalog;

json scenarioDoc(const std::string& name) {
    std::ifstream in(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios" / (name + ".json"));
    return json::parse(in);
}

Scenario parse(const json& doc) {
    model::ScenarioLoad l = model::parseScenario(doc, catalog());
    std::string issues;
    for (const auto& i : l.issues)
        issues += "\n  " + i.text();
    EXPECT_TRUE(l.ok()) << issues;
    return *l.scenario;
}

Scenario roadmapScenario(const std::string& name) {
    return parse(scenarioDoc(name));
}

// What advise() hands the roadmap, without the break points unless asked.
RoadmapInputs inputsFor(const Scenario& s, bool breakPoints = false) {
    RoadmapInputs in;
    SearchOptions so;
    so.runnersUp = 0;
    const SearchResult r = searchPlans(s, so);
    in.fits = assessFrameworks(s, r);
    in.recommendation = recommend(in.fits, in.switchSpeedup);
    if (breakPoints) in.breakPoints = findBreakPoints(s, r, {});
    in.catalog = &catalog();
    return in;
}

const FrameworkFit& fit(const std::vector<FrameworkFit>& fits, Framework f) {
    return *findFit(fits, f);
}

TEST(DefaultRoadmap, FollowsTheUsualOrderWithComputedTriggersAndTargets) {
    const Scenario s = roadmapScenario("llama31-70b-h100x256");
    AdvisorOptions o;
    o.catalog = &catalog();
    const Advice a = advise(s, o);
    ASSERT_TRUE(a.defaultRoadmap);
    ASSERT_EQ(a.stages.size(), 5u);
    const std::vector<std::string_view> ids{kStageDdpBaseline, kStageSharded, kStageStandardize,
                                            kStageMegatron, kStageValidate};
    for (std::size_t i = 0; i < ids.size(); ++i) {
        EXPECT_EQ(a.stages[i].stage.id, ids[i]);
        EXPECT_TRUE(a.stages[i].isDefault);
    }
    const RoadmapStage& baseline = a.stages[0];
    const RoadmapStage& sharded = a.stages[1];
    const RoadmapStage& standardize = a.stages[2];
    const RoadmapStage& megatron = a.stages[3];
    const RoadmapStage& validate = a.stages[4];

    // 1. DDP cannot hold 70B on 80 GB: the baseline moves to the largest catalog model DDP fits.
    EXPECT_EQ(baseline.framework, Framework::Ddp);
    EXPECT_EQ(baseline.triggerStatus, TriggerStatus::Manual);
    const double ddpLimit = a.breakPoints.modelSizeOf(Framework::Ddp)->largestParameters;
    ASSERT_FALSE(baseline.stage.targetModel.empty());
    EXPECT_LE(baseline.targetParameters, ddpLimit);
    ASSERT_TRUE(baseline.estimate.has_value());
    EXPECT_TRUE(baseline.estimate->memory.fits);
    EXPECT_EQ(baseline.targetGpus, 256);
    EXPECT_EQ(baseline.notes.front().id, MessageId::BaselineSmallerModel);
    EXPECT_DOUBLE_EQ(baseline.notes.front().args[3].value, baseline.targetParameters);
    const model::TransformerSpec* target = catalog().findModel(baseline.stage.targetModel);
    ASSERT_NE(target, nullptr);
    EXPECT_EQ(baseline.targetModelName, target->displayName);

    // 2. Sharded data parallelism, triggered by DDP running out of memory: already met.
    EXPECT_EQ(sharded.framework, a.recommendation.framework);
    EXPECT_TRUE(sharded.framework == Framework::Fsdp || sharded.framework == Framework::DeepSpeed);
    EXPECT_EQ(sharded.stage.trigger.kind, TriggerKind::Oom);
    EXPECT_EQ(sharded.triggerStatus, TriggerStatus::Met);
    EXPECT_EQ(sharded.previousFramework, Framework::Ddp);
    ASSERT_TRUE(sharded.estimate.has_value());
    EXPECT_EQ(sharded.estimate->plan, fit(a.frameworks, sharded.framework).best->plan);
    EXPECT_EQ(sharded.notes.front().id, MessageId::GainFits);

    // 3. Standardize: keeps the sharded framework; fires once jobs span nodes (256 > 8 GPUs).
    EXPECT_FALSE(standardize.stage.framework.has_value());
    EXPECT_EQ(standardize.framework, sharded.framework);
    EXPECT_EQ(standardize.stage.trigger.kind, TriggerKind::GpusAbove);
    EXPECT_EQ(standardize.stage.trigger.value, 8.0);
    EXPECT_EQ(standardize.triggerStatus, TriggerStatus::Met);
    EXPECT_EQ(standardize.stage.prerequisites.size(), 7u);

    // 4. Megatron-LM: the sharded framework keeps MFU above 35% up to 1,024 GPUs here, so the
    //    trigger is its MFU falling below the threshold, not yet met.
    EXPECT_EQ(megatron.framework, Framework::Megatron);
    const GpuCountBreak* scaling = a.breakPoints.gpuCountOf(sharded.framework);
    ASSERT_NE(scaling, nullptr);
    EXPECT_EQ(scaling->status, GpuScaleStatus::NotReached);
    EXPECT_EQ(megatron.stage.trigger.kind, TriggerKind::MfuBelow);
    EXPECT_EQ(megatron.stage.trigger.value, 0.35);
    EXPECT_EQ(megatron.triggerStatus, TriggerStatus::NotMet);
    EXPECT_GE(fit(a.frameworks, sharded.framework).best->throughput.mfu, 0.35);

    // 5. Validate the recommendation against measured runs.
    EXPECT_EQ(validate.framework, a.recommendation.framework);
    EXPECT_EQ(validate.triggerStatus, TriggerStatus::Manual);
    const Message& v = validate.notes.front();
    ASSERT_EQ(v.id, MessageId::GainValidate);
    EXPECT_DOUBLE_EQ(v.args[0].value, a.recommendation.plan->time.stepSeconds);
    EXPECT_DOUBLE_EQ(v.args[1].value, a.recommendation.plan->throughput.mfu);
    EXPECT_DOUBLE_EQ(v.args[2].value, a.recommendation.plan->cost.timeToTrainSeconds);
    EXPECT_DOUBLE_EQ(v.args[3].value, a.recommendation.plan->cost.usd);
}

TEST(DefaultRoadmap, PrerequisitesFollowTheProfileAndTheirEffortAddsUp) {
    Scenario s = roadmapScenario("llama31-70b-h100x256");
    s.platform.gangScheduling = true;
    s.team.experience = model::TeamExperience::Ddp;
    RoadmapInputs in = inputsFor(s);
    const auto stages = roadmapFor(s, in);
    for (const RoadmapStage& r : stages) {
        SCOPED_TRACE(r.stage.id);
        double weeks = 0;
        std::size_t missing = 0;
        for (const model::StagePrerequisite& p : r.stage.prerequisites) {
            ASSERT_TRUE(p.item.has_value());
            EXPECT_EQ(p.done, model::isInPlace(*p.item, s.team, s.platform, s.cluster))
                << model::toString(*p.item);
            if (!p.done) {
                weeks += itemEffort(*p.item).weeks;
                ++missing;
            }
        }
        EXPECT_EQ(r.missing.size(), missing);
        EXPECT_DOUBLE_EQ(r.missingWeeks, weeks);
        const Message& last = r.notes.back();
        if (missing > 0) {
            ASSERT_EQ(last.id, MessageId::GainPrerequisitesMissing);
            EXPECT_EQ(last.args[0].value, static_cast<double>(missing));
            EXPECT_EQ(last.args[1].value, static_cast<double>(r.stage.prerequisites.size()));
            EXPECT_EQ(last.args[2].value, weeks);
        }
    }
    // InfiniBand comes from the cluster, gang scheduling from the profile, DDP experience from the
    // team.
    const auto& ddp = stages[0].stage.prerequisites;
    for (const auto& p : ddp)
        if (p.item == ReadinessItem::ExperienceDdp || p.item == ReadinessItem::Rdma ||
            p.item == ReadinessItem::GangScheduling) {
            EXPECT_TRUE(p.done) << model::toString(*p.item);
        }
}

TEST(DefaultRoadmap, GainsAreRatiosOfTheEstimates) {
    Scenario s = roadmapScenario("gpt3-175b-a100x1024");
    s.constraints.offload = model::Offload::None;
    RoadmapInputs in = inputsFor(s);
    const auto stages = roadmapFor(s, in);
    const RoadmapStage* mega = nullptr;
    for (const auto& r : stages)
        if (r.stage.id == kStageMegatron) mega = &r;
    ASSERT_NE(mega, nullptr);
    ASSERT_TRUE(mega->estimate && mega->previous);
    const PlanEstimate& prev = *mega->previous;
    const PlanEstimate& cur = *mega->estimate;
    EXPECT_EQ(prev.plan, fit(in.fits, *mega->previousFramework).best->plan);
    ASSERT_TRUE(mega->speedup && mega->usdSaved);
    EXPECT_DOUBLE_EQ(*mega->speedup, prev.time.stepSeconds / cur.time.stepSeconds);
    EXPECT_DOUBLE_EQ(*mega->usdSaved, prev.cost.usd - cur.cost.usd);
    const Message& gain = mega->notes.front();
    if (*mega->speedup >= 1.0) {
        ASSERT_EQ(gain.id, MessageId::GainSpeedup);
        EXPECT_DOUBLE_EQ(gain.args[2].value, *mega->speedup);
        EXPECT_DOUBLE_EQ(gain.args[4].value, cur.cost.timeToTrainSeconds);
        EXPECT_DOUBLE_EQ(gain.args[5].value, prev.cost.timeToTrainSeconds);
        EXPECT_DOUBLE_EQ(gain.args[6].value, cur.cost.usd);
        EXPECT_DOUBLE_EQ(gain.args[7].value, prev.cost.usd);
    } else {
        ASSERT_EQ(gain.id, MessageId::GainSlower);
        EXPECT_DOUBLE_EQ(gain.args[2].value, 1.0 / *mega->speedup);
    }
}

TEST(DefaultRoadmap, MegatronTargetsTheGpuCountWhereShardedDataParallelismDrops) {
    const Scenario s = roadmapScenario("llama2-7b-a100x8-pcie");
    RoadmapInputs in = inputsFor(s);
    // The sharded framework of the default path falls below the threshold beyond 32 GPUs.
    const Framework sharded = in.recommendation.framework;
    ASSERT_TRUE(sharded == Framework::Fsdp || sharded == Framework::DeepSpeed);
    GpuCountBreak b;
    b.framework = sharded;
    b.status = GpuScaleStatus::Found;
    b.lastGpus = 32;
    b.nextGpus = 64;
    in.breakPoints.gpuCount = {b};
    const auto stages = defaultStages(s, in);
    const auto it = std::find_if(stages.begin(), stages.end(),
                                 [](const auto& st) { return st.id == kStageMegatron; });
    ASSERT_NE(it, stages.end());
    EXPECT_EQ(it->trigger.kind, TriggerKind::GpusAbove);
    EXPECT_EQ(it->trigger.value, 32.0);
    EXPECT_EQ(it->targetGpus, 64);
    const auto built = buildRoadmap(s, stages, in, true);
    const RoadmapStage& mega = built[static_cast<std::size_t>(it - stages.begin())];
    EXPECT_EQ(mega.triggerStatus, TriggerStatus::NotMet)
        << "the scenario has 8 GPUs, not more than 32";
    EXPECT_EQ(mega.targetGpus, 64);
    ASSERT_TRUE(mega.estimate.has_value());
    EXPECT_EQ(mega.estimate->plan.gpus(), 64);
    // The comparison is made on the same 64-GPU target.
    ASSERT_TRUE(mega.previous.has_value());
    EXPECT_EQ(mega.previous->plan.gpus(), 64);
}

TEST(DefaultRoadmap, ExcludedFrameworksDropTheirStages) {
    Scenario s = roadmapScenario("llama31-70b-h100x256");
    s.constraints.frameworks = {Framework::Ddp, Framework::Fsdp};
    const auto stages = defaultStages(s, inputsFor(s));
    std::vector<std::string> ids;
    for (const auto& st : stages)
        ids.push_back(st.id);
    EXPECT_EQ(ids,
              (std::vector<std::string>{"ddp_baseline", "sharded", "standardize", "validate"}));
    EXPECT_EQ(stages[1].framework, Framework::Fsdp);
}

TEST(DefaultRoadmap, DefaultStagesAreStorableAndEvaluateTheSameWhenStored) {
    const Scenario s = roadmapScenario("llama2-7b-a100x8-pcie");
    const RoadmapInputs in = inputsFor(s);
    const auto stages = defaultStages(s, in);
    model::ValidationIssues issues;
    const auto back = model::stagesFromJson(model::stagesToJson(stages), "stages", issues);
    EXPECT_TRUE(issues.empty());
    EXPECT_EQ(back, stages);
    Scenario stored = s;
    stored.stages = stages;
    const auto a = roadmapFor(s, in);
    const auto b = roadmapFor(stored, in);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_TRUE(a[i].isDefault);
        EXPECT_FALSE(b[i].isDefault);
        EXPECT_EQ(a[i].framework, b[i].framework);
        EXPECT_EQ(a[i].title, b[i].title);
        EXPECT_EQ(a[i].triggerStatus, b[i].triggerStatus);
        EXPECT_EQ(a[i].notes, b[i].notes);
    }
}

TEST(ScenarioStages, ReplaceTheDefaultsAndAreEvaluatedOnTheirTargets) {
    json doc = scenarioDoc("llama31-70b-h100x256");
    doc["platform"] = {{"gang_scheduling", true}};
    doc["stages"] = json::array({
        {{"id", "pilot"},
         {"title", "Pilot on a 1.7B model"},
         {"framework", "ddp"},
         {"target", {{"model", "gpt-1.7b"}, {"gpus", 64}}},
         {"prerequisites", json::array({{{"id", "gang_scheduling"}, {"done", false}},
                                        {{"text", "book the cluster"}}})}},
        {{"id", "shard"}, {"framework", "fsdp"}, {"plan", {{"framework", "fsdp"}, {"tp", 3}}}},
        {{"id", "megatron"},
         {"plan",
          {{"framework", "megatron"},
           {"tp", 8},
           {"pp", 4},
           {"micro_batch", 1},
           {"sequence_parallel", true}}}},
        {{"id", "later"}, {"trigger", {{"kind", "gpus_above"}, {"value", 128}}}},
    });
    const Scenario s = parse(doc);
    AdvisorOptions o;
    o.breakPoints = false;
    o.catalog = &catalog();
    const Advice a = advise(s, o);
    EXPECT_FALSE(a.defaultRoadmap);
    ASSERT_EQ(a.stages.size(), 4u);

    const RoadmapStage& pilot = a.stages[0];
    EXPECT_FALSE(pilot.isDefault);
    EXPECT_EQ(pilot.title,
              (Message{MessageId::StageUserTitle, {MessageArg::name("Pilot on a 1.7B model")}}));
    EXPECT_EQ(pilot.targetModelName, "GPT 1.7B (Megatron weak-scaling)");
    EXPECT_EQ(pilot.targetGpus, 64);
    ASSERT_TRUE(pilot.estimate.has_value());
    EXPECT_EQ(pilot.estimate->plan.framework, Framework::Ddp);
    EXPECT_EQ(pilot.estimate->plan.gpus(), 64);
    EXPECT_TRUE(pilot.stage.prerequisites[0].done) << "the profile has gang scheduling";
    EXPECT_FALSE(pilot.stage.prerequisites[1].done);
    EXPECT_TRUE(pilot.missing.empty()) << "free-text prerequisites have no readiness item";
    ASSERT_EQ(pilot.notes.back().id, MessageId::GainPrerequisitesMissing);
    EXPECT_EQ(pilot.notes.back().args[0].value, 1.0);

    const RoadmapStage& shard = a.stages[1];
    EXPECT_EQ(shard.title, (Message{MessageId::StageCustom, {MessageArg::name("shard")}}));
    EXPECT_FALSE(shard.planFromStage);
    EXPECT_FALSE(shard.planIssues.empty()) << "tp=3 does not divide 64 heads";
    EXPECT_EQ(shard.notes.front().id, MessageId::StagePlanInvalid);
    ASSERT_TRUE(shard.estimate.has_value());
    EXPECT_EQ(shard.estimate->plan, fit(a.frameworks, Framework::Fsdp).best->plan);

    const RoadmapStage& mega = a.stages[2];
    EXPECT_EQ(mega.title,
              (Message{MessageId::StageMegatron, {MessageArg::framework(Framework::Megatron)}}));
    EXPECT_EQ(mega.framework, Framework::Megatron) << "taken from the stage's plan";
    EXPECT_TRUE(mega.planFromStage);
    ASSERT_TRUE(mega.estimate.has_value());
    EXPECT_EQ(mega.estimate->plan.dp, 8);
    const PlanContext ctx = makeContext(s);
    const PlanEstimate direct = evaluatePlan(ctx, *s.stages[2].plan);
    EXPECT_DOUBLE_EQ(mega.estimate->time.stepSeconds, direct.time.stepSeconds);
    EXPECT_DOUBLE_EQ(mega.estimate->memory.peakBytes, direct.memory.peakBytes);

    const RoadmapStage& later = a.stages[3];
    EXPECT_EQ(later.framework, Framework::Megatron) << "no framework: the previous stage's";
    EXPECT_EQ(later.triggerStatus, TriggerStatus::Met) << "256 GPUs > 128";
}

struct TriggerCase {
    model::StageTrigger trigger;
    TriggerStatus expected;
};

TEST(ScenarioStages, TriggerStatusesDescribeTheScenarioToday) {
    const Scenario s = roadmapScenario("llama31-70b-h100x256");
    const RoadmapInputs in = inputsFor(s);
    const FrameworkFit& fsdp = fit(in.fits, Framework::Fsdp);
    ASSERT_TRUE(fsdp.fits());
    const double mfu = fsdp.best->throughput.mfu;
    const double usd = fsdp.best->cost.usd;
    const std::vector<TriggerCase> cases{
        {{TriggerKind::Oom, 0}, TriggerStatus::NotMet}, // FSDP fits 70B on 256 GPUs
        {{TriggerKind::MfuBelow, mfu * 1.01}, TriggerStatus::Met},
        {{TriggerKind::MfuBelow, mfu * 0.99}, TriggerStatus::NotMet},
        {{TriggerKind::CostAbove, usd * 0.99}, TriggerStatus::Met},
        {{TriggerKind::CostAbove, usd * 1.01}, TriggerStatus::NotMet},
        {{TriggerKind::GpusAbove, 255}, TriggerStatus::Met},
        {{TriggerKind::GpusAbove, 256}, TriggerStatus::NotMet},
        {{TriggerKind::Manual, 0}, TriggerStatus::Manual},
    };
    for (const TriggerCase& c : cases) {
        MigrationStage st;
        st.id = "only";
        st.framework = Framework::Fsdp; // first stage: its own framework is the basis
        st.trigger = c.trigger;
        const auto built = buildRoadmap(s, {st}, in);
        ASSERT_EQ(built.size(), 1u);
        EXPECT_EQ(built[0].triggerStatus, c.expected)
            << model::toString(c.trigger.kind) << " " << c.trigger.value;
    }
    // After a DDP stage, "oom" is about DDP, which cannot hold 70B.
    MigrationStage first, second;
    first.id = "a";
    first.framework = Framework::Ddp;
    second.id = "b";
    second.framework = Framework::Fsdp;
    second.trigger = {TriggerKind::Oom, 0};
    const auto built = buildRoadmap(s, {first, second}, in);
    EXPECT_EQ(built[1].triggerStatus, TriggerStatus::Met);
    EXPECT_EQ(built[1].trigger,
              (Message{MessageId::TriggerOom, {MessageArg::framework(Framework::Ddp)}}));
    EXPECT_EQ(built[1].notes.front().id, MessageId::GainFits);
}

TEST(ScenarioStages, UnknownTargetModelWithoutCatalogFallsBackToTheScenario) {
    const Scenario s = roadmapScenario("llama2-7b-a100x8-pcie");
    RoadmapInputs in = inputsFor(s);
    in.catalog = nullptr;
    MigrationStage st;
    st.id = "x";
    st.targetModel = "llama3.1-8b";
    const auto built = buildRoadmap(s, {st}, in);
    EXPECT_EQ(built[0].notes.front(),
              (Message{MessageId::TargetUnresolved, {MessageArg::name("llama3.1-8b")}}));
    EXPECT_EQ(built[0].targetModelName, s.model.displayName);
    EXPECT_EQ(built[0].framework, in.recommendation.framework)
        << "first stage without a framework: the recommendation";
}

} // namespace
} // namespace trainplan::sim
