// importDeepSpeedConfig / exportDeepSpeedConfig: every key the importer reads, "auto" values,
// contradictions, and a table of malformed configs with their messages.

#include <trainplan/model/io/deepspeed_config.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;
using test::readFixture;

ImportedFields deepSpeedFixture(const std::string& name) {
    ImportedFields f = importDeepSpeedConfig(readFixture("deepspeed/" + name), name);
    EXPECT_FALSE(hasErrors(f.issues)) << name << "\n" << dump(f.issues);
    return f;
}

TEST(DeepSpeedConfigConversion, Zero1Bf16) {
    const ImportedFields f = deepSpeedFixture("zero1_bf16.json");
    EXPECT_EQ(*f.plan.framework, Framework::DeepSpeed);
    EXPECT_EQ(*f.plan.zeroStage, 1);
    EXPECT_EQ(*f.plan.microBatch, 4);
    EXPECT_EQ(*f.plan.gradAccum, 8);
    EXPECT_EQ(*f.plan.dp, 16); // 512 / (4 × 8)
    EXPECT_EQ(*f.training.globalBatch, 512);
    EXPECT_EQ(*f.training.precision, Precision::Bf16);
    EXPECT_EQ(*f.training.optimizer, Optimizer::AdamW);
    EXPECT_FALSE(f.plan.offload.has());
    EXPECT_FALSE(f.plan.recompute.has());
    EXPECT_TRUE(
        hasIssue(f.issues, Severity::Note, "zero_optimization", "reduce_bucket_size 500,000,000"))
        << dump(f.issues);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "zero_optimization",
                         "allgather_bucket_size 500,000,000"));
    EXPECT_EQ(countSeverity(f.issues, Severity::Warning), 0u) << dump(f.issues);
}

TEST(DeepSpeedConfigConversion, Zero2Fp16WithLegacyCpuOffload) {
    const ImportedFields f = deepSpeedFixture("zero2_fp16_legacy_offload.json");
    EXPECT_EQ(*f.plan.zeroStage, 2);
    EXPECT_EQ(*f.plan.offload, Offload::Cpu);
    EXPECT_EQ(*f.training.precision, Precision::Fp16);
    EXPECT_EQ(*f.training.optimizer, Optimizer::Adam);
    EXPECT_EQ(*f.plan.dp, 16);
    EXPECT_TRUE(
        hasIssue(f.issues, Severity::Note, "overlap_comm", "assumes ZeRO communication overlaps"))
        << dump(f.issues);
}

TEST(DeepSpeedConfigConversion, Zero3CpuOffloadAndActivationCheckpointing) {
    const ImportedFields f = deepSpeedFixture("zero3_offload_cpu_ckpt.json");
    EXPECT_EQ(*f.plan.zeroStage, 3);
    EXPECT_EQ(*f.plan.offload, Offload::Cpu);
    EXPECT_TRUE(*f.plan.offloadParams);
    EXPECT_EQ(*f.plan.recompute, Recompute::Full);
    EXPECT_TRUE(
        hasIssue(f.issues, Severity::Note, "activation_checkpointing", "partition_activations"))
        << dump(f.issues);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "zero_optimization",
                         "stage3_prefetch_bucket_size 15,099,494"));
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "communication_data_type", ""));
    EXPECT_EQ(*f.plan.dp, 16);
}

TEST(DeepSpeedConfigConversion, Zero3Nvme) {
    const ImportedFields f = deepSpeedFixture("zero3_nvme.json");
    EXPECT_EQ(*f.plan.offload, Offload::Nvme);
    EXPECT_TRUE(*f.plan.offloadParams);
    EXPECT_FALSE(f.training.globalBatch.has()); // DeepSpeed derives it from the world size
    EXPECT_FALSE(f.plan.dp.has());
    EXPECT_EQ(*f.plan.gradAccum, 16);
}

TEST(DeepSpeedConfigConversion, AutoValuesAreLeftToTheOtherFiles) {
    const ImportedFields f = deepSpeedFixture("hf_trainer_auto.json");
    EXPECT_FALSE(f.training.globalBatch.has());
    EXPECT_FALSE(f.plan.microBatch.has());
    EXPECT_FALSE(f.plan.gradAccum.has());
    EXPECT_FALSE(f.training.precision.has()) << "bf16/fp16 'auto' decide nothing";
    EXPECT_EQ(*f.plan.zeroStage, 3);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "train_batch_size",
                         "\"auto\" (train_batch_size, "
                         "train_micro_batch_size_per_gpu, gradient_accumulation_steps)"))
        << dump(f.issues);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "bf16.enabled", "auto"));
    EXPECT_TRUE(hasIssue(f.issues, Severity::Note, "zero_optimization", "reduce_bucket_size auto"));
}

TEST(DeepSpeedConfigConversion, AutoTpSize) {
    const ImportedFields f = deepSpeedFixture("autotp_zero1.json");
    EXPECT_EQ(*f.plan.tp, 2);
    EXPECT_EQ(*f.plan.dp, 8);
}

TEST(DeepSpeedConfigConversion, NoPrecisionSectionMeansFp32ByDefault) {
    const ImportedFields f =
        importDeepSpeedConfig(R"({"train_micro_batch_size_per_gpu": 1})", "ds.json");
    ASSERT_TRUE(f.training.precision.has());
    EXPECT_EQ(*f.training.precision, Precision::Fp32);
    EXPECT_EQ(f.training.precision.origin, Origin::ToolDefault);
    EXPECT_EQ(*f.plan.zeroStage, 0);
    EXPECT_EQ(f.plan.zeroStage.origin, Origin::ToolDefault);
}

TEST(DeepSpeedConfigConversion, UnknownKeysAreWarningsListingThem) {
    const ImportedFields f = importDeepSpeedConfig(
        R"({"train_micro_batch_size_per_gpu": 1, "turbo_mode": true, "zero_optimization": {"stage": 1, "warp_speed": 9}})",
        "ds.json");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    EXPECT_TRUE(
        hasIssue(f.issues, Severity::Warning, "", "unknown top-level keys ignored: turbo_mode"))
        << dump(f.issues);
    EXPECT_TRUE(
        hasIssue(f.issues, Severity::Warning, "zero_optimization", "zero_optimization.warp_speed"));
}

struct DeepSpeedMalformedCase {
    const char* name;
    std::string text;
    const char* key;
    const char* message;
};

class DeepSpeedMalformed : public ::testing::TestWithParam<DeepSpeedMalformedCase> {};

TEST_P(DeepSpeedMalformed, ReportsAnErrorNamingTheKey) {
    const DeepSpeedMalformedCase& c = GetParam();
    const ImportedFields f = importDeepSpeedConfig(c.text, "ds_config.json");
    EXPECT_TRUE(hasIssue(f.issues, Severity::Error, c.key, c.message)) << c.name << "\n"
                                                                       << dump(f.issues);
    for (const auto& i : f.issues)
        EXPECT_EQ(i.file, "ds_config.json");
}

INSTANTIATE_TEST_SUITE_P(
    io, DeepSpeedMalformed,
    ::testing::Values(
        DeepSpeedMalformedCase{"truncated",
                               R"({"train_batch_size": 512, "zero_optimization": {"stage": )", "",
                               "not valid JSON"},
        DeepSpeedMalformedCase{"trailing comma", R"({"train_batch_size": 512,})", "",
                               "not valid JSON"},
        DeepSpeedMalformedCase{"not object", R"("ds")", "", "must be a JSON object, got a string"},
        DeepSpeedMalformedCase{"binary", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), "",
                               "binary file"},
        DeepSpeedMalformedCase{
            "batch not multiple",
            R"({"train_batch_size": 1000, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 8})",
            "train_batch_size",
            "1000 is not train_micro_batch_size_per_gpu 4 × gradient_accumulation_steps 8"},
        DeepSpeedMalformedCase{"stage out of range", R"({"zero_optimization": {"stage": 4}})",
                               "zero_optimization.stage", "4 is out of range [0, 3]"},
        DeepSpeedMalformedCase{"stage string", R"({"zero_optimization": {"stage": "3"}})",
                               "zero_optimization.stage", "must be an integer, got a string"},
        DeepSpeedMalformedCase{"micro negative", R"({"train_micro_batch_size_per_gpu": -1})",
                               "train_micro_batch_size_per_gpu", "out of range"},
        DeepSpeedMalformedCase{"micro huge", R"({"train_micro_batch_size_per_gpu": 1e40})",
                               "train_micro_batch_size_per_gpu", "out of range"},
        DeepSpeedMalformedCase{
            "micro other string", R"({"train_micro_batch_size_per_gpu": "four"})",
            "train_micro_batch_size_per_gpu", "must be an integer or \"auto\", got a string"},
        DeepSpeedMalformedCase{"bf16 and fp16",
                               R"({"bf16": {"enabled": true}, "fp16": {"enabled": true}})",
                               "fp16.enabled", "contradicts bf16.enabled"},
        DeepSpeedMalformedCase{"bf16 not object", R"({"bf16": true})", "bf16",
                               "must be an object like {\"enabled\": true}"},
        DeepSpeedMalformedCase{
            "bad device",
            R"({"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "gpu"}}})",
            "zero_optimization.offload_optimizer.device", "'gpu' is not one of none, cpu, nvme"},
        DeepSpeedMalformedCase{
            "offload stage 0",
            R"({"zero_optimization": {"stage": 0, "offload_optimizer": {"device": "cpu"}}})",
            "zero_optimization.offload_optimizer", "needs stage 1, 2 or 3"},
        DeepSpeedMalformedCase{
            "param offload stage 2",
            R"({"zero_optimization": {"stage": 2, "offload_param": {"device": "cpu"}}})",
            "zero_optimization.offload_param", "parameter offload needs stage 3"},
        DeepSpeedMalformedCase{
            "nvme stage 2",
            R"({"zero_optimization": {"stage": 2, "offload_optimizer": {"device": "nvme", "nvme_path": "/x"}}})",
            "zero_optimization.offload_optimizer.device", "needs stage 3"},
        DeepSpeedMalformedCase{
            "bucket string", R"({"zero_optimization": {"stage": 2, "reduce_bucket_size": "big"}})",
            "zero_optimization.reduce_bucket_size", "must be a number or \"auto\""},
        DeepSpeedMalformedCase{"overlap string",
                               R"({"zero_optimization": {"stage": 2, "overlap_comm": "yes"}})",
                               "zero_optimization.overlap_comm", "must be true or false"},
        DeepSpeedMalformedCase{"ckpt not object", R"({"activation_checkpointing": true})",
                               "activation_checkpointing", "must be an object"},
        DeepSpeedMalformedCase{"optimizer list", R"({"optimizer": ["Adam"]})", "optimizer",
                               "must be an object"}),
    [](const ::testing::TestParamInfo<DeepSpeedMalformedCase>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

Scenario scenarioWithPlan(const Plan& p) {
    const auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                           "scenarios/llama31-70b-h100x256.json",
                                       test::testCatalog());
    EXPECT_TRUE(load.scenario.has_value());
    Scenario s = load.scenario.value_or(Scenario{});
    s.plans = {p};
    return s;
}

TEST(DeepSpeedConfigGeneration, WritesTheKeysDeepSpeedDocuments) {
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.dp = 256;
    p.microBatch = 2;
    p.zeroStage = 3;
    p.offload = Offload::Cpu;
    p.offloadParams = true;
    p.recompute = Recompute::Full;
    const Scenario s = scenarioWithPlan(p);
    ImportIssues issues;
    const nlohmann::json j = exportDeepSpeedConfig(s, p, issues);
    EXPECT_TRUE(issues.empty()) << dump(issues);
    EXPECT_EQ(j["train_batch_size"], 512);
    EXPECT_EQ(j["train_micro_batch_size_per_gpu"], 2);
    EXPECT_EQ(j["gradient_accumulation_steps"], 1);
    EXPECT_EQ(j["bf16"]["enabled"], true);
    EXPECT_EQ(j["optimizer"]["type"], "AdamW");
    EXPECT_EQ(j["zero_optimization"]["stage"], 3);
    EXPECT_EQ(j["zero_optimization"]["offload_optimizer"]["device"], "cpu");
    EXPECT_EQ(j["zero_optimization"]["offload_param"]["device"], "cpu");
    EXPECT_EQ(j["zero_optimization"]["reduce_bucket_size"], 8192LL * 8192);
    EXPECT_EQ(j["zero_optimization"]["stage3_prefetch_bucket_size"],
              static_cast<long long>(0.9 * 8192 * 8192));
    EXPECT_EQ(j["zero_optimization"]["stage3_param_persistence_threshold"], 81920);
    EXPECT_TRUE(j.contains("activation_checkpointing"));
    // The export reads back as the same plan fields, without warnings about unknown keys.
    const ImportedFields back = importDeepSpeedConfig(j.dump(2), "ds_config.json");
    EXPECT_FALSE(hasErrors(back.issues)) << dump(back.issues);
    EXPECT_EQ(countSeverity(back.issues, Severity::Warning), 0u) << dump(back.issues);
    EXPECT_EQ(*back.plan.zeroStage, 3);
    EXPECT_EQ(*back.plan.offload, Offload::Cpu);
    EXPECT_TRUE(*back.plan.offloadParams);
    EXPECT_EQ(*back.plan.recompute, Recompute::Full);
    EXPECT_EQ(*back.plan.dp, 256);
}

TEST(DeepSpeedConfigGeneration, ReportsWhatDeepSpeedCannotExpress) {
    Plan p;
    p.framework = Framework::DeepSpeed;
    p.dp = 256;
    p.zeroStage = 1;
    p.recompute = Recompute::Selective;
    Scenario s = scenarioWithPlan(p);
    s.training.precision = Precision::Fp8;
    ImportIssues issues;
    const nlohmann::json j = exportDeepSpeedConfig(s, p, issues);
    EXPECT_TRUE(hasIssue(issues, Severity::Warning, "bf16", "no fp8 setting")) << dump(issues);
    EXPECT_TRUE(
        hasIssue(issues, Severity::Warning, "activation_checkpointing", "no selective recompute"));
    EXPECT_EQ(j["bf16"]["enabled"], true);
    EXPECT_EQ(j["zero_optimization"]["reduce_bucket_size"], 8192LL * 8192);
}

} // namespace
} // namespace trainplan::model::io
