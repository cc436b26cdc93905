#include <trainplan/model/io/hf_config.h>

#include <trainplan/model/io/import_hints.h>

#include "json_keys.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <vector>

namespace trainplan::model::io {

using detail::KeyReader;

namespace {

constexpr long long kMaxDim = 1'000'000;
constexpr long long kMaxLayers = 100'000;
constexpr long long kMaxVocab = 100'000'000;
constexpr long long kMaxSeq = 1'000'000'000;
constexpr long long kMaxWindow = 100'000'000; // the scenario's sliding_window.window range
constexpr long long kMaxMtp = 1'000;          // the scenario's mtp_layers range

// Mixtral: num_local_experts experts of width intermediate_size (MixtralConfig, GptOssConfig).
// DeepSeek: MLA and the DeepSeekMoE keys (DeepseekV2Config, DeepseekV3Config).
enum class Family { Llama, Mixtral, Gpt2, GptNeox, DeepSeek, Other };

Family familyOf(const std::string& type) {
    if (type == "llama" || type == "mistral" || type == "qwen2" || type == "qwen3")
        return Family::Llama;
    if (type == "mixtral" || type == "gpt_oss") return Family::Mixtral;
    if (type == "gpt2") return Family::Gpt2;
    if (type == "gpt_neox") return Family::GptNeox;
    if (type == "deepseek_v2" || type == "deepseek_v3") return Family::DeepSeek;
    return Family::Other;
}

// Keys every family carries that do not change the plan: tokens, dropout, init, norms, RoPE,
// serialisation and generation settings.
constexpr std::string_view kIgnoredKeys[] = {"architectures",
                                             "model_type",
                                             "_name_or_path",
                                             "transformers_version",
                                             "torch_dtype",
                                             "dtype",
                                             "bos_token_id",
                                             "eos_token_id",
                                             "pad_token_id",
                                             "use_cache",
                                             "initializer_range",
                                             "rms_norm_eps",
                                             "layer_norm_eps",
                                             "layer_norm_epsilon",
                                             "rope_theta",
                                             "rope_scaling",
                                             "use_mrope",
                                             "attention_dropout",
                                             "hidden_dropout",
                                             "pretraining_tp",
                                             "mlp_bias",
                                             "attention_bias",
                                             "output_router_logits",
                                             "router_aux_loss_coef",
                                             "router_jitter_noise",
                                             "experts_per_token",
                                             "swiglu_limit",
                                             "initial_context_length",
                                             "resid_pdrop",
                                             "embd_pdrop",
                                             "attn_pdrop",
                                             "summary_type",
                                             "summary_use_proj",
                                             "summary_activation",
                                             "summary_proj_to_labels",
                                             "summary_first_dropout",
                                             "scale_attn_weights",
                                             "task_specific_params",
                                             "reorder_and_upcast_attn",
                                             "scale_attn_by_inverse_layer_idx",
                                             "rotary_pct",
                                             "rotary_emb_base",
                                             "rotary_emb_fraction",
                                             "use_parallel_residual",
                                             "classifier_dropout",
                                             "aux_loss_alpha",
                                             "ep_size",
                                             "n_group",
                                             "topk_group",
                                             "topk_method",
                                             "norm_topk_prob",
                                             "routed_scaling_factor",
                                             "scoring_func",
                                             "seq_aux",
                                             "quantization_config",
                                             "return_dict",
                                             "output_hidden_states",
                                             "output_attentions",
                                             "torchscript",
                                             "tie_encoder_decoder",
                                             "is_decoder",
                                             "is_encoder_decoder",
                                             "add_cross_attention",
                                             "id2label",
                                             "label2id",
                                             "tokenizer_class",
                                             "problem_type",
                                             "auto_map",
                                             "use_bfloat16",
                                             "n_ctx",
                                             "bias",
                                             "rope_interleave",
                                             "qkv_bias",
                                             "head_dim",
                                             "mup"};

void warnUnknown(const nlohmann::json& doc, KeyReader& r, ImportedFields& f) {
    for (auto k : kIgnoredKeys)
        r.markRead({k});
    (void)doc;
    const std::string unread = r.unreadKeys();
    if (!unread.empty()) f.warning("", ImportTextId::HfUnknownKeys, {unread});
}

// The model's own name: the last part of _name_or_path ("meta-llama/Llama-3.1-8B" →
// "Llama-3.1-8B"), else model_type — never the folder the file sits in (a hub cache keeps
// config.json under snapshots/<commit hash>/, a checkout under "configs/"). A model_type name is
// a guess that a catalog match replaces (importFiles).
std::pair<std::string, Origin> nameFrom(const std::optional<std::string>& nameOrPath,
                                        const std::string& modelType) {
    if (nameOrPath && !nameOrPath->empty()) {
        std::string p = *nameOrPath;
        while (!p.empty() && (p.back() == '/' || p.back() == '\\'))
            p.pop_back();
        const std::size_t slash = p.find_last_of("/\\");
        const std::string last = slash == std::string::npos ? p : p.substr(slash + 1);
        if (!last.empty()) return {last, Origin::Explicit};
    }
    return {modelType.empty() ? std::string("imported-model") : modelType, Origin::Guess};
}

// Full-attention period a transformers config class assumes when config.json has no layer_types:
// GptOssConfig and Gemma2Config alternate, sliding first ((i + 1) % 2 == 0 is full);
// Gemma3TextConfig's sliding_window_pattern defaults to 6; MistralConfig windows every layer (0).
int defaultFullEvery(const std::string& modelType) {
    if (modelType == "gpt_oss" || modelType == "gemma2") return 2;
    if (modelType == "gemma3" || modelType == "gemma3_text") return 6;
    return 0;
}

// Sliding-window attention. sliding_window counts the keys a query sees, itself included
// (transformers' sliding-window masks keep keys in (i − window, i]); which layers use it comes from
// layer_types, else Gemma3TextConfig's sliding_window_pattern, else Qwen2Config's
// max_window_layers, else the class default above.
void readSlidingWindow(const nlohmann::json& doc, KeyReader& r, const std::string& modelType,
                       std::optional<long long> layers, ImportedFields& f) {
    // Qwen2Config / Qwen3Config: sliding_window is None unless use_sliding_window (default false).
    const bool qwen = modelType == "qwen2" || modelType == "qwen3";
    const std::optional<bool> use = r.boolean("use_sliding_window");
    r.markRead({"sliding_window", "layer_types", "sliding_window_pattern", "max_window_layers"});
    if ((use && !*use) || (qwen && !use)) {
        if (use)
            f.model.slidingWindow.set(0, "use_sliding_window", ImportText::verbatim("false"));
        else
            f.model.slidingWindow.set(
                0, "use_sliding_window",
                fieldNote(ImportTextId::FieldAbsentForModel, {"false", modelType}),
                Origin::ToolDefault);
        return;
    }
    const std::optional<long long> window = r.integer("sliding_window", 0, kMaxWindow);
    if (!window || *window == 0) {
        // Mixtral, Mistral v0.2+: "sliding_window": null.
        const auto it = doc.find("sliding_window");
        if (window || (it != doc.end() && it->is_null()))
            f.model.slidingWindow.set(
                0, "sliding_window",
                fieldNote(ImportTextId::FieldValueFullAttention, {window ? "0" : "null"}));
        return;
    }

    std::vector<bool> windowed; // per layer, when the file gives a pattern
    std::string patternKey;
    if (const nlohmann::json* types = r.get("layer_types")) {
        // GptOssConfig, Gemma2Config, Gemma3TextConfig, Qwen2Config: one kind per layer.
        patternKey = "layer_types";
        if (!types->is_array()) {
            f.error(patternKey, ImportTextId::HfLayerTypesNotList, {detail::typeArg(*types)});
            return;
        }
        for (std::size_t i = 0; i < types->size(); ++i) {
            const nlohmann::json& t = (*types)[i];
            const std::string kind = t.is_string() ? t.get<std::string>() : "";
            if (kind != "sliding_attention" && kind != "full_attention") {
                if (t.is_string())
                    f.error(patternKey, ImportTextId::HfLayerTypeUnknown, {i, kind});
                else
                    f.error(patternKey, ImportTextId::HfLayerTypeNotString,
                            {i, detail::typeArg(t)});
                return;
            }
            windowed.push_back(kind == "sliding_attention");
        }
        if (layers && static_cast<long long>(windowed.size()) != *layers) {
            f.error(patternKey, ImportTextId::HfLayerTypesCount, {windowed.size(), *layers});
            return;
        }
    } else if (auto pattern = r.integer("sliding_window_pattern", 1, kMaxLayers)) {
        // Gemma3TextConfig: layer i is full attention when (i + 1) % sliding_window_pattern == 0.
        patternKey = "sliding_window_pattern";
        if (layers)
            for (long long i = 0; i < *layers; ++i)
                windowed.push_back((i + 1) % *pattern != 0);
    } else if (qwen && layers) {
        // Qwen2Config: layers i >= max_window_layers (default 28) use the window.
        patternKey = "max_window_layers";
        const long long fullBelow = r.integer("max_window_layers", 0, kMaxLayers).value_or(28);
        for (long long i = 0; i < *layers; ++i)
            windowed.push_back(i >= fullBelow);
    }
    if (patternKey.empty()) {
        const int every = defaultFullEvery(modelType);
        f.model.slidingWindow.set(static_cast<int>(*window), "sliding_window");
        f.model.fullAttentionEvery.set(
            every, "sliding_window",
            every == 0 ? fieldNote(ImportTextId::FieldNoLayerTypesEveryWindowed)
                       : fieldNote(ImportTextId::FieldNoLayerTypesFullEvery, {every, modelType}),
            Origin::ToolDefault);
        return;
    }
    if (std::none_of(windowed.begin(), windowed.end(), [](bool w) { return w; })) {
        if (layers)
            f.model.slidingWindow.set(0, patternKey, fieldNote(ImportTextId::FieldNoWindowedLayer));
        return;
    }
    ImportText why;
    const std::optional<int> every = fullEveryFromPattern(windowed, why);
    if (!every) {
        f.error(patternKey, why);
        return;
    }
    f.model.slidingWindow.set(static_cast<int>(*window), "sliding_window");
    f.model.fullAttentionEvery.set(*every, patternKey);
}

} // namespace

ImportedFields importHfConfig(std::string_view text, std::string_view fileName) {
    ImportedFields f;
    f.file = std::string(fileName);
    f.kind = FileKind::HfConfig;
    if (detail::looksBinary(text)) {
        f.error("", ImportTextId::HfBinary);
        return f;
    }
    detail::ParsedJson parsed = detail::parseJson(text);
    if (parsed.error) {
        f.error(std::move(*parsed.error));
        return f;
    }
    const nlohmann::json& doc = parsed.value;
    if (!doc.is_object()) {
        f.error("", ImportTextId::HfNotObject, {detail::typeArg(doc)});
        return f;
    }
    KeyReader r(doc, f);
    const std::string modelType = r.string("model_type").value_or("");
    Family family = familyOf(modelType);
    if (family == Family::Other) {
        const bool gpt2Names = r.has("n_embd") && r.has("n_layer");
        if (modelType.empty())
            f.warning("model_type", ImportTextId::HfModelTypeMissing,
                      {gpt2Names ? "GPT-2" : "Llama"});
        else
            f.warning("model_type", ImportTextId::HfModelTypeUnknown,
                      {modelType, gpt2Names ? "GPT-2" : "Llama"});
        family = gpt2Names ? Family::Gpt2 : Family::Llama;
    }
    const auto [name, nameOrigin] = nameFrom(r.string("_name_or_path"), modelType);
    const char* nameKey = nameOrigin == Origin::Explicit ? "_name_or_path" : "model_type";
    f.model.name.set(name, nameKey, nameOrigin);
    f.model.displayName.set(name, nameKey, nameOrigin);

    auto requireInt = [&](const char* key, long long min,
                          long long max) -> std::optional<long long> {
        if (!r.has(key)) {
            r.markRead({key});
            if (modelType.empty())
                f.error(key, ImportTextId::HfRequired);
            else
                f.error(key, ImportTextId::HfRequiredFor, {modelType});
            return std::nullopt;
        }
        return r.integer(key, min, max);
    };
    const bool gpt2 = family == Family::Gpt2;
    const char* kHidden = gpt2 ? "n_embd" : "hidden_size";
    const char* kLayers = gpt2 ? "n_layer" : "num_hidden_layers";
    const char* kHeads = gpt2 ? "n_head" : "num_attention_heads";
    const auto hidden = requireInt(kHidden, 1, kMaxDim);
    const auto layers = requireInt(kLayers, 1, kMaxLayers);
    const auto heads = requireInt(kHeads, 1, kMaxDim);
    const auto vocab = requireInt("vocab_size", 1, kMaxVocab);
    if (hidden) f.model.hidden.set(static_cast<int>(*hidden), kHidden);
    if (layers) f.model.layers.set(static_cast<int>(*layers), kLayers);
    if (heads) f.model.heads.set(static_cast<int>(*heads), kHeads);
    if (vocab) f.model.vocab.set(static_cast<int>(*vocab), "vocab_size");

    // Sequence length: the longest supported context, a stand-in for the training seq_len.
    const char* kPositions = gpt2 ? "n_positions" : "max_position_embeddings";
    std::optional<long long> positions = r.integer(kPositions, 1, kMaxSeq);
    if (!positions && gpt2) positions = r.integer("n_ctx", 1, kMaxSeq);
    if (positions)
        f.model.seqLen.set(static_cast<int>(*positions), kPositions, Origin::Guess);
    else
        r.markRead({kPositions});

    // Attention: GQA heads and head width.
    const bool deepseek = family == Family::DeepSeek;
    if (deepseek) {
        // Multi-head latent attention decompresses a key and a value for every head (DeepSeek-V2
        // §2.1), so the config's num_key_value_heads is num_attention_heads.
        const auto kv = r.integer("num_key_value_heads", 1, kMaxDim);
        if (kv && heads && *kv != *heads)
            f.warning("num_key_value_heads", ImportTextId::HfMlaKvHeads, {*kv, *heads});
        if (heads)
            f.model.kvHeads.set(static_cast<int>(*heads), "num_attention_heads",
                                fieldNote(ImportTextId::FieldMla));
    } else if (!gpt2) {
        if (auto kv = r.integer("num_key_value_heads", 1, kMaxDim)) {
            f.model.kvHeads.set(static_cast<int>(*kv), "num_key_value_heads");
            if (heads && *heads % *kv != 0)
                f.error("num_key_value_heads", ImportTextId::HfKvHeadsNotDivide, {*kv, *heads});
        } else if (heads) {
            f.model.kvHeads.set(static_cast<int>(*heads), "num_key_value_heads",
                                fieldNote(ImportTextId::FieldAbsentOnePerHead),
                                Origin::ToolDefault);
        }
    } else if (heads) {
        f.model.kvHeads.set(static_cast<int>(*heads), kHeads);
    }
    // DeepSeek: head_dim stays hidden/heads, as in the catalog; attention uses MLA's own widths
    // (TransformerSpec::qkHeadDim, vHeadDim).
    std::optional<long long> headDim;
    if (!deepseek) headDim = r.integer("head_dim", 1, kMaxDim);
    if (headDim) {
        f.model.headDim.set(static_cast<int>(*headDim), "head_dim");
    } else if (hidden && heads) {
        if (*hidden % *heads != 0 && !deepseek)
            f.error(kHeads, ImportTextId::HfHeadsNotDivideHidden, {*heads, kHidden, *hidden});
        f.model.headDim.set(static_cast<int>(*hidden / *heads),
                            std::string(kHidden) + " / " + kHeads, Origin::ToolDefault);
    }

    // MLP width and kind.
    const bool gated = family != Family::Gpt2 && family != Family::GptNeox;
    std::string act;
    if (gpt2)
        act = r.string("activation_function").value_or("gelu_new");
    else
        act = r.string("hidden_act").value_or(gated ? "silu" : "gelu");
    if (gated) {
        f.model.ffn.set(FfnKind::SwiGlu, "hidden_act");
        if (act != "silu" && act != "swish")
            f.note("hidden_act", ImportTextId::HfGatedActAsSwiglu, {act});
    } else {
        f.model.ffn.set(FfnKind::Gelu, gpt2 ? "activation_function" : "hidden_act");
        if (act.rfind("gelu", 0) != 0)
            f.note(gpt2 ? "activation_function" : "hidden_act", ImportTextId::HfActAsGelu, {act});
    }
    if (gpt2) {
        if (auto inner = r.integer("n_inner", 1, 16 * kMaxDim))
            f.model.ffnHidden.set(static_cast<int>(*inner), "n_inner");
        else if (hidden)
            f.model.ffnHidden.set(static_cast<int>(4 * *hidden), "n_inner",
                                  fieldNote(ImportTextId::FieldNullValue, {"4 × n_embd"}),
                                  Origin::ToolDefault);
    } else if (auto inter = requireInt("intermediate_size", 1, 16 * kMaxDim)) {
        f.model.ffnHidden.set(static_cast<int>(*inter), "intermediate_size");
    }

    // Embeddings: tying default differs by class (PretrainedConfig ties; LlamaConfig etc. do not).
    const bool tieDefault = gpt2;
    if (auto tie = r.boolean("tie_word_embeddings"))
        f.model.tiedEmbeddings.set(*tie, "tie_word_embeddings");
    else
        f.model.tiedEmbeddings.set(
            tieDefault, "tie_word_embeddings",
            modelType.empty()
                ? fieldNote(ImportTextId::FieldAbsentForThisModel, {tieDefault ? "true" : "false"})
                : fieldNote(ImportTextId::FieldAbsentForModel,
                            {tieDefault ? "true" : "false", modelType}),
            Origin::ToolDefault);
    f.model.positionEmbedding.set(gpt2 ? PositionEmbedding::Learned : PositionEmbedding::None,
                                  gpt2 ? "n_positions" : "model_type",
                                  ImportText::verbatim(gpt2 ? "learned" : "rotary"));

    // Mixture of experts.
    if (family == Family::Mixtral) {
        const auto experts = requireInt("num_local_experts", 1, 1'000'000);
        const auto topK = requireInt("num_experts_per_tok", 1, 1'000'000);
        if (experts) f.model.experts.set(static_cast<int>(*experts), "num_local_experts");
        if (topK) f.model.topK.set(static_cast<int>(*topK), "num_experts_per_tok");
        if (experts && topK && *topK > *experts)
            f.error("num_experts_per_tok", ImportTextId::HfTopKExceeds,
                    {*topK, "num_local_experts", *experts});
        if (f.model.ffnHidden.has())
            f.model.expertFfnHidden.set(*f.model.ffnHidden, "intermediate_size");
        f.model.sharedExperts.set(0, "model_type " + modelType);
        f.model.moeInterval.set(1, "model_type " + modelType);
        f.model.firstDenseLayers.set(0, "model_type " + modelType);
    } else if (deepseek) {
        const auto experts = requireInt("n_routed_experts", 1, 1'000'000);
        const auto topK = requireInt("num_experts_per_tok", 1, 1'000'000);
        const auto expertFfn = requireInt("moe_intermediate_size", 1, 16 * kMaxDim);
        const auto shared = r.integer("n_shared_experts", 0, 1'000'000);
        const auto firstDense = r.integer("first_k_dense_replace", 0, kMaxLayers);
        const auto freq = r.integer("moe_layer_freq", 1, kMaxLayers);
        if (experts) f.model.experts.set(static_cast<int>(*experts), "n_routed_experts");
        if (topK) f.model.topK.set(static_cast<int>(*topK), "num_experts_per_tok");
        if (experts && topK && *topK > *experts)
            f.error("num_experts_per_tok", ImportTextId::HfTopKExceeds,
                    {*topK, "n_routed_experts", *experts});
        if (expertFfn)
            f.model.expertFfnHidden.set(static_cast<int>(*expertFfn), "moe_intermediate_size");
        f.model.sharedExperts.set(static_cast<int>(shared.value_or(0)), "n_shared_experts");
        f.model.firstDenseLayers.set(static_cast<int>(firstDense.value_or(0)),
                                     "first_k_dense_replace");
        f.model.moeInterval.set(static_cast<int>(freq.value_or(1)), "moe_layer_freq");
        if (layers && firstDense && *firstDense >= *layers)
            f.error("first_k_dense_replace", ImportTextId::HfNoMoeLayerLeft,
                    {*firstDense, *layers});
        // Multi-head latent attention (DeepseekV3Config, DeepseekV2Config): q_lora_rank null
        // projects queries straight from the hidden state (DeepSeek-V2-Lite).
        const auto qLora = doc.find("q_lora_rank");
        if (qLora != doc.end() && qLora->is_null()) {
            r.markRead({"q_lora_rank"});
            f.model.qLoraRank.set(0, "q_lora_rank",
                                  fieldNote(ImportTextId::FieldNullQueriesNotCompressed));
        } else if (auto q = requireInt("q_lora_rank", 0, kMaxDim)) {
            f.model.qLoraRank.set(static_cast<int>(*q), "q_lora_rank");
        }
        if (auto v = requireInt("kv_lora_rank", 1, kMaxDim))
            f.model.kvLoraRank.set(static_cast<int>(*v), "kv_lora_rank");
        if (auto v = requireInt("qk_nope_head_dim", 1, kMaxDim))
            f.model.qkNopeHeadDim.set(static_cast<int>(*v), "qk_nope_head_dim");
        if (auto v = requireInt("qk_rope_head_dim", 0, kMaxDim))
            f.model.qkRopeHeadDim.set(static_cast<int>(*v), "qk_rope_head_dim");
        if (auto v = requireInt("v_head_dim", 1, kMaxDim))
            f.model.vHeadDim.set(static_cast<int>(*v), "v_head_dim");
        // Multi-token prediction modules (DeepSeek-V3 §2.2; DeepSeek's configuration_deepseek.py
        // DeepseekV3Config num_nextn_predict_layers; DeepSeek-V2 has none).
        if (auto mtp = r.integer("num_nextn_predict_layers", 0, kMaxMtp))
            f.model.mtpLayers.set(static_cast<int>(*mtp), "num_nextn_predict_layers");
    } else if (r.has("num_local_experts") || r.has("n_routed_experts") || r.has("num_experts")) {
        f.warning("num_local_experts", ImportTextId::HfExpertsNotRead, {modelType});
        r.markRead({"num_local_experts", "n_routed_experts", "num_experts", "num_experts_per_tok"});
    }
    readSlidingWindow(doc, r, modelType, layers, f);
    if (const auto* bias = r.get("attention_bias"); bias && bias->is_boolean() && bias->get<bool>())
        f.note("attention_bias", ImportTextId::HfBiasNotCounted);
    if (modelType == "qwen2") f.note("model_type", ImportTextId::HfQwenBiasNotCounted);
    warnUnknown(doc, r, f);
    return f;
}

std::optional<TransformerSpec> buildTransformer(const ImportedModel& m, ImportIssues& issues,
                                                std::string_view file) {
    TransformerSpec t;
    bool ok = true;
    auto need = [&](const Field<int>& field, const char* what, int& out) {
        if (field.has()) {
            out = *field;
            return;
        }
        issues.emplace_back(Severity::Error, std::string(file), std::string("model.") + what,
                            ImportTextId::NotGivenByAnyFile);
        ok = false;
    };
    need(m.layers, "layers", t.layers);
    need(m.hidden, "hidden", t.hidden);
    need(m.heads, "heads", t.heads);
    need(m.ffnHidden, "ffn_hidden", t.ffnHidden);
    need(m.vocab, "vocab", t.vocab);
    need(m.seqLen, "seq_len", t.seqLen);
    if (!ok) return std::nullopt;
    t.name = m.name.has() ? *m.name : std::string("imported-model");
    t.displayName = m.displayName.has() ? *m.displayName : t.name;
    t.kvHeads = m.kvHeads.has() ? *m.kvHeads : t.heads;
    t.headDim = m.headDim.has() ? *m.headDim : (t.heads > 0 ? t.hidden / t.heads : 0);
    t.ffn = m.ffn.has() ? *m.ffn : FfnKind::Gelu;
    t.tiedEmbeddings = m.tiedEmbeddings.has() && *m.tiedEmbeddings;
    t.positionEmbedding =
        m.positionEmbedding.has() ? *m.positionEmbedding : PositionEmbedding::None;
    if (m.experts.has() && *m.experts > 0) {
        t.moe.experts = *m.experts;
        t.moe.topK = m.topK.has() ? *m.topK : 1;
        t.moe.expertFfnHidden = m.expertFfnHidden.has() ? *m.expertFfnHidden : t.ffnHidden;
        t.moe.sharedExperts = m.sharedExperts.has() ? *m.sharedExperts : 0;
        t.moe.interval = m.moeInterval.has() ? *m.moeInterval : 1;
        t.moe.firstDenseLayers = m.firstDenseLayers.has() ? *m.firstDenseLayers : 0;
        if (m.capacityFactor.has()) t.moe.capacityFactor = *m.capacityFactor;
        if (!m.topK.has())
            issues.emplace_back(Severity::Warning, std::string(file), "model.moe.top_k",
                                ImportTextId::HfTopKAssumed);
    }
    if (m.kvLoraRank.has() && *m.kvLoraRank > 0) {
        t.mla.kvLoraRank = *m.kvLoraRank;
        t.mla.qLoraRank = m.qLoraRank.has() ? *m.qLoraRank : 0;
        t.mla.qkRopeHeadDim = m.qkRopeHeadDim.has() ? *m.qkRopeHeadDim : 0;
        need(m.qkNopeHeadDim, "mla.qk_nope_head_dim", t.mla.qkNopeHeadDim);
        need(m.vHeadDim, "mla.v_head_dim", t.mla.vHeadDim);
        if (!ok) return std::nullopt;
    }
    if (m.slidingWindow.has() && *m.slidingWindow > 0) {
        t.slidingWindow.window = *m.slidingWindow;
        t.slidingWindow.fullEvery = m.fullAttentionEvery.has() ? *m.fullAttentionEvery : 0;
    }
    t.mtpLayers = m.mtpLayers.has() ? *m.mtpLayers : 0;
    return t;
}

ImportIssues checkParameterCount(const TransformerSpec& m, const Catalog& catalog,
                                 std::string_view file, const TransformerSpec** within2Percent) {
    ImportIssues out;
    if (within2Percent) *within2Percent = nullptr;
    const TransformerSpec* best = nullptr;
    int bestScore = -1;
    for (const TransformerSpec& c : catalog.models) {
        if (c.layers != m.layers || c.hidden != m.hidden || c.heads != m.heads ||
            c.moe.experts != m.moe.experts)
            continue;
        const int score = (c.vocab == m.vocab) + (c.kvHeads == m.kvHeads) +
                          (c.ffnHidden == m.ffnHidden) + (c.ffn == m.ffn);
        if (score > bestScore) {
            best = &c;
            bestScore = score;
        }
    }
    const ParameterCount count = countParameters(m);
    char computed[32];
    std::snprintf(computed, sizeof computed, "%.2fB", count.total / 1e9);
    if (!best || best->publishedParameters <= 0) {
        out.emplace_back(Severity::Note, std::string(file), "model",
                         ImportTextId::ParametersNoCatalogModel,
                         std::vector<IssueArg>{computed, m.layers, m.hidden});
        return out;
    }
    const double rel = (count.total - best->publishedParameters) / best->publishedParameters;
    char published[32];
    std::snprintf(published, sizeof published, "%.2fB", best->publishedParameters / 1e9);
    char off[32];
    std::snprintf(off, sizeof off, "%+.1f%%", 100.0 * rel);
    std::vector<IssueArg> args{computed, published, best->name, off};
    if (std::fabs(rel) > 0.02)
        out.emplace_back(Severity::Warning, std::string(file), "model",
                         ImportTextId::ParametersOffCatalog, std::move(args));
    else {
        out.emplace_back(Severity::Note, std::string(file), "model",
                         ImportTextId::ParametersMatchCatalog, std::move(args));
        if (within2Percent) *within2Percent = best;
    }
    return out;
}

} // namespace trainplan::model::io
