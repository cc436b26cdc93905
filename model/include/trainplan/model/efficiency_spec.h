#pragma once

#include <optional>
#include <string>

namespace trainplan::model {

// Overrides of the simulator's calibratable parameters (absent = the simulator's documented
// default; see simulator/efficiency.h for the defaults and their sources).
struct EfficiencySpec {
    std::optional<std::string> profile;   // name of a stored calibration profile
    std::optional<double> gemmEfficiency; // achieved fraction of dense peak on large GEMMs
    std::optional<double> intraNodeBandwidthEfficiency; // achieved NCCL bus bandwidth / link peak
    std::optional<double> interNodeBandwidthEfficiency;
    std::optional<double> latencyScale;           // multiplies link latency per collective step
    std::optional<double> memoryOverheadFraction; // allocator fragmentation, fraction of used
    std::optional<double> cudaContextBytes;
    std::optional<double> gemmHalfDim;     // K (elements) at which a GEMM tile runs at half speed
    std::optional<double> hbmEfficiency;   // sustained fraction of HBM bandwidth
    std::optional<double> overlapFraction; // share of overlappable communication hidden

    bool operator==(const EfficiencySpec&) const = default;
};

} // namespace trainplan::model
