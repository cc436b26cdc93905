#pragma once

#include <trainplan/model/gpu_price.h>

#include <string>

namespace trainplan::model {

// The architecture families the simulator has efficiency tables for.
inline constexpr const char* kGpuGenerations = "volta, ampere, ada, hopper, blackwell, cdna3";
[[nodiscard]] bool isGpuGeneration(const std::string& s);

enum class Precision { Fp32, Fp16, Bf16, Fp8 };

// One accelerator model as its datasheet describes it (dense peaks, no sparsity).
struct GpuSpec {
    std::string name;
    double memoryBytes = 0;
    double fp32FlopsPerSecond = 0;
    double tf32FlopsPerSecond = 0;
    double bf16FlopsPerSecond = 0; // also the fp16 tensor-core peak
    double fp8FlopsPerSecond = 0;  // 0 when the GPU has no fp8 tensor cores
    double hbmBytesPerSecond = 0;
    double tdpWatts = 0;
    // Achieved fraction of the dense peak on large GEMMs in training (0 = the simulator's default).
    double gemmEfficiency = 0;
    // Architecture family ("volta", "ampere", "ada", "hopper", "blackwell", "cdna3"); empty =
    // inferred from the name by the simulator (sim::gpuGeneration), with a warning when it cannot
    // tell.
    std::string generation;
    int smCount = 0; // streaming multiprocessors (compute units); 0 = the generation's flagship
    std::string source;
    std::string sourceZh; // the same in Simplified Chinese, for Chinese reports (optional)
    // Default price per GPU-hour (catalog "price"), or why there is none; a library price-table row
    // replaces it when the GPU is resolved (origin "price table"). The power draw for energy is
    // tdpWatts.
    GpuPrice listPrice;

    // Dense tensor-core peak used for GEMMs at this precision.
    [[nodiscard]] double peakFlopsPerSecond(Precision p) const;
    bool operator==(const GpuSpec&) const = default;
};

} // namespace trainplan::model
