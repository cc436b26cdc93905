#include <trainplan/model/transformer_spec.h>

namespace trainplan::model {

std::string_view toString(FfnKind k) {
    return k == FfnKind::Gelu ? "gelu" : "swiglu";
}

std::optional<FfnKind> ffnKindFromString(std::string_view s) {
    if (s == "gelu") return FfnKind::Gelu;
    if (s == "swiglu") return FfnKind::SwiGlu;
    return std::nullopt;
}

bool TransformerSpec::isMoeLayer(int layerIndex) const {
    if (!moe.enabled() || layerIndex < moe.firstDenseLayers) return false;
    const int interval = moe.interval > 0 ? moe.interval : 1;
    return (layerIndex - moe.firstDenseLayers) % interval == 0;
}

int TransformerSpec::moeLayerCount() const {
    if (!moe.enabled() || layers <= moe.firstDenseLayers) return 0;
    const int interval = moe.interval > 0 ? moe.interval : 1;
    return (layers - moe.firstDenseLayers + interval - 1) / interval;
}

ParameterCount countParameters(const TransformerSpec& m) {
    ParameterCount c;
    const double h = m.hidden;
    const double d = m.headDim > 0 ? m.headDim : (m.heads > 0 ? h / m.heads : 0.0);
    const double ffnMatrices = m.ffn == FfnKind::SwiGlu ? 3.0 : 2.0; // gated FFN has up, gate, down
    c.embedding =
        static_cast<double>(m.vocab) * h + (m.positionEmbedding == PositionEmbedding::Learned
                                                ? static_cast<double>(m.seqLen) * h
                                                : 0.0);
    c.lmHead = m.tiedEmbeddings ? 0.0 : static_cast<double>(m.vocab) * h;
    // Q and O are heads·d wide, K and V kvHeads·d (GQA, Ainslie et al. 2023).
    c.attentionPerLayer = 2.0 * h * m.heads * d + 2.0 * h * m.kvHeads * d;
    c.normsPerLayer = 2.0 * h;
    c.denseFfnPerLayer = ffnMatrices * h * m.ffnHidden;
    if (m.moe.enabled()) {
        const double expert = ffnMatrices * h * m.moe.expertFfnHidden;
        const double router = h * m.moe.experts;
        c.moeFfnPerMoeLayer = (m.moe.experts + m.moe.sharedExperts) * expert + router;
        c.activeMoeFfnPerMoeLayer = (m.moe.topK + m.moe.sharedExperts) * expert + router;
    }
    const double moeLayers = m.moeLayerCount();
    const double denseLayers = m.layers - moeLayers;
    const double common = c.embedding + c.lmHead + h /* final norm */ +
                          m.layers * (c.attentionPerLayer + c.normsPerLayer) +
                          denseLayers * c.denseFfnPerLayer;
    c.total = common + moeLayers * c.moeFfnPerMoeLayer;
    c.active = common + moeLayers * c.activeMoeFfnPerMoeLayer;
    return c;
}

} // namespace trainplan::model
