#pragma once

#include <string>

namespace trainplan::model {

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
    std::string source;

    // Dense tensor-core peak used for GEMMs at this precision.
    [[nodiscard]] double peakFlopsPerSecond(Precision p) const;
    bool operator==(const GpuSpec&) const = default;
};

} // namespace trainplan::model
