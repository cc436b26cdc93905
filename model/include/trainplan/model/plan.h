#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

namespace trainplan::model {

enum class Framework { Ddp, Fsdp, DeepSpeed, Megatron };
enum class Offload { None, Cpu, Nvme };
enum class Recompute { None, Selective, Full };
// Megatron-Core's MoE token dispatcher (--moe-token-dispatcher-type): NCCL all-to-all, or flex
// (DeepEP / HybridEP, --moe-flex-dispatcher-backend), which sends a token once per destination
// node over the network and fans it out to that node's experts over NVLink.
enum class MoeDispatcher { AllToAll, Flex };

inline constexpr Framework kAllFrameworks[] = {Framework::Ddp, Framework::Fsdp,
                                               Framework::DeepSpeed, Framework::Megatron};

[[nodiscard]] std::string_view toString(Framework f);
[[nodiscard]] std::string_view displayName(Framework f);
[[nodiscard]] std::optional<Framework> frameworkFromString(std::string_view s);
[[nodiscard]] std::string_view toString(Offload o);
[[nodiscard]] std::optional<Offload> offloadFromString(std::string_view s);
[[nodiscard]] std::string_view toString(Recompute r);
[[nodiscard]] std::optional<Recompute> recomputeFromString(std::string_view s);
[[nodiscard]] std::string_view toString(MoeDispatcher d); // "alltoall", "flex"
[[nodiscard]] std::optional<MoeDispatcher> moeDispatcherFromString(std::string_view s);

// Megatron-LM's selective recompute of whole submodules (--recompute-granularity selective
// --recompute-modules ...; megatron/core/transformer/transformer_config.py recompute_modules), as
// bit flags of Plan::recomputeModules. No flag set = Megatron's default, core_attn.
namespace recompute_module {
inline constexpr unsigned kCoreAttn = 1u << 0;      // core attention (softmax, dropout)
inline constexpr unsigned kMlp = 1u << 1;           // the dense MLP
inline constexpr unsigned kLayerNorm = 1u << 2;     // input_layernorm and pre_mlp_layernorm
inline constexpr unsigned kMoeAct = 1u << 3;        // the routed experts' activation function
inline constexpr unsigned kMoe = 1u << 4;           // the whole MoE layer
inline constexpr unsigned kSharedExperts = 1u << 5; // the shared experts
inline constexpr unsigned kMlaUpProj = 1u << 6;     // MLA's up projections and rotary
struct Name {
    unsigned bit;
    std::string_view name;
};
// Megatron's spellings, in its documentation's order.
inline constexpr Name kNames[] = {{kCoreAttn, "core_attn"},   {kMoeAct, "moe_act"},
                                  {kLayerNorm, "layernorm"},  {kMlaUpProj, "mla_up_proj"},
                                  {kMlp, "mlp"},              {kMoe, "moe"},
                                  {kSharedExperts, "shared_experts"}};
[[nodiscard]] std::optional<unsigned> fromString(std::string_view s);
[[nodiscard]] std::string join(unsigned modules, std::string_view separator); // "mlp,layernorm"
// The modules a plan recomputes: its own, or core_attn when it names none.
[[nodiscard]] inline unsigned effective(unsigned modules) {
    return modules != 0 ? modules : kCoreAttn;
}
} // namespace recompute_module

// How a pipeline cuts the decoder layers into stages, in each framework's own terms (every field
// optional; all defaults = the framework's default split). model/pipeline_layout.h turns it into
// layers per pipeline chunk and says why a layout is invalid.
struct PipelineLayout {
    // Megatron-LM (megatron/core/transformer/transformer_config.py):
    std::optional<int> firstStageLayers; // --decoder-first-pipeline-num-layers
    std::optional<int> lastStageLayers;  // --decoder-last-pipeline-num-layers
    bool embeddingAsLayer = false;       // --account-for-embedding-in-pipeline-split
    bool lossAsLayer = false;            // --account-for-loss-in-pipeline-split
    std::string layout; // --pipeline-model-parallel-layout, e.g. "Et*7|(t*8|)*14,t*7L"
    // DeepSpeed PipelineModule(partition_method=…) / Megatron-DeepSpeed --pp-partition-method:
    // "uniform", "parameters" or "type:REGEX" (e.g. "type:transformer|embedding").
    std::string partitionMethod;
    // torchtitan [parallelism] pipeline_parallel_first_stage_less_layers /
    // pipeline_parallel_last_stage_less_layers (torchtitan's default: 1 each).
    std::optional<int> firstStageLessLayers;
    std::optional<int> lastStageLessLayers;

    [[nodiscard]] bool isDefault() const { return *this == PipelineLayout{}; }
    [[nodiscard]] std::string label() const; // "first7/last7", "" for the default
    bool operator==(const PipelineLayout&) const = default;
};

// How a job is laid out. zeroStage: 0-3 (FSDP FULL_SHARD = 3, SHARD_GRAD_OP = 2, NO_SHARD = 0,
// HYBRID_SHARD = 3 with hybridShard; Megatron's distributed optimizer = 1).
struct Plan {
    Framework framework = Framework::Ddp;
    int dp = 1;
    int tp = 1;
    int pp = 1;
    int cp = 1;
    int ep = 1;
    // Tensor parallelism inside each routed expert, Megatron-LM's MoE parallel folding
    // (--expert-tensor-parallel-size): 0 = tp, Megatron's default. The experts then lay out their
    // own ranks as etp × ep × expert-dp = tp × cp × dp (megatron/core/parallel_state.py, the
    // expert RankGenerator), so ep may exceed dp × cp when etp < tp.
    int etp = 0;
    int vpp = 1; // interleaved virtual stages per pipeline rank
    int microBatch = 1;
    int zeroStage = 0;
    bool hybridShard = false;        // shard inside a node, replicate across nodes
    Offload offload = Offload::None; // optimizer states (and master weights)
    bool offloadParams = false;      // ZeRO-3 parameter offload (ZeRO-Infinity)
    Recompute recompute = Recompute::None;
    // Full recompute of only the first N layers of each pipeline chunk, the others keeping their
    // activations (Megatron-LM --recompute-granularity full --recompute-method block
    // --recompute-num-layers N; torch.utils.checkpoint on a subset of blocks in PyTorch code).
    // 0: every layer (Megatron's uniform method with one layer per group).
    int recomputeLayers = 0;
    // With recompute "selective" on Megatron-LM: the submodules recomputed (recompute_module bit
    // flags); 0 = Megatron's default, the core attention.
    unsigned recomputeModules = 0;
    bool sequenceParallel = false;
    bool tpCommOverlap = false; // Megatron/TE TP communication overlap
    // Overlap data-parallel gradient reduction (and parameter gathers) and pipeline sends with
    // compute: always on for PyTorch DDP/FSDP; DeepSpeed `overlap_comm`; Megatron
    // `--overlap-grad-reduce
    // --overlap-param-gather --overlap-p2p-communication` (opt-in flags).
    bool dpOverlap = true;
    // Megatron-Core's combined 1F1B (--overlap-moe-expert-parallel-comm): the dispatch and combine
    // all-to-all of one micro-batch run under the adjacent micro-batch's forward or backward.
    bool epCommOverlap = false;
    MoeDispatcher moeDispatcher = MoeDispatcher::AllToAll;
    PipelineLayout pipeline; // how the layers split over the pp·vpp chunks

    [[nodiscard]] long long gpus() const { return static_cast<long long>(dp) * tp * pp * cp; }
    // The routed experts' tensor-parallel size: etp, or tp when it is not set.
    [[nodiscard]] int expertTp() const { return etp > 0 ? etp : tp; }
    // Whether the experts fold their own layout (etp set and different from tp).
    [[nodiscard]] bool foldsExperts() const { return etp > 0 && etp != tp; }
    // Micro-batches each data-parallel replica runs per optimizer step: global_batch /
    // (micro_batch × dp), at least 1 (validatePlan requires the division to be exact).
    [[nodiscard]] long long gradientAccumulation(long long globalBatch) const {
        const long long perStep = static_cast<long long>(microBatch) * dp;
        return perStep > 0 ? std::max<long long>(1, globalBatch / perStep) : 1;
    }
    [[nodiscard]] std::string label() const; // e.g. "TP8·PP8·DP16 mb1 ZeRO-1 SP sel"
    bool operator==(const Plan&) const = default;
};

} // namespace trainplan::model
