#include <trainplan/simulator/flops.h>

#include "derivation_rules.h"

namespace trainplan::sim {

using model::FfnKind;
using model::TransformerSpec;

namespace {

// Keys a causal query attends to on average within a sliding window of w over s tokens, as a
// share of s: Σᵢ min(i, w) / s² = (w·s − w(w − 1)/2) / s²; ½ without a window (the causal half).
double causalKeyShare(double s, double w) {
    if (w <= 0 || w >= s) return 0.5;
    return (w * s - 0.5 * w * (w - 1.0)) / (s * s);
}

LayerFlops layerFlops(const TransformerSpec& m, bool moeLayer, bool flash) {
    LayerFlops f;
    const double h = m.hidden;
    const double H = m.heads;
    const double ffnMatrices = m.ffn == FfnKind::SwiGlu ? 3.0 : 2.0;
    // Narayanan et al. 2021 §3 / eq. 3 counting: 2 FLOPs per multiply-add, per token.
    if (m.mla.enabled()) {
        // MLA projections (Megatron-LM training.py num_floating_point_operations, MLA branch;
        // DeepSeek-V2 §2.1): queries through the q latent (or straight from h), the kv latent and
        // shared rotary key, the per-head key and value up projection; output from H·v_head_dim.
        const auto& a = m.mla;
        const double qk = m.qkHeadDim();
        const double q = a.qLoraRank > 0 ? a.qLoraRank * (h + H * qk) : h * H * qk;
        const double kv = h * (a.kvLoraRank + a.qkRopeHeadDim) +
                          a.kvLoraRank * H * (a.qkNopeHeadDim + a.vHeadDim);
        f.qkv = 2.0 * (q + kv);
        f.projection = 2.0 * H * a.vHeadDim * h;
    } else {
        const double qDim = H * m.headDim;
        const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
        f.qkv = 2.0 * h * (qDim + 2.0 * kvDim); // Q, K, V projections (GQA: Ainslie et al. 2023)
        f.projection = 2.0 * qDim * h;
    }
    // QKᵀ over the query·key width and AV over the value width, full s×s. The frameworks count
    // the full matrix whatever the window (Megatron-LM num_floating_point_operations; torchtitan
    // get_moe_model_nparams_and_flops for GPT-OSS), so the window changes only what runs.
    const double s = m.seqLen;
    f.attentionCoreModel = 2.0 * s * H * (m.qkHeadDim() + m.vHeadDim());
    if (!flash) {
        f.attentionCore = f.attentionCoreModel; // unfused softmax computes the masked part too
    } else {
        // Flash attention skips the blocks the causal mask (Dao 2023, FlashAttention-2 §3) and the
        // window (flash-attn ≥ 2.3 window_size; cuDNN sliding window) leave out.
        const int layersOfKind = moeLayer ? m.moeLayerCount() : m.layers - m.moeLayerCount();
        const double windowed =
            layersOfKind > 0 ? static_cast<double>(m.windowedLayerCount(moeLayer)) / layersOfKind
                             : 0.0;
        const double full = (1.0 - windowed) * 0.5 * f.attentionCoreModel;
        f.attentionCoreWindowed =
            windowed * causalKeyShare(s, m.slidingWindow.window) * f.attentionCoreModel;
        f.attentionCore = full + f.attentionCoreWindowed;
    }
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
    f.mtpLayers = m.mtpLayers;
    f.mtpMoe = m.isMoeLayer(m.layers - 1);
    // eh_proj: the concatenated normed hidden state and next-token embedding, 2h → h.
    f.mtpProjection = m.mtpLayers > 0 ? 2.0 * 2.0 * m.hidden * m.hidden : 0.0;
    return f;
}

double FlopsPerToken::layersForward() const {
    return denseLayers * dense.total() + moeLayers * moe.total();
}

double FlopsPerToken::modelPerToken() const {
    // Backward costs twice the forward (Narayanan et al. 2021 §3, eq. 3): 3× forward in all.
    const double mtp = mtpLayers * (mtpLayer().modelTotal() + mtpProjection + lmHead);
    return 3.0 * (denseLayers * dense.modelTotal() + moeLayers * moe.modelTotal() + lmHead + mtp);
}

double recomputeFlopsPerToken(const FlopsPerToken& f, model::Recompute r, double recomputedShare,
                              unsigned modules) {
    namespace rm = model::recompute_module;
    switch (r) {
    case model::Recompute::None:
        return 0.0;
    // Selective recompute reruns the attention core by default (Korthikanti et al. 2022 §5), and
    // the GEMMs of the submodules Megatron-LM's --recompute-modules names.
    case model::Recompute::Selective: {
        const unsigned m = rm::effective(modules);
        double flops = 0;
        if (m & rm::kCoreAttn)
            flops += f.denseLayers * f.dense.attentionCoreModel +
                     f.moeLayers * f.moe.attentionCoreModel;
        if (m & rm::kMlp) flops += f.denseLayers * f.dense.ffn;
        if (m & rm::kMoe) flops += f.moeLayers * (f.moe.ffn + f.moe.router);
        return flops;
    }
    // Full recompute reruns the forward of the recomputed layers (Chen et al. 2016; Narayanan et
    // al. 2021 eq. 3's 4th pass); a partial one its share of them (Megatron-LM --recompute-method
    // block).
    case model::Recompute::Full:
        return recomputedShare *
               (f.denseLayers * f.dense.modelTotal() + f.moeLayers * f.moe.modelTotal());
    }
    return 0.0;
}

double narayananFlopsPerStep(const TransformerSpec& m, double globalBatch) {
    // Narayanan et al. 2021 eq. 3: 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)), full recompute included.
    const double B = globalBatch, s = m.seqLen, l = m.layers, h = m.hidden, V = m.vocab;
    return 96.0 * B * s * l * h * h * (1.0 + s / (6.0 * h) + V / (16.0 * l * h));
}

} // namespace trainplan::sim

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

const Phrase kDenseFlopsFormula{"3 × tokens × layers × (QKV + attention + projection + FFN)",
                                "3 × token 数 × 层数 × (QKV + 注意力 + 投影 + FFN)"};
const Phrase kDenseFlopsSource{"2 FLOPs per multiply-add", "每次乘加计 2 FLOPs"};
const Phrase kMoeFlopsFormula{
    "3 × tokens × layers × (attention + router + top-k and shared experts)",
    "3 × token 数 × 层数 × (注意力 + 路由器 + top-k 专家与共享专家)"};
const Phrase kMoeFlopsSource{"Fedus et al. 2022", "Fedus 等 2022"};
const Phrase kLmHeadFlopsFormula{"3 × tokens × 2·h·V", "3 × token 数 × 2·h·V"};
const Phrase kLmHeadFlopsSource{"Narayanan et al. 2021 eq. 3", "Narayanan 等 2021 公式 3"};
const Phrase kMtpFlopsFormula{"3 × tokens × modules × (a layer + 2·2h·h projection + LM head)",
                              "3 × token 数 × 模块数 × (一层 + 2·2h·h 投影 + 输出头)"};
const Phrase kMtpFlopsSource{"DeepSeek-V3 §2.2; Megatron-LM num_floating_point_operations",
                             "DeepSeek-V3 §2.2；Megatron-LM num_floating_point_operations"};
const Phrase kModelFlopsFormula{"3 × forward FLOPs per token × tokens per step (no recompute)",
                                "3 × 每 token 前向 FLOPs × 每步 token 数（不含重计算）"};
const Phrase kModelFlopsSource{"Narayanan et al. 2021 eq. 3; Korthikanti et al. 2022 §6",
                               "Narayanan 等 2021 公式 3；Korthikanti 等 2022 §6"};

} // namespace trainplan::sim::rules
