#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

enum class FfnKind { Gelu, SwiGlu };
enum class PositionEmbedding { None, Learned };

[[nodiscard]] std::string_view toString(FfnKind k);
[[nodiscard]] std::optional<FfnKind> ffnKindFromString(std::string_view s);

struct MoeSpec {
    int experts = 0; // routed experts; 0 = dense model
    int topK = 0;
    int expertFfnHidden = 0;
    int sharedExperts = 0; // each of width expertFfnHidden, always active
    int interval = 1;      // every interval-th layer (after the leading dense ones) is MoE
    int firstDenseLayers = 0;
    double capacityFactor = 1.0;

    [[nodiscard]] bool enabled() const { return experts > 0; }
    bool operator==(const MoeSpec&) const = default;
};

// Multi-head latent attention (DeepSeek-AI 2024, DeepSeek-V2 arXiv:2405.04434 §2.1; Hugging Face
// config keys q_lora_rank, kv_lora_rank, qk_nope_head_dim, qk_rope_head_dim, v_head_dim; Megatron-LM
// --multi-latent-attention). Keys and values are decompressed from a kvLoraRank latent per head;
// queries from a qLoraRank latent (0: projected straight from the hidden state); qkRopeHeadDim
// rotary dimensions per head are decoupled, their key shared by all heads.
struct LatentAttentionSpec {
    int qLoraRank = 0;
    int kvLoraRank = 0; // 0: not MLA
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;

    [[nodiscard]] bool enabled() const { return kvLoraRank > 0; }
    bool operator==(const LatentAttentionSpec&) const = default;
};

// Sliding-window (local) attention: each query attends to the `window` most recent keys, itself
// included (Beltagy et al. 2020; Mistral 7B, Jiang et al. 2023 §2). fullEvery = n keeps every n-th
// layer on full attention, the last of each group (Megatron-LM --window-attn-skip-freq n; GPT-OSS
// alternates, n = 2; Gemma 3 has n = 6); 0 windows every layer.
struct SlidingWindowSpec {
    int window = 0; // tokens; 0: full attention everywhere
    int fullEvery = 0;

    [[nodiscard]] bool enabled() const { return window > 0; }
    bool operator==(const SlidingWindowSpec&) const = default;
};

// A decoder-only transformer.
struct TransformerSpec {
    std::string name;        // catalog id, e.g. "llama3.1-70b"
    std::string displayName; // e.g. "Llama 3.1 70B"
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0; // == heads for MHA, 1 for MQA
    int headDim = 0; // usually hidden / heads
    int ffnHidden = 0;
    FfnKind ffn = FfnKind::Gelu;
    int vocab = 0;
    int seqLen = 0;
    bool tiedEmbeddings = false;
    PositionEmbedding positionEmbedding = PositionEmbedding::None;
    MoeSpec moe;
    LatentAttentionSpec mla;
    SlidingWindowSpec slidingWindow;
    // Multi-token prediction modules after the last layer (DeepSeek-V3 §2.2; Megatron-LM
    // --mtp-num-layers): each adds two norms, a 2h→h projection and one layer of the last layer's
    // kind, and reuses the embedding and output head.
    int mtpLayers = 0;
    double publishedParameters = 0; // catalog only: the count the authors state
    std::string source;
    std::string sourceZh; // the same in Simplified Chinese, for Chinese reports (optional)

    [[nodiscard]] bool isMoeLayer(int layerIndex) const;
    [[nodiscard]] int moeLayerCount() const;
    // Whether layer layerIndex (0-based) attends within the sliding window.
    [[nodiscard]] bool isWindowedLayer(int layerIndex) const;
    [[nodiscard]] int windowedLayerCount(bool moeLayers) const; // among the dense or MoE layers
    // Per-head widths of the attention core: query·key and value (MLA: nope + rope and v_head_dim;
    // otherwise headDim both).
    [[nodiscard]] double qkHeadDim() const;
    [[nodiscard]] double vHeadDim() const;
    // Equal but for the fields that only describe the model (names, published size, sources).
    [[nodiscard]] bool sameArchitecture(const TransformerSpec& other) const;
    bool operator==(const TransformerSpec&) const = default;
};

// Parameter counts from the architecture (biases ignored; norms counted).
struct ParameterCount {
    double embedding = 0; // token (+ learned position) embeddings
    double lmHead = 0;    // 0 when tied
    double attentionPerLayer = 0;
    // Of attentionPerLayer, what tensor parallelism replicates instead of splitting: MLA's down
    // projections and latent norms (Megatron-Core MLASelfAttention linear_q_down_proj and
    // linear_kv_down_proj are not tensor-parallel).
    double attentionReplicatedPerLayer = 0;
    double mtpPerModule = 0; // one MTP module: norms, projection and its layer (0 without MTP)
    double denseFfnPerLayer = 0;
    double moeFfnPerMoeLayer = 0; // all experts + shared + router
    double activeMoeFfnPerMoeLayer = 0;
    double normsPerLayer = 0;
    double total = 0;
    double active = 0; // parameters touched per token (top-k experts)
};

[[nodiscard]] ParameterCount countParameters(const TransformerSpec& m);

} // namespace trainplan::model
