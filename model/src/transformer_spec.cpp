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

bool TransformerSpec::isWindowedLayer(int layerIndex) const {
    if (!slidingWindow.enabled()) return false;
    // --window-attn-skip-freq n: one full-attention layer after n − 1 windowed ones.
    return slidingWindow.fullEvery <= 0 || (layerIndex + 1) % slidingWindow.fullEvery != 0;
}

int TransformerSpec::windowedLayerCount(bool moeLayers) const {
    int n = 0;
    for (int i = 0; i < layers; ++i)
        if (isMoeLayer(i) == moeLayers && isWindowedLayer(i)) ++n;
    return n;
}

double TransformerSpec::qkHeadDim() const {
    return mla.enabled() ? static_cast<double>(mla.qkNopeHeadDim) + mla.qkRopeHeadDim : headDim;
}

double TransformerSpec::vHeadDim() const {
    return mla.enabled() ? static_cast<double>(mla.vHeadDim) : headDim;
}

bool TransformerSpec::sameArchitecture(const TransformerSpec& other) const {
    TransformerSpec a = *this;
    a.name = other.name;
    a.displayName = other.displayName;
    a.publishedParameters = other.publishedParameters;
    a.source = other.source;
    a.sourceZh = other.sourceZh;
    return a == other;
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
    if (m.mla.enabled()) {
        // MLA (DeepSeek-V2 §2.1, eqs. 1–11): queries through a q_lora latent (with its RMSNorm) or
        // straight from h; one down projection to the kv latent plus the shared rotary key; per-head
        // up projections to the no-rope key and the value; the output from heads·v_head_dim.
        const auto& a = m.mla;
        const double H = m.heads, qk = m.qkHeadDim();
        const double q = a.qLoraRank > 0 ? h * a.qLoraRank + a.qLoraRank + a.qLoraRank * H * qk
                                         : h * H * qk;
        const double kvDown = h * (a.kvLoraRank + a.qkRopeHeadDim) + a.kvLoraRank;
        const double kvUp = a.kvLoraRank * H * (a.qkNopeHeadDim + a.vHeadDim);
        c.attentionPerLayer = q + kvDown + kvUp + H * a.vHeadDim * h;
        c.attentionReplicatedPerLayer =
            kvDown + (a.qLoraRank > 0 ? h * a.qLoraRank + a.qLoraRank : 0.0);
    } else {
        // Q and O are heads·d wide, K and V kvHeads·d (GQA, Ainslie et al. 2023).
        c.attentionPerLayer = 2.0 * h * m.heads * d + 2.0 * h * m.kvHeads * d;
    }
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
    // An MTP module: two input norms, the 2h→h projection, its layer (of the last layer's kind)
    // and the final norm before the shared head (DeepSeek-V3 §2.2; Megatron-Core
    // MultiTokenPredictionLayer enorm, hnorm, eh_proj, final_layernorm). Published totals leave
    // it out (DeepSeek-V3: 671B of 685B), so total and active do too.
    if (m.mtpLayers > 0) {
        const double ffn = m.isMoeLayer(m.layers - 1) ? c.moeFfnPerMoeLayer : c.denseFfnPerLayer;
        c.mtpPerModule = 3.0 * h + 2.0 * h * h + c.attentionPerLayer + c.normsPerLayer + ffn;
    }
    c.active = common + moeLayers * c.activeMoeFfnPerMoeLayer;
    return c;
}

} // namespace trainplan::model
