#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>

#include <string>
#include <vector>

namespace trainplan::sim {

enum class GpuGeneration { Volta, Ampere, Ada, Hopper, Blackwell, Cdna3 };
[[nodiscard]] const char* toString(GpuGeneration g);

// The calibratable parameters of the performance model, resolved from the defaults below and the
// scenario's `efficiency` overrides. Every default is documented in docs/efficiency.md with its
// source; `sources` names where each value came from for this estimate.
struct Efficiency {
    // Achieved fraction of the dense tensor-core peak on large GEMMs (all dims >> gemmHalfDim).
    double gemmEfficiency = 0.0;
    // GEMM efficiency falls as its smallest dimension shrinks: eff = gemmEfficiency·n/(n +
    // gemmHalfDim).
    double gemmHalfDim = 0.0;
    // Achieved fraction of HBM bandwidth for memory-bound (elementwise, norm, softmax, optimizer)
    // kernels.
    double hbmEfficiency = 0.0;
    // Achieved NCCL bus bandwidth as a fraction of the link's per-direction peak.
    double intraNodeBandwidthEfficiency = 0.0;
    double interNodeBandwidthEfficiency = 0.0;
    double latencyScale = 1.0;
    // Caching-allocator fragmentation: reserved-but-unallocated bytes as a fraction of the tensors
    // allocated and freed within a step at the peak (memory_overheads.h).
    double memoryOverheadFraction = 0.0;
    double cudaContextBytes = 0.0;
    // NCCL communicator buffers (memory_overheads.h): the bytes of one connection on one channel
    // (Simple + LL128 + LL protocol buffers), the channels of a ring collective, and the channels
    // per peer of send/recv inside a node and across the network.
    double ncclConnectionBytes = 0.0;
    double ncclChannels = 0.0;
    double ncclP2pChannelsPerNvlinkPeer = 0.0;
    double ncclChannelsPerNetPeer = 0.0;
    // Host-side Adam for CPU offload: parameters one CPU core updates per second, the cores a
    // GPU's rank gets when the cluster does not say, and a node's sustained DRAM bandwidth.
    double hostAdamParamsPerSecondPerCore = 0.0;
    double hostCpuCoresPerGpu = 0.0;
    double hostMemoryBytesPerSecondPerNode = 0.0;
    // Default host<->GPU bandwidth when the cluster does not state it.
    double pcieBytesPerSecond = 0.0;
    double nvmeBytesPerSecondPerNode = 0.0;
    // Fraction of communication that overlaps with compute when the framework overlaps it.
    double overlapFraction = 0.0;
    // Fraction of the microbenchmarked maximum achievable matmul rate that a training step's GEMMs
    // sustain (concurrent kernels, L2/HBM contention, non-ideal operand layouts). Multiplies the
    // generation's achievable fraction when gemm_efficiency is not given.
    double matmulSustainedFraction = 0.0;
    // Share of TP collective time hidden when TP overlap is on (--tp-comm-overlap, async TP).
    double tpOverlapFraction = 0.0;
    std::string profile; // calibration profile that set the values, empty = built-in defaults

    // Resolved for the scenario's GPU by resolveEfficiency(scenario) (one home for the rule).
    GpuGeneration generation = GpuGeneration::Ampere;
    bool generationInferred = false; // no catalog statement: guessed from the name or peaks
    int smCount = 108;
    // Achieved fraction of the fp8 dense peak on large GEMMs (0 = the GPU has no fp8 tensor cores).
    double fp8GemmEfficiency = 0.0;
    // Flash-attention kernels as a fraction of the bf16 dense peak, for PyTorch SDPA's
    // FlashAttention-2 path and for fused stacks (Transformer Engine cuDNN attention / FA3).
    double sdpaAttentionForwardEfficiency = 0.0, sdpaAttentionBackwardEfficiency = 0.0;
    double fusedAttentionForwardEfficiency = 0.0, fusedAttentionBackwardEfficiency = 0.0;
    // FlashAttention in Triton (the FlashAttention-1 algorithm, e.g. llm-foundry attn_impl: triton).
    double tritonAttentionForwardEfficiency = 0.0, tritonAttentionBackwardEfficiency = 0.0;
    // Sustained SM clock under the cluster's power cap, as a fraction of the uncapped clock.
    double clockFraction = 1.0;
    std::vector<std::string> warnings; // what was assumed for this GPU, in words
};

// The host side of offload for one GPU's rank, from what the cluster states or the defaults
// above (the one home of these rules: the step time, goodput and explain read it).
struct HostRates {
    double cpuCoresPerGpu = 0.0;
    double memoryBytesPerSecondPerGpu = 0.0; // the rank's share of its node's DRAM bandwidth
    double pcieBytesPerSecondPerGpu = 0.0;
    double nvmeBytesPerSecondPerNode = 0.0;
    double adamCoreParamsPerSecond = 0.0;   // the rank's cores at the per-core rate
    double adamMemoryParamsPerSecond = 0.0; // its DRAM share at kCpuAdamBytesPerParameter
    double adamParamsPerSecond = 0.0;       // DeepSpeed CPU-Adam: the lesser of the two
};
// DeepSpeed CPU-Adam's Step_AVX loads fp32 grad, exp_avg, exp_avg_sq and param and stores param,
// exp_avg and exp_avg_sq: 16 + 12 bytes per parameter (csrc/includes/cpu_adam.h).
inline constexpr double kCpuAdamBytesPerParameter = 28.0;
[[nodiscard]] HostRates hostRates(const model::ClusterSpec& cluster, const Efficiency& eff);

// Sustained SM clock fraction of a GPU of `tdpWatts` capped at `capWatts` (1 when uncapped).
[[nodiscard]] double clockFractionUnderCap(double tdpWatts, double capWatts);

// The software stack's execution mode for a plan (Auto resolved by the plan's framework).
[[nodiscard]] model::ExecutionMode executionMode(const model::Scenario& s, const model::Plan& p);
// The flash-attention kernel a plan runs (Auto resolved by the execution mode: cuDNN fused
// attention / FA3 under fused kernels and CUDA graphs, SDPA's FlashAttention-2 otherwise).
[[nodiscard]] model::AttentionKernel attentionKernel(const model::Scenario& s, const model::Plan& p);

struct EfficiencySource {
    std::string name;
    double value = 0;
    std::string unit;
    std::string source;
    bool isDefault = true; // false when the scenario or a profile set it
    std::string sourceZh;  // `source` in Simplified Chinese
};

[[nodiscard]] Efficiency defaultEfficiency();
// The defaults with the spec's overrides, for an A100-class GPU (no scenario at hand).
[[nodiscard]] Efficiency resolveEfficiency(const model::EfficiencySpec& spec);
// The one rule that sets every efficiency parameter for a scenario: its GPU's generation tables
// (catalog facts with their sources), the power cap, then the scenario's `efficiency` overrides.
// The estimate, calibration, explain and the reports all call this.
[[nodiscard]] Efficiency resolveEfficiency(const model::Scenario& scenario);
// Every parameter with its value and where it came from (for explain and reports).
[[nodiscard]] std::vector<EfficiencySource> describeEfficiency(const model::Scenario& scenario);
[[nodiscard]] std::vector<EfficiencySource> describeEfficiency(const model::EfficiencySpec& spec);

} // namespace trainplan::sim
