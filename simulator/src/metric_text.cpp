#include <trainplan/simulator/metric_text.h>

#include <cstddef>
#include <iterator>

namespace trainplan::sim {

namespace {

struct MetricText {
    Metric metric;
    std::string_view name, nameZh, help, helpZh;
};

// In the order of Metric (checked below); tests/simulator/metric_text_test.cpp checks every row.
constexpr MetricText kMetrics[] = {
    {Metric::Framework, "Framework", "框架",
     "The training framework; each accepts only the parallel layouts it really "
     "supports.",
     "训练框架；每个框架只接受它真正支持的并行布局。"},
    {Metric::Plan, "Plan", "并行方案",
     "The parallel layout: tensor (TP), pipeline (PP), context (CP), expert (EP) "
     "and data (DP) parallel degrees, micro-batch size, sharding, offload and "
     "recompute, found by the plan search.",
     "并行布局：张量（TP）、流水线（PP）、上下文（CP）、专家（EP）和数据（DP）并行度，以及微批大小"
     "、分片、卸载和重计算，由方案搜索得出。"},
    {Metric::Fits, "Fits", "放得下",
     "Whether the worst pipeline stage's peak memory stays within the GPU's memory "
     "less the configured headroom.",
     "最差流水线阶段的峰值显存是否在 GPU 显存减去预留余量之内。"},
    {Metric::PeakMemory, "Memory / GPU", "每卡显存",
     "Peak memory per GPU on the worst pipeline stage: weights, gradients, "
     "optimizer states, activations (Korthikanti et al. 2022), buffers and "
     "allocator overhead.",
     "最差流水线阶段每张 GPU 的峰值显存：权重、梯度、优化器状态、激活值（Korthikanti "
     "等，2022）、缓冲区和分配器开销。"},
    {Metric::StepTime, "Step time", "单步时间",
     "Time of one optimizer step: compute at the achieved GEMM efficiency plus "
     "exposed communication (α–β model with NCCL bus bandwidth), pipeline bubble, "
     "optimizer and offload.",
     "一次优化器更新步的时间：按实际 GEMM 效率计算的计算时间，加上未被掩盖的通信（基于 NCCL "
     "总线带宽的 α–β 模型）、流水线气泡、优化器和卸载时间。"},
    {Metric::Mfu, "MFU", "MFU",
     "Model FLOPs utilisation: model FLOPs per second without recompute divided by "
     "the GPU's dense peak for the precision (Chowdhery et al. 2022).",
     "模型算力利用率：不含重计算的每秒模型 FLOPs 除以 GPU 在该精度下的稠密峰值算力（Chowdhery "
     "等，2022）。"},
    {Metric::Hfu, "HFU", "HFU",
     "Hardware FLOPs utilisation: like MFU but counting the recomputed forward "
     "passes too.",
     "硬件算力利用率：与 MFU 相同，但把重计算的前向也计算在内。"},
    {Metric::TokensPerSecond, "Tokens/s", "token/秒",
     "Tokens processed per second by the whole cluster: global batch × sequence "
     "length ÷ step time.",
     "整个集群每秒处理的 token 数：全局批大小 × 序列长度 ÷ 单步时间。"},
    {Metric::TokensPerSecondPerGpu, "Tokens/s per GPU", "每卡 token/秒",
     "Cluster tokens per second divided by the number of GPUs.",
     "集群每秒 token 数除以 GPU 数量。"},
    {Metric::ModelFlopsPerGpu, "Model FLOP/s per GPU", "每卡模型算力 (FLOP/s)",
     "Model FLOPs each GPU performs per second (Narayanan et al. 2021, eq. 3).",
     "每张 GPU 每秒执行的模型 FLOPs（Narayanan 等，2021，式 3）。"},
    {Metric::TimeToTrain, "Time to train", "训练时长",
     "Wall-clock time to process the scenario's training tokens at this throughput, "
     "without failures or restarts.",
     "以该吞吐处理完场景中全部训练 token 所需的实际时间，不含故障和重启。"},
    {Metric::Cost, "Cost", "成本",
     "GPU-hours × the cluster's price per GPU-hour, converted to the display "
     "currency.",
     "GPU 时 × 集群每 GPU 时单价，并换算为显示货币。"},
    {Metric::GpuHours, "GPU-hours", "GPU 时", "Number of GPUs × time to train, in hours.",
     "GPU 数量 × 训练时长，单位为小时。"},
    {Metric::Energy, "Energy", "能耗", "GPU TDP × utilisation × PUE over the time to train.",
     "训练期间的 GPU TDP × 利用率 × PUE。"},
    {Metric::GradAccum, "Gradient accumulation", "梯度累积步数",
     "Micro-batches each data-parallel replica runs per optimizer step (global "
     "batch ÷ (DP × micro-batch)).",
     "每个数据并行副本在一次优化器更新中运行的微批数（全局批大小 ÷ (DP × 微批大小)）。"},
    {Metric::Weights, "Weights", "权重",
     "Model parameters held on this GPU in the training precision (sharded by TP, "
     "PP, EP and ZeRO-3/FSDP).",
     "以训练精度保存在这张 GPU 上的模型参数（按 TP、PP、EP 和 ZeRO-3/FSDP 切分）。"},
    {Metric::Gradients, "Gradients", "梯度",
     "Gradients held on this GPU, in the precision the framework accumulates them "
     "(sharded by ZeRO-2/3 and FSDP).",
     "保存在这张 GPU 上的梯度，精度为框架累积梯度所用的精度（按 ZeRO-2/3 和 FSDP 切分）。"},
    {Metric::OptimizerStates, "Optimizer states", "优化器状态",
     "Optimizer states and fp32 master weights (12 bytes per parameter for "
     "mixed-precision Adam, sharded by ZeRO-1+; Rajbhandari et al. 2020).",
     "优化器状态和 fp32 主权重（混合精度 Adam 每个参数 12 字节，由 ZeRO-1 及以上切分；Rajbhandari "
     "等，2020）。"},
    {Metric::Activations, "Activations", "激活值",
     "Activations stored for the backward pass of every in-flight micro-batch "
     "(Korthikanti et al. 2022, with SP, recompute and flash attention).",
     "为每个在途微批的反向传播保存的激活值（Korthikanti 等，2022，考虑 SP、重计算和 flash "
     "attention）。"},
    {Metric::Transient, "Working memory", "临时工作内存",
     "Largest short-lived working set at the peak, such as logits gradients or a "
     "recomputed layer.",
     "峰值时刻最大的短期工作集，例如 logits 梯度或正在重计算的层。"},
    {Metric::Buffers, "Buffers", "缓冲区",
     "Communication buckets, ZeRO/FSDP prefetch and unsharded-layer buffers.",
     "通信桶、ZeRO/FSDP 预取与未分片层的缓冲区。"},
    {Metric::Overhead, "Overhead", "额外开销",
     "CUDA context, NCCL communicator buffers and caching-allocator fragmentation (a "
     "calibratable fraction of the tensors allocated and freed within the step).",
     "CUDA 上下文、NCCL 通信器缓冲区和缓存分配器碎片（按步内分配又释放的张量的可校准比例计）。"},
    {Metric::Compute, "Compute", "计算",
     "Forward, backward and recompute time of the slowest stage at the achieved "
     "GEMM efficiency.",
     "最慢阶段按实际 GEMM 效率计算的前向、反向和重计算时间。"},
    {Metric::ExposedIntraNode, "Comm. intra-node", "节点内通信",
     "Communication over NVLink/PCIe inside a node that is not hidden behind "
     "compute.",
     "节点内经 NVLink/PCIe、未被计算掩盖的通信时间。"},
    {Metric::ExposedInterNode, "Comm. inter-node", "节点间通信",
     "Communication over the network between nodes that is not hidden behind "
     "compute.",
     "节点间经网络、未被计算掩盖的通信时间。"},
    {Metric::Bubble, "Pipeline bubble", "流水线气泡",
     "Pipeline fill and drain idle time: (p−1)/m of the compute, or (p−1)/(m·v) "
     "when interleaved.",
     "流水线填充和排空的空闲时间：计算时间的 (p−1)/m，交错调度时为 (p−1)/(m·v)。"},
    {Metric::OptimizerStep, "Optimizer step", "优化器更新",
     "The optimizer update, bound by HBM bandwidth (or host Adam when offloaded).",
     "优化器更新，受 HBM 带宽限制（卸载时受主机端 Adam 限制）。"},
    {Metric::Offload, "Offload", "卸载",
     "Host↔GPU transfer time for CPU/NVMe offload that compute does not hide.",
     "CPU/NVMe 卸载中未被计算掩盖的主机↔GPU 传输时间。"},
    {Metric::CommDp, "Data parallel", "数据并行",
     "Gradient all-reduce, or reduce-scatter + all-gather under ZeRO/FSDP, per GPU "
     "per step.",
     "每张 GPU 每步的梯度 all-reduce，ZeRO/FSDP 下为 reduce-scatter + all-gather。"},
    {Metric::CommTp, "Tensor parallel", "张量并行",
     "Tensor-parallel all-reduce, or all-gather/reduce-scatter with sequence "
     "parallel, per GPU per step.",
     "每张 GPU 每步的张量并行 all-reduce，启用序列并行时为 all-gather/reduce-scatter。"},
    {Metric::CommPp, "Pipeline parallel", "流水线并行",
     "Pipeline point-to-point activation and gradient transfers per GPU per step.",
     "每张 GPU 每步流水线点对点传输的激活值和梯度。"},
    {Metric::CommCp, "Context parallel", "上下文并行",
     "Context-parallel ring-attention key/value exchange per GPU per step.",
     "每张 GPU 每步上下文并行环形注意力的 K/V 交换。"},
    {Metric::CommEp, "Expert parallel", "专家并行",
     "Expert-parallel all-to-all dispatch and combine per GPU per step.",
     "每张 GPU 每步专家并行 all-to-all 的分发与合并。"},
    {Metric::CommIntraNode, "Intra-node", "节点内",
     "Bytes each GPU sends per step over links inside its node.",
     "每张 GPU 每步经节点内链路发送的字节数。"},
    {Metric::CommInterNode, "Inter-node", "节点间",
     "Bytes each GPU sends per step over the NICs between nodes.",
     "每张 GPU 每步经网卡向其他节点发送的字节数。"},
    {Metric::Parameters, "Parameters", "参数量",
     "Parameter count computed from the architecture (embeddings, attention, FFN or "
     "experts, norms).",
     "由模型结构计算的参数量（嵌入、注意力、FFN 或专家、归一化层）。"},
    {Metric::Goodput, "Goodput", "有效训练率",
     "Useful training time ÷ expected wall time with checkpoints, lost work and "
     "restarts, checkpointing at Daly's optimal interval (Daly 2006; failure rate "
     "from the Llama 3 report unless the cluster states its MTBF).",
     "有效训练时间 ÷ 计入检查点、故障损失的工作和重启后的期望墙钟时间，按 Daly "
     "最优间隔保存检查点（Daly 2006；除非集群给出 "
     "MTBF，故障率取自 Llama 3 报告）。"},
    {Metric::CostWithFailures, "Cost with failures", "含故障的成本",
     "The cost of the expected wall time including checkpoint stalls, work lost to "
     "failures and restarts.",
     "按期望墙钟时间计算的成本，包含检查点停顿、因故障损失的工作和重启。"},
    {Metric::ErrorBar, "Step time, 80% interval", "单步时间 80% 区间",
     "80% prediction interval of the step time from the published reference runs of "
     "the same GPU generation, framework and software stack, and how well that "
     "family is validated (docs/model.md, Error bars). Time to train and cost scale "
     "with it.",
     "由同一 GPU 代际、框架与软件栈的公开参考运行得出的单步时间 80% "
     "预测区间，以及该组合的验证程度（docs/model.md，误差范围）。训练时长与成本随之等比变化。"},
};
constexpr bool inMetricOrder() {
    for (std::size_t i = 0; i < std::size(kMetrics); ++i)
        if (static_cast<std::size_t>(kMetrics[i].metric) != i) return false;
    return std::size(kMetrics) == kMetricCount;
}
static_assert(inMetricOrder(), "kMetrics must list every Metric once, in the order of the enum");

const MetricText& row(Metric m) {
    return kMetrics[static_cast<int>(m)];
}

} // namespace

std::string_view metricName(Metric m, Lang lang) {
    return lang == Lang::ZhCN ? row(m).nameZh : row(m).name;
}

std::string_view metricHelp(Metric m, Lang lang) {
    return lang == Lang::ZhCN ? row(m).helpZh : row(m).help;
}

} // namespace trainplan::sim
