// importTexts / importFiles: merging several files into one scenario, the contradictions between
// them, malformed input, and totality on hostile input. Export round trips are in
// io_plan_round_trip_test.cpp.

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

ImportInput importInput(const std::string& rel) {
    return {rel, readFixture(rel)};
}

TEST(FileImportCombination, ConfigPlusDeepSpeedPlusSbatchGivesOneScenario) {
    const ImportResult r = importTexts({importInput("hf/llama-3.1-8b/config.json"),
                                        importInput("deepspeed/zero1_bf16.json"),
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
        {importInput("hf/llama-3.1-8b/config.json"), {"train.sh", launch}}, testCatalog(), {});
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
        importTexts({importInput("megatron/gpt3_175b_cmdline.txt")}, testCatalog(), {});
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
    const ImportResult r = importTexts({importInput("hf/llama-3.1-8b/config.json"),
                                        importInput("deepspeed/zero1_bf16.json"),
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
    const ImportResult r = importTexts(
        {importInput("deepspeed/zero1_bf16.json"), importInput("megatron/llama3_70b.sh")},
        testCatalog(), {{}, "llama3.1-70b", {}, {}, {}, {}, {}, {}});
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "plan.framework",
                         "deepspeed from deepspeed/zero1_bf16.json"))
        << dump(r.issues);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Error, "plan.framework",
                         "contradicts megatron from megatron/llama3_70b.sh"));
}

TEST(FileImportCombination, ModelFieldsThatDisagreeNameBothFiles) {
    const ImportResult r = importTexts(
        {importInput("hf/llama-3.1-8b/config.json"), importInput("megatron/llama3_70b.sh")},
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
    const ImportResult r = importTexts(
        {importInput("hf/llama-3.1-8b/config.json"), {"train.sh", cmd}}, testCatalog(), {});
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
    const ImportResult r = importTexts({importInput("hf/qwen2-7b/config.json")}, testCatalog(), o);
    ASSERT_TRUE(r.ok()) << dump(r.issues);
    EXPECT_EQ(r.scenario->model.seqLen, 4096);
    EXPECT_EQ(r.scenario->cluster.gpuCount(), 32);
    EXPECT_EQ(r.scenario->cluster.intraNodeRef, "NVLink3-NVSwitch");
    EXPECT_EQ(r.scenario->name, "qwen2 on a100");
    EXPECT_TRUE(r.scenario->plans.empty());
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "plans", "the planner searches"));
}

TEST(FileImportCombination, SlurmGpuTypeIsMatchedAgainstTheCatalog) {
    const ImportResult r = importTexts(
        {importInput("hf/mixtral-8x7b/config.json"), importInput("launch/gres_train.sbatch")},
        testCatalog(), {});
    ASSERT_TRUE(r.scenario) << dump(r.issues);
    EXPECT_EQ(r.scenario->cluster.gpu.name.rfind("A100", 0), 0u);
    EXPECT_TRUE(hasIssue(r.issues, Severity::Note, "cluster.gpu", "'a100'"));
}

TEST(FileImportCombination, TorchtitanSbatchWithHfConfig) {
    const ImportResult r = importTexts(
        {importInput("hf/llama-3.1-8b/config.json"), importInput("launch/titan_fsdp.sbatch")},
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
        importTexts({importInput("megatron/megatron_deepspeed.sh")}, testCatalog(), o);
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
