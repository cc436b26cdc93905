// The efficiency parameters a calibration can fit: their command-line names and scenario keys,
// reading and writing them in an Efficiency or a scenario's EfficiencySpec, and their plausible
// bounds (split out of calibrate.cpp).
#include <trainplan/simulator/calibrate.h>

namespace trainplan::sim {

std::string_view shortName(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return "gemm";
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return "intra_bw";
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return "inter_bw";
    case CalibrationParameter::LatencyScale:
        return "latency";
    case CalibrationParameter::MemoryOverheadFraction:
        return "mem_overhead";
    }
    return "";
}

std::string_view efficiencyKey(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return "gemm_efficiency";
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return "intra_node_bandwidth_efficiency";
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return "inter_node_bandwidth_efficiency";
    case CalibrationParameter::LatencyScale:
        return "latency_scale";
    case CalibrationParameter::MemoryOverheadFraction:
        return "memory_overhead_fraction";
    }
    return "";
}

std::optional<CalibrationParameter> calibrationParameterFromString(std::string_view s) {
    for (CalibrationParameter p : kAllCalibrationParameters)
        if (s == shortName(p) || s == efficiencyKey(p)) return p;
    return std::nullopt;
}

double get(const Efficiency& e, CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return e.gemmEfficiency;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return e.intraNodeBandwidthEfficiency;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return e.interNodeBandwidthEfficiency;
    case CalibrationParameter::LatencyScale:
        return e.latencyScale;
    case CalibrationParameter::MemoryOverheadFraction:
        return e.memoryOverheadFraction;
    }
    return 0.0;
}

void set(Efficiency& e, CalibrationParameter p, double value) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        // fp8 GEMMs keep the generation's fp8/bf16 ratio (resolveEfficiency), so they move too.
        if (e.gemmEfficiency > 0) e.fp8GemmEfficiency *= value / e.gemmEfficiency;
        e.gemmEfficiency = value;
        break;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        e.intraNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        e.interNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::LatencyScale:
        e.latencyScale = value;
        break;
    case CalibrationParameter::MemoryOverheadFraction:
        e.memoryOverheadFraction = value;
        break;
    }
}

void set(model::EfficiencySpec& e, CalibrationParameter p, double value) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        e.gemmEfficiency = value;
        break;
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        e.intraNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        e.interNodeBandwidthEfficiency = value;
        break;
    case CalibrationParameter::LatencyScale:
        e.latencyScale = value;
        break;
    case CalibrationParameter::MemoryOverheadFraction:
        e.memoryOverheadFraction = value;
        break;
    }
}

ParameterBounds defaultBounds(CalibrationParameter p) {
    switch (p) {
    case CalibrationParameter::GemmEfficiency:
        return {0.2, 1.0};
    case CalibrationParameter::IntraNodeBandwidthEfficiency:
        return {0.05, 1.0};
    case CalibrationParameter::InterNodeBandwidthEfficiency:
        return {0.05, 1.0};
    case CalibrationParameter::LatencyScale:
        return {0.05, 50.0};
    case CalibrationParameter::MemoryOverheadFraction:
        return {0.0, 0.6};
    }
    return {0.0, 1.0};
}

} // namespace trainplan::sim
