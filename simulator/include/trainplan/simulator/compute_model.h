#pragma once

#include <trainplan/simulator/efficiency.h>

namespace trainplan::sim {

// Achieved fraction of the GPU's GEMM tile rate for `groups` independent M×N×K GEMMs launched
// together (a grouped GEMM for MoE experts): wave quantization over the SMs, tile quantization at
// the edges (the better of 256×128 and 128×128 output tiles), and K/(K + k0) for the per-tile
// prologue/epilogue, normalised to 1 at K = 16384 where the achievable-matmul fraction is
// measured. Multiply by peak × clock × gemm_efficiency for the GEMM's rate (docs/model.md).
[[nodiscard]] double gemmShapeEfficiency(const Efficiency& e, double m, double n, double k,
                                         double groups = 1.0);

} // namespace trainplan::sim
