// The derivation's names in English and Simplified Chinese (explain_text.h).

#include <trainplan/simulator/explain_text.h>

#include "text_table.h"

namespace trainplan::sim {

namespace {

using detail::TextPair;

// Every fixed term name explain.cpp produces.
constexpr TextPair kTerms[] = {
    {"weights", "权重"},
    {"gradients", "梯度"},
    {"optimizer states", "优化器状态"},
    {"dense parameters", "稠密参数"},
    {"routed-expert parameters", "路由专家参数"},
    {"stored activations", "保存的激活值"},
    {"transformer layers", "Transformer 层"},
    {"loss (final norm input and logits)", "损失（最终归一化输入与 logits）"},
    {"working memory", "工作内存"},
    {"communication buffers", "通信缓冲区"},
    {"overhead", "额外开销"},
    {"CUDA context", "CUDA 上下文"},
    {"NCCL communicators", "NCCL 通信器"},
    {"allocator fragmentation", "分配器碎片"},
    {"step time", "步时间"},
    {"compute", "计算"},
    {"forward", "前向"},
    {"backward", "反向"},
    {"recompute", "重计算"},
    {"exposed tensor-parallel communication", "未被掩盖的张量并行通信"},
    {"exposed context-parallel communication", "未被掩盖的上下文并行通信"},
    {"exposed expert-parallel communication", "未被掩盖的专家并行通信"},
    {"exposed data-parallel communication", "未被掩盖的数据并行通信"},
    {"exposed pipeline send/receive", "未被掩盖的流水线收发"},
    {"pipeline bubble", "流水线气泡"},
    {"optimizer step", "优化器更新"},
    {"offload traffic", "卸载传输"},
    {"communication per GPU per step", "每 GPU 每步通信量"},
    {"data parallel", "数据并行"},
    {"tensor parallel", "张量并行"},
    {"pipeline", "流水线并行"},
    {"context parallel", "上下文并行"},
    {"expert parallel", "专家并行"},
    {"model FLOPs per step", "每步模型 FLOPs"},
    {"dense layers", "稠密层"},
    {"MoE layers", "MoE 层"},
    {"LM head", "语言模型输出头"},
    {"multi-token prediction", "多 token 预测"},
    {"multi-token prediction modules", "多 token 预测模块"},
    {"first stage", "第一阶段"},
    {"middle stage", "中间阶段"},
    {"last stage", "最后阶段"},
    {"the only stage", "唯一阶段"},
    {"MFU", "MFU（模型算力利用率）"},
    {"tokens/s", "token/秒"},
    {"time to train", "训练总时长"},
    {"GPU-hours", "GPU 时"},
    {"cost", "成本"},
};

// sim::toString(MemoryPhase::Kind).
constexpr TextPair kPhases[] = {
    {"step start", "步开始"},          {"end of forward", "前向结束"},
    {"start of backward", "反向开始"}, {"middle of backward", "反向中途"},
    {"end of backward", "反向结束"},   {"optimizer step", "优化器更新"},
};

// explain.cpp's names of the stages of an even layout.
constexpr TextPair kStages[] = {
    {"first (embeddings)", "第一阶段（嵌入层）"},
    {"middle", "中间阶段"},
    {"last (LM head)", "最后阶段（输出头）"},
    {"only", "唯一阶段"},
};

// sim::Assumption::name and EfficiencySource::name (explain.cpp, efficiency.cpp).
struct Label {
    std::string_view key;
    std::string_view en;
    std::string_view zh;
};
constexpr Label kAssumptions[] = {
    {"gemm_efficiency", "Matmul efficiency (share of dense peak)",
     "矩阵乘效率（占稠密峰值的比例）"},
    {"matmul_sustained_fraction", "Sustained share of the achievable matmul rate",
     "可达矩阵乘速率中可持续的比例"},
    {"gemm_half_dim", "Matmul size at half efficiency", "效率减半时的矩阵乘规模"},
    {"tp_overlap_fraction", "Tensor-parallel communication hidden when overlapped",
     "开启重叠时被掩盖的张量并行通信比例"},
    {"hbm_efficiency", "Memory (HBM) bandwidth efficiency", "显存（HBM）带宽效率"},
    {"intra_node_bandwidth_efficiency", "Intra-node link bandwidth efficiency",
     "节点内链路带宽效率"},
    {"inter_node_bandwidth_efficiency", "Inter-node network bandwidth efficiency",
     "节点间网络带宽效率"},
    {"latency_scale", "Collective latency scale", "集合通信延迟系数"},
    {"memory_overhead_fraction", "Allocator fragmentation (share of allocated memory)",
     "分配器碎片（占已分配显存的比例）"},
    {"cuda_context_bytes", "CUDA context per GPU", "每 GPU 的 CUDA 上下文"},
    {"nccl_connection_bytes", "NCCL buffer per connection and channel",
     "每个 NCCL 连接每个通道的缓冲区"},
    {"nccl_channels", "NCCL channels of a ring collective", "NCCL 环形集合通信的通道数"},
    {"nccl_p2p_channels_per_nvlink_peer", "NCCL send/receive channels per peer in the node",
     "节点内每个对端的 NCCL 收发通道数"},
    {"nccl_channels_per_net_peer", "NCCL send/receive channels per remote peer",
     "每个远端对端的 NCCL 收发通道数"},
    {"host_adam_params_per_second_per_core", "CPU Adam speed per core (offloaded optimizer)",
     "每核 CPU Adam 速度（卸载的优化器）"},
    {"host_cpu_cores_per_gpu", "Host CPU cores per GPU (default)",
     "每 GPU 的主机 CPU 核数（默认）"},
    {"host_memory_bytes_per_second_per_node", "Host memory bandwidth per node (default)",
     "每节点主机内存带宽（默认）"},
    {"pcie_bytes_per_second", "PCIe bandwidth per GPU", "每 GPU 的 PCIe 带宽"},
    {"nvme_bytes_per_second_per_node", "NVMe bandwidth per node", "每节点的 NVMe 带宽"},
    {"overlap_fraction", "Data-parallel communication hidden behind backward",
     "被反向计算掩盖的数据并行通信比例"},
    {"fp8_gemm_efficiency", "FP8 matmul efficiency", "FP8 矩阵乘效率"},
    {"sdpa_attention_forward_efficiency", "Attention (SDPA) forward efficiency",
     "注意力（SDPA）前向效率"},
    {"sdpa_attention_backward_efficiency", "Attention (SDPA) backward efficiency",
     "注意力（SDPA）反向效率"},
    {"fused_attention_forward_efficiency", "Fused attention forward efficiency",
     "融合注意力前向效率"},
    {"fused_attention_backward_efficiency", "Fused attention backward efficiency",
     "融合注意力反向效率"},
    {"triton_attention_forward_efficiency", "Triton attention forward efficiency",
     "Triton 注意力前向效率"},
    {"triton_attention_backward_efficiency", "Triton attention backward efficiency",
     "Triton 注意力反向效率"},
    {"sm_count", "Streaming multiprocessors", "流式多处理器（SM）数"},
    {"clock_fraction", "Clock under the power cap", "功耗上限下的时钟比例"},
    {"execution", "Execution stack", "执行栈"},
    {"flash_attention", "Flash attention", "FlashAttention 注意力加速"},
    {"attention_kernel", "Attention kernel", "注意力内核"},
    {"dropout", "Dropout", "Dropout（随机失活）"},
    {"dp_overlap", "Data-parallel overlap with backward", "数据并行通信与反向计算重叠"},
    {"tp_comm_overlap", "Tensor-parallel communication overlap", "张量并行通信重叠"},
    {"ep_comm_overlap", "MoE all-to-all overlap (combined 1F1B)",
     "MoE 全对全通信重叠（合并 1F1B）"},
    {"moe_dispatcher", "MoE token dispatcher", "MoE 专家分发器"},
    {"ddp bucket_cap_mb", "DDP gradient bucket", "DDP 梯度桶"},
    {"deepspeed reduce_bucket_size", "DeepSpeed reduce bucket", "DeepSpeed 归约桶"},
    {"megatron DDP bucket", "Megatron-LM gradient bucket", "Megatron-LM 梯度桶"},
    {"pue", "Data-centre PUE", "数据中心 PUE"},
    {"gpu power", "GPU power draw", "GPU 功耗"},
};

bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

} // namespace

std::string memoryPhaseName(std::string_view english, Lang lang) {
    return detail::translateText(kPhases, english, lang);
}

std::string pipelineStageName(std::string_view english, Lang lang) {
    return detail::translateText(kStages, english, lang);
}

std::string stageRowName(StageKind kind, const std::vector<int>& stageIndices, Lang lang) {
    const bool zh = lang == Lang::ZhCN;
    const std::string indices = formatStageIndices(stageIndices);
    switch (kind) {
    case StageKind::Only:
        return zh ? "单一阶段" : "single stage";
    case StageKind::First:
        return zh ? "阶段 " + indices + "（嵌入层）" : "stage " + indices + " (embeddings)";
    case StageKind::Last:
        return zh ? "阶段 " + indices + "（输出头）" : "stage " + indices + " (LM head)";
    case StageKind::Middle:
        break;
    }
    if (zh) return "阶段 " + indices;
    return (stageIndices.size() == 1 ? "stage " : "stages ") + indices;
}

std::string derivationTermName(std::string_view english, Lang lang) {
    if (lang == Lang::En) return std::string(english);
    // "peak memory per GPU (<stage>, at <phase>)"
    constexpr std::string_view kPeak = "peak memory per GPU (";
    if (english.starts_with(kPeak) && english.ends_with(")")) {
        const std::string_view inner =
            english.substr(kPeak.size(), english.size() - kPeak.size() - 1);
        if (const auto comma = inner.rfind(", at "); comma != std::string_view::npos)
            return "每 GPU 峰值显存（" +
                   detail::translateText(kTerms, inner.substr(0, comma), lang) + "，" +
                   memoryPhaseName(inner.substr(comma + 5), lang) + "时）";
    }
    // "<term> at <phase>": "gradients at end of backward"
    if (const auto at = english.rfind(" at "); at != std::string_view::npos) {
        const std::string_view phase = english.substr(at + 4);
        const std::string phaseZh = memoryPhaseName(phase, lang);
        if (phaseZh != phase)
            return phaseZh + "时的" + detail::translateText(kTerms, english.substr(0, at), lang);
    }
    // "tp communicator", "dp-shard communicator": the groups keep the layout's own abbreviations.
    constexpr std::string_view kCommunicator = " communicator";
    if (endsWith(english, kCommunicator))
        return std::string(english.substr(0, english.size() - kCommunicator.size())) + " 通信器";
    return detail::translateText(kTerms, english, lang);
}

std::string assumptionLabel(std::string_view key, Lang lang) {
    for (const Label& l : kAssumptions)
        if (l.key == key) return std::string(lang == Lang::ZhCN ? l.zh : l.en);
    return std::string(key);
}

const std::string& assumptionValue(const Assumption& a, Lang lang) {
    return lang == Lang::ZhCN && !a.valueZh.empty() ? a.valueZh : a.value;
}

const std::string& assumptionSource(const Assumption& a, Lang lang) {
    return lang == Lang::ZhCN && !a.sourceZh.empty() ? a.sourceZh : a.source;
}

const std::string& efficiencySource(const EfficiencySource& e, Lang lang) {
    return lang == Lang::ZhCN && !e.sourceZh.empty() ? e.sourceZh : e.source;
}

} // namespace trainplan::sim
