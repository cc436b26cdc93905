#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/training_spec.h>
#include <trainplan/model/transformer_spec.h>

namespace trainplan::sim {

// Forward FLOPs per token, by component (2 FLOPs per multiply-add).
struct LayerFlops {
    double qkv = 0;
    double attentionCore = 0; // QK^T and AV as executed (causal halves it under flash attention)
    double attentionCoreModel = 0; // the model-FLOP convention: full s×s (Narayanan eq. 3, PaLM)
    // Of attentionCore, what the sliding-window layers of this kind execute (0 without a window).
    double attentionCoreWindowed = 0;
    double projection = 0;
    double ffn = 0; // dense FFN, or the routed top-k + shared experts of a MoE layer
    double router = 0;

    [[nodiscard]] double total() const { return qkv + attentionCore + projection + ffn + router; }
    [[nodiscard]] double modelTotal() const {
        return qkv + attentionCoreModel + projection + ffn + router;
    }
    [[nodiscard]] double gemm() const { return qkv + projection + ffn + router; }
};

struct FlopsPerToken {
    LayerFlops dense;  // a dense layer
    LayerFlops moe;    // a MoE layer (== dense for dense models)
    double lmHead = 0; // forward, per token
    int denseLayers = 0;
    int moeLayers = 0;
    // Multi-token prediction: each module runs one layer of the last layer's kind, its 2h→h
    // projection and the shared LM head once more per token (DeepSeek-V3 §2.2).
    int mtpLayers = 0;
    bool mtpMoe = false;
    double mtpProjection = 0; // forward, per token and module

    [[nodiscard]] const LayerFlops& mtpLayer() const { return mtpMoe ? moe : dense; }

    // Model FLOPs per token for forward + backward (backward = 2× forward), no recompute; MTP
    // modules included, as Megatron-LM's num_floating_point_operations counts them.
    [[nodiscard]] double modelPerToken() const;
    // Forward FLOPs of the main model's transformer layers per token (executed convention).
    [[nodiscard]] double layersForward() const;
};

[[nodiscard]] FlopsPerToken flopsPerToken(const model::TransformerSpec& m, bool flashAttention);

// Extra forward FLOPs per token a recompute mode adds, in the model-FLOP convention (what HFU adds
// to MFU's numerator): full recompute reruns recomputedShare of the layers (1 = every layer);
// selective recompute the attention core, or the GEMMs of the Megatron --recompute-modules named
// (Plan::recomputeModules bit flags, 0 = core_attn).
[[nodiscard]] double recomputeFlopsPerToken(const FlopsPerToken& f, model::Recompute r,
                                            double recomputedShare = 1.0, unsigned modules = 0);

// Narayanan et al. 2021 eq. 3 FLOPs per step (recompute counted), for validating their Table 1.
[[nodiscard]] double narayananFlopsPerStep(const model::TransformerSpec& m, double globalBatch);

} // namespace trainplan::sim
