#include <trainplan/simulator/efficiency.h>

namespace trainplan::sim {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

struct Default {
    const char* name;
    double Efficiency::*field;
    const char* unit;
    const char* source;
};

// One place for every default; the values are set in defaultEfficiency().
const Default kDefaults[] = {
    {"gemm_efficiency", &Efficiency::gemmEfficiency, "fraction",
     "large bf16 GEMMs reach ~80% of dense peak on A100/H100 (NVIDIA cuBLAS/Transformer Engine "
     "benchmarks); "
     "fitted once to Korthikanti et al. 2022 Table 5"},
    {"gemm_half_dim", &Efficiency::gemmHalfDim, "elements",
     "GEMM efficiency n/(n+n0) in the smallest per-GPU GEMM dimension (tile quantization and wave "
     "effects, "
     "NVIDIA 'Matrix Multiplication Background' guide); n0 fitted once to Korthikanti et al. 2022 "
     "Table 5"},
    {"hbm_efficiency", &Efficiency::hbmEfficiency, "fraction",
     "memory-bound kernels reach ~80% of HBM peak (STREAM-like copy bandwidth on A100/H100)"},
    {"intra_node_bandwidth_efficiency", &Efficiency::intraNodeBandwidthEfficiency, "fraction",
     "nccl-tests all-reduce bus bandwidth on NVSwitch nodes: ~230 of 300 GB/s (A100), ~360 of 450 "
     "GB/s (H100)"},
    {"inter_node_bandwidth_efficiency", &Efficiency::interNodeBandwidthEfficiency, "fraction",
     "nccl-tests multi-node bus bandwidth reaches ~85-92% of the NIC line rate on InfiniBand/RoCE"},
    {"latency_scale", &Efficiency::latencyScale, "factor",
     "multiplies the catalog link latencies; 1 = as listed"},
    {"memory_overhead_fraction", &Efficiency::memoryOverheadFraction, "fraction",
     "PyTorch caching-allocator reserve and fragmentation over allocated tensors "
     "(torch.cuda.memory_stats "
     "reserved vs allocated, typically 5-10%)"},
    {"cuda_context_bytes", &Efficiency::cudaContextBytes, "bytes",
     "CUDA context, cuBLAS/cuDNN workspaces and kernels outside the PyTorch allocator (~0.5-1 GiB "
     "on CUDA 12)"},
    {"nccl_buffer_bytes", &Efficiency::ncclBufferBytes, "bytes",
     "NCCL buffers per communicator: NCCL_BUFFSIZE 4 MiB × channels × send/recv (NCCL environment "
     "docs)"},
    {"host_adam_params_per_second", &Efficiency::hostAdamParamsPerSecond, "parameters/s",
     "DeepSpeed CPU-Adam on a server CPU share of ~6 cores per GPU (Ren et al. 2021, ZeRO-Offload "
     "§5)"},
    {"pcie_bytes_per_second", &Efficiency::pcieBytesPerSecond, "bytes/s",
     "achieved host<->GPU copy bandwidth over PCIe Gen4 x16 (~25 GB/s of 32 peak)"},
    {"nvme_bytes_per_second_per_node", &Efficiency::nvmeBytesPerSecondPerNode, "bytes/s",
     "a node's local NVMe array (e.g. 4 Gen4 drives, ~25 GB/s aggregate; Rajbhandari et al. 2021 "
     "ZeRO-Infinity §6)"},
    {"overlap_fraction", &Efficiency::overlapFraction, "fraction",
     "share of overlappable communication actually hidden behind compute (PyTorch DDP/FSDP and "
     "DeepSpeed "
     "overlap_comm; contention for SMs and memory bandwidth keeps it below 1)"},
};

} // namespace

Efficiency defaultEfficiency() {
    Efficiency e;
    e.gemmEfficiency = 0.80;
    e.gemmHalfDim = 96;
    e.hbmEfficiency = 0.80;
    e.intraNodeBandwidthEfficiency = 0.78;
    e.interNodeBandwidthEfficiency = 0.85;
    e.latencyScale = 1.0;
    e.memoryOverheadFraction = 0.05;
    e.cudaContextBytes = 0.75 * kGiB;
    e.ncclBufferBytes = 0.125 * kGiB;
    e.hostAdamParamsPerSecond = 1.0e9;
    e.pcieBytesPerSecond = 25e9;
    e.nvmeBytesPerSecondPerNode = 25e9;
    e.overlapFraction = 0.85;
    return e;
}

Efficiency resolveEfficiency(const model::EfficiencySpec& spec) {
    Efficiency e = defaultEfficiency();
    if (spec.gemmEfficiency) e.gemmEfficiency = *spec.gemmEfficiency;
    if (spec.intraNodeBandwidthEfficiency)
        e.intraNodeBandwidthEfficiency = *spec.intraNodeBandwidthEfficiency;
    if (spec.interNodeBandwidthEfficiency)
        e.interNodeBandwidthEfficiency = *spec.interNodeBandwidthEfficiency;
    if (spec.latencyScale) e.latencyScale = *spec.latencyScale;
    if (spec.memoryOverheadFraction) e.memoryOverheadFraction = *spec.memoryOverheadFraction;
    if (spec.cudaContextBytes) e.cudaContextBytes = *spec.cudaContextBytes;
    if (spec.profile) e.profile = *spec.profile;
    return e;
}

std::vector<EfficiencySource> describeEfficiency(const model::EfficiencySpec& spec) {
    const Efficiency e = resolveEfficiency(spec);
    auto overridden = [&spec](const std::string& name) {
        if (name == "gemm_efficiency") return spec.gemmEfficiency.has_value();
        if (name == "intra_node_bandwidth_efficiency")
            return spec.intraNodeBandwidthEfficiency.has_value();
        if (name == "inter_node_bandwidth_efficiency")
            return spec.interNodeBandwidthEfficiency.has_value();
        if (name == "latency_scale") return spec.latencyScale.has_value();
        if (name == "memory_overhead_fraction") return spec.memoryOverheadFraction.has_value();
        if (name == "cuda_context_bytes") return spec.cudaContextBytes.has_value();
        return false;
    };
    std::vector<EfficiencySource> out;
    for (const Default& d : kDefaults) {
        const bool set = overridden(d.name);
        std::string source = d.source;
        if (set)
            source = spec.profile ? "calibration profile '" + *spec.profile + "'"
                                  : "scenario efficiency override";
        out.push_back({d.name, e.*(d.field), d.unit, source, !set});
    }
    return out;
}

} // namespace trainplan::sim
