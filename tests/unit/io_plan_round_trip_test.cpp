// exportPlan and back: the launch files exported for a plan of each framework, imported with the
// scenario (or with the model's config.json alone), give the same plan, cluster and training.

#include <trainplan/model/io/export_plan.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::readFixture;
using test::testCatalog;

Scenario llama70b() {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                     "scenarios/llama31-70b-h100x256.json",
                                 testCatalog());
    EXPECT_TRUE(load.ok());
    return load.scenario.value_or(Scenario{});
}

void expectRoundTrip(Scenario s, const Plan& p, bool withScenario = true) {
    s.plans = {p};
    const auto invalid = validatePlan(s, p, "plan");
    ASSERT_TRUE(invalid.empty()) << invalid[0].text();
    const PlanExport e = exportPlan(s, p);
    std::vector<ImportInput> inputs;
    if (withScenario)
        inputs.push_back({"scenario.json", toJsonText(s)});
    else
        inputs.push_back(
            {"hf/llama-3.1-70b/config.json", readFixture("hf/llama-3.1-70b/config.json")});
    for (const auto& f : e.files)
        inputs.push_back({f.name, f.text});
    const ImportResult r = importTexts(inputs, testCatalog(), {});
    ASSERT_TRUE(r.ok()) << p.label() << "\n" << dump(r.issues);
    ASSERT_EQ(r.scenario->plans.size(), 1u);
    EXPECT_EQ(r.scenario->plans[0], p)
        << "exported " << p.label() << ", imported " << r.scenario->plans[0].label();
    EXPECT_EQ(r.scenario->cluster.nodes, s.cluster.nodes);
    EXPECT_EQ(r.scenario->cluster.gpusPerNode, s.cluster.gpusPerNode);
    EXPECT_EQ(r.scenario->training.globalBatch, s.training.globalBatch);
    EXPECT_EQ(r.scenario->training.precision, s.training.precision);
    EXPECT_EQ(r.scenario->training.optimizer, s.training.optimizer);
    EXPECT_EQ(r.scenario->training.flashAttention, s.training.flashAttention);
    if (withScenario) {
        // A Megatron-LM script states the dropout the estimate used (Megatron's default would be
        // 0.1), so an unset probability comes back as the value it stood for.
        auto inForce = [](model::TrainingSpec t) {
            t.attentionDropout = model::attentionDropout(t);
            t.hiddenDropout = model::hiddenDropout(t);
            return t;
        };
        EXPECT_EQ(inForce(r.scenario->training), inForce(s.training));
        EXPECT_EQ(r.scenario->model, s.model);
        EXPECT_EQ(r.scenario->modelRef, s.modelRef);
        EXPECT_EQ(r.scenario->cluster, s.cluster);
        EXPECT_EQ(countSeverity(r.issues, Severity::Warning), 0u) << dump(r.issues);
    } else {
        EXPECT_NEAR(r.scenario->training.trainTokens, s.training.trainTokens, 512.0 * 8192);
        EXPECT_EQ(r.scenario->model.layers, s.model.layers);
        EXPECT_EQ(r.scenario->model.seqLen, s.model.seqLen);
        EXPECT_EQ(countParameters(r.scenario->model).total, countParameters(s.model).total);
    }
}

TEST(PlanRoundTripPreservation, Megatron) {
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 8;
    p.pp = 4;
    p.vpp = 2;
    p.cp = 2;
    p.dp = 4;
    p.microBatch = 1;
    p.zeroStage = 1;
    p.sequenceParallel = true;
    p.tpCommOverlap = true;
    p.recompute = Recompute::Selective;
    expectRoundTrip(llama70b(), p);
    expectRoundTrip(llama70b(), p, false); // model from config.json instead of the scenario
}

// Megatron-FSDP's optim_grads_params and optim_grads (zero_stage 3 and 2) leave as
// --use-megatron-fsdp --data-parallel-sharding-strategy and read back as the same plan.
TEST(PlanRoundTripPreservation, MegatronFsdp) {
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 4;
    p.cp = 2;
    p.dp = 32;
    p.microBatch = 1;
    p.zeroStage = 3;
    p.sequenceParallel = true;
    expectRoundTrip(llama70b(), p);
    p.zeroStage = 2;
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, MegatronFp8FullRecomputeNoFlash) {
    Scenario s = llama70b();
    s.training.precision = Precision::Fp8;
    s.training.flashAttention = false;
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 4;
    p.pp = 8;
    p.dp = 8;
    p.microBatch = 2;
    p.recompute = Recompute::Full;
    expectRoundTrip(s, p);
}

TEST(PlanRoundTripPreservation, MegatronMoe) {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                     "scenarios/mixtral-8x7b-h800x64-roce.json",
                                 testCatalog());
    ASSERT_TRUE(load.ok());
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 2;
    p.pp = 2;
    p.ep = 4;
    p.dp = load.scenario->cluster.gpuCount() / 4;
    p.microBatch = 1;
    p.zeroStage = 1;
    p.sequenceParallel = true;
    expectRoundTrip(*load.scenario, p);
    // MoE parallel folding: --expert-tensor-parallel-size 1 with expert parallelism over the tp
    // ranks too (ep 8 > dp × cp = 4 at tp 4 · pp 4 on 64 GPUs).
    p.tp = 4;
    p.pp = 4;
    p.dp = 4;
    p.ep = 8;
    p.etp = 1;
    expectRoundTrip(*load.scenario, p);
}

TEST(PlanRoundTripPreservation, DeepSpeedZero3Offload) {
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.dp = 256;
    p.microBatch = 2;
    p.zeroStage = 3;
    p.offload = Offload::Cpu;
    p.offloadParams = true;
    p.recompute = Recompute::Full;
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, DeepSpeedAutoTpAdamFp16) {
    Scenario s = llama70b();
    s.training.optimizer = Optimizer::Adam;
    s.training.precision = Precision::Fp16;
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.tp = 2;
    p.dp = 128;
    p.microBatch = 1;
    p.zeroStage = 2;
    expectRoundTrip(s, p);
}

TEST(PlanRoundTripPreservation, DeepSpeedPipelineViaMegatronDeepSpeed) {
    Scenario s = llama70b();
    s.training.optimizer = Optimizer::Adam;
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.tp = 4;
    p.pp = 2;
    p.dp = 32;
    p.microBatch = 1;
    p.zeroStage = 1;
    expectRoundTrip(s, p);
}

TEST(PlanRoundTripPreservation, FsdpHybridWithTensorParallel) {
    Plan p;
    p.framework = Framework::Fsdp;
    p.tp = 2;
    p.dp = 128;
    p.microBatch = 1;
    p.zeroStage = 3;
    p.hybridShard = true;
    p.sequenceParallel = true;
    p.recompute = Recompute::Full;
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, FsdpGradOpWithInterleavedPipelineAndOffload) {
    Plan p;
    p.framework = Framework::Fsdp;
    p.pp = 2;
    p.vpp = 2;
    p.dp = 128;
    p.microBatch = 1;
    p.zeroStage = 3;
    p.offload = Offload::Cpu;
    p.offloadParams = true; // FSDP's CPU offload moves the parameters too
    p.recompute = Recompute::Selective;
    expectRoundTrip(llama70b(), p);
    p.zeroStage = 2;
    p.offload = Offload::None;
    p.offloadParams = false;
    expectRoundTrip(llama70b(), p);
}

// Issue 17: every uneven pipeline flag round-trips through the exported launch files.
TEST(PlanRoundTripPreservation, MegatronUnevenPipelineFlags) {
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 8;
    p.pp = 4;
    p.dp = 8;
    p.zeroStage = 1;
    p.sequenceParallel = true;
    p.pipeline.firstStageLayers = 19; // --decoder-first-pipeline-num-layers
    p.pipeline.lastStageLayers = 19;  // 80 − 38 = 42 = 2 × 21 on the middle stages
    expectRoundTrip(llama70b(), p);
    p.vpp = 2; // --num-virtual-stages-per-pipeline-rank: 18 / 22 / 22 / 18 in chunks of 9 and 11
    p.pipeline.firstStageLayers = 18;
    p.pipeline.lastStageLayers = 18;
    expectRoundTrip(llama70b(), p);
    p.vpp = 1;
    p.pipeline = {};
    p.pp = 2;
    p.dp = 16;
    p.pipeline.embeddingAsLayer = true; // (80 + 2) / 2 = 41 per rank
    p.pipeline.lossAsLayer = true;
    expectRoundTrip(llama70b(), p);
    p.pipeline = {};
    p.vpp = 2; // from the layout's four stages on pp 2
    p.pipeline.layout = "Et*19|t*21|t*21|t*19L";
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, MegatronDeepSpeedPartitionMethod) {
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.tp = 8;
    p.pp = 4;
    p.dp = 8;
    p.zeroStage = 1;
    p.pipeline.partitionMethod = "type:transformer|embedding"; // --pp-partition-method
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, TorchtitanLessLayers) {
    Plan p;
    p.framework = Framework::Fsdp;
    p.tp = 8;
    p.pp = 4;
    p.dp = 8;
    p.zeroStage = 3;
    p.sequenceParallel = true;
    p.pipeline.firstStageLessLayers = 2; // --parallelism.pipeline_parallel_first_stage_less_layers
    p.pipeline.lastStageLessLayers = 0;
    expectRoundTrip(llama70b(), p);
    p.vpp = 3; // layers_per_stage 7: ⌈82 / 7⌉ = 12 stages = 4 × 3
    expectRoundTrip(llama70b(), p);
}

TEST(PlanRoundTripPreservation, Ddp) {
    Plan p;
    p.framework = Framework::Ddp;
    p.dp = 256;
    p.microBatch = 2;
    expectRoundTrip(llama70b(), p);
}

TEST(PlanFileGeneration, WritesTheFilesOfEachFramework) {
    const Scenario s = llama70b();
    auto names = [&](Framework fw, int pp) {
        Plan p;
        p.framework = fw;
        p.pp = pp;
        p.dp = 256 / pp;
        std::vector<std::string> out;
        for (const auto& f : exportPlan(s, p).files)
            out.push_back(f.name);
        return out;
    };
    EXPECT_EQ(names(Framework::Ddp, 1), (std::vector<std::string>{"torchrun.sh", "job.sbatch"}));
    EXPECT_EQ(names(Framework::Fsdp, 1), (std::vector<std::string>{"torchrun.sh", "job.sbatch"}));
    EXPECT_EQ(names(Framework::DeepSpeed, 1),
              (std::vector<std::string>{"ds_config.json", "torchrun.sh", "job.sbatch"}));
    EXPECT_EQ(names(Framework::DeepSpeed, 2),
              (std::vector<std::string>{"ds_config.json", "megatron_args.sh", "job.sbatch"}));
    EXPECT_EQ(names(Framework::Megatron, 2),
              (std::vector<std::string>{"megatron_args.sh", "job.sbatch"}));
}

TEST(PlanFileGeneration, WriteExportCreatesTheDirectory) {
    const Scenario s = llama70b();
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 8;
    p.dp = 32;
    const auto dir = std::filesystem::temp_directory_path() /
                     ("trainplan-io-export-" + std::to_string(::getpid()));
    writeExport(exportPlan(s, p), dir / "sub");
    EXPECT_TRUE(std::filesystem::exists(dir / "sub" / "megatron_args.sh"));
    const auto perms = std::filesystem::status(dir / "sub" / "megatron_args.sh").permissions();
    EXPECT_NE(perms & std::filesystem::perms::owner_exec, std::filesystem::perms::none);
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace trainplan::model::io
