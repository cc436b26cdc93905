#pragma once

#include <trainplan/model/gpu_spec.h>

#include <optional>
#include <string_view>

namespace trainplan::model {

enum class Optimizer { Adam, AdamW, SgdMomentum };

// How the training step's kernels are produced and launched. Auto = the framework's usual stack:
// Megatron-LM with Transformer Engine fused kernels, PyTorch DDP/FSDP and DeepSpeed in eager mode.
enum class ExecutionMode {
    Auto,
    Eager,      // PyTorch eager: one kernel per op, Python dispatch per op
    Compile,    // torch.compile (TorchInductor): fused elementwise/norm kernels, no CUDA graphs
    Fused,      // hand-fused kernels (Megatron-Core + Transformer Engine, Apex fused ops)
    CudaGraphs, // fused kernels replayed from CUDA graphs: no per-kernel host launch cost
};

// Which flash-attention kernel runs the attention core (with flash attention on). Auto = the software
// stack's usual kernel: cuDNN fused attention / FlashAttention-3 under Transformer Engine (fused and
// CUDA-graph stacks), PyTorch SDPA's FlashAttention-2 in eager and compiled PyTorch.
enum class AttentionKernel {
    Auto,
    Flash2, // FlashAttention-2 (PyTorch SDPA flash backend, flash-attn 2.x, Megatron --attention-backend flash)
    Fused,  // cuDNN fused attention / FlashAttention-3 (Megatron --attention-backend fused)
    Triton, // FlashAttention in Triton (the FlashAttention-1 algorithm; llm-foundry attn_impl: triton)
};

// Megatron-Core's vocab-parallel cross-entropy, under the stacks that run it (execution fused or
// cuda_graphs). PyTorch eager and torch.compile run PyTorch's own loss.
enum class CrossEntropy {
    Auto,    // --cross-entropy-loss-fusion (native), as NeMo, Megatron-Bridge and MLPerf run it
    Unfused, // Megatron-LM without --cross-entropy-loss-fusion (its argparse default)
    Te,      // --cross-entropy-loss-fusion --cross-entropy-fusion-impl te
};

[[nodiscard]] std::string_view toString(Precision p);
[[nodiscard]] std::optional<Precision> precisionFromString(std::string_view s);
[[nodiscard]] std::string_view toString(Optimizer o);
[[nodiscard]] std::optional<Optimizer> optimizerFromString(std::string_view s);
[[nodiscard]] std::string_view toString(ExecutionMode m);
[[nodiscard]] std::optional<ExecutionMode> executionModeFromString(std::string_view s);
[[nodiscard]] std::string_view toString(AttentionKernel k);
[[nodiscard]] std::optional<AttentionKernel> attentionKernelFromString(std::string_view s);
// Whether a stack can run Megatron-Core's loss: not PyTorch eager or torch.compile (auto: the
// Megatron-LM plans of the search do).
[[nodiscard]] bool runsMegatronLoss(ExecutionMode m);
[[nodiscard]] std::string_view toString(CrossEntropy c);
[[nodiscard]] std::optional<CrossEntropy> crossEntropyFromString(std::string_view s);

struct TrainingSpec;
// The dropout probabilities in force: the scenario's, or when it states none the era's
// convention: 0.1 without flash attention (the Megatron-LM papers' recipes, Shoeybi et al. 2019
// §3), none with it (flash-era recipes: Llama, NeMo, torchtitan, llm-foundry set 0).
[[nodiscard]] double attentionDropout(const TrainingSpec& t);
[[nodiscard]] double hiddenDropout(const TrainingSpec& t);

struct TrainingSpec {
    long long globalBatch = 0; // sequences per optimizer step
    Precision precision = Precision::Bf16;
    Optimizer optimizer = Optimizer::AdamW;
    double trainTokens = 0;
    bool flashAttention = true;
    ExecutionMode execution = ExecutionMode::Auto;
    AttentionKernel attentionKernel = AttentionKernel::Auto; // only with flashAttention
    CrossEntropy crossEntropy = CrossEntropy::Auto;
    // Dropout probabilities (Srivastava et al. 2014); unset = the era's convention (dropout below).
    std::optional<double> attentionDropout; // on the attention probabilities (--attention-dropout)
    std::optional<double> hiddenDropout;    // after attention and MLP (--hidden-dropout)

    bool operator==(const TrainingSpec&) const = default;
};

} // namespace trainplan::model
