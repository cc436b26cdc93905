// The names of a derivation's inputs in Simplified Chinese (explain_text.h). Every input name
// explain.cpp and explain_rates.cpp give has a row here; tests/simulator/explain_test.cpp walks the
// derivation of every built-in example and fails on a name that has none. The formulas and sources
// come in both languages from the estimators (derivation_rules.h).

#include <trainplan/simulator/explain_text.h>

#include "text_table.h"

namespace trainplan::sim {

namespace {

using detail::TextPair;

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

std::string derivationInputName(std::string_view english, Lang lang) {
    return detail::translateText(kInputs, english, lang);
}

} // namespace trainplan::sim
