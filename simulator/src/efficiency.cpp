#include <trainplan/simulator/efficiency.h>

#include <trainplan/model/units.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace trainplan::sim {

namespace {

using model::units::kGiB;

struct Default {
    const char* name;
    double Efficiency::*field;
    const char* unit;
    const char* source;
    const char* sourceZh; // the same, in Simplified Chinese (the report's language)
};

// One place for every default; the values are set in defaultEfficiency().
const Default kDefaults[] = {
    {"gemm_efficiency", &Efficiency::gemmEfficiency, "fraction",
     "achieved fraction of the dense peak on large GEMMs: the GPU generation's maximum achievable "
     "matmul fraction (stas00/ml-engineering, 'Maximum Achievable Matmul FLOPS' table) × "
     "matmul_sustained_fraction",
     "大尺寸 GEMM 实际达到的稠密峰值比例：该 GPU 代际可达到的最大矩阵乘比例（stas00/ml-engineering "
     "“Maximum Achievable Matmul FLOPS” 表）× matmul_sustained_fraction"},
    {"matmul_sustained_fraction", &Efficiency::matmulSustainedFraction, "fraction",
     "share of the microbenchmarked maximum a training step's GEMMs sustain; fitted once over all "
     "public reference sources (docs/model.md, leave-one-source-out error reported by validate)",
     "训练步中的 GEMM "
     "能持续达到的微基准最大值的比例；在全部公开参考来源上统一拟合一次（docs/model.md，validate "
     "报告留一来源误差）"},
    {"gemm_half_dim", &Efficiency::gemmHalfDim, "elements",
     "per-tile prologue/epilogue cost expressed as K elements, per generation (64 Volta, 128 "
     "Ampere/Ada, 512 Hopper, Blackwell and CDNA3): a GEMM runs at K/(K + k0) of its tile rate, "
     "normalised to the K of the achievable-matmul measurement (NVIDIA 'Matrix Multiplication "
     "Background' guide)",
     "以 K 元素数表示的每个 tile 前后处理开销，按代际取值（Volta 64，Ampere/Ada "
     "128，Hopper、Blackwell 与 CDNA3 512）：GEMM 以 K/(K + k0) 的 tile "
     "速率运行，并按可达矩阵乘测量时的 K 归一化（NVIDIA《Matrix Multiplication Background》指南）"},
    {"tp_overlap_fraction", &Efficiency::tpOverlapFraction, "fraction",
     "share of tensor-parallel collective time PyTorch async TP (FSDP2 + TP) hides: torchtitan "
     "docs/async_tp.md (June 2025) measures 1.04-1.16x end to end where the collectives are 20-30% "
     "of the step; Transformer Engine userbuffers (Megatron) hide overlap_fraction",
     "PyTorch 异步 TP（FSDP2 + TP）能掩盖的张量并行集合通信时间比例：torchtitan "
     "docs/async_tp.md（2025 年 6 月）在集合通信占步时间 20-30% 时测得端到端 1.04-1.16 "
     "倍；Transformer Engine userbuffers（Megatron）按 overlap_fraction 掩盖"},
    {"hbm_efficiency", &Efficiency::hbmEfficiency, "fraction",
     "memory-bound kernels reach ~80% of HBM peak (STREAM-like copy bandwidth on A100/H100)",
     "访存受限的算子可达到约 80% 的 HBM 峰值带宽（A100/H100 上类似 STREAM 的拷贝带宽）"},
    {"intra_node_bandwidth_efficiency", &Efficiency::intraNodeBandwidthEfficiency, "fraction",
     "nccl-tests all-reduce bus bandwidth on NVSwitch nodes: ~230 of 300 GB/s (A100), ~360-370 of "
     "450 GB/s (H100)",
     "NVSwitch 节点上 nccl-tests all-reduce 总线带宽：A100 约 230/300 GB/s，H100 约 360-370/450 "
     "GB/s"},
    {"inter_node_bandwidth_efficiency", &Efficiency::interNodeBandwidthEfficiency, "fraction",
     "nccl-tests multi-node bus bandwidth reaches ~85-92% of the NIC line rate on InfiniBand/RoCE "
     "(NDR 400 Gb/s: 46-48 of 50 GB/s)",
     "InfiniBand/RoCE 上多节点 nccl-tests 总线带宽约为网卡线速的 85-92%（NDR 400 Gb/s：46-48/50 "
     "GB/s）"},
    {"latency_scale", &Efficiency::latencyScale, "factor",
     "multiplies the catalog link latencies; 1 = as listed",
     "目录中链路延迟的倍数；1 表示按目录取值"},
    {"memory_overhead_fraction", &Efficiency::memoryOverheadFraction, "fraction",
     "PyTorch caching-allocator fragmentation (reserved minus allocated) over the tensors "
     "allocated "
     "and freed within a step: GMLake (Guo et al., ASPLOS 2024) measured 15% on average, up to "
     "33%, "
     "across eight LLM training setups",
     "PyTorch 缓存分配器的碎片（reserved 减 allocated），相对于一步内分配并释放的张量：GMLake（Guo "
     "等，ASPLOS 2024）在八种 LLM 训练配置上测得平均 15%，最高 33%"},
    {"cuda_context_bytes", &Efficiency::cudaContextBytes, "bytes",
     "CUDA context, cuBLAS/cuDNN workspaces and kernels outside the PyTorch allocator (~0.5-1 GiB "
     "on CUDA 12)",
     "CUDA 上下文、cuBLAS/cuDNN 工作区以及 PyTorch 分配器之外的内核（CUDA 12 上约 0.5-1 GiB）"},
    {"nccl_connection_bytes", &Efficiency::ncclConnectionBytes, "bytes",
     "one NCCL connection on one channel: NCCL_BUFFSIZE 4 MiB (Simple) + 4,915,200 B (LL128) + "
     "524,288 B (LL), NCCL src/init.cc defaults, allocated as 10 MiB (NVIDIA/nccl#1685 ALLOC log)",
     "一个通道上的一条 NCCL 连接：NCCL_BUFFSIZE 4 MiB（Simple）+ 4,915,200 B（LL128）+ 524,288 "
     "B（LL），NCCL src/init.cc 默认值，按 10 MiB 分配（NVIDIA/nccl#1685 ALLOC 日志）"},
    {"nccl_channels", &Efficiency::ncclChannels, "channels",
     "channels of a ring collective on NVSwitch nodes (NCCL_DEBUG=INFO prints 'Channel 00/24' on "
     "8-GPU A100/H100 nodes); 24 x 2 connections x 10 MiB = 480 MiB per communicator, against 544 "
     "MB measured for a 2-GPU A100 communicator (NVIDIA/nccl#964)",
     "NVSwitch 节点上环形集合通信的通道数（8 卡 A100/H100 节点上 NCCL_DEBUG=INFO 打印 “Channel "
     "00/24”）；24 × 2 条连接 × 10 MiB = 每个通信器 480 MiB，而 2 卡 A100 通信器实测 544 "
     "MB（NVIDIA/nccl#964）"},
    {"nccl_p2p_channels_per_nvlink_peer", &Efficiency::ncclP2pChannelsPerNvlinkPeer, "channels",
     "send/recv channels per peer inside a node: 32 on 8 x H100 (NVIDIA/nccl#1685, all-to-all)",
     "节点内每个对端的 send/recv 通道数：8 × H100 上为 32（NVIDIA/nccl#1685，all-to-all）"},
    {"nccl_channels_per_net_peer", &Efficiency::ncclChannelsPerNetPeer, "channels",
     "send/recv channels per remote peer: NCCL_NCHANNELS_PER_NET_PEER default 2 (NCCL environment "
     "variables docs)",
     "每个远端对端的 send/recv 通道数：NCCL_NCHANNELS_PER_NET_PEER 默认 2（NCCL 环境变量文档）"},
    {"host_adam_params_per_second_per_core", &Efficiency::hostAdamParamsPerSecondPerCore,
     "parameters/s",
     "DeepSpeed CPU-Adam per core: 1G parameters/s on a server CPU share of ~6 cores per GPU (Ren "
     "et al. 2021, ZeRO-Offload §5), divided by those cores",
     "DeepSpeed CPU-Adam 每个核的速率：每块 GPU 约分到 6 个服务器 CPU 核时为每秒 10 亿参数（Ren 等 "
     "2021，ZeRO-Offload §5），再除以核数"},
    {"host_cpu_cores_per_gpu", &Efficiency::hostCpuCoresPerGpu, "cores",
     "CPU cores per GPU when cluster.host_cpu_cores_per_node is not stated: the share the CPU-Adam "
     "rate above was measured with",
     "未给出 cluster.host_cpu_cores_per_node 时每块 GPU 的 CPU 核数：即上面 CPU-Adam "
     "速率测量时的份额"},
    {"host_memory_bytes_per_second_per_node", &Efficiency::hostMemoryBytesPerSecondPerNode,
     "bytes/s",
     "host DRAM of a two-socket server: 2 × 204.8 GB/s (AMD EPYC 7742, 8 channels of DDR4-3200 per "
     "socket, as in DGX A100) × 80% sustained",
     "双路服务器的主机内存带宽：2 × 204.8 GB/s（AMD EPYC 7742，每路 8 通道 DDR4-3200，DGX A100 "
     "同款）× 80% 持续带宽"},
    {"pcie_bytes_per_second", &Efficiency::pcieBytesPerSecond, "bytes/s",
     "achieved host<->GPU copy bandwidth over PCIe Gen4 x16 (~25 GB/s of 32 peak)",
     "PCIe Gen4 x16 上主机与 GPU 之间实际拷贝带宽（峰值 32 GB/s 中约 25 GB/s）"},
    {"nvme_bytes_per_second_per_node", &Efficiency::nvmeBytesPerSecondPerNode, "bytes/s",
     "a node's local NVMe array (e.g. 4 Gen4 drives, ~25 GB/s aggregate; Rajbhandari et al. 2021 "
     "ZeRO-Infinity §6)",
     "节点本地 NVMe 阵列（例如 4 块 Gen4 盘，合计约 25 GB/s；Rajbhandari 等 2021，ZeRO-Infinity "
     "§6）"},
    {"overlap_fraction", &Efficiency::overlapFraction, "fraction",
     "share of overlappable communication actually hidden behind compute (PyTorch DDP/FSDP and "
     "DeepSpeed overlap_comm; contention for SMs and memory bandwidth keeps it below 1)",
     "可重叠的通信中实际被计算掩盖的比例（PyTorch DDP/FSDP 与 DeepSpeed overlap_comm；SM "
     "与显存带宽的争用使其低于 1）"},
};

// Per-generation facts. Matmul fractions are the best achievable dense matmul over the datasheet
// peak (stas00/ml-engineering compute/accelerator 'Maximum Achievable Matmul FLOPS'); attention
// fractions are flash-attention kernel throughput over the bf16 dense peak at head dim 128 and
// training sequence lengths (Dao 2023, FlashAttention-2 §4.1 for A100; Shah et al. 2024,
// FlashAttention-3 Figs. 5-7 for FA2/FA3/cuDNN on H100).
struct GenerationFacts {
    GpuGeneration generation;
    const char* name;
    double matmulFraction;    // bf16/fp16
    double fp8MatmulFraction; // 0: no fp8 tensor cores
    int smCount;
    // K at which a GEMM main loop reaches half its rate: deeper asynchronous pipelines (Hopper's
    // TMA + wgmma warp specialisation, Blackwell's tcgen05) need more K to amortise the prologue
    // and epilogue (CUTLASS 3 kernel schedules; mamf-finder curves reach their maximum only past K
    // ≈ 8-16k on H100, ~4k on A100).
    double halfK;
    double sdpaForward, sdpaBackward;   // PyTorch SDPA (FlashAttention-2 kernels)
    double fusedForward, fusedBackward; // Transformer Engine (cuDNN fused attention) / FA3
    const char* assumed;                // what has no primary figure, or "" when all are sourced
};

const GenerationFacts kGenerations[] = {
    // V100: no FlashAttention-2 kernels (sm80+); SDPA's memory-efficient path. cuBLAS HGEMM
    // reaches ~110 of 125 TFLOP/s.
    {GpuGeneration::Volta, "volta", 0.85, 0.0, 80, 64, 0.35, 0.25, 0.35, 0.25,
     "V100 has no MAMF entry: 85% matmul and memory-efficient attention at 35%/25% assumed"},
    {GpuGeneration::Ampere, "ampere", 0.869, 0.0, 108, 128, 0.65, 0.55, 0.65, 0.55, ""},
    {GpuGeneration::Ada, "ada", 0.75, 0.66, 142, 128, 0.55, 0.45, 0.55, 0.45,
     "Ada GPUs have no MAMF entry: 75% bf16 / 66% fp8 matmul and 55%/45% attention assumed"},
    {GpuGeneration::Hopper, "hopper", 0.803, 0.709, 132, 512, 0.35, 0.30, 0.60, 0.48, ""},
    {GpuGeneration::Blackwell, "blackwell", 0.776, 0.685, 148, 512, 0.30, 0.25, 0.55, 0.45,
     "Blackwell fp8 matmul (Hopper's fp8/bf16 ratio) and attention fractions assumed"},
    {GpuGeneration::Cdna3, "cdna3", 0.55, 0.45, 304, 512, 0.30, 0.22, 0.30, 0.22,
     "MI300X: 51-60% bf16 matmul (MAMF table); fp8 and CK flash-attention fractions assumed"},
};

const GenerationFacts& factsOf(GpuGeneration g) {
    for (const GenerationFacts& f : kGenerations)
        if (f.generation == g) return f;
    return kGenerations[1];
}

bool has(const std::string& s, const char* needle) {
    return s.find(needle) != std::string::npos;
}

// Generation from the GPU's name; nullopt when the name says nothing we know.
std::optional<GpuGeneration> generationFromName(const std::string& n) {
    if (has(n, "V100")) return GpuGeneration::Volta;
    if (has(n, "B200") || has(n, "B100") || has(n, "GB200") || has(n, "B300"))
        return GpuGeneration::Blackwell;
    if (has(n, "H100") || has(n, "H800") || has(n, "H200") || has(n, "H20") || has(n, "GH200"))
        return GpuGeneration::Hopper;
    if (has(n, "A100") || has(n, "A800") || has(n, "A30") || has(n, "A40") || has(n, "A10"))
        return GpuGeneration::Ampere;
    if (has(n, "L40") || has(n, "4090") || has(n, "L4") || has(n, "Ada")) return GpuGeneration::Ada;
    if (has(n, "MI300") || has(n, "MI325")) return GpuGeneration::Cdna3;
    return std::nullopt;
}

std::optional<GpuGeneration> generationFromString(const std::string& s) {
    for (const GenerationFacts& f : kGenerations)
        if (s == f.name) return f.generation;
    return std::nullopt;
}

// FlashAttention-2 runs 1.3-2.5x faster forward and backward than FlashAttention in Triton on the
// same GPU (Dao 2023, FlashAttention-2 §4.1 and Fig. 4): the Triton kernel keeps FlashAttention-1's
// work partitioning (no sequence-parallel split, more non-matmul work). 1.8 is the geometric mean of
// that range; the Triton kernels of PyTorch 2.0-2.1 generate Ampere-style mma on Hopper, as FA2
// does, so the ratio holds there too.
constexpr double kFlash2OverTritonAttention = 1.8;

void setAttention(Efficiency& e, double sdpaForward, double sdpaBackward, double fusedForward,
                  double fusedBackward) {
    e.sdpaAttentionForwardEfficiency = sdpaForward;
    e.sdpaAttentionBackwardEfficiency = sdpaBackward;
    e.fusedAttentionForwardEfficiency = fusedForward;
    e.fusedAttentionBackwardEfficiency = fusedBackward;
    e.tritonAttentionForwardEfficiency = sdpaForward / kFlash2OverTritonAttention;
    e.tritonAttentionBackwardEfficiency = sdpaBackward / kFlash2OverTritonAttention;
}

std::string percent(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * v);
    return buf;
}

} // namespace

// Sustained clock under a board power cap. Compute-bound kernels run at the TDP at the uncapped
// clock; dynamic power scales as C·V²·f with V roughly proportional to f in the DVFS range, so
// P(f) = P_static + (TDP − P_static)·(f/f₀)³ (Weste & Harris, CMOS VLSI Design §5.1), with a static
// share (leakage, HBM, board) of 30% of TDP — an assumption, not a measurement or a fit (the
// torchtitan 500 W rows were not used to choose it).
double clockFractionUnderCap(double tdpWatts, double capWatts) {
    if (tdpWatts <= 0 || capWatts <= 0 || capWatts >= tdpWatts) return 1.0;
    const double staticWatts = 0.3 * tdpWatts;
    const double dynamic = std::max(0.05, (capWatts - staticWatts) / (tdpWatts - staticWatts));
    return std::cbrt(dynamic);
}

const char* toString(GpuGeneration g) {
    return factsOf(g).name;
}

model::ExecutionMode executionMode(const model::Scenario& s, const model::Plan& p) {
    if (s.training.execution != model::ExecutionMode::Auto) return s.training.execution;
    // Megatron-LM trains with Transformer Engine's fused kernels by default (--transformer-impl
    // transformer_engine); PyTorch DDP/FSDP and DeepSpeed run eager unless told otherwise.
    return p.framework == model::Framework::Megatron ? model::ExecutionMode::Fused
                                                     : model::ExecutionMode::Eager;
}

model::AttentionKernel attentionKernel(const model::Scenario& s, const model::Plan& p) {
    if (s.training.attentionKernel != model::AttentionKernel::Auto)
        return s.training.attentionKernel;
    const model::ExecutionMode m = executionMode(s, p);
    return m == model::ExecutionMode::Fused || m == model::ExecutionMode::CudaGraphs
               ? model::AttentionKernel::Fused
               : model::AttentionKernel::Flash2;
}

HostRates hostRates(const model::ClusterSpec& cluster, const Efficiency& eff) {
    HostRates h;
    const double gpusPerNode = std::max(1, cluster.gpusPerNode);
    h.cpuCoresPerGpu = cluster.hostCpuCoresPerNode > 0 ? cluster.hostCpuCoresPerNode / gpusPerNode
                                                       : eff.hostCpuCoresPerGpu;
    h.memoryBytesPerSecondPerGpu =
        (cluster.hostMemoryBytesPerSecondPerNode > 0 ? cluster.hostMemoryBytesPerSecondPerNode
                                                     : eff.hostMemoryBytesPerSecondPerNode) /
        gpusPerNode;
    h.pcieBytesPerSecondPerGpu = cluster.pcieBytesPerSecondPerGpu > 0
                                     ? cluster.pcieBytesPerSecondPerGpu
                                     : eff.pcieBytesPerSecond;
    h.nvmeBytesPerSecondPerNode = cluster.nvmeBytesPerSecondPerNode > 0
                                      ? cluster.nvmeBytesPerSecondPerNode
                                      : eff.nvmeBytesPerSecondPerNode;
    // Every rank steps its shard at once on its own cores (DeepSpeed --bind_cores_to_rank), so
    // the node's DRAM bandwidth is shared by its GPUs' ranks.
    h.adamCoreParamsPerSecond = h.cpuCoresPerGpu * eff.hostAdamParamsPerSecondPerCore;
    h.adamMemoryParamsPerSecond = h.memoryBytesPerSecondPerGpu / kCpuAdamBytesPerParameter;
    h.adamParamsPerSecond = std::min(h.adamCoreParamsPerSecond, h.adamMemoryParamsPerSecond);
    return h;
}

Efficiency defaultEfficiency() {
    Efficiency e;
    const GenerationFacts& a100 = factsOf(GpuGeneration::Ampere);
    e.matmulSustainedFraction = 0.85;
    e.gemmEfficiency = a100.matmulFraction * e.matmulSustainedFraction;
    e.gemmHalfDim = factsOf(GpuGeneration::Ampere).halfK;
    e.tpOverlapFraction = 0.5;
    e.hbmEfficiency = 0.80;
    e.intraNodeBandwidthEfficiency = 0.80;
    e.interNodeBandwidthEfficiency = 0.90;
    e.latencyScale = 1.0;
    e.memoryOverheadFraction = 0.15;
    e.cudaContextBytes = 0.75 * kGiB;
    e.ncclConnectionBytes = 10.0 * 1024 * 1024;
    e.ncclChannels = 24;
    e.ncclP2pChannelsPerNvlinkPeer = 32;
    e.ncclChannelsPerNetPeer = 2;
    e.hostCpuCoresPerGpu = 6.0;
    e.hostAdamParamsPerSecondPerCore = 1.0e9 / e.hostCpuCoresPerGpu;
    e.hostMemoryBytesPerSecondPerNode = 2.0 * 204.8e9 * 0.80;
    e.pcieBytesPerSecond = 25e9;
    e.nvmeBytesPerSecondPerNode = 25e9;
    e.overlapFraction = 0.85;
    e.generation = GpuGeneration::Ampere;
    e.smCount = a100.smCount;
    e.gemmHalfDim = a100.halfK;
    setAttention(e, a100.sdpaForward, a100.sdpaBackward, a100.fusedForward, a100.fusedBackward);
    return e;
}

namespace {

void applyOverrides(Efficiency& e, const model::EfficiencySpec& spec) {
    if (spec.gemmEfficiency) e.gemmEfficiency = *spec.gemmEfficiency;
    if (spec.intraNodeBandwidthEfficiency)
        e.intraNodeBandwidthEfficiency = *spec.intraNodeBandwidthEfficiency;
    if (spec.interNodeBandwidthEfficiency)
        e.interNodeBandwidthEfficiency = *spec.interNodeBandwidthEfficiency;
    if (spec.latencyScale) e.latencyScale = *spec.latencyScale;
    if (spec.memoryOverheadFraction) e.memoryOverheadFraction = *spec.memoryOverheadFraction;
    if (spec.cudaContextBytes) e.cudaContextBytes = *spec.cudaContextBytes;
    if (spec.gemmHalfDim) e.gemmHalfDim = *spec.gemmHalfDim;
    if (spec.hbmEfficiency) e.hbmEfficiency = *spec.hbmEfficiency;
    if (spec.overlapFraction) e.overlapFraction = *spec.overlapFraction;
    if (spec.profile) e.profile = *spec.profile;
}

bool overridden(const model::EfficiencySpec& spec, const std::string& name) {
    if (name == "gemm_efficiency") return spec.gemmEfficiency.has_value();
    if (name == "intra_node_bandwidth_efficiency")
        return spec.intraNodeBandwidthEfficiency.has_value();
    if (name == "inter_node_bandwidth_efficiency")
        return spec.interNodeBandwidthEfficiency.has_value();
    if (name == "latency_scale") return spec.latencyScale.has_value();
    if (name == "memory_overhead_fraction") return spec.memoryOverheadFraction.has_value();
    if (name == "cuda_context_bytes") return spec.cudaContextBytes.has_value();
    if (name == "gemm_half_dim") return spec.gemmHalfDim.has_value();
    if (name == "hbm_efficiency") return spec.hbmEfficiency.has_value();
    if (name == "overlap_fraction") return spec.overlapFraction.has_value();
    return false;
}

} // namespace

Efficiency resolveEfficiency(const model::EfficiencySpec& spec) {
    Efficiency e = defaultEfficiency();
    applyOverrides(e, spec);
    return e;
}

Efficiency resolveEfficiency(const model::Scenario& scenario) {
    Efficiency e = defaultEfficiency();
    const model::GpuSpec& gpu = scenario.cluster.gpu;
    std::optional<GpuGeneration> gen = generationFromString(gpu.generation);
    if (!gen) {
        e.generationInferred = true;
        gen = generationFromName(gpu.name);
        if (!gen) {
            // Nothing in the name: judge by the tensor-core peaks (fp8 arrived with Hopper).
            const double bf16 = gpu.bf16FlopsPerSecond;
            gen = gpu.fp8FlopsPerSecond > 0
                      ? (bf16 >= 1.5e15 ? GpuGeneration::Blackwell : GpuGeneration::Hopper)
                  : bf16 >= 1.5e14 ? GpuGeneration::Ampere
                                   : GpuGeneration::Volta;
        }
        e.warnings.push_back("GPU '" + gpu.name + "' states no generation: its efficiency is " +
                             std::string(toString(*gen)) +
                             "'s (matmul, attention and SM count); add \"generation\" to its "
                             "catalog entry to confirm");
    }
    const GenerationFacts& f = factsOf(*gen);
    e.generation = *gen;
    e.smCount = gpu.smCount > 0 ? gpu.smCount : f.smCount;
    e.gemmHalfDim = f.halfK;
    const double matmul = gpu.gemmEfficiency > 0 ? gpu.gemmEfficiency : f.matmulFraction;
    e.gemmEfficiency = matmul * e.matmulSustainedFraction;
    setAttention(e, f.sdpaForward, f.sdpaBackward, f.fusedForward, f.fusedBackward);
    if (*f.assumed) e.warnings.push_back(f.assumed);
    e.clockFraction = clockFractionUnderCap(gpu.tdpWatts, scenario.cluster.gpuPowerLimitWatts);
    applyOverrides(e, scenario.efficiency);
    // fp8 keeps the generation's fp8/bf16 achievable ratio, so a calibrated bf16 efficiency moves
    // fp8 with it.
    e.fp8GemmEfficiency = gpu.fp8FlopsPerSecond > 0 && f.fp8MatmulFraction > 0
                              ? e.gemmEfficiency * f.fp8MatmulFraction / f.matmulFraction
                              : 0.0;
    return e;
}

std::vector<EfficiencySource> describeEfficiency(const model::Scenario& scenario) {
    const model::EfficiencySpec& spec = scenario.efficiency;
    const Efficiency e = resolveEfficiency(scenario);
    std::vector<EfficiencySource> out;
    for (const Default& d : kDefaults) {
        const bool set = overridden(spec, d.name);
        std::string source = d.source;
        std::string sourceZh = d.sourceZh;
        if (set) {
            source = spec.profile ? "calibration profile '" + *spec.profile + "'"
                                  : "scenario efficiency override";
            sourceZh = spec.profile ? "校准配置 “" + *spec.profile + "”" : "场景中的效率覆盖值";
        } else if (std::string(d.name) == "gemm_efficiency") {
            const std::string matmul = percent(scenario.cluster.gpu.gemmEfficiency > 0
                                                   ? scenario.cluster.gpu.gemmEfficiency
                                                   : factsOf(e.generation).matmulFraction);
            const std::string sustained = percent(e.matmulSustainedFraction);
            source = toString(e.generation) + std::string(" maximum achievable matmul ") + matmul +
                     " × sustained " + sustained + " (" + d.source + ")";
            sourceZh = toString(e.generation) + std::string(" 可达最大矩阵乘 ") + matmul +
                       " × 持续比例 " + sustained + "（" + d.sourceZh + "）";
        }
        out.push_back({d.name, e.*(d.field), d.unit, source, !set, sourceZh});
    }
    const char* attention = "FlashAttention-2 §4.1 (A100); FlashAttention-3 Figs. 5-7 (H100)";
    const char* attentionZh = "FlashAttention-2 §4.1（A100）；FlashAttention-3 图 5-7（H100）";
    auto attentionRow = [&](const char* name, double value) {
        out.push_back({name, value, "fraction", attention, true, attentionZh});
    };
    out.push_back({"fp8_gemm_efficiency", e.fp8GemmEfficiency, "fraction",
                   "gemm_efficiency × the generation's fp8/bf16 achievable ratio (MAMF table)",
                   true, "gemm_efficiency × 该代际 fp8 与 bf16 可达矩阵乘之比（MAMF 表）"});
    attentionRow("sdpa_attention_forward_efficiency", e.sdpaAttentionForwardEfficiency);
    attentionRow("sdpa_attention_backward_efficiency", e.sdpaAttentionBackwardEfficiency);
    attentionRow("fused_attention_forward_efficiency", e.fusedAttentionForwardEfficiency);
    attentionRow("fused_attention_backward_efficiency", e.fusedAttentionBackwardEfficiency);
    const char* triton = "sdpa efficiency / 1.8: FlashAttention-2 runs 1.3-2.5x faster than "
                         "FlashAttention in Triton (Dao 2023, FlashAttention-2 §4.1, Fig. 4)";
    const char* tritonZh = "sdpa 效率 / 1.8：FlashAttention-2 比 Triton 实现的 FlashAttention 快 "
                           "1.3-2.5 倍（Dao 2023，FlashAttention-2 §4.1，图 4）";
    out.push_back({"triton_attention_forward_efficiency", e.tritonAttentionForwardEfficiency,
                   "fraction", triton, true, tritonZh});
    out.push_back({"triton_attention_backward_efficiency", e.tritonAttentionBackwardEfficiency,
                   "fraction", triton, true, tritonZh});
    const bool catalogSms = scenario.cluster.gpu.smCount > 0;
    out.push_back({"sm_count", static_cast<double>(e.smCount), "SMs",
                   catalogSms ? "catalog entry" : "the generation's flagship", !catalogSms,
                   catalogSms ? "目录条目" : "该代际旗舰型号"});
    const bool capped = scenario.cluster.gpuPowerLimitWatts > 0;
    out.push_back({"clock_fraction", e.clockFraction, "fraction",
                   capped ? "power cap cluster.gpu_power_limit_w with P = P_static + P_dyn·f³ "
                            "(CMOS dynamic power C·V²·f, V ∝ f)"
                          : "no power cap",
                   !capped,
                   capped ? "功率上限 cluster.gpu_power_limit_w，P = P_static + P_dyn·f³"
                            "（CMOS 动态功耗 C·V²·f，V ∝ f）"
                          : "无功率上限"});
    return out;
}

std::vector<EfficiencySource> describeEfficiency(const model::EfficiencySpec& spec) {
    model::Scenario s;
    s.efficiency = spec;
    s.cluster.gpu.name = "A100-SXM4-80GB";
    s.cluster.gpu.generation = "ampere";
    return describeEfficiency(s);
}

} // namespace trainplan::sim
