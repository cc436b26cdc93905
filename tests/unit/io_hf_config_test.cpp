// importHfConfig: each model family's config.json, the parameter check against the catalog, and a
// table of malformed configs with their messages.

#include <trainplan/model/io/hf_config.h>

#include "io_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

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

// A fixture's config.json with `key` set to `value` (or removed, for a discarded value).
std::string withKey(const std::string& dir, const std::string& key, const nlohmann::json& value) {
    nlohmann::json doc = nlohmann::json::parse(readFixture("hf/" + dir + "/config.json"));
    if (value.is_discarded())
        doc.erase(key);
    else
        doc[key] = value;
    return doc.dump();
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
    EXPECT_EQ(m.slidingWindow, SlidingWindowSpec{}) << "sliding_window 131072 is off";
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

TEST(HfConfigConversion, DeepSeekV3ReadsLatentAttentionAndMtpAndIsTheCatalogModel) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("deepseek-v3", &issues);
    EXPECT_EQ(m.layers, 61);
    EXPECT_EQ(m.hidden, 7168);
    EXPECT_EQ(m.heads, 128);
    EXPECT_EQ(m.kvHeads, 128); // MLA: a key and a value per head
    EXPECT_EQ(m.headDim, 56);  // hidden / heads; attention uses MLA's own widths below
    EXPECT_EQ(m.ffnHidden, 18432);
    EXPECT_EQ(m.moe.experts, 256);
    EXPECT_EQ(m.moe.topK, 8);
    EXPECT_EQ(m.moe.expertFfnHidden, 2048);
    EXPECT_EQ(m.moe.sharedExperts, 1);
    EXPECT_EQ(m.moe.firstDenseLayers, 3);
    EXPECT_EQ(m.moe.interval, 1);
    ASSERT_TRUE(m.mla.enabled());
    EXPECT_EQ(m.mla.qLoraRank, 1536);
    EXPECT_EQ(m.mla.kvLoraRank, 512);
    EXPECT_EQ(m.mla.qkNopeHeadDim, 128);
    EXPECT_EQ(m.mla.qkRopeHeadDim, 64);
    EXPECT_EQ(m.mla.vHeadDim, 128);
    EXPECT_EQ(m.qkHeadDim(), 192.0);
    EXPECT_EQ(m.mtpLayers, 1); // num_nextn_predict_layers
    EXPECT_FALSE(m.slidingWindow.enabled());
    // q 7168·1536 + 1536 + 1536·128·192, kv 7168·576 + 512 + 512·128·256, o 128·128·7168.
    const ParameterCount c = countParameters(m);
    EXPECT_DOUBLE_EQ(c.attentionPerLayer, 187'107'328.0);
    EXPECT_NEAR(c.total, 671.026404352e9, 1e3);
    EXPECT_FALSE(hasIssue(issues, Severity::Note, "", "modelled as multi-head attention"))
        << dump(issues);
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text(); // 671.03B vs 671B
    // The catalog entry is the same architecture, field by field.
    const TransformerSpec* cat = testCatalog().findModel("deepseek-v3");
    ASSERT_NE(cat, nullptr);
    EXPECT_EQ(cat->mla, m.mla);
    EXPECT_EQ(cat->mtpLayers, m.mtpLayers);
    EXPECT_EQ(cat->headDim, m.headDim);
    EXPECT_DOUBLE_EQ(countParameters(*cat).total, c.total);
}

// DeepSeek-V2-Lite: "q_lora_rank": null projects queries straight from the hidden state; no MTP.
TEST(HfConfigConversion, DeepSeekV2LiteWithoutQueryCompression) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("deepseek-v2-lite", &issues);
    EXPECT_EQ(m.layers, 27);
    EXPECT_EQ(m.kvHeads, 16);
    EXPECT_EQ(m.mla.qLoraRank, 0);
    EXPECT_EQ(m.mla.kvLoraRank, 512);
    EXPECT_EQ(m.mla.qkNopeHeadDim, 128);
    EXPECT_EQ(m.mla.qkRopeHeadDim, 64);
    EXPECT_EQ(m.mla.vHeadDim, 128);
    EXPECT_EQ(m.mtpLayers, 0);
    EXPECT_EQ(m.moe.experts, 64);
    EXPECT_EQ(m.moe.topK, 6);
    EXPECT_EQ(m.moe.sharedExperts, 2);
    EXPECT_EQ(m.moe.firstDenseLayers, 1);
    // q 2048·16·192, kv 2048·576 + 512 + 512·16·256, o 16·128·2048; 15.7B total (DeepSeek-AI 2024).
    const ParameterCount c = countParameters(m);
    EXPECT_DOUBLE_EQ(c.attentionPerLayer, 13'763'072.0);
    EXPECT_NEAR(c.total / 1e9, 15.706, 0.001);
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
}

TEST(HfConfigConversion, LatentAttentionKeysAreRequiredForDeepSeek) {
    const ImportedFields f = importHfConfig(withKey("deepseek-v3", "kv_lora_rank", {}), "c.json");
    EXPECT_TRUE(hasIssue(f.issues, Severity::Error, "kv_lora_rank", "is required"))
        << dump(f.issues);
    const ImportedFields g =
        importHfConfig(withKey("deepseek-v3", "num_key_value_heads", 16), "c.json");
    EXPECT_TRUE(hasIssue(g.issues, Severity::Warning, "num_key_value_heads",
                         "16 differs from num_attention_heads 128"))
        << dump(g.issues);
    EXPECT_EQ(*g.model.kvHeads, 128);
}

// Qwen2Config: sliding_window applies only with use_sliding_window, from layer max_window_layers
// on (Qwen2.5-7B ships sliding_window 131072 with use_sliding_window false).
TEST(HfConfigConversion, Qwen25SlidingWindowIsOffUnlessUseSlidingWindow) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("qwen2.5-7b", &issues);
    EXPECT_EQ(m.layers, 28);
    EXPECT_EQ(m.kvHeads, 4);
    EXPECT_EQ(m.slidingWindow, SlidingWindowSpec{});
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_NE(check[0].message.find("qwen2.5-7b"), std::string::npos) << check[0].text();

    nlohmann::json doc = nlohmann::json::parse(readFixture("hf/qwen2.5-7b/config.json"));
    doc["use_sliding_window"] = true; // max_window_layers 28 = every layer: full attention
    EXPECT_EQ(buildOk(importHfConfig(doc.dump(), "c.json")).slidingWindow, SlidingWindowSpec{});
    doc["max_window_layers"] = 0; // every layer windowed
    const TransformerSpec all = buildOk(importHfConfig(doc.dump(), "c.json"));
    EXPECT_EQ(all.slidingWindow.window, 131072);
    EXPECT_EQ(all.slidingWindow.fullEvery, 0);
    doc["max_window_layers"] = 14; // full below layer 14, windowed above: not expressible
    const ImportedFields half = importHfConfig(doc.dump(), "c.json");
    EXPECT_TRUE(hasIssue(half.issues, Severity::Error, "max_window_layers",
                         "layer 0 is full attention but layer 14 is windowed"))
        << dump(half.issues);
}

TEST(HfConfigConversion, Mistral7BWindowsEveryLayer) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("mistral-7b-v0.1", &issues);
    EXPECT_EQ(m.layers, 32);
    EXPECT_EQ(m.kvHeads, 8);
    EXPECT_EQ(m.slidingWindow.window, 4096);
    EXPECT_EQ(m.slidingWindow.fullEvery, 0);
    EXPECT_EQ(m.windowedLayerCount(false), 32);
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
    const TransformerSpec* cat = testCatalog().findModel("mistral-7b");
    ASSERT_NE(cat, nullptr);
    EXPECT_EQ(cat->slidingWindow, m.slidingWindow);
    EXPECT_NEAR(countParameters(m).total / 1e9, 7.2417, 0.0001);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text();
    EXPECT_NE(check[0].message.find("mistral-7b"), std::string::npos) << check[0].text();
    // Mixtral's and Mistral v0.2's "sliding_window": null: no window.
    const TransformerSpec none =
        buildOk(importHfConfig(withKey("mistral-7b-v0.1", "sliding_window", nullptr), "c.json"));
    EXPECT_EQ(none.slidingWindow, SlidingWindowSpec{});
    EXPECT_EQ(importFixture("mixtral-8x7b").slidingWindow, SlidingWindowSpec{});
}

TEST(HfConfigConversion, GptOss120BAlternatesWindowedAndFullLayers) {
    ImportIssues issues;
    const TransformerSpec m = importFixture("gpt-oss-120b", &issues);
    EXPECT_EQ(m.layers, 36);
    EXPECT_EQ(m.heads, 64);
    EXPECT_EQ(m.kvHeads, 8);
    EXPECT_EQ(m.headDim, 64);
    EXPECT_EQ(m.moe.experts, 128);
    EXPECT_EQ(m.moe.topK, 4);
    EXPECT_EQ(m.moe.expertFfnHidden, 2880);
    EXPECT_EQ(m.slidingWindow.window, 128);
    EXPECT_EQ(m.slidingWindow.fullEvery, 2); // layer_types: sliding, full, sliding, …
    EXPECT_TRUE(m.isWindowedLayer(0));
    EXPECT_FALSE(m.isWindowedLayer(1));
    EXPECT_EQ(m.windowedLayerCount(true), 18);
    EXPECT_NEAR(countParameters(m).total / 1e9, 116.789, 0.001);
    EXPECT_EQ(countSeverity(issues, Severity::Warning), 0u) << dump(issues);
    const ImportIssues check = checkParameterCount(m, testCatalog(), "config.json");
    ASSERT_EQ(check.size(), 1u);
    EXPECT_EQ(check[0].severity, Severity::Note) << check[0].text();
    EXPECT_NE(check[0].message.find("gpt-oss-120b"), std::string::npos) << check[0].text();
    // Without layer_types, GptOssConfig's default alternation.
    const ImportedFields f = importHfConfig(
        withKey("gpt-oss-120b", "layer_types", nlohmann::json::value_t::discarded), "c.json");
    EXPECT_EQ(*f.model.fullAttentionEvery, 2);
    EXPECT_EQ(f.model.fullAttentionEvery.origin, Origin::ToolDefault);
    // Gemma3TextConfig's sliding_window_pattern 6: every 6th layer full.
    nlohmann::json doc = nlohmann::json::parse(readFixture("hf/gpt-oss-120b/config.json"));
    doc.erase("layer_types");
    doc["sliding_window_pattern"] = 6;
    EXPECT_EQ(buildOk(importHfConfig(doc.dump(), "c.json")).slidingWindow.fullEvery, 6);
}

TEST(HfConfigConversion, LayerTypesThatAreNotEveryNthLayerFullAreAnError) {
    std::vector<std::string> alternating;
    for (int i = 0; i < 36; ++i)
        alternating.push_back(i % 2 == 0 ? "sliding_attention" : "full_attention");
    auto importTypes = [](const std::vector<std::string>& types) {
        return importHfConfig(withKey("gpt-oss-120b", "layer_types", types), "config.json");
    };
    auto fullFirst = alternating;
    std::swap(fullFirst[0], fullFirst[1]);
    EXPECT_TRUE(hasIssue(importTypes(fullFirst).issues, Severity::Error, "layer_types",
                         "layer 0 is full attention but layer 1 is windowed"));
    auto extraFull = alternating;
    extraFull[6] = "full_attention";
    const ImportedFields f = importTypes(extraFull);
    EXPECT_TRUE(hasIssue(f.issues, Severity::Error, "layer_types",
                         "layer 6 is full attention, but the first full-attention layer, 1, sets "
                         "a period of 2"))
        << dump(f.issues);
    auto chunked = alternating;
    chunked[3] = "chunked_attention";
    EXPECT_TRUE(hasIssue(importTypes(chunked).issues, Severity::Error, "layer_types",
                         "entry 3 is 'chunked_attention'"));
    auto shorter = alternating;
    shorter.pop_back();
    EXPECT_TRUE(hasIssue(importTypes(shorter).issues, Severity::Error, "layer_types",
                         "lists 35 layers but num_hidden_layers is 36"));
    // Every layer full attention: no window, not an error.
    const ImportedFields full = importTypes(std::vector<std::string>(36, "full_attention"));
    EXPECT_FALSE(hasErrors(full.issues)) << dump(full.issues);
    EXPECT_EQ(*full.model.slidingWindow, 0);
}

TEST(HfConfigConversion, WarnsBeyondTwoPercentOfThePublishedSize) {
    // Llama 3.1 8B shape with a 64,000 vocabulary: 0.5B fewer embedding parameters than Llama
    // 3.1 8B and 0.26B more than Mistral 7B (the same shape with 32,000), over 2% from both.
    std::string text = readFixture("hf/llama-3.1-8b/config.json");
    text.replace(text.find("128256"), 6, "64000");
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

struct HfMalformedCase {
    const char* name;
    std::string text;
    const char* key;     // expected error key (substring)
    const char* message; // expected error message (substring)
};

class HfMalformed : public ::testing::TestWithParam<HfMalformedCase> {};

TEST_P(HfMalformed, ReportsAnErrorNamingTheKey) {
    const HfMalformedCase& c = GetParam();
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
        HfMalformedCase{"empty", "", "", "not valid JSON"},
        HfMalformedCase{"truncated", "{\"model_type\": \"llama\", \"hidden_size\": 40", "",
                        "not valid JSON"},
        HfMalformedCase{"array", "[1, 2, 3]", "", "must be a JSON object, got an array"},
        HfMalformedCase{"binary",
                        std::string("\x7f"
                                    "ELF\0\0\x01\x02garbage",
                                    14),
                        "", "binary file"},
        HfMalformedCase{"string layers",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": "32", "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                            "}",
                        "num_hidden_layers", "must be an integer, got a string"},
        HfMalformedCase{"fractional hidden",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 4096.5,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                            "}",
                        "hidden_size", "must be a whole number"},
        HfMalformedCase{"negative",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": -4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                            "}",
                        "hidden_size", "out of range"},
        HfMalformedCase{"huge",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 1e300,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 1, "vocab_size": 1)") +
                            "}",
                        "hidden_size", "out of range"},
        HfMalformedCase{
            "huge integer", "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 99999999999999999999999, "num_attention_heads": 32, "intermediate_size": 1,
            "vocab_size": 1)") + "}",
            "num_hidden_layers", "out of range"},
        HfMalformedCase{"missing vocab",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336)") +
                            "}",
                        "vocab_size", "is required"},
        // Written without a second "num_key_value_heads": duplicate keys are an error of their
        // own now (issue 22 item 9), so last-wins cannot override kLlama's value.
        HfMalformedCase{"gqa not dividing",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 5,
            "intermediate_size": 14336, "vocab_size": 128256)") +
                            "}",
                        "num_key_value_heads", "does not divide num_attention_heads 32"},
        HfMalformedCase{"heads not dividing hidden",
                        "{" + std::string(R"("model_type": "llama", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 30, "intermediate_size": 1, "vocab_size": 1)") +
                            "}",
                        "num_attention_heads", "does not divide hidden_size"},
        HfMalformedCase{"tie as string", "{" + kLlama + ", \"tie_word_embeddings\": \"no\"}",
                        "tie_word_embeddings", "must be true or false"},
        HfMalformedCase{"mixtral top-k",
                        "{" + std::string(R"("model_type": "mixtral", "hidden_size": 4096,
            "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 32000,
            "num_local_experts": 8, "num_experts_per_tok": 9)") +
                            "}",
                        "num_experts_per_tok", "exceeds num_local_experts"},
        HfMalformedCase{"deepseek all dense",
                        "{" + std::string(R"("model_type": "deepseek_v3", "hidden_size": 7168,
            "num_hidden_layers": 4, "num_attention_heads": 128, "intermediate_size": 18432, "vocab_size": 1,
            "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 2048,
            "first_k_dense_replace": 4)") +
                            "}",
                        "first_k_dense_replace", "leaves no MoE layer"},
        HfMalformedCase{"nested too deep", std::string(5000, '[') + std::string(5000, ']'), "",
                        "nested deeper"}),
    [](const ::testing::TestParamInfo<HfMalformedCase>& info) {
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
