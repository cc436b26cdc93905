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
    double publishedParameters = 0; // catalog only: the count the authors state
    std::string source;

    [[nodiscard]] bool isMoeLayer(int layerIndex) const;
    [[nodiscard]] int moeLayerCount() const;
    bool operator==(const TransformerSpec&) const = default;
};

// Parameter counts from the architecture (biases ignored; norms counted).
struct ParameterCount {
    double embedding = 0; // token (+ learned position) embeddings
    double lmHead = 0;    // 0 when tied
    double attentionPerLayer = 0;
    double denseFfnPerLayer = 0;
    double moeFfnPerMoeLayer = 0; // all experts + shared + router
    double activeMoeFfnPerMoeLayer = 0;
    double normsPerLayer = 0;
    double total = 0;
    double active = 0; // parameters touched per token (top-k experts)
};

[[nodiscard]] ParameterCount countParameters(const TransformerSpec& m);

} // namespace trainplan::model
