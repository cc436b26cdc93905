// importTexts / importFiles / exportPlan: merging several files into one scenario, the
// contradictions between them, round trips per framework, and totality on hostile input.

#include <trainplan/model/io/export_plan.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <random>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;
using test::readFixture;
using test::testCatalog;

const std::string kSbatch2x8 =
    "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gpus-per-node=8\n"
    "srun torchrun --nnodes $SLURM_NNODES --nproc-per-node 8 train.py --deepspeed "
    "--deepspeed_config ds_config.json\n";

ImportInput fixture(const std::string& rel) {
    return {rel, readFixture(rel)};
}

TEST(FileImportCombination, ConfigPlusDeepSpeedPlusSbatchGivesOneScenario) {
    const ImportResult r = importTexts({fixture("hf/llama-3.1-8b/config.json"),
                                        fixture("deepspeed/zero1_bf16.json"),
                                        {"job.sbatch", kSbatch2x8}},
                                       testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    const Scenario& s = *r.scenario;
    EXPECT_EQ(s.model.layers, 32);
    EXPECT_EQ(s.cluster.nodes, 2);
    EXPECT_EQ(s.cluster.gpusPerNode, 8);
    EXPECT_EQ(s.cluster.gpuRef, "H100-SXM5-80GB");
    EXPECT_EQ(s.training.globalBatch, 512);
    EXPECT_EQ(s.training.precision, Precision::Bf16);
    ASSERT_EQ(s.plans.size(), 1u);
    EXPECT_EQ(s.plans[0].framework, Framework::DeepSpeed);
    EXPECT_EQ(s.plans[0].dp, 16);
    EXPECT_EQ(s.plans[0].microBatch, 4);
    EXPECT_EQ(s.plans[0].zeroStage, 1);
    ASSERT_EQ(r.files.size(), 3u);
    EXPECT_EQ(r.files[1].second, FileKind::DeepSpeedConfig);
    // What was assumed is said.
    EXPECT_TRUE(hasIssue(r.issues, Severity::Warning, "model.seq_len", "longest context"))
        << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Warning, "cluster.gpu", "assuming H100-SXM5-80GB"));
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "model", "llama3.1-8b"));
    // The result loads as a scenario file.
    const ScenarioLoad back = parseScenario(toJsonText(s), testCatalog());
    EXPECT_TRUE(back.ok()) << (back.issues.empty() ? "" : back.issues[0].text());
}

// torchtitan's layer-wise AC (selective_ac_option "k", every k-th block) becomes a partial full
// recompute once the model's layers are known: ⌈32/3⌉ = 11 of Llama 3.1 8B's 32 layers.
TEST(FileImportCombination, TorchtitanLayerWiseRecomputeBecomesRecomputedLayers) {
    const std::string launch =
        "torchrun --nnodes 1 --nproc-per-node 8 -m torchtitan.train "
        "--parallelism.data_parallel_shard_degree 8 --training.local_batch_size 1 "
        "--training.global_batch_size 8 --training.seq_len 8192 "
        "--activation_checkpoint.mode selective --activation_checkpoint.selective_ac_option 3\n";
    const ImportResult r = importTexts(
        {fixture("hf/llama-3.1-8b/config.json"), {"train.sh", launch}}, testCatalog(), {});
    ASSERT_TRUE(r.scenario) << dump(r.issues);
    ASSERT_EQ(r.scenario->plans.size(), 1u) << dump(r.issues);
    const Plan& p = r.scenario->plans[0];
    EXPECT_EQ(p.recompute, Recompute::Full);
    EXPECT_EQ(p.recomputeLayers, 11) << p.label();
}

TEST(FileImportCombination, ConfigInAConfigsFolderIsNamedAfterTheModelNotTheFolder) {
    // Issue 23: a config.json without _name_or_path under configs/ gave "configs on 16 …".
    const std::string text = readFixture("hf/llama-3.1-8b/config.json");
    ImportResult r =
        importTexts({{"configs/config.json", text}, {"job.sbatch", kSbatch2x8}}, testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->name.find("configs"), std::string::npos) << r.scenario->name;
    // The shape is catalog model llama3.1-8b: its display name, not model_type.
    const auto* catalogModel = testCatalog().findModel("llama3.1-8b");
    ASSERT_NE(catalogModel, nullptr);
    EXPECT_EQ(r.scenario->model.displayName, catalogModel->displayName);
    EXPECT_EQ(r.scenario->name.rfind(catalogModel->displayName + " on 16 ", 0), 0u)
        << r.scenario->name;
    // With _name_or_path, its last part names the model.
    nlohmann::json doc = nlohmann::json::parse(text);
    doc["_name_or_path"] = "meta-llama/Llama-3.1-8B-Instruct";
    r = importTexts({{"configs/config.json", doc.dump()}, {"job.sbatch", kSbatch2x8}},
                    testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.displayName, "Llama-3.1-8B-Instruct");
    // No catalog shape: model_type and the size.
    doc.erase("_name_or_path");
    doc["num_hidden_layers"] = 30;
    r = importTexts({{"snapshots/0123abcd/config.json", doc.dump()}, {"job.sbatch", kSbatch2x8}},
                    testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.displayName.rfind("llama ", 0), 0u)
        << r.scenario->model.displayName;
    EXPECT_NE(r.scenario->model.displayName.find("B"), std::string::npos);
}

TEST(FileImportCombination, Gpt3MegatronScriptWithGpt2BpeFilesGetsThePaddedVocab) {
    // Issue 23: "model.vocab: is not given by any imported file" for --vocab-file/--merge-file.
    const ImportResult r =
        importTexts({fixture("megatron/gpt3_175b_cmdline.txt")}, testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    // GPT-2 BPE 50,257 tokens padded to a multiple of 128 × TP 8 = 1,024: 51,200.
    EXPECT_EQ(r.scenario->model.vocab, 51200);
    const double params = countParameters(r.scenario->model).total;
    EXPECT_NEAR(params / 1e9, 175.0, 175.0 * 0.01) << params;
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "--vocab-file", "50257 tokens"))
        << dump(r.issues);
}

TEST(FileImportCombination, MegatronVocabPaddingFollowsDivisibleByAndTp) {
    const std::string base =
        "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --num-layers 24 "
        "--hidden-size 2048 --num-attention-heads 16 --seq-length 2048 "
        "--micro-batch-size 1 --global-batch-size 64 --bf16 ";
    // 50,257 → multiple of 64 × 2 = 128: 50,304.
    ImportResult r = importTexts(
        {{"a.sh",
          base + "--tensor-model-parallel-size 2 --make-vocab-size-divisible-by 64 "
                 "--tokenizer-type GPT2BPETokenizer --vocab-file v.json --merge-file m.txt\n"}},
        testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.vocab, 50304);
    // --vocab-size is the tokenizer's, as given.
    r = importTexts({{"b.sh", base + "--vocab-size 32000\n"}}, testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.vocab, 32000);
    // A tokenizer whose size is in a file TrainPlan does not read: said, and the vocab is missing.
    r = importTexts(
        {{"c.sh", base + "--tokenizer-type BertWordPieceLowerCase --vocab-file v.txt\n"}},
        testCatalog(), {});
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Warning, "--tokenizer-type", "BertWordPieceLowerCase"))
        << dump(r.issues);
}

TEST(FileImportCombination, TokenizerModelNamingAHubModelTakesTheCatalogArchitecture) {
    // Megatron reads the vocabulary from the hub tokenizer; no config.json is given.
    const std::string script =
        "torchrun --nnodes 2 --nproc-per-node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
        "--num-attention-heads 32 --group-query-attention --num-query-groups 8 --ffn-hidden-size "
        "14336 --swiglu --untie-embeddings-and-output-weights --position-embedding-type rope "
        "--seq-length 8192 --tensor-model-parallel-size 2 --micro-batch-size 1 "
        "--global-batch-size 64 --bf16 --tokenizer-type HuggingFaceTokenizer "
        "--tokenizer-model meta-llama/Llama-3.1-8B-Instruct\n";
    ImportResult r = importTexts({{"train.sh", script}}, testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    const auto* catalogModel = testCatalog().findModel("llama3.1-8b");
    ASSERT_NE(catalogModel, nullptr);
    EXPECT_EQ(r.scenario->model.vocab, catalogModel->vocab);
    EXPECT_EQ(r.scenario->model.name, catalogModel->name);
    EXPECT_TRUE(
        hasIssue(r.issues, Severity::Note, "--tokenizer-model", "catalog model 'llama3.1-8b'"))
        << dump(r.issues);
    // A hub model the catalog does not have: said; the vocabulary is then missing.
    std::string other = script;
    other.replace(other.find("meta-llama/Llama-3.1-8B-Instruct"), 32, "acme/Tiny-Model-3B");
    r = importTexts({{"train.sh", other}}, testCatalog(), {});
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "--tokenizer-model", "matches no catalog model"))
        << dump(r.issues);
}

TEST(FileImportCombination, BatchSizesThatDoNotMultiplyOutAreAnError) {
    const std::string sbatch4 = "#SBATCH --nodes=4\n#SBATCH --gpus-per-node=8\n";
    const ImportResult r = importTexts({fixture("hf/llama-3.1-8b/config.json"),
                                        fixture("deepspeed/zero1_bf16.json"),
                                        {"job.sbatch", sbatch4}},
                                       testCatalog(), {});
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "training.global_batch",
                         "512 (deepspeed/zero1_bf16.json (train_batch_size)) ≠ micro-batch 4"))
        << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "training.global_batch",
                         "× gradient accumulation 8 (deepspeed/zero1_bf16.json "
                         "(gradient_accumulation_steps)) × dp 32 = "
                         "1024, where dp = 32 GPUs (4 nodes × 8, job.sbatch (#SBATCH --nodes))"));
}

TEST(FileImportCombination, TwoFrameworksContradict) {
    const ImportResult r =
        importTexts({fixture("deepspeed/zero1_bf16.json"), fixture("megatron/llama3_70b.sh")},
                    testCatalog(), {{}, "llama3.1-70b", {}, {}, {}, {}, {}, {}});
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "plan.framework",
                         "deepspeed from deepspeed/zero1_bf16.json"))
        << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "plan.framework",
                         "contradicts megatron from megatron/llama3_70b.sh"));
}

TEST(FileImportCombination, ModelFieldsThatDisagreeNameBothFiles) {
    const ImportResult r =
        importTexts({fixture("hf/llama-3.1-8b/config.json"), fixture("megatron/llama3_70b.sh")},
                    testCatalog(), {});
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(
        hasIssue(r.issues, Severity::Error, "model.layers",
                 "32 from hf/llama-3.1-8b/config.json (num_hidden_layers) contradicts 80 from "
                 "megatron/llama3_70b.sh (--num-layers)"))
        << dump(r.issues);
}

TEST(FileImportCombination, MegatronDefaultsThatChangeTheModelAreWarnings) {
    // A GPT-style Megatron command for a Llama model: Megatron would tie embeddings and build a
    // GeLU MLP.
    const std::string cmd =
        "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
        "--num-attention-heads 32 --group-query-attention --num-query-groups 8 --ffn-hidden-size "
        "14336 "
        "--seq-length 8192 --position-embedding-type rope --micro-batch-size 1 "
        "--global-batch-size 64 --bf16 --tensor-model-parallel-size 8";
    const ImportResult r =
        importTexts({fixture("hf/llama-3.1-8b/config.json"), {"train.sh", cmd}}, testCatalog(), {});
    EXPECT_TRUE(
        hasIssue(r.issues, Severity::Warning, "model.tied_embeddings", "the job would use it"))
        << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Warning, "model.ffn",
                         "swiglu from hf/llama-3.1-8b/config.json"));
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "model.seq_len",
                         "8192 from train.sh (--seq-length) is used"));
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->model.seqLen, 8192);
    EXPECT_FALSE(r.scenario->model.tiedEmbeddings); // the explicit value wins
    EXPECT_EQ(r.scenario->plans.at(0).dp, 1);
    EXPECT_EQ(r.scenario->plans.at(0).zeroStage, 0);
}

TEST(FileImportCombination, SeqLenAndClusterOptionsOverrideTheFiles) {
    ImportOptions o;
    o.seqLen = 4096;
    o.nodes = 4;
    o.gpusPerNode = 8;
    o.gpu = "A100-SXM4-80GB";
    o.scenarioName = "qwen2 on a100";
    const ImportResult r = importTexts({fixture("hf/qwen2-7b/config.json")}, testCatalog(), o);
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.seqLen, 4096);
    EXPECT_EQ(r.scenario->cluster.gpuCount(), 32);
    EXPECT_EQ(r.scenario->cluster.intraNodeRef, "NVLink3-NVSwitch");
    EXPECT_EQ(r.scenario->name, "qwen2 on a100");
    EXPECT_TRUE(r.scenario->plans.empty());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "plans", "the planner searches"));
}

TEST(FileImportCombination, SlurmGpuTypeIsMatchedAgainstTheCatalog) {
    const ImportResult r =
        importTexts({fixture("hf/mixtral-8x7b/config.json"), fixture("launch/gres_train.sbatch")},
                    testCatalog(), {});
    ASSERT_TRUE(r.scenario) << dump(r.issues);
    EXPECT_EQ(r.scenario->cluster.gpu.name.rfind("A100", 0), 0u);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "cluster.gpu", "'a100'"));
}

TEST(FileImportCombination, TorchtitanSbatchWithHfConfig) {
    const ImportResult r =
        importTexts({fixture("hf/llama-3.1-8b/config.json"), fixture("launch/titan_fsdp.sbatch")},
                    testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    const Plan& p = r.scenario->plans.at(0);
    EXPECT_EQ(p.framework, Framework::Fsdp);
    EXPECT_TRUE(p.hybridShard);
    EXPECT_EQ(p.dp, 16);
    EXPECT_EQ(p.tp, 2);
    EXPECT_EQ(r.scenario->model.seqLen, 8192);
    EXPECT_DOUBLE_EQ(r.scenario->training.trainTokens, 20000.0 * 256 * 8192);
}

TEST(FileImportCombination, MegatronDeepSpeedNeedsAModelAndTakesTheCatalogOne) {
    ImportOptions o;
    o.model = "gpt-22b";
    const ImportResult r =
        importTexts({fixture("megatron/megatron_deepspeed.sh")}, testCatalog(), o);
    ASSERT_TRUE(r.scenario) << dump(r.issues);
    EXPECT_EQ(r.scenario->plans.at(0).framework, Framework::DeepSpeed);
    EXPECT_EQ(r.scenario->plans.at(0).dp, 4);
}

struct BadCase {
    const char* name;
    std::vector<ImportInput> inputs;
    const char* key;
    const char* message;
};

class ImportMalformed : public ::testing::TestWithParam<BadCase> {};

TEST_P(ImportMalformed, FailsWithAMessage) {
    const BadCase& c = GetParam();
    const ImportResult r = importTexts(c.inputs, testCatalog(), {});
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, c.key, c.message)) << c.name << "\n"
                                                                       << dump(r.issues);
}

INSTANTIATE_TEST_SUITE_P(
    io, ImportMalformed,
    ::testing::Values(
        BadCase{"nothing", {}, "", "no files to import"},
        BadCase{
            "unrecognised text", {{"notes.txt", "remember to buy milk\n"}}, "", "not recognised"},
        BadCase{"unrecognised json", {{"x.json", R"({"a": 1})"}}, "", "not recognised"},
        BadCase{"binary", {{"model.bin", std::string("\0\0\0\x01\xff", 5)}}, "", "binary file"},
        BadCase{"truncated ds config",
                {{"ds_config.json", R"({"train_batch_size": 8, "zero_optimization": {)"}},
                "",
                "not valid JSON"},
        BadCase{"launch without model",
                {{"job.sbatch", kSbatch2x8}},
                "model.layers",
                "is not given by any imported file"},
        BadCase{"model without cluster",
                {{"c.json", readFixture("hf/gpt2/config.json")},
                 {"ds_config.json", R"({"train_micro_batch_size_per_gpu": 1})"}},
                "cluster.nodes",
                "not given"},
        BadCase{"world not divisible",
                {{"config.json", readFixture("hf/llama-3.1-8b/config.json")},
                 {"train.sh", "torchrun --nnodes 1 --nproc-per-node 6 pretrain_gpt.py "
                              "--tensor-model-parallel-size 4 "
                              "--micro-batch-size 1 --seq-length 4096 --bf16"}},
                "plan.dp",
                "are not divisible by tp×pp×cp = 4×1×1"},
        BadCase{"global not divisible",
                {{"config.json", readFixture("hf/llama-3.1-8b/config.json")},
                 {"train.sh",
                  "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --micro-batch-size 3 "
                  "--global-batch-size 100 --seq-length 4096 --bf16"}},
                "training.global_batch",
                "100 (train.sh (--global-batch-size)) is not divisible by micro-batch 3 × dp 8"},
        BadCase{"invalid plan",
                {{"config.json", readFixture("hf/llama-3.1-8b/config.json")},
                 {"train.sh", "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py "
                              "--tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 "
                              "--num-layers-per-virtual-pipeline-stage 4 --seq-length 4096"}},
                "plans[0].vpp",
                "needs pp ≥ 2"},
        BadCase{"bad scenario",
                {{"scenario.json", R"({"schema": "trainplan.scenario.v1", "name": "x"})"}},
                "model",
                "is required"}),
    [](const ::testing::TestParamInfo<BadCase>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

TEST(FileImportCombination, MissingFilesAndDirectoriesAreNamed) {
    const ImportResult r =
        importFiles({"/no/such/config.json", TRAINPLAN_TEST_FIXTURES_DIR}, testCatalog(), {});
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "", "no such file")) << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "", "is a directory"));
    EXPECT_EQ(r.issues[0].file, "/no/such/config.json");
}

TEST(FileImportCombination, FilesFromDiskImportLikeTexts) {
    const ImportResult r = importFiles({test::fixturePath("hf/mixtral-8x7b/config.json"),
                                        test::fixturePath("megatron/mixtral_8x7b.sh")},
                                       testCatalog(), {});
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    const Plan& p = r.scenario->plans.at(0);
    EXPECT_EQ(p.framework, Framework::Megatron);
    EXPECT_EQ(p.ep, 8);
    EXPECT_EQ(p.cp, 2);
    EXPECT_EQ(p.dp, 8);
    EXPECT_EQ(r.scenario->training.precision, Precision::Fp8);
    EXPECT_EQ(r.scenario->model.seqLen, 4096);
}

// ---- round trips: export a plan, import the files back with the scenario ---------------------

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
        EXPECT_EQ(r.scenario->training, s.training);
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

// Every importer is total: random mutations of every fixture never crash or throw.
TEST(FileImportCombination, IsTotalOnMutatedFixtures) {
    std::vector<std::string> seeds;
    for (const auto& e : std::filesystem::recursive_directory_iterator(
             std::filesystem::path(TRAINPLAN_TEST_FIXTURES_DIR) / "io"))
        if (e.is_regular_file())
            seeds.push_back(test::readFixture(
                std::filesystem::relative(e.path(),
                                          std::filesystem::path(TRAINPLAN_TEST_FIXTURES_DIR) / "io")
                    .string()));
    ASSERT_GE(seeds.size(), 20u);
    std::mt19937 rng(2024);
    for (int round = 0; round < 400; ++round) {
        std::string s = seeds[rng() % seeds.size()];
        const int edits = 1 + static_cast<int>(rng() % 8);
        for (int k = 0; k < edits && !s.empty(); ++k) {
            const std::size_t at = rng() % s.size();
            switch (rng() % 4) {
            case 0:
                s[at] = static_cast<char>(rng() % 256);
                break;
            case 1:
                s.erase(at, 1 + rng() % 16);
                break;
            case 2:
                s.insert(at, std::string(1 + rng() % 4, "{}[]\"$'\\\n-=0"[rng() % 13]));
                break;
            case 3:
                s = s.substr(0, at);
                break;
            }
        }
        EXPECT_NO_THROW({
            const ImportResult r = importTexts({{"mutated", s}}, testCatalog(), {});
            (void)r;
        });
    }
}

} // namespace
} // namespace trainplan::model::io
