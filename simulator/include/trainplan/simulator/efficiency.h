#pragma once

#include <trainplan/model/scenario.h>

#include <string>
#include <vector>

namespace trainplan::sim {

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
    // Caching-allocator fragmentation and reserve, as a fraction of the tensors live at the peak.
    double memoryOverheadFraction = 0.0;
    double cudaContextBytes = 0.0;
    // Per-GPU NCCL communicator buffers (channels × peers × NCCL_BUFFSIZE).
    double ncclBufferBytes = 0.0;
    // Host-side Adam throughput for CPU offload (parameters updated per second per GPU's share of
    // cores).
    double hostAdamParamsPerSecond = 0.0;
    // Default host<->GPU bandwidth when the cluster does not state it.
    double pcieBytesPerSecond = 0.0;
    double nvmeBytesPerSecondPerNode = 0.0;
    // Fraction of communication that overlaps with compute when the framework overlaps it.
    double overlapFraction = 0.0;
    std::string profile; // calibration profile that set the values, empty = built-in defaults
};

struct EfficiencySource {
    std::string name;
    double value = 0;
    std::string unit;
    std::string source;
    bool isDefault = true; // false when the scenario or a profile set it
};

[[nodiscard]] Efficiency defaultEfficiency();
[[nodiscard]] Efficiency resolveEfficiency(const model::EfficiencySpec& spec);
// Every parameter with its value and where it came from (for explain and reports).
[[nodiscard]] std::vector<EfficiencySource> describeEfficiency(const model::EfficiencySpec& spec);

} // namespace trainplan::sim
