#include <trainplan/simulator/field_text.h>

namespace trainplan::sim {

namespace {

struct FieldText {
    std::string_view path, en, zh;
};

// Scenario-format paths (docs/scenario-format.md); tests/simulator/metric_text_test.cpp checks
// every row.
constexpr FieldText kFields[] = {
    {"model.layers", "Layers", "层数"},
    {"model.hidden", "Hidden size", "隐藏维度"},
    {"model.heads", "Attention heads", "注意力头数"},
    {"model.kv_heads", "KV heads", "KV 头数"},
    {"model.ffn_hidden", "FFN hidden size", "FFN 隐藏维度"},
    {"model.vocab", "Vocabulary", "词表大小"},
    {"model.seq_len", "Sequence length", "序列长度"},
    {"training.global_batch", "Global batch", "全局批大小"},
    {"training.precision", "Precision", "精度"},
    {"training.optimizer", "Optimizer", "优化器"},
    {"training.train_tokens", "Tokens to train", "训练 token 数"},
    {"cluster.gpu", "GPU", "GPU"},
    {"cluster.nodes", "Nodes", "节点数"},
    {"cluster.gpus_per_node", "GPUs per node", "每节点 GPU 数"},
    {"cluster.intra_node", "Intra-node link", "节点内链路"},
    {"cluster.inter_node", "Inter-node network", "节点间网络"},
    {"cluster.nics_per_node", "NICs per node", "每节点网卡数"},
    {"cluster.oversubscription", "Oversubscription", "收敛比"},
    {"cluster.host_cpu_cores_per_node", "Host CPU cores per node", "每节点主机 CPU 核数"},
    {"cluster.gpu_hour_usd", "Price per GPU-hour", "每 GPU 时单价"},
};

} // namespace

std::string_view fieldLabel(std::string_view path, Lang lang) {
    for (const FieldText& f : kFields)
        if (f.path == path) return lang == Lang::ZhCN ? f.zh : f.en;
    return path;
}

} // namespace trainplan::sim
