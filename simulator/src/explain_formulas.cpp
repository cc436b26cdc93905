// The derivation's formulas, sources and input names in Simplified Chinese (explain_text.h).
// Every fixed string explain.cpp and explain_rates.cpp put in a DerivationTerm's formula, source
// or inputs has a row here; tests/simulator/explain_text_test.cpp walks the derivation of every
// built-in example and fails on a string that has none.

#include <trainplan/simulator/explain_text.h>

#include "text_table.h"

namespace trainplan::sim {

namespace {

using detail::TextPair;

constexpr TextPair kFormulas[] = {
    // memory (explain.cpp memoryTree)
    {"bytes/param × non-expert params on rank / dp·cp",
     "每参数字节数 × 本 rank 非专家参数量 / dp·cp"},
    {"bytes/param × non-expert params on rank", "每参数字节数 × 本 rank 非专家参数量"},
    {"bytes/param × expert params / (ep·etp) / expert-dp",
     "每参数字节数 × 专家参数量 / (ep·etp) / 专家数据并行度"},
    {"bytes/param × expert params / (ep·etp)", "每参数字节数 × 专家参数量 / (ep·etp)"},
    {"bytes/param × params on rank / shard degree", "每参数字节数 × 本 rank 参数量 / 分片度"},
    {"bytes/param × params on rank", "每参数字节数 × 本 rank 参数量"},
    {"persistent gradient buffer: bytes/param × params (/ shard degree at ZeRO ≥ 2)",
     "常驻梯度缓冲区：每参数字节数 × 参数量（ZeRO ≥ 2 时再除以分片度）"},
    {"lazily allocated gradients: none at the start of backward, all at its end "
     "(zero_grad(set_to_none=True))",
     "按需分配的梯度：反向开始时没有，反向结束时全部存在（zero_grad(set_to_none=True)）"},
    {"0: offloaded to the host", "0：已卸载到主机"},
    {"bytes/param × params / shard degree", "每参数字节数 × 参数量 / 分片度"},
    {"bytes/param × params", "每参数字节数 × 参数量"},
    {"alive fraction × in-flight micro-batches × per-micro-batch activation of the stage's layers "
     "× interleaving factor",
     "存活比例 × 在途微批次数 × 本阶段各层每个微批次的激活值 × 交错系数"},
    {"tokens × (norm input + 4·V/t)", "token 数 × (归一化输入 + 4·V/t)"},
    {"tokens × (norm input + 10·V/t)", "token 数 × (归一化输入 + 10·V/t)"},
    {"tokens × (norm input + 2·V/t)", "token 数 × (归一化输入 + 2·V/t)"},
    {"MTP modules × tokens × (a whole layer + 2h projection input + their own logits)",
     "MTP 模块数 × token 数 × (一整层 + 2h 投影输入 + 各自的 logits)"},
    {"fraction alive at this moment × (layer, loss and MTP activations)",
     "此刻存活比例 × (层、损失与 MTP 的激活值)"},
    {"none at this moment", "此刻没有"},
    {"logits gradient entering the LM head", "进入输出头的 logits 梯度"},
    {"one layer rebuilt by full recompute", "完全重计算时重建的一层"},
    {"unsharded fp32 gradient unit before its reduce-scatter",
     "reduce-scatter 之前未分片的 fp32 梯度单元"},
    {"DDP gradient bucket copies (gradient_as_bucket_view=False)",
     "DDP 梯度桶副本（gradient_as_bucket_view=False）"},
    {"current + prefetched unsharded unit (2 × largest layer × 2 bytes)",
     "当前与预取的未分片单元（2 × 最大层 × 2 字节）"},
    {"reduce bucket (min(5e8, params) × 2 bytes) + ZeRO-3 live parameters",
     "归约桶（min(5e8, 参数量) × 2 字节）+ ZeRO-3 在用参数"},
    {"sequence-parallel all-gather buffer", "序列并行的 all-gather 缓冲区"},
    {"ring collective: channels × 2 connections × connection bytes",
     "环形集合通信：通道数 × 2 个连接 × 每连接字节数"},
    {"all-to-all: per peer, channels per peer × (connection + 2 MiB send buffer)",
     "all-to-all：对每个对端，每对端通道数 × (连接 + 2 MiB 发送缓冲区)"},
    {"send/recv: per peer, channels per peer × (connection + 2 MiB send buffer)",
     "send/recv：对每个对端，每对端通道数 × (连接 + 2 MiB 发送缓冲区)"},
    {"CUDA context + NCCL communicator buffers + allocator fragmentation",
     "CUDA 上下文 + NCCL 通信器缓冲区 + 分配器碎片"},
    {"fixed per process", "每进程固定"},
    {"every communicator this rank's groups create (buffers outside the allocator)",
     "本 rank 所在各组创建的全部通信器（分配器之外的缓冲区）"},
    {"fraction × bytes allocated and freed within the step at the peak",
     "比例 × 峰值时本步内已分配又释放的字节数"},
    {"the components alive at the step's fullest moment", "本步显存最满时刻存活的各组成部分"},
    // step time (explain.cpp timeTree)
    {"micro-batches × (forward + backward + recompute) on the slowest stage",
     "最慢阶段上的 微批次数 × (前向 + 反向 + 重计算)"},
    {"Σ GEMM FLOPs / (peak × clock × gemm_eff × waves × K/(K + k0)) + attention core + "
     "memory-bound bytes / (HBM × eff)",
     "Σ GEMM FLOPs / (峰值 × 时钟 × gemm_eff × 波次 × K/(K + k0)) + 注意力核心 + "
     "访存受限字节数 / (HBM × 效率)"},
    {"2 × forward GEMMs; flash attention backward 2.5 × its forward",
     "2 × 前向 GEMM；FlashAttention 反向为其前向的 2.5 倍"},
    {"one extra forward of the first recompute_layers layers of each pipeline chunk (Megatron's "
     "block method)",
     "每个流水线块的前 recompute_layers 层多做一次前向（Megatron 的 block 方法）"},
    {"one extra forward of every layer", "每层多做一次前向"},
    {"attention core (or every second matmul for PyTorch SAC) again",
     "注意力核心再算一次（PyTorch SAC 下为每隔一个矩阵乘）"},
    {"none", "无"},
    {"micro-batches × layers × 4 all-reduces of b·s·h (6 with full recompute) × (1 − overlap)",
     "微批次数 × 层数 × 4 次 b·s·h 的 all-reduce（完全重计算时 6 次）× (1 − 重叠比例)"},
    {"ring K/V exchange not hidden behind attention compute", "未被注意力计算掩盖的环形 K/V 交换"},
    {"K/V all-gather (query heads) beyond step 0's local block, forward, recompute and backward, "
     "+ fp32 dK/dV ring, last send exposed",
     "K/V 全收集（按查询头）超出第 0 步本地块的部分，前向、重计算与反向各一次，加 fp32 dK/dV "
     "环形传递，最后一次发送无法掩盖"},
    {"dispatch + combine all-to-all, forward and backward, per MoE layer",
     "每个 MoE 层前向与反向的 dispatch + combine all-to-all"},
    {"dispatch + combine all-to-all, forward and backward, per MoE layer, beyond what the "
     "adjacent micro-batch's compute hides (combined 1F1B), at least the NCCL SM share",
     "每个 MoE 层前向与反向的 dispatch + combine all-to-all，扣除相邻微批次计算所掩盖的部分"
     "（combined 1F1B），且至少计入 NCCL 占用 SM 的份额"},
    {"gradient reduction beyond what overlaps the last backward (and per-micro-batch gathers "
     "beyond their prefetch), at least the NCCL SM share of what hides",
     "超出最后一次反向可重叠部分的梯度归约（以及超出预取的逐微批次参数收集），"
     "且至少计入被掩盖部分中 NCCL 占用 SM 的份额"},
    {"all gradient reduction and gathers (overlap off)", "全部梯度归约与参数收集（未开启重叠）"},
    {"2 × (m·v + p − 1) activation messages of b·s·h/t on the critical path",
     "关键路径上 2 × (m·v + p − 1) 条 b·s·h/t 的激活消息"},
    {"(p − 1)/v × micro-batch slot", "(p − 1)/v × 微批次时隙"},
    {"owned parameters / min(cores × per-core rate, DRAM share / 28 bytes); FSDP's torch AdamW "
     "6× slower",
     "本 rank 持有的参数量 / min(核数 × 单核速率, 内存带宽份额 / 28 字节)；FSDP 的 torch AdamW "
     "慢 6 倍"},
    {"owned parameters × 34 bytes touched / (HBM × efficiency)",
     "本 rank 持有的参数量 × 34 字节访存 / (HBM × 效率)"},
    {"host↔GPU copies not hidden behind backward", "未被反向计算掩盖的主机↔GPU 拷贝"},
    {"compute + exposed communication + bubble + optimizer + offload",
     "计算 + 未被掩盖的通信 + 气泡 + 优化器 + 卸载"},
    // communication (explain.cpp commTree)
    {"sum over parallel groups of the bytes each rank sends", "各并行组中每个 rank 发送字节数之和"},
    {"gradient reduction and parameter gathers, per the framework",
     "按框架计算的梯度归约与参数收集"},
    {"4 all-reduce equivalents of b·s·h per layer and micro-batch",
     "每层每个微批次相当于 4 次 b·s·h 的 all-reduce"},
    {"2 × m × v messages of b·s·h/t", "2 × m × v 条 b·s·h/t 的消息"},
    {"3 × (cp − 1) K/V chunks per layer and micro-batch", "每层每个微批次 3 × (cp − 1) 个 K/V 块"},
    {"4 all-to-alls of b·s·k·h per MoE layer and micro-batch",
     "每个 MoE 层每个微批次 4 次 b·s·k·h 的 all-to-all"},
    // model FLOPs (explain.cpp flopsTree)
    {"3 × tokens × layers × (QKV + attention + projection + FFN)",
     "3 × token 数 × 层数 × (QKV + 注意力 + 投影 + FFN)"},
    {"3 × tokens × layers × (attention + router + top-k and shared experts)",
     "3 × token 数 × 层数 × (注意力 + 路由器 + top-k 专家与共享专家)"},
    {"3 × tokens × 2·h·V", "3 × token 数 × 2·h·V"},
    {"3 × tokens × modules × (a layer + 2·2h·h projection + LM head)",
     "3 × token 数 × 模块数 × (一层 + 2·2h·h 投影 + 输出头)"},
    {"3 × forward FLOPs per token × tokens per step (no recompute)",
     "3 × 每 token 前向 FLOPs × 每步 token 数（不含重计算）"},
    // rates and totals (explain_rates.cpp)
    {"model FLOPs per step / (step time × GPUs × dense peak)",
     "每步模型 FLOPs / (步时间 × GPU 数 × 稠密峰值)"},
    {"global batch × sequence length / step time", "全局批大小 × 序列长度 / 步时间"},
    {"training tokens / tokens per second", "训练 token 数 / 每秒 token 数"},
    {"time to train × GPUs / 3600", "训练时长 × GPU 数 / 3600"},
    {"GPU-hours × price per GPU-hour", "GPU 时 × 每 GPU 时价格"},
};

constexpr TextPair kSources[] = {
    {"PyTorch AMP keeps fp32 parameters and gradients; Adam m, v in fp32 (Kingma & Ba 2015)",
     "PyTorch AMP 保留 fp32 参数与梯度；Adam 的 m、v 为 fp32（Kingma & Ba 2015）"},
    {"FSDP MixedPrecision(param_dtype=bf16, reduce_dtype=fp32): fp32 sharded parameters and "
     "gradients (torchtitan defaults)",
     "FSDP MixedPrecision(param_dtype=bf16, reduce_dtype=fp32)：fp32 的分片参数与梯度"
     "（torchtitan 默认值）"},
    {"Rajbhandari et al. 2020 (ZeRO) §3.1 and §5: 2 + 2 + 12 bytes per parameter, stage k shards "
     "over data parallelism",
     "Rajbhandari 等 2020（ZeRO）§3.1 与 §5：每参数 2 + 2 + 12 字节，第 k "
     "阶段在数据并行维度上分片"},
    {"Megatron-LM docs, distrib_optimizer.md: bf16 params + fp32 main grads = 6 + 12/d bytes per "
     "parameter",
     "Megatron-LM 文档 distrib_optimizer.md：bf16 参数 + fp32 主梯度 = 每参数 6 + 12/d 字节"},
    {"Megatron-Core MoE: experts split over the expert-parallel group, their states sharded over "
     "the expert-data-parallel group",
     "Megatron-Core MoE：专家在专家并行组内切分，其状态在专家数据并行组内分片"},
    {"Korthikanti et al. 2022 eq. sbh(34 + 5as/h), /t with sequence parallelism; 1F1B keeps p "
     "micro-batches on the first stage (Narayanan et al. 2021 §2.2.1); interleaving holds "
     "2(p−s−1) + (v−1)p + 1 chunks of 1/v, at most m·v (Megatron-Core "
     "get_num_warmup_microbatches)",
     "Korthikanti 等 2022 公式 sbh(34 + 5as/h)，序列并行时再除以 t；1F1B 在第一阶段保留 p 个微批次"
     "（Narayanan 等 2021 §2.2.1）；交错调度保留 2(p−s−1) + (v−1)p + 1 个 1/v 大小的块，最多 m·v 个"
     "（Megatron-Core get_num_warmup_microbatches）"},
    {"Korthikanti et al. 2022 §4.1: fp32 logits 4sbV/t",
     "Korthikanti 等 2022 §4.1：fp32 logits 4sbV/t"},
    {"Transformer Engine Triton cross-entropy: bf16 logits, gradient written in place",
     "Transformer Engine 的 Triton 交叉熵：保留 bf16 logits，梯度原地写回"},
    {"eager torch cross_entropy: bf16 logits + fp32 upcast + saved log-softmax",
     "eager 模式的 torch cross_entropy：bf16 logits + fp32 上转 + 保存的 log-softmax"},
    {"DeepSeek-V3 §2.2; Megatron-Core MultiTokenPredictionLayer",
     "DeepSeek-V3 §2.2；Megatron-Core MultiTokenPredictionLayer"},
    {"Korthikanti et al. 2022 §4", "Korthikanti 等 2022 §4"},
    {"the largest short-lived tensor alive at the peak moment", "峰值时刻存活的最大短时张量"},
    {"PyTorch DDP docs; DeepSpeed config docs (reduce_bucket_size)",
     "PyTorch DDP 文档；DeepSpeed 配置文档（reduce_bucket_size）"},
    {"NCCL src/init.cc buffer defaults; NVIDIA/nccl#964, #986, #1685",
     "NCCL src/init.cc 的缓冲区默认值；NVIDIA/nccl#964、#986、#1685"},
    {"docs/model.md, memory that is true at the peak", "docs/model.md，峰值时真实的显存"},
    {"CUDA context and cuBLAS/cuDNN workspaces outside the PyTorch allocator",
     "PyTorch 分配器之外的 CUDA 上下文与 cuBLAS/cuDNN 工作区"},
    {"NCCL environment docs (NCCL_BUFFSIZE); NVIDIA/nccl#986",
     "NCCL 环境变量文档（NCCL_BUFFSIZE）；NVIDIA/nccl#986"},
    {"PyTorch caching allocator, reserved vs allocated; GMLake (Guo et al. 2024)",
     "PyTorch 缓存分配器，reserved 与 allocated 之差；GMLake（Guo 等 2024）"},
    {"TrainPlan memory model (docs/model.md)", "TrainPlan 显存模型（docs/model.md）"},
    {"Narayanan et al. 2021 §3 (backward = 2 × forward)",
     "Narayanan 等 2021 §3（反向 = 2 × 前向）"},
    {"op-level roofline per layer (docs/model.md, Compute)",
     "逐层的算子级 roofline（docs/model.md 的 Compute 一节）"},
    {"Narayanan et al. 2021 §3; Dao 2023 §3.1", "Narayanan 等 2021 §3；Dao 2023 §3.1"},
    {"Korthikanti et al. 2022 §5; torchtitan activation checkpointing; Megatron-LM "
     "--recompute-method block and --recompute-modules",
     "Korthikanti 等 2022 §5；torchtitan 的激活检查点；Megatron-LM 的 --recompute-method block 与 "
     "--recompute-modules"},
    {"Shoeybi et al. 2019 Fig. 4; Korthikanti et al. 2022 §4.2.2",
     "Shoeybi 等 2019 图 4；Korthikanti 等 2022 §4.2.2"},
    {"Liu et al. 2023 (ring attention); Megatron-Core context parallelism",
     "Liu 等 2023（环形注意力 ring attention）；Megatron-Core 上下文并行"},
    {"PyTorch context_parallel (torch/distributed/tensor/experimental/_attention.py, 2024-12: "
     "all-gather rotater, all_to_all dK/dV); torchtitan",
     "PyTorch context_parallel（torch/distributed/tensor/experimental/_attention.py，2024-12："
     "all-gather 轮转，dK/dV 走 all_to_all）；torchtitan"},
    {"Lepikhin et al. 2021 (GShard) §2.2", "Lepikhin 等 2021（GShard）§2.2"},
    {"Lepikhin et al. 2021 (GShard) §2.2; DeepEP (flex dispatcher)",
     "Lepikhin 等 2021（GShard）§2.2；DeepEP（flex 分发器）"},
    {"Lepikhin et al. 2021 (GShard) §2.2; Megatron-Core combined 1F1B "
     "(--overlap-moe-expert-parallel-comm); DeepEP (flex dispatcher)",
     "Lepikhin 等 2021（GShard）§2.2；Megatron-Core combined 1F1B "
     "（--overlap-moe-expert-parallel-comm）；DeepEP（flex 分发器）"},
    {"NCCL bus-bandwidth factors; PyTorch DDP/FSDP and DeepSpeed overlap_comm; overlapped compute "
     "slowdown: Lee et al. 2025 (arXiv 2507.03114)",
     "NCCL 总线带宽系数；PyTorch DDP/FSDP 与 DeepSpeed 的 overlap_comm；通信重叠时的计算减速："
     "Lee 等 2025（arXiv 2507.03114）"},
    {"Narayanan et al. 2021 §4.1 (scatter/gather)", "Narayanan 等 2021 §4.1（scatter/gather）"},
    {"Narayanan et al. 2021 §2.2: bubble fraction (p−1)/m, interleaved (p−1)/(m·v)",
     "Narayanan 等 2021 §2.2：气泡比例 (p−1)/m，交错调度时 (p−1)/(m·v)"},
    {"memory-bound Adam update", "访存受限的 Adam 更新"},
    {"Ren et al. 2021 (ZeRO-Offload); DeepSpeed csrc/includes/cpu_adam.h Step_AVX",
     "Ren 等 2021（ZeRO-Offload）；DeepSpeed csrc/includes/cpu_adam.h Step_AVX"},
    {"Ren et al. 2021 (ZeRO-Offload); Rajbhandari et al. 2021",
     "Ren 等 2021（ZeRO-Offload）；Rajbhandari 等 2021"},
    {"TrainPlan step-time model (docs/model.md)", "TrainPlan 步时间模型（docs/model.md）"},
    {"NCCL bus-bandwidth factors (nccl-tests PERFORMANCE.md)",
     "NCCL 总线带宽系数（nccl-tests PERFORMANCE.md）"},
    {"ZeRO-3 moves 1.5× DDP's volume (Rajbhandari et al. 2020 §7.2.2)",
     "ZeRO-3 的通信量为 DDP 的 1.5 倍（Rajbhandari 等 2020 §7.2.2）"},
    {"Shoeybi et al. 2019", "Shoeybi 等 2019"},
    {"Narayanan et al. 2021 §4.1", "Narayanan 等 2021 §4.1"},
    {"Liu et al. 2023", "Liu 等 2023"},
    {"Lepikhin et al. 2021", "Lepikhin 等 2021"},
    {"2 FLOPs per multiply-add", "每次乘加计 2 FLOPs"},
    {"Fedus et al. 2022", "Fedus 等 2022"},
    {"Narayanan et al. 2021 eq. 3", "Narayanan 等 2021 公式 3"},
    {"DeepSeek-V3 §2.2; Megatron-LM num_floating_point_operations",
     "DeepSeek-V3 §2.2；Megatron-LM num_floating_point_operations"},
    {"Narayanan et al. 2021 eq. 3; Korthikanti et al. 2022 §6",
     "Narayanan 等 2021 公式 3；Korthikanti 等 2022 §6"},
    {"Chowdhery et al. 2022 (PaLM) App. B: model FLOPs, no recompute",
     "Chowdhery 等 2022（PaLM）附录 B：模型 FLOPs，不含重计算"},
    {"definition", "定义"},
    {"definition (no failures; goodput is separate)", "定义（不计故障；有效训练时间另算）"},
    {"scenario cluster.gpu_hour_usd", "场景 cluster.gpu_hour_usd"},
};

// The parallel degrees (tp, pp, dp, cp, ep, vpp) keep their names in both languages.
constexpr TextPair kInputs[] = {
    {"bytes per parameter", "每参数字节数"},
    {"non-expert parameters on this rank", "本 rank 的非专家参数量"},
    {"expert parameters on this rank", "本 rank 的专家参数量"},
    {"data-parallel shard degree", "数据并行分片度"},
    {"expert shard degree", "专家分片度"},
    {"expert tp (etp)", "专家张量并行度（etp）"},
    {"flex dispatcher (1: tokens sent once per node)", "flex 分发器（1：每个节点只发送一次词元）"},
    {"gradient size", "梯度大小"},
    {"alive fraction", "存活比例"},
    {"in-flight micro-batches", "在途微批次数"},
    {"layers on stage", "本阶段层数"},
    {"activation per micro-batch (all layers)", "每个微批次的激活值（全部层）"},
    {"interleaving factor", "交错系数"},
    {"tokens per micro-batch", "每个微批次的 token 数"},
    {"bytes per token per layer", "每层每 token 字节数"},
    {"vocabulary", "词表大小"},
    {"MTP modules", "MTP 模块数"},
    {"logits gradient", "logits 梯度"},
    {"recompute working layer", "重计算的工作层"},
    {"gradient unit", "梯度单元"},
    {"ranks", "rank 数"},
    {"peers in the node", "节点内对端数"},
    {"peers across the network", "跨网络对端数"},
    {"channels", "通道数"},
    {"connection bytes", "每连接字节数"},
    {"fraction", "比例"},
    {"churned at peak", "峰值时周转的字节数"},
    {"pipeline stage index", "流水线阶段序号"},
    {"dense layers on stage", "本阶段稠密层数"},
    {"MoE layers on stage", "本阶段 MoE 层数"},
    {"micro-batches", "微批次数"},
    {"peak FLOP/s", "峰值 FLOP/s"},
    {"gemm efficiency", "GEMM 效率"},
    {"gemm half-depth k0", "GEMM 半效率深度 k0"},
    {"HBM bytes/s", "HBM 字节/秒"},
    {"HBM efficiency", "HBM 效率"},
    {"recomputed layers per chunk (0: all)", "每块重计算层数（0：全部）"},
    {"total TP time", "TP 通信总时间"},
    {"total CP time", "CP 通信总时间"},
    {"total EP time", "EP 通信总时间"},
    {"total DP time", "DP 通信总时间"},
    {"NCCL SM share", "NCCL 占用的 SM 比例"},
    {"overlap fraction", "重叠比例"},
    {"micro-batch slot", "微批次时隙"},
    {"host Adam params/s", "主机 Adam 参数/秒"},
    {"host CPU cores per GPU", "每 GPU 的主机 CPU 核数"},
    {"CPU-Adam params/s per core", "每核 CPU-Adam 参数/秒"},
    {"host DRAM bytes/s per GPU", "每 GPU 的主机内存带宽（字节/秒）"},
    {"PCIe bytes/s", "PCIe 字节/秒"},
    {"zero stage", "ZeRO 阶段"},
    {"tokens per step", "每步 token 数"},
    {"dense layers", "稠密层数"},
    {"MoE layers", "MoE 层数"},
    {"model FLOPs per step", "每步模型 FLOPs"},
    {"step time (s)", "步时间（秒）"},
    {"GPUs", "GPU 数"},
    {"dense peak per GPU (FLOP/s)", "每 GPU 稠密峰值（FLOP/s）"},
    {"global batch (sequences)", "全局批大小（序列数）"},
    {"sequence length", "序列长度"},
    {"training tokens", "训练 token 数"},
    {"tokens/s", "token/秒"},
    {"time to train (s)", "训练时长（秒）"},
    {"GPU-hours", "GPU 时"},
    {"price per GPU-hour (USD)", "每 GPU 时价格（美元）"},
};

} // namespace

std::string derivationFormula(std::string_view english, Lang lang) {
    // explain.cpp names the recomputed modules: "the forward of the recomputed modules again
    // (--recompute-modules mlp moe)".
    constexpr std::string_view kModules = "the forward of the recomputed modules again (";
    if (lang == Lang::ZhCN && english.starts_with(kModules) && english.ends_with(")"))
        return "被重计算的模块再做一次前向（" +
               std::string(english.substr(kModules.size(), english.size() - kModules.size() - 1)) +
               "）";
    return detail::translateText(kFormulas, english, lang);
}

std::string derivationSource(std::string_view english, Lang lang) {
    return detail::translateText(kSources, english, lang);
}

std::string derivationInputName(std::string_view english, Lang lang) {
    return detail::translateText(kInputs, english, lang);
}

} // namespace trainplan::sim
