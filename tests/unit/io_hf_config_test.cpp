// importHfConfig: each model family's config.json, the parameter check against the catalog, and a
// table of malformed configs with their messages.

#include <trainplan/model/io/hf_config.h>

#include "io_test_support.h"

#include <gtest/gtest.h>

#include <cmath>

namespace trainplan::model::io {
namespace {

using test::dump;
using test::hasIssue;
using test::readFixture;
using test::testCatalog;

TransformerSpec buildOk(const ImportedFields& f) {
    ImportIssues issues;
    auto m = buildTransformer(f.model, issues);
    EXPECT_TRUE(m.has_value()) << dump(issues);
    return m.value_or(TransformerSpec{});
}

TransformerSpec importFixture(const std::string& dir, ImportIssues* issuesOut = nullptr) {
    const ImportedFields f =
        importHfConfig(readFixture("hf/" + dir + "/config.json"), "hf/" + dir + "/config.json");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    if (issuesOut) *issuesOut = f.issues;
    return buildOk(f);
}

TEST(HfConfigConversion, Llama31_8B) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("llama-3.1-8b", &issues);
    // No _name_or_path: named after model_type (a guess the catalog match replaces in importFiles),
    // not the folder the file sits in (issue 23: "configs", or a hub cache's commit hash).
    EXPECT_EQ(m.name, "llama");
    EXPECT_EQ(m.layers, 32);
    EXPECT_EQ(m.hidden, 4096);
    EXPECT_EQ(m.heads, 32);
    EXPECT_EQ(m.kvHeads, 8);
    EXPECT_EQ(m.headDim, 128);
    EXPECT_EQ(m.ffnHidden, 14336);
    EXPECT_EQ(m.ffn, FfnKind::SwiGlu);
    EXPECT_EQ(m.vocab, 128256);
    EXPECT_EQ(m.seqLen, 131072); // max_position_embeddings, a guess the combiner flags
    EXPECT_FALSE(m.tiedEmbeddings);
    EXPECT_EQ(m.positionEmbedding, PositionEmbedding::None);
    EXPECT_FALSE(m.moe.enabled());
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues); // every key is known
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text();
    EXPECT_NE(check[0].message.find("llama3.1-8b"), std::string::npos) << check[0].text();
    EXPECT_NEAR(countParameters(m).total, 8.030261248e9, 1e6);
}

TEST(HfConfigConversion, Llama31_70B_MatchesCatalogWithin2Percent) {
    const TransformerSpec m = importFixture("llama-3.1-70b");
    EXPECT_EQ(m.layers, 80);
    EXPECT_EQ(m.hidden, 8192);
    EXPECT_EQ(m.heads, 64);
    EXPECT_EQ(m.kvHeads, 8);
    EXPECT_EQ(m.ffnHidden, 28672);
    EXPECT_NEAR(countParameters(m).total, 70.553706496e9, 1e6);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note);
}

TEST(HfConfigConversion, Qwen2_7B_IsCheckedAgainstTheSameSizeCatalogModel) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("qwen2-7b", &issues);
    EXPECT_EQ(m.hidden, 3584);
    EXPECT_EQ(m.kvHeads, 4);
    EXPECT_EQ(m.ffnHidden, 18944);
    EXPECT_EQ(m.vocab, 152064);
    EXPECT_TRUE(hasIssue(issues, Severity::Note, "model_type", "QKV bias")) << dump(issues);
    EXPECT_FALSE(hasIssue(issues, Severity::Note, "sliding_window", ""))
        << "use_sliding_window is false";
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text();
    EXPECT_NE(check[0].message.find("qwen2.5-7b"), std::string::npos);
}

TEST(HfConfigConversion, Mixtral8x7B) {
    const TransformerSpec m = importFixture("mixtral-8x7b");
    EXPECT_EQ(m.moe.experts, 8);
    EXPECT_EQ(m.moe.topK, 2);
    EXPECT_EQ(m.moe.expertFfnHidden, 14336);
    EXPECT_EQ(m.moe.interval, 1);
    EXPECT_EQ(m.moe.firstDenseLayers, 0);
    EXPECT_EQ(m.seqLen, 32768);
    const auto c = countParameters(m);
    EXPECT_NEAR(c.total / 1e9, 46.7, 0.1);
    EXPECT_NEAR(c.active / 1e9, 12.9, 0.1);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text();
}

TEST(HfConfigConversion, Gpt2UsesItsOwnFieldNamesLearnedPositionsAndTiedEmbeddings) {
    const TransformerSpec m = importFixture("gpt2");
    EXPECT_EQ(m.layers, 12);
    EXPECT_EQ(m.hidden, 768);
    EXPECT_EQ(m.heads, 12);
    EXPECT_EQ(m.kvHeads, 12);
    EXPECT_EQ(m.ffnHidden, 3072); // n_inner null = 4 × n_embd
    EXPECT_EQ(m.ffn, FfnKind::Gelu);
    EXPECT_EQ(m.vocab, 50257);
    EXPECT_EQ(m.seqLen, 1024);
    EXPECT_TRUE(m.tiedEmbeddings);
    EXPECT_EQ(m.positionEmbedding, PositionEmbedding::Learned);
    // 124M: 50257·768 + 1024·768 + 12 · (4·768² + 2·768·3072 + norms) + final norm, biases ignored.
    EXPECT_NEAR(countParameters(m).total / 1e6, 124.3, 0.5);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_NE(check[0].message.find("no catalog model of this shape"), std::string::npos);
}

TEST(HfConfigConversion, GptNeoX20B) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("gpt-neox-20b", &issues);
    EXPECT_EQ(m.layers, 44);
    EXPECT_EQ(m.hidden, 6144);
    EXPECT_EQ(m.ffnHidden, 24576);
    EXPECT_EQ(m.ffn, FfnKind::Gelu);
    EXPECT_FALSE(m.tiedEmbeddings);
    EXPECT_EQ(m.positionEmbedding, PositionEmbedding::None);
    EXPECT_NEAR(countParameters(m).total / 1e9, 20.55,
                0.05); // published 20.55B (Black et al. 2022)
    EXPECT_FALSE(hasIssue(issues, Severity::Note, "hidden_act", "")) << "gelu_fast is a GeLU";
}

TEST(HfConfigConversion, DeepSeekV3ApproximatesMlaAndMatchesTheCatalog) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("deepseek-v3", &issues);
    EXPECT_EQ(m.layers, 61);
    EXPECT_EQ(m.heads, 128);
    EXPECT_EQ(m.kvHeads, 128);
    EXPECT_EQ(m.headDim, 56); // hidden / heads: the documented MLA approximation
    EXPECT_EQ(m.ffnHidden, 18432);
    EXPECT_EQ(m.moe.experts, 256);
    EXPECT_EQ(m.moe.topK, 8);
    EXPECT_EQ(m.moe.expertFfnHidden, 2048);
    EXPECT_EQ(m.moe.sharedExperts, 1);
    EXPECT_EQ(m.moe.firstDenseLayers, 3);
    EXPECT_EQ(m.moe.interval, 1);
    EXPECT_TRUE(hasIssue(issues, Severity::Note, "kv_lora_rank", "Multi-head Latent Attention"))
        << dump(issues);
    EXPECT_TRUE(hasIssue(issues, Severity::Note, "kv_lora_rank", "187,107,328"))
        << dump(issues); // MLA weights/layer
    EXPECT_TRUE(hasIssue(issues, Severity::Note, "num_nextn_predict_layers", "not counted"));
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text(); // 672.1B vs 671B
    // Same architecture as the catalog entry (which makes the same approximation).
    const TransformerSpec* cat = testCatalog().findModel("deepseek-v3");
    ASSERT_NE(cat, nullptr);
    EXPECT_EQ(cat->headDim, m.headDim);
    EXPECT_NEAR(countParameters(*cat).total, countParameters(m).total, 1.0);
}

TEST(HfConfigConversion, WarnsBeyondTwoPercentOfThePublishedSize) {
    // Llama 3.1 8B shape with a Llama 2 vocabulary: 0.75B fewer embedding parameters.
    std::string text = readFixture("hf/llama-3.1-8b/config.json");
    text.replace(text.find("128256"), 6, "32000");
    const ImportedFields f = importHfConfig(text, "config.json");
    const TransformerSpec m = buildOk(f);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Warning);
    EXPECT_NE(check[0].message.find("more than 2% off"), std::string::npos) << check[0].text();
}

TEST(HfConfigConversion, UnknownKeysAreOneWarningNotAnError) {
    std::string text = readFixture("hf/llama-3.1-8b/config.json");
    text.replace(text.find('{'), 1, "{\"my_custom_flag\": 1, \"another_one\": \"x\",");
    const ImportedFields f = importHfConfig(text, "config.json");
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Warning, "", "another_one, my_custom_flag"))
        << dump(f.issues);
}

TEST(HfConfigConversion, NameFromNameOrPath) {
    const ImportedFields f = importHfConfig(
        R"({"_name_or_path": "meta-llama/Llama-2-7b-hf", "model_type": "llama", "hidden_size": 4096,
                         "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 11008,
                         "vocab_size": 32000, "max_position_embeddings": 4096})",
        "x.json");
    const TransformerSpec m = buildOk(f);
    EXPECT_EQ(m.name, "Llama-2-7b-hf");
    EXPECT_EQ(m.kvHeads, 32);
    EXPECT_NEAR(countParameters(m).total, 6.738415616e9, 1e6);
}

struct MalformedCase {
    const char* name;
    std::string text;
    const char* key;     // expected error key (substring)
    const char* message; // expected error message (substring)
};

class HfMalformed : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(HfMalformed, ReportsAnErrorNamingTheKey) {
    const MalformedCase& c = GetParam();
    const ImportedFields f = importHfConfig(c.text, "config.json");
    EXPECT_TRUE(hasIssue(f.issues, Severity::Error, c.key, c.message)) << c.name << "\n"
                                                                       << dump(f.issues);
    for (const auto& i : f.issues)
        EXPECT_EQ(i.file, "config.json");
}

const std::string kLlama = R"("model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256)";

INSTANTIATE_TEST_SUITE_P(
    io, HfMalformed,
    ::testing::Values(
        MalformedCase{"empty", "", "", "not valid JSON"},
        MalformedCase{"truncated", "{\"model_type\": \"llama\", \"hidden_size\": 40", "",
                      "not valid JSON"},
        MalformedCase{"array", "[1, 2, 3]", "", "must be a JSON object, got an array"},
        MalformedCase{"binary",
                      std::string("\x7f"
                                  "ELF\0\0\x01\x02garbage",
                                  14),
                      "", "binary file"},
        MalformedCase{"string layers",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": "32", "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                          "}",
                      "num_hidden_layers", "must be an integer, got a string"},
        MalformedCase{"fractional hidden",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 4096.5,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                          "}",
                      "hidden_size", "must be a whole number"},
        MalformedCase{"negative",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": -4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                          "}",
                      "hidden_size", "out of range"},
        MalformedCase{"huge",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 1e300,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                          "}",
                      "hidden_size", "out of range"},
        MalformedCase{
            "huge integer", "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 99999999999999999999999, "num_attention_heads": 32, "intermediate_size": 1,
            "vocab_size": 1)") + "}",
            "num_hidden_layers", "out of range"},
        MalformedCase{"missing vocab",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336)") +
                          "}",
                      "vocab_size", "is required"},
        // Written without a second "num_key_value_heads": duplicate keys are an error of their
        // own now (issue 22 item 9), so last-wins cannot override kLlama's value.
        MalformedCase{"gqa not dividing",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 5,
            "intermediate_size": 14336, "vocab_size": 128256)") + "}",
                      "num_key_value_heads", "does not divide num_attention_heads 32"},
        MalformedCase{"heads not dividing hidden",
                      "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 30, "intermediate_size": 1, "vocab_size": 1)") +
                          "}",
                      "num_attention_heads", "does not divide hidden_size"},
        MalformedCase{"tie as string", "{" + kLlama + ", \"tie_word_embeddings\": \"no\"}",
                      "tie_word_embeddings", "must be true or false"},
        MalformedCase{"mixtral top-k",
                      "{" + std::string(R"("model_type": "mixtral", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 32000,
            "num_local_experts": 8, "num_experts_per_tok": 9)") +
                          "}",
                      "num_experts_per_tok", "exceeds num_local_experts"},
        MalformedCase{"deepseek all dense",
                      "{" + std::string(R"("model_type": "deepseek_v3", "hidden_size": 7168,
            "num_hidden_layers": 4, "num_attention_heads": 128, "intermediate_size": 18432, "vocab_size": 1,
            "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 2048,
            "first_k_dense_replace": 4)") +
                          "}",
                      "first_k_dense_replace", "leaves no MoE layer"},
        MalformedCase{"nested too deep", std::string(5000, '[') + std::string(5000, ']'), "",
                      "nested deeper"}),
    [](const ::testing::TestParamInfo<MalformedCase>& info) {
        std::string n = info.param.name;
        for (char& c : n)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return n;
    });

TEST(HfConfigConversion, UnknownModelTypeIsAWarningAndStillReads) {
    const ImportedFields f =
        importHfConfig("{" + std::string(R"("model_type": "falcon", "hidden_size": 4544,
        "num_hidden_layers": 32, "num_attention_heads": 71, "intermediate_size": 18176, "vocab_size": 65024)") +
                           "}",
                       "config.json");
    EXPECT_TRUE(hasIssue(f.issues, Severity::Warning, "model_type", "'falcon' is not one of"))
        << dump(f.issues);
    EXPECT_FALSE(hasErrors(f.issues)) << dump(f.issues);
}

TEST(HfConfigConversion, MissingRequiredValuesMakeBuildFail) {
    ImportedModel m;
    m.layers.set(2, "x");
    ImportIssues issues;
    EXPECT_FALSE(buildTransformer(m, issues).has_value());
    EXPECT_TRUE(
        hasIssue(issues, Severity::Error, "model.hidden", "is not given by any imported file"))
        << dump(issues);
}

} // namespace
} // namespace trainplan::model::io
