// exportMegatronScript: the flags written for a plan and a model read back as the same plan and
// model, and the attention fields of a Megatron job merged with a config.json.

#include <trainplan/model/io/megatron_args.h>

#include <trainplan/model/io/hf_config.h>
#include <trainplan/model/io/import_files.h>
#include <trainplan/model/scenario_json.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;
using test::readFixture;

TEST(MegatronScriptGeneration, FlagSpellingMatchesMegatronAndReadsBack) {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                     "scenarios/llama31-70b-h100x256.json",
                                 test::testCatalog());
    ASSERT_TRUE(load.scenario);
    Scenario s = *load.scenario;
    Plan p;
    p.framework = Framework::Megatron;
    p.tp = 8;
    p.pp = 4;
    p.vpp = 2;
    p.dp = 8;
    p.microBatch = 1;
    p.zeroStage = 1;
    p.sequenceParallel = true;
    p.recompute = Recompute::Full;
    ImportIssues issues;
    const std::string script = exportMegatronScript(s, p, issues);
    for (const char* flag : {"--num-layers 80",
                             "--hidden-size 8192",
                             "--ffn-hidden-size 28672",
                             "--num-attention-heads 64",
                             "--group-query-attention",
                             "--num-query-groups 8",
                             "--seq-length 8192",
                             "--swiglu",
                             "--untie-embeddings-and-output-weights",
                             "--tensor-model-parallel-size 8",
                             "--pipeline-model-parallel-size 4",
                             "--num-layers-per-virtual-pipeline-stage 10",
                             "--sequence-parallel",
                             "--use-distributed-optimizer",
                             "--recompute-granularity full",
                             "--recompute-method uniform",
                             "--micro-batch-size 1",
                             "--global-batch-size 512",
                             "--bf16",
                             "--nnodes=32",
                             "--nproc-per-node=8",
                             "pretrain_gpt.py"})
        EXPECT_NE(script.find(flag), std::string::npos) << flag << "\n" << script;
    const ImportedFields back = importMegatronArgs(script, "megatron_args.sh");
    EXPECT_FALSE(hasErrors(back.issues)) << dump(back.issues);
    EXPECT_EQ(countSeverity(back.issues, Severity::Warning), 0u) << dump(back.issues);
    EXPECT_EQ(*back.plan.vpp, 2);
    EXPECT_EQ(*back.plan.recompute, Recompute::Full);
    EXPECT_FALSE(back.plan.recomputeLayers.has());

    // A partial recompute goes out as the block method and comes back as the same plan.
    p.recomputeLayers = 4;
    const std::string partial = exportMegatronScript(s, p, issues);
    EXPECT_NE(partial.find("--recompute-method block"), std::string::npos) << partial;
    EXPECT_NE(partial.find("--recompute-num-layers 4"), std::string::npos) << partial;
    const ImportedFields partialBack = importMegatronArgs(partial, "megatron_args.sh");
    EXPECT_FALSE(hasErrors(partialBack.issues)) << dump(partialBack.issues);
    ASSERT_TRUE(partialBack.plan.recomputeLayers.has());
    EXPECT_EQ(*partialBack.plan.recomputeLayers, 4);

    // Selective recompute modules go out as --recompute-modules and come back.
    p.recomputeLayers = 0;
    p.recompute = Recompute::Selective;
    p.recomputeModules = recompute_module::kMlp | recompute_module::kCoreAttn;
    const std::string modules = exportMegatronScript(s, p, issues);
    EXPECT_NE(modules.find("--recompute-modules core_attn mlp"), std::string::npos) << modules;
    const ImportedFields modulesBack = importMegatronArgs(modules, "megatron_args.sh");
    EXPECT_FALSE(hasErrors(modulesBack.issues)) << dump(modulesBack.issues);
    EXPECT_EQ(*modulesBack.plan.recomputeModules, p.recomputeModules);

    // The attention kernel goes out as --attention-backend and comes back; Triton has no backend.
    s.training.attentionKernel = AttentionKernel::Flash2;
    const std::string flash = exportMegatronScript(s, p, issues);
    EXPECT_NE(flash.find("--attention-backend flash"), std::string::npos) << flash;
    EXPECT_EQ(*importMegatronArgs(flash, "megatron_args.sh").training.attentionKernel,
              AttentionKernel::Flash2);
    s.training.attentionKernel = AttentionKernel::Fused;
    EXPECT_EQ(*importMegatronArgs(exportMegatronScript(s, p, issues), "megatron_args.sh")
                   .training.attentionKernel,
              AttentionKernel::Fused);
    s.training.attentionKernel = AttentionKernel::Triton;
    ImportIssues tritonIssues;
    const std::string triton = exportMegatronScript(s, p, tritonIssues);
    EXPECT_EQ(triton.find("--attention-backend"), std::string::npos) << triton;
    EXPECT_TRUE(hasIssue(tritonIssues, Severity::Warning, "training.attention_kernel",
                         "no Triton attention backend"))
        << dump(tritonIssues);

    // The loss the estimate charged goes out as Megatron-LM's flags and comes back.
    for (CrossEntropy c : {CrossEntropy::Unfused, CrossEntropy::Auto, CrossEntropy::Te}) {
        s.training.crossEntropy = c;
        const std::string script = exportMegatronScript(s, p, issues);
        EXPECT_EQ(script.find("--cross-entropy-loss-fusion") != std::string::npos,
                  c != CrossEntropy::Unfused)
            << script;
        EXPECT_EQ(*importMegatronArgs(script, "megatron_args.sh").training.crossEntropy, c);
    }

    // The dropout the estimate charged goes out explicitly (Megatron-LM would otherwise use 0.1):
    // none for a flash-era scenario that states nothing, the stated values otherwise.
    s.training.crossEntropy = CrossEntropy::Auto;
    const ImportedFields flashEra =
        importMegatronArgs(exportMegatronScript(s, p, issues), "megatron_args.sh");
    EXPECT_DOUBLE_EQ(*flashEra.training.attentionDropout, 0.0);
    EXPECT_DOUBLE_EQ(*flashEra.training.hiddenDropout, 0.0);
    s.training.attentionDropout = 0.1;
    s.training.hiddenDropout = 0.05;
    const ImportedFields stated =
        importMegatronArgs(exportMegatronScript(s, p, issues), "megatron_args.sh");
    EXPECT_DOUBLE_EQ(*stated.training.attentionDropout, 0.1);
    EXPECT_DOUBLE_EQ(*stated.training.hiddenDropout, 0.05);
}

// Issue 17 item 4: latent attention, sliding windows and MTP modules go out as Megatron-LM flags
// and come back as the same model.
TEST(MegatronScriptGeneration, AttentionVariantsReadBackAsTheSameModel) {
    auto load = loadScenarioFile(std::filesystem::path(TRAINPLAN_TEST_DATA_DIR) /
                                     "scenarios/llama31-70b-h100x256.json",
                                 test::testCatalog());
    ASSERT_TRUE(load.scenario);
    for (const auto& [name, flags] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"deepseek-v3",
              {"--multi-latent-attention", "--q-lora-rank 1536", "--kv-lora-rank 512",
               "--qk-head-dim 128", "--qk-pos-emb-head-dim 64", "--v-head-dim 128",
               "--mtp-num-layers 1"}},
             {"gpt-oss-120b", {"--window-size 127,0", "--window-attn-skip-freq 2"}},
             {"mistral-7b", {"--window-size 4095,0"}}}) {
        Scenario s = *load.scenario;
        const TransformerSpec* model = test::testCatalog().findModel(name);
        ASSERT_NE(model, nullptr) << name;
        s.model = *model;
        Plan p;
        p.framework = Framework::Megatron;
        p.tp = 8;
        p.dp = 32;
        p.microBatch = 1;
        ImportIssues issues;
        const std::string script = exportMegatronScript(s, p, issues);
        for (const std::string& flag : flags)
            EXPECT_NE(script.find(flag), std::string::npos) << name << ": " << flag << "\n"
                                                            << script;
        if (name == "mistral-7b") {
            EXPECT_EQ(script.find("--window-attn-skip-freq"), std::string::npos);
        }
        if (name != "deepseek-v3") {
            EXPECT_EQ(script.find("latent"), std::string::npos);
        }
        const ImportedFields back = importMegatronArgs(script, "megatron_args.sh");
        EXPECT_FALSE(hasErrors(back.issues)) << name << "\n" << dump(back.issues);
        EXPECT_EQ(countSeverity(back.issues, Severity::Warning), 0u) << name << "\n"
                                                                     << dump(back.issues);
        ImportedModel m = back.model;
        m.vocab.set(s.model.vocab, "the tokenizer's (Megatron reads it from there)");
        ImportIssues buildIssues;
        std::optional<TransformerSpec> t = buildTransformer(m, buildIssues);
        ASSERT_TRUE(t) << name << "\n" << dump(buildIssues);
        EXPECT_EQ(t->mla, s.model.mla) << name;
        EXPECT_EQ(t->slidingWindow, s.model.slidingWindow) << name;
        EXPECT_EQ(t->mtpLayers, s.model.mtpLayers) << name;
        EXPECT_TRUE(t->sameArchitecture(s.model)) << name << "\n" << script;
    }
}

// The new fields merge like the others (import_merge.cpp): an explicit config.json value beats the
// job's default with a warning; two explicit values that differ are an error naming both.
TEST(MegatronArgsWithConfig, AttentionFieldsMergeLikeTheOtherModelFields) {
    const std::string mistralJob =
        "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
        "--num-attention-heads 32 --group-query-attention --num-query-groups 8 "
        "--ffn-hidden-size 14336 --swiglu --untie-embeddings-and-output-weights "
        "--position-embedding-type rope --seq-length 8192 --micro-batch-size 1 "
        "--global-batch-size 64 --bf16 --tensor-model-parallel-size 8 ";
    const ImportInput mistral{"hf/mistral-7b-v0.1/config.json",
                              readFixture("hf/mistral-7b-v0.1/config.json")};
    auto modelErrors = [](const ImportIssues& issues) {
        ImportIssues out;
        for (const auto& i : issues)
            if (i.severity == Severity::Error && i.key.rfind("model", 0) == 0) out.push_back(i);
        return out;
    };

    const ImportResult agree = importTexts(
        {mistral, {"train.sh", mistralJob + "--window-size 4095,0"}}, test::testCatalog());
    ASSERT_TRUE(agree.scenario) << dump(agree.issues);
    EXPECT_EQ(agree.scenario->model.slidingWindow.window, 4096);
    EXPECT_EQ(agree.scenario->model.slidingWindow.fullEvery, 0);
    EXPECT_FALSE(hasIssue(agree.issues, Severity::Warning, "model.sliding_window", ""))
        << dump(agree.issues);

    const ImportResult noWindow =
        importTexts({mistral, {"train.sh", mistralJob}}, test::testCatalog());
    ASSERT_TRUE(noWindow.scenario) << dump(noWindow.issues);
    EXPECT_TRUE(hasIssue(noWindow.issues, Severity::Warning, "model.sliding_window.window",
                         "4096 from hf/mistral-7b-v0.1/config.json (sliding_window) is used"))
        << dump(noWindow.issues);
    EXPECT_EQ(noWindow.scenario->model.slidingWindow.window, 4096);

    const std::string qwenJob =
        "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py --num-layers 28 --hidden-size 3584 "
        "--num-attention-heads 28 --group-query-attention --num-query-groups 4 "
        "--ffn-hidden-size 18944 --swiglu --untie-embeddings-and-output-weights "
        "--position-embedding-type rope --seq-length 4096 --window-size 4095,0";
    const ImportResult contradict =
        importTexts({{"hf/qwen2.5-7b/config.json", readFixture("hf/qwen2.5-7b/config.json")},
                     {"train.sh", qwenJob}},
                    test::testCatalog());
    EXPECT_TRUE(hasIssue(contradict.issues, Severity::Error, "model.sliding_window.window",
                         "0 from hf/qwen2.5-7b/config.json (use_sliding_window (false)) "
                         "contradicts 4096 from train.sh"))
        << dump(contradict.issues);

    // DeepSeek-V3's config.json and its Megatron job agree on MLA and MTP: the catalog model.
    const ImportResult ds =
        importTexts({{"hf/deepseek-v3/config.json", readFixture("hf/deepseek-v3/config.json")},
                     {"deepseek_v3.sh", readFixture("megatron/deepseek_v3.sh")}},
                    test::testCatalog());
    ASSERT_TRUE(ds.scenario) << dump(ds.issues);
    EXPECT_TRUE(modelErrors(ds.issues).empty()) << dump(ds.issues);
    const TransformerSpec* cat = test::testCatalog().findModel("deepseek-v3");
    ASSERT_NE(cat, nullptr);
    EXPECT_EQ(ds.scenario->model.mla, cat->mla);
    EXPECT_EQ(ds.scenario->model.mtpLayers, 1);
    EXPECT_TRUE(hasIssue(ds.issues, Severity::Note, "model",
                         "the architecture is catalog model 'deepseek-v3'"))
        << dump(ds.issues);
    // The DeepEP dispatcher and combined 1F1B reach the plan and are written back.
    ASSERT_EQ(ds.scenario->plans.size(), 1u);
    const Plan& moe = ds.scenario->plans[0];
    EXPECT_EQ(moe.moeDispatcher, MoeDispatcher::Flex);
    EXPECT_TRUE(moe.epCommOverlap);
    ImportIssues exportIssues;
    const std::string script = exportMegatronScript(*ds.scenario, moe, exportIssues);
    for (const char* flag :
         {"--moe-token-dispatcher-type flex", "--moe-flex-dispatcher-backend deepep",
          "--overlap-moe-expert-parallel-comm"})
        EXPECT_NE(script.find(flag), std::string::npos) << flag << "\n" << script;
    const ImportedFields back = importMegatronArgs(script, "megatron_args.sh");
    EXPECT_EQ(*back.plan.moeDispatcher, MoeDispatcher::Flex);
    EXPECT_TRUE(*back.plan.epCommOverlap);
}

} // namespace
} // namespace trainplan::model::io
