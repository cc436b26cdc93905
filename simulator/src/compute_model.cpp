// Per-layer compute time of one pipeline stage: an op-level roofline. Every GEMM runs at its real
// M×N×K after the TP/SP/CP/EP split with tile and wave quantization; flash attention at its
// kernel's efficiency; memory-bound ops cost the bytes the software stack moves; each kernel costs
// its host launch time when the host, not the GPU, is the bottleneck.

#include "derivation_rules.h"
#include "estimate_detail.h"

#include <trainplan/simulator/compute_model.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace trainplan::sim::detail {

using model::ExecutionMode;
using model::Framework;
using model::Precision;
using model::Recompute;

namespace {

// How the stack executes one layer, per kernel class (docs/model.md, "software stack").
struct StackCosts {
    bool fusedNorms;               // norm (+ residual add) in one kernel
    bool fusedElementwise;         // SwiGLU, rotary, fp8 casts fused into neighbours
    bool nativeGqa;                // attention kernel reads shared K/V heads without repeat_kv
    double hostSecondsPerKernelFw; // host time to issue one forward kernel
    double hostSecondsPerKernelBw; // autograd engine, per backward kernel
};

StackCosts stackCosts(ExecutionMode m) {
    // Host costs: PyTorch eager dispatch through Python and the dispatcher is ~10 µs per op
    // forward, the C++ autograd engine ~4 µs per backward node (He 2022, "Making Deep Learning Go
    // Brrrr", overhead); Inductor's generated wrapper launches Triton kernels at ~3 µs each; CUDA
    // graph replay removes per-kernel host work (PyTorch blog "Accelerating PyTorch with CUDA
    // Graphs", 2021).
    switch (m) {
    case ExecutionMode::Eager:
    case ExecutionMode::Auto:
        return {false, false, false, 10e-6, 4e-6};
    case ExecutionMode::Compile:
        return {true, true, false, 3e-6, 3e-6};
    case ExecutionMode::Fused:
        return {true, true, true, 8e-6, 4e-6};
    case ExecutionMode::CudaGraphs:
        return {true, true, true, 0.5e-6, 0.5e-6};
    }
    return {false, false, false, 10e-6, 4e-6};
}

// HBM bytes the loss moves per logit of the rank's vocabulary shard, forward and backward.
struct CrossEntropyBytes {
    double forward, backward;
};

CrossEntropyBytes crossEntropyBytes(ExecutionMode m, model::CrossEntropy impl) {
    switch (m) {
    case ExecutionMode::Fused:
    case ExecutionMode::CudaGraphs:
        switch (impl) {
        case model::CrossEntropy::Unfused:
            // Megatron-Core's vocab-parallel cross-entropy, one kernel per step
            // (megatron/core/tensor_parallel/cross_entropy.py): cast to fp32 (read 2, write 4),
            // max (4), subtract-max (4 + 4), exp (4 + 4), sum (4), softmax div_ kept for backward
            // (4 + 4): 38 bytes; backward as below, 14.
            return {38.0, 14.0};
        case model::CrossEntropy::Te:
            // Transformer Engine's Triton loss (transformer_engine/pytorch/triton/
            // cross_entropy.py): online softmax reads the bf16 logits once (2); backward
            // recomputes the softmax and writes the gradient over the logits in place (2 + 2).
            return {2.0, 4.0};
        case model::CrossEntropy::Auto:
            break;
        }
        // --cross-entropy-loss-fusion (fused_cross_entropy.py jit-fuses the same steps): the fp32
        // copy with the max (read 2, write 4), subtract-max + exp + sum in place (4 + 4), softmax
        // div_ kept for backward (4 + 4): 22 bytes; backward mul_ by the loss gradient in place
        // (4 + 4) and the cast back to bf16 (4 + 2): 14.
        return {22.0, 14.0};
    case ExecutionMode::Compile:
        // Inductor fuses the log-softmax and its gradient: fp32 logits read and written once.
        return {8.0, 16.0};
    case ExecutionMode::Eager:
    case ExecutionMode::Auto:
        break;
    }
    // Eager torch cross_entropy: bf16 logits upcast to fp32, log-softmax saved, gathers.
    return {18.0, 36.0};
}

// Back-to-back dependent kernels leave the GPU idle ~1 µs between them even when the host is
// ahead (CUDA launch latency; NVIDIA CUDA C++ Best Practices Guide, "kernel launch overhead").
constexpr double kKernelGapSeconds = 1e-6;

struct GemmRates {
    const PlanContext* ctx;
    double bf16FlopsPerSecond; // peak × clock
    double fp8FlopsPerSecond;  // 0 when fp8 is not used
};

// Seconds of one forward GEMM and its two backward GEMMs (dgrad M×K×N, wgrad K×N×M).
struct GemmSeconds {
    double forward = 0, backward = 0;
};

GemmSeconds gemmSeconds(const GemmRates& r, double m, double n, double k, double groups, bool fp8) {
    const Efficiency& e = r.ctx->eff;
    const bool lowPrecision = fp8 && r.fp8FlopsPerSecond > 0;
    const double rate = lowPrecision ? r.fp8FlopsPerSecond * e.fp8GemmEfficiency
                                     : r.bf16FlopsPerSecond * e.gemmEfficiency;
    const double flops = 2.0 * m * n * k * groups;
    GemmSeconds s;
    s.forward = flops / (rate * gemmShapeEfficiency(e, m, n, k, groups));
    s.backward = flops / (rate * gemmShapeEfficiency(e, m, k, n, groups)) +
                 flops / (rate * gemmShapeEfficiency(e, k, n, m, groups));
    return s;
}

// fp8 applies to a linear layer's GEMMs when its dimensions are multiples of 16 (Transformer
// Engine and torchao Float8Linear requirements); router and LM head stay in bf16 (torchtitan's
// float8 filter skips `output`; TE recipes keep the head in bf16).
bool fp8Eligible(double n, double k) {
    return std::fmod(n, 16.0) == 0 && std::fmod(k, 16.0) == 0;
}

// A flash-attention kernel with dropout draws a Philox random number per attention score and runs
// at ~80% of its rate forward and ~65% backward (flash-attention PR #2597, FA4 and cuDNN 9.24
// dropout benchmarks on GB200: "fwd ≈ 75–85%, bwd ≈ 60–70% of no-drop TFLOPS").
constexpr double kDropoutAttentionForwardRate = 0.80;
constexpr double kDropoutAttentionBackwardRate = 0.65;

// Forward and backward rate of the flash-attention kernel, as fractions of the bf16 dense peak.
std::pair<double, double> attentionEfficiency(const Efficiency& e, model::AttentionKernel k) {
    switch (k) {
    case model::AttentionKernel::Fused:
        return {e.fusedAttentionForwardEfficiency, e.fusedAttentionBackwardEfficiency};
    case model::AttentionKernel::Triton:
        return {e.tritonAttentionForwardEfficiency, e.tritonAttentionBackwardEfficiency};
    case model::AttentionKernel::Auto:
    case model::AttentionKernel::Flash2:
        break;
    }
    return {e.sdpaAttentionForwardEfficiency, e.sdpaAttentionBackwardEfficiency};
}

} // namespace

LayerTimes layerTimes(const PlanContext& ctx, const model::Plan& p, int gradAccum) {
    const auto& sc = *ctx.scenario;
    const auto& m = sc.model;
    const Efficiency& e = ctx.eff;
    const bool flash = sc.training.flashAttention;
    const double attentionDropout = model::attentionDropout(sc.training);
    const double hiddenDropout = model::hiddenDropout(sc.training);
    const bool fp8 = sc.training.precision == Precision::Fp8;
    const ExecutionMode mode = executionMode(sc, p);
    const StackCosts stack = stackCosts(mode);
    const double t = p.tp;
    const double T = tokensPerMicroBatch(ctx, p);
    const double h = m.hidden;
    const double qDim = static_cast<double>(m.heads) * m.headDim;
    const double kvDim = static_cast<double>(m.kvHeads) * m.headDim;
    const double elem = sc.training.precision == Precision::Fp32 ? 4.0 : 2.0;
    const bool gated = m.ffn == model::FfnKind::SwiGlu;
    // The catalog's gated-FFN families (Llama, Qwen, Mixtral, DeepSeek) use RMSNorm and rotary
    // positions; the GELU ones (GPT-3, BLOOM) LayerNorm with learned or ALiBi positions.
    const bool rmsNorm = gated;
    const bool rotary = m.positionEmbedding == model::PositionEmbedding::None;
    const double hbm = ctx.hbmBytesPerSecond * e.hbmEfficiency;
    const double clock = e.clockFraction;
    const double bf16Peak = sc.training.precision == Precision::Fp32
                                ? ctx.peakFlopsPerSecond
                                : sc.cluster.gpu.bf16FlopsPerSecond;
    const GemmRates rates{&ctx, bf16Peak * clock,
                          fp8 ? sc.cluster.gpu.fp8FlopsPerSecond * clock : 0.0};
    const bool pytorchNative = p.framework == Framework::Ddp || p.framework == Framework::Fsdp;
    const double sp = p.sequenceParallel ? t : 1.0;

    LayerTimes out;
    // One layer of a type (dense or MoE).
    auto layer = [&](bool moe, StageTime& st) {
        GemmSeconds g;
        double kernels = 0;                      // forward kernels of the layer
        double fp8FwdBytes = 0, fp8BwdBytes = 0; // per token
        double fp8WeightBytes = 0;               // per micro-batch
        auto linear = [&](double mm, double n, double k, double groups, bool lowPrecision) {
            const bool use8 = fp8 && lowPrecision && fp8Eligible(n, k);
            const GemmSeconds s = gemmSeconds(rates, mm, n, k, groups, use8);
            g.forward += s.forward;
            g.backward += s.backward;
            kernels += 1;
            if (!use8) return;
            // Dynamic scaling: amax and cast of the input (read 2·elem, write 1 byte) forward, of
            // the output gradient backward, plus the transposed fp8 copies Hopper's TN-only fp8
            // GEMMs need (Transformer Engine FP8 primer; torchao float8 README). Fused stacks fold
            // the cast into the producing kernel and write only the fp8 copies.
            const double rowsPerToken = mm * groups / T;
            if (stack.fusedElementwise) {
                // TE: the producing kernel writes fp8 instead of bf16; a fused cast-transpose adds
                // the transposed copy forward, and casts the output gradient (read 2, write 2×1).
                fp8FwdBytes += 1.0 * k * rowsPerToken;
                fp8BwdBytes += (elem + 2.0) * n * rowsPerToken;
            } else {
                // torchao dynamic scaling: amax pass, cast, and a transposed copy, each separate.
                fp8FwdBytes += (2.0 * elem + 1.0 + 2.0) * k * rowsPerToken;
                fp8BwdBytes += (2.0 * elem + 1.0 + 2.0) * n * rowsPerToken + 2.0 * k * rowsPerToken;
            }
            // Weights are cast (and transposed) once per micro-batch by torchao, once per step by
            // Transformer Engine (is_first_microbatch caching).
            const double weightBytes = (2.0 * elem + 3.0) * n * k * groups;
            fp8WeightBytes += mode == ExecutionMode::Fused || mode == ExecutionMode::CudaGraphs
                                  ? weightBytes / std::max(1, gradAccum)
                                  : weightBytes;
            if (!stack.fusedElementwise) kernels += 2;
        };
        // Attention projections: fused QKV in Megatron; separate wq, wk, wv in PyTorch-native
        // Llama code (torchtitan, HF).
        double latentBytes = 0; // MLA's latent RMSNorms, per token
        // Forward GEMM seconds of the submodules Megatron's --recompute-modules can rerun.
        double mlaUpFwd = 0, ffnFwd = 0, expertFwd = 0, sharedFwd = 0;
        if (m.mla.enabled()) {
            // MLA (Megatron-Core MLASelfAttention): the down projections are replicated across
            // tp (linear_q_down_proj, linear_kv_down_proj), the up projections column-parallel,
            // each latent normed before its up projection.
            const auto& a = m.mla;
            const double H = m.heads;
            if (a.qLoraRank > 0) {
                linear(T, a.qLoraRank, h, 1, true);
                const double before = g.forward;
                linear(T, H * m.qkHeadDim() / t, a.qLoraRank, 1, true);
                mlaUpFwd += g.forward - before;
            } else {
                linear(T, H * m.qkHeadDim() / t, h, 1, true);
            }
            linear(T, a.kvLoraRank + a.qkRopeHeadDim, h, 1, true);
            const double beforeKv = g.forward;
            linear(T, H * (a.qkNopeHeadDim + a.vHeadDim) / t, a.kvLoraRank, 1, true);
            mlaUpFwd += g.forward - beforeKv;
            linear(T, h, H * a.vHeadDim / t, 1, true);
            latentBytes = (a.qLoraRank + a.kvLoraRank) * (stack.fusedNorms ? 2.0 * elem : 36.0);
            kernels += (a.qLoraRank > 0 ? 1.0 : 0.0) + 1.0;
        } else if (pytorchNative && !stack.fusedElementwise) {
            linear(T, qDim / t, h, 1, true);
            linear(T, kvDim / t, h, 1, true);
            linear(T, kvDim / t, h, 1, true);
        } else {
            linear(T, (qDim + 2.0 * kvDim) / t, h, 1, true);
        }
        if (!m.mla.enabled()) linear(T, h, qDim / t, 1, true);
        double ffnWidth = 0; // per token, on this rank, all active experts
        if (moe) {
            const double E = std::max(1, m.moe.experts);
            const double fe = m.moe.expertFfnHidden;
            const double beforeExperts = g.forward;
            linear(T, E, h, 1, false); // router
            // Routed tokens per local expert after dispatch (Megatron-Core token dispatcher), on
            // the busiest rank under the capacity factor (expertLoadFactor).
            const double local = E / p.ep;
            // The etp ranks of an expert share its tokens: all T with etp = tp (gathered across
            // the tp group), T/tp × etp when the plan folds its experts (sequence-parallel
            // tokens stay split outside the etp group; Megatron-Core MoE parallel folding).
            const double et = p.expertTp();
            const double routedTokens = p.foldsExperts() ? T / t * et : T;
            const double perExpert =
                routedTokens * p.ep * m.moe.topK / E * expertLoadFactor(m, p);
            linear(perExpert, (gated ? 2.0 : 1.0) * fe / et, h, local, true);
            linear(perExpert, h, fe / et, local, true);
            expertFwd = g.forward - beforeExperts;
            if (m.moe.sharedExperts > 0) {
                const double fs = fe * m.moe.sharedExperts;
                const double beforeShared = g.forward;
                linear(T, (gated ? 2.0 : 1.0) * fs / t, h, 1, true);
                linear(T, h, fs / t, 1, true);
                sharedFwd = g.forward - beforeShared;
            }
            ffnWidth = fe * (m.moe.topK + m.moe.sharedExperts) / t;
            // Permute/unpermute, top-k and scatter kernels; eager code loops over local experts.
            kernels += stack.fusedElementwise ? 6 : 6 + 3 * local;
        } else {
            const double f = m.ffnHidden;
            const double beforeFfn = g.forward;
            if (gated && pytorchNative && !stack.fusedElementwise) {
                linear(T, f / t, h, 1, true); // w1
                linear(T, f / t, h, 1, true); // w3
            } else {
                linear(T, (gated ? 2.0 : 1.0) * f / t, h, 1, true);
            }
            linear(T, h, f / t, 1, true);
            ffnFwd = g.forward - beforeFfn;
            ffnWidth = f / t;
        }

        // Attention core.
        double attnFwd = 0, attnBwd = 0;
        const LayerFlops& lf = moe ? ctx.flops.moe : ctx.flops.dense;
        const double attnFlops = T * lf.attentionCore / t;
        if (flash) {
            // Kernel efficiency rises with the keys each query block sweeps as fixed per-block work
            // amortises (FlashAttention-2 Fig. 4: ~2/3 of the long-sequence rate at 512, ~90% at
            // 2k); a sliding window bounds that sweep at the window.
            auto lengthFactor = [](double keys) { return keys / (keys + 256.0); };
            const double s = m.seqLen;
            const double windowFlops = T * lf.attentionCoreWindowed / t;
            auto [fwdEff, bwdEff] = attentionEfficiency(e, attentionKernel(sc, p));
            if (attentionDropout > 0.0) {
                fwdEff *= kDropoutAttentionForwardRate;
                bwdEff *= kDropoutAttentionBackwardRate;
            }
            const double fullSeconds = (attnFlops - windowFlops) / lengthFactor(s);
            const double windowSeconds =
                windowFlops > 0
                    ? windowFlops / lengthFactor(std::min<double>(s, m.slidingWindow.window))
                    : 0.0;
            attnFwd = (fullSeconds + windowSeconds) / (bf16Peak * clock * fwdEff);
            // FlashAttention-2's backward recomputes the scores: 2.5× the forward FLOPs (Dao 2023
            // §3.1).
            attnBwd = 2.5 * (fullSeconds + windowSeconds) / (bf16Peak * clock * bwdEff);
            kernels += 1;
        } else {
            // Unfused: QKᵀ (s×s×d_qk) and AV (s×d_v×s) as batched GEMMs per head, plus the
            // softmax; a window only masks, so the whole matrix runs.
            const double heads = m.heads / t * p.microBatch;
            const double s = m.seqLen / static_cast<double>(p.cp);
            const GemmSeconds qk = gemmSeconds(rates, s, m.seqLen, m.qkHeadDim(), heads, false);
            const GemmSeconds av = gemmSeconds(rates, s, m.vHeadDim(), m.seqLen, heads, false);
            attnFwd = qk.forward + av.forward;
            attnBwd = qk.backward + av.backward;
            kernels += 4;
        }

        // Memory-bound ops: bytes per token read + written in forward (backward moves twice
        // that: saved inputs and incoming gradients read, gradients written).
        double bytes = 0;
        // Norms: PyTorch-native RMSNorm in eager runs as ~7 kernels in fp32 (cast, pow, mean,
        // rsqrt, mul, cast, weight mul: ~36 bytes per element, torchtitan norms.py / HF
        // LlamaRMSNorm); a fused norm reads and writes each element once. LayerNorm is one ATen
        // kernel even in eager.
        const bool fusedNorm = stack.fusedNorms || !rmsNorm;
        const double normBytes = 2.0 * h / sp * (fusedNorm ? 2.0 * elem : 36.0);
        bytes += normBytes + latentBytes;
        kernels += 2.0 * (fusedNorm ? 1.0 : 7.0);
        // Residual adds: read two, write one; with hidden dropout (Megatron's fused
        // bias-dropout-add) each also writes its one-byte mask, which backward reads.
        bytes += 2.0 * (3.0 * elem + (hiddenDropout > 0.0 ? 1.0 : 0.0)) * h / sp;
        kernels += stack.fusedNorms ? 0.0 : 2.0;
        // Activation: SwiGLU silu + mul in eager (10 bytes per element), fused read 2 write 1;
        // GELU one kernel either way.
        const double actBytesPerWidth = gated ? (stack.fusedElementwise ? 3.0 * elem : 10.0)
                                              : 2.0 * elem;
        bytes += ffnWidth * actBytesPerWidth;
        kernels += gated && !stack.fusedElementwise ? 2.0 : 1.0;
        // Rotary: torchtitan's complex-number path upcasts q and k to fp32 (~20 bytes per
        // element over 5 kernels, torchtitan model.py apply_rotary_emb); fused: read and write.
        // MLA rotates only the decoupled rope dimensions: heads·d_rope of the query and one
        // shared d_rope key (DeepSeek-V2 §2.1.3).
        const double rotated = m.mla.enabled()
                                   ? (static_cast<double>(m.heads) / t + 1.0) * m.mla.qkRopeHeadDim
                                   : (qDim + kvDim) / t;
        const double rotaryBytes = rotary ? rotated * (stack.fusedElementwise ? 2.0 * elem : 20.0)
                                          : 0.0;
        bytes += rotaryBytes;
        if (rotary) kernels += stack.fusedElementwise ? 1.0 : 5.0;
        // GQA through SDPA without native grouped heads: repeat_kv materialises K and V per query
        // head (torchtitan model.py repeat_kv).
        if (flash && !stack.nativeGqa && m.kvHeads < m.heads) {
            bytes += 2.0 * elem * (kvDim + qDim) / t;
            kernels += 2.0;
        }
        // Unfused softmax reads the scores and writes the probabilities; attention dropout reads
        // them again and writes its output (Korthikanti et al. 2022 §4.1, 5as² per layer).
        const double softmaxBytes = flash ? 0.0
                                          : (attentionDropout > 0.0 ? 4.0 : 2.0) * m.heads *
                                                static_cast<double>(m.seqLen) * elem / t;
        bytes += softmaxBytes;
        const double memFwd = T * (bytes + fp8FwdBytes) / hbm + fp8WeightBytes / hbm;
        const double memBwd = T * (2.0 * bytes + fp8BwdBytes) / hbm;

        // GPU time vs host launch time: the slower sets the layer (the host runs ahead of the
        // GPU only while it is faster).
        const double gpuFwd = g.forward + attnFwd + memFwd + kernels * kKernelGapSeconds;
        const double gpuBwd = g.backward + attnBwd + memBwd + 2.0 * kernels * kKernelGapSeconds;
        const double fwd = std::max(gpuFwd, kernels * stack.hostSecondsPerKernelFw);
        const double bwd = std::max(gpuBwd, 2.0 * kernels * stack.hostSecondsPerKernelBw);
        st.forward = fwd;
        st.backward = bwd;
        st.attentionForward = attnFwd;
        st.gemmForward = g.forward;
        st.memoryBoundForward = memFwd;
        st.memoryBoundBackward = memBwd;
        if (p.recompute == Recompute::Full)
            st.recompute = fwd;
        else if (p.recompute == Recompute::Selective && pytorchNative)
            // Per-op SAC keeps every second matmul output and recomputes the rest and all
            // elementwise ops (torchtitan activation_checkpoint.py, _save_list).
            st.recompute = 0.5 * g.forward + memFwd;
        else if (p.recompute == Recompute::Selective) {
            // Megatron-LM --recompute-modules: each named submodule reruns its forward in the
            // backward (transformer_layer.py / moe_layer.py CheckpointWithoutOutput); the default
            // is the core attention (Korthikanti et al. 2022 §5). fp8 casts of the rerun GEMMs are
            // not charged again.
            namespace rm = model::recompute_module;
            const unsigned modules = rm::effective(p.recomputeModules);
            const double seconds = T / hbm; // per byte per token
            double r = 0;
            if (modules & rm::kCoreAttn) r += attnFwd + softmaxBytes * seconds;
            if (modules & rm::kLayerNorm) r += normBytes * seconds;
            if (modules & rm::kMlaUpProj) r += mlaUpFwd + rotaryBytes * seconds;
            const double routedWidth = moe ? m.moe.expertFfnHidden * m.moe.topK / t : ffnWidth;
            const double sharedWidth = ffnWidth - (moe ? routedWidth : ffnWidth);
            if (!moe && (modules & rm::kMlp)) r += ffnFwd + ffnWidth * actBytesPerWidth * seconds;
            if (moe && (modules & rm::kMoe)) {
                r += expertFwd + sharedFwd + ffnWidth * actBytesPerWidth * seconds;
            } else if (moe) {
                if (modules & rm::kMoeAct) r += routedWidth * actBytesPerWidth * seconds;
                if (modules & rm::kSharedExperts)
                    r += sharedFwd + sharedWidth * actBytesPerWidth * seconds;
            }
            st.recompute = r;
        }
    };
    if (ctx.flops.denseLayers > 0) layer(false, out.dense);
    if (ctx.flops.moeLayers > 0) layer(true, out.moe);

    const double V = m.vocab;
    const GemmSeconds head = gemmSeconds(rates, T, V / t, h, 1, false);
    const CrossEntropyBytes ceBytes = crossEntropyBytes(mode, sc.training.crossEntropy);
    const double secondsPerLogitByte = T * V / t / hbm; // all logits, one byte each
    const double ceForward = ceBytes.forward * secondsPerLogitByte;
    const double ceBackward = ceBytes.backward * secondsPerLogitByte;
    out.head.forward = head.forward + ceForward;
    out.head.backward = head.backward + ceBackward;
    out.head.gemmForward = head.forward;
    out.head.memoryBoundForward = ceForward;
    out.head.memoryBoundBackward = ceBackward;
    if (m.mtpLayers > 0) {
        // One MTP module: its layer, the eh_proj GEMM (column-parallel, 2h → h), three fused
        // norms and the shared head with its cross-entropy (Megatron-Core
        // MultiTokenPredictionLayer; DeepSeek-V3 §2.2). It runs whole, no recompute.
        out.mtp = ctx.flops.mtpMoe ? out.moe : out.dense;
        out.mtpModules = m.mtpLayers;
        const GemmSeconds proj = gemmSeconds(rates, T, h / t, 2.0 * h, 1, false);
        const double norms = T * 3.0 * 2.0 * elem * h / sp / hbm;
        out.mtp.forward += proj.forward + norms + out.head.forward;
        out.mtp.backward += proj.backward + 2.0 * norms + out.head.backward;
        out.mtp.gemmForward += proj.forward + out.head.gemmForward;
        out.mtp.memoryBoundForward += norms + out.head.memoryBoundForward;
        out.mtp.memoryBoundBackward += 2.0 * norms + out.head.memoryBoundBackward;
        out.mtp.recompute = 0;
    }
    return out;
}

StageTime stageCompute(const LayerTimes& lt, const StageSlot& slot, const model::Plan& p) {
    StageTime st;
    // Recomputed layers split between dense and MoE in the stage's proportion.
    const double recomputed =
        slot.layers > 0 ? recomputedLayers(p, slot.layers) / slot.layers : 0.0;
    auto add = [&st, recomputed](const StageTime& one, double count) {
        if (count <= 0) return;
        st.forward += count * one.forward;
        st.backward += count * one.backward;
        st.recompute += count * recomputed * one.recompute;
        st.attentionForward += count * one.attentionForward;
        st.gemmForward += count * one.gemmForward;
        st.memoryBoundForward += count * one.memoryBoundForward;
        st.memoryBoundBackward += count * one.memoryBoundBackward;
    };
    add(lt.dense, slot.layers - slot.moeLayers);
    add(lt.moe, slot.moeLayers);
    if (slot.kind == StageKind::Last || slot.kind == StageKind::Only) {
        st.forward += lt.head.forward;
        st.backward += lt.head.backward;
        st.gemmForward += lt.head.gemmForward;
        st.memoryBoundForward += lt.head.memoryBoundForward;
        st.memoryBoundBackward += lt.head.memoryBoundBackward;
        // Megatron-LM places the MTP modules on the last pipeline stage (mtp_block in
        // gpt_model.py, built where post_process is true).
        const double mtp = lt.mtpModules;
        st.forward += mtp * lt.mtp.forward;
        st.backward += mtp * lt.mtp.backward;
        st.attentionForward += mtp * lt.mtp.attentionForward;
        st.gemmForward += mtp * lt.mtp.gemmForward;
        st.memoryBoundForward += mtp * lt.mtp.memoryBoundForward;
        st.memoryBoundBackward += mtp * lt.mtp.memoryBoundBackward;
    }
    return st;
}

} // namespace trainplan::sim::detail

namespace trainplan::sim {

namespace {

// Output tiles cuBLAS/CUTLASS choose from on tensor-core GPUs and their rate relative to the
// largest (a smaller tile has lower arithmetic intensity per operand byte loaded). The 0.9 is an
// assumption, not a measurement: it only decides which tile wins on quantized shapes.
struct Tile {
    double m, n, rate;
    double inverseArea; // 1 / (m·n), so the hot path multiplies
};
constexpr Tile kTiles[] = {{256.0, 128.0, 1.0, 1.0 / (256.0 * 128.0)},
                           {128.0, 128.0, 0.9, 1.0 / (128.0 * 128.0)}};

} // namespace

// Achieved fraction of the tile rate for `groups` independent M×N×K GEMMs launched together
// (a grouped GEMM for MoE experts): wave quantization over the SMs, tile quantization at the
// edges, and a K-proportional main loop with a fixed prologue/epilogue (NVIDIA "Matrix
// Multiplication Background" user's guide: tile and wave quantization).
double gemmShapeEfficiency(const Efficiency& e, double m, double n, double k, double groups) {
    if (m <= 0 || n <= 0 || k <= 0) return 1.0;
    const double sms = std::max(1, e.smCount);
    const double inverseSms = 1.0 / sms;
    const double area = m * n * groups;
    double best = 0;
    for (const Tile& t : kTiles) {
        const double tiles = std::ceil(m * (1.0 / t.m)) * std::ceil(n * (1.0 / t.n)) * groups;
        const double waves = std::ceil(tiles * inverseSms);
        best = std::max(best, area * t.inverseArea * inverseSms / waves * t.rate);
    }
    // The achievable-matmul fraction was measured on large square shapes (mamf-finder sweeps to
    // K ≈ 16k): normalise the K term there.
    constexpr double kReferenceK = 16384.0;
    return best * (k / (k + e.gemmHalfDim)) * ((kReferenceK + e.gemmHalfDim) / kReferenceK);
}

} // namespace trainplan::sim

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

namespace {

constexpr Phrase kRecomputeBlock{
    "one extra forward of the first recompute_layers layers of each pipeline chunk (Megatron's "
    "block method)",
    "每个流水线块的前 recompute_layers 层多做一次前向（Megatron 的 block 方法）"};
constexpr Phrase kRecomputeFull{"one extra forward of every layer", "每层多做一次前向"};
constexpr Phrase kRecomputeModules{
    "the forward of the recomputed modules again (--recompute-modules {0})",
    "被重计算的模块再做一次前向（--recompute-modules {0}）"};
constexpr Phrase kRecomputeSelective{
    "attention core (or every second matmul for PyTorch SAC) again",
    "注意力核心再算一次（PyTorch SAC 下为每隔一个矩阵乘）"};
constexpr Phrase kRecomputeNone{"none", "无"};

} // namespace

const Phrase kComputeFormula{
    "micro-batches × (forward + backward + recompute) on the slowest stage",
    "最慢阶段上的 微批次数 × (前向 + 反向 + 重计算)"};
const Phrase kComputeSource{"Narayanan et al. 2021 §3 (backward = 2 × forward)",
                            "Narayanan 等 2021 §3（反向 = 2 × 前向）"};
const Phrase kForwardFormula{"Σ GEMM FLOPs / (peak × clock × gemm_eff × waves × K/(K + k0)) + "
                             "attention core + memory-bound bytes / (HBM × eff)",
                             "Σ GEMM FLOPs / (峰值 × 时钟 × gemm_eff × 波次 × K/(K + k0)) + "
                             "注意力核心 + 访存受限字节数 / (HBM × 效率)"};
const Phrase kForwardSource{"op-level roofline per layer (docs/model.md, Compute)",
                            "逐层的算子级 roofline（docs/model.md 的 Compute 一节）"};
const Phrase kBackwardFormula{"2 × forward GEMMs; flash attention backward 2.5 × its forward",
                              "2 × 前向 GEMM；FlashAttention 反向为其前向的 2.5 倍"};
const Phrase kBackwardSource{"Narayanan et al. 2021 §3; Dao 2023 §3.1",
                             "Narayanan 等 2021 §3；Dao 2023 §3.1"};
const Phrase kRecomputeSource{"Korthikanti et al. 2022 §5; torchtitan activation checkpointing; "
                              "Megatron-LM --recompute-method block and --recompute-modules",
                              "Korthikanti 等 2022 §5；torchtitan 的激活检查点；Megatron-LM 的 "
                              "--recompute-method block 与 --recompute-modules"};

const Phrase& recomputeFormula(const model::Plan& p) {
    using model::Recompute;
    if (p.recompute == Recompute::Full)
        return p.recomputeLayers > 0 ? kRecomputeBlock : kRecomputeFull;
    if (p.recompute == Recompute::Selective)
        return p.recomputeModules != 0 ? kRecomputeModules : kRecomputeSelective;
    return kRecomputeNone;
}

} // namespace trainplan::sim::rules
