#include <trainplan/simulator/flops.h>

namespace trainplan::sim {

using model::FfnKind;
using model::TransformerSpec;

namespace {

LayerFlops layerFlops(const TransformerSpec& m, bool moeLayer, bool flash) {
    LayerFlops f;
    const double h = m.hidden;
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
    const double ffnMatrices = m.ffn == FfnKind::SwiGlu ? 3.0 : 2.0;
    // Narayanan et al. 2021 §3 / eq. 3 counting: 2 FLOPs per multiply-add, per token.
    f.qkv = 2.0 * h * (qDim + 2.0 * kvDim);       // Q, K, V projections (GQA: Ainslie et al. 2023)
    f.attentionCoreModel = 4.0 * m.seqLen * qDim; // QK^T and AV over the full s×s matrix
    f.attentionCore =
        flash ? 0.5 * f.attentionCoreModel // causal blocks skipped (Dao 2023, FlashAttention-2 §3)
              : f.attentionCoreModel;      // unfused softmax computes the masked half too
    f.projection = 2.0 * qDim * h;
    if (moeLayer) {
        // Router GEMM plus top-k routed and all shared experts per token (Fedus et al. 2022;
        // DeepSeek-V3 §2.1).
        f.router = 2.0 * h * m.moe.experts;
        f.ffn = 2.0 * ffnMatrices * h * m.moe.expertFfnHidden * (m.moe.topK + m.moe.sharedExperts);
    } else {
        f.ffn = 2.0 * ffnMatrices * h * m.ffnHidden;
    }
    return f;
}

} // namespace

FlopsPerToken flopsPerToken(const TransformerSpec& m, bool flashAttention) {
    FlopsPerToken f;
    f.moeLayers = m.moeLayerCount();
    f.denseLayers = m.layers - f.moeLayers;
    f.dense = layerFlops(m, false, flashAttention);
    f.moe = f.moeLayers > 0 ? layerFlops(m, true, flashAttention) : f.dense;
    f.lmHead = 2.0 * m.hidden *
               static_cast<double>(m.vocab); // logits GEMM (Narayanan eq. 3, V/(16lh) term)
    return f;
}

double FlopsPerToken::layersForward() const {
    return denseLayers * dense.total() + moeLayers * moe.total();
}

double FlopsPerToken::modelPerToken() const {
    // Backward costs twice the forward (Narayanan et al. 2021 §3, eq. 3): 3× forward in all.
    return 3.0 * (denseLayers * dense.modelTotal() + moeLayers * moe.modelTotal() + lmHead);
}

double recomputeFlopsPerToken(const FlopsPerToken& f, model::Recompute r) {
    switch (r) {
    case model::Recompute::None:
        return 0.0;
    // Selective recompute reruns only the attention core (Korthikanti et al. 2022 §5).
    case model::Recompute::Selective:
        return f.denseLayers * f.dense.attentionCore + f.moeLayers * f.moe.attentionCore;
    // Full recompute reruns every layer's forward (Chen et al. 2016; Narayanan et al. 2021 eq. 3's
    // 4th pass).
    case model::Recompute::Full:
        return f.layersForward();
    }
    return 0.0;
}

double narayananFlopsPerStep(const TransformerSpec& m, double globalBatch) {
    // Narayanan et al. 2021 eq. 3: 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)), full recompute included.
    const double B = globalBatch, s = m.seqLen, l = m.layers, h = m.hidden, V = m.vocab;
    return 96.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (16.0 * l * h));
}

} // namespace trainplan::sim
