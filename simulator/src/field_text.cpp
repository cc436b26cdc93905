#include <trainplan/simulator/field_text.h>

namespace trainplan::sim {

namespace {

struct FieldText {
    std::string_view path, en, zh;
    std::string_view help, helpZh; // what the field means, one sentence (the editor's tooltip)
};

// Scenario-format paths (docs/scenario-format.md); a plan's knobs (plans[N].tp) are keyed
// "plan.tp". tests/simulator/metric_text_test.cpp checks rows of every kind.
constexpr FieldText kFields[] = {
    {"model.layers", "Layers", "层数", "Transformer blocks (decoder layers).",
     "Transformer 块（解码器层）数。"},
    {"model.hidden", "Hidden size", "隐藏维度", "Model width d_model.", "模型宽度 d_model。"},
    {"model.heads", "Attention heads", "注意力头数",
     "Query heads; hidden ÷ heads is the head size.", "查询头数；隐藏维度 ÷ 头数即每个头的维度。"},
    {"model.kv_heads", "KV heads", "KV 头数",
     "Key/value heads: equal to heads for multi-head attention, fewer for grouped-query (GQA), 1 "
     "for MQA.",
     "键/值头数：多头注意力时等于头数，分组查询注意力（GQA）时更少，MQA 时为 1。"},
    {"model.ffn_hidden", "FFN hidden size", "FFN 隐藏维度",
     "Inner width of the feed-forward block.", "前馈网络的中间层宽度。"},
    {"model.vocab", "Vocabulary", "词表大小",
     "Tokenizer vocabulary size (embedding and LM-head rows).",
     "分词器词表大小（嵌入层和 LM head 的行数）。"},
    {"model.seq_len", "Sequence length", "序列长度", "Tokens per training sequence.",
     "每条训练序列的 token 数。"},
    {"training.global_batch", "Global batch", "全局批大小",
     "Sequences per optimizer step across all data-parallel replicas.",
     "所有数据并行副本在每次优化器更新中处理的序列总数。"},
    {"training.precision", "Precision", "精度",
     "Compute precision of the matrix multiplications; sets the GPU peak MFU is measured against. "
     "fp8 needs fp8 tensor cores.",
     "矩阵乘法的计算精度，决定计算 MFU 时所用的 GPU 峰值算力。fp8 需要 fp8 张量核心。"},
    {"training.optimizer", "Optimizer", "优化器",
     "Adam/AdamW keep two fp32 moments per parameter (8 bytes), SGD with momentum one (4 bytes).",
     "Adam/AdamW 为每个参数保存两个 fp32 矩（8 字节），带动量的 SGD 保存一个（4 字节）。"},
    {"training.train_tokens", "Tokens to train", "训练 token 数",
     "Tokens the run processes in total, in billions (sets time to train and cost).",
     "整次训练处理的 token 总数，以万亿或亿计（决定训练时长和成本）。"},
    {"cluster.gpu", "GPU", "GPU", "The accelerator, with its datasheet figures from the catalog.",
     "加速卡型号，规格取自目录中的官方数据表。"},
    {"cluster.nodes", "Nodes", "节点数", "Number of nodes (servers).", "节点（服务器）数量。"},
    {"cluster.gpus_per_node", "GPUs per node", "每节点 GPU 数",
     "GPUs in each node, connected by the intra-node link.",
     "每个节点的 GPU 数，由节点内链路互联。"},
    {"cluster.intra_node", "Intra-node link", "节点内链路",
     "Link between the GPUs of a node; bandwidth per GPU per direction.",
     "节点内 GPU 之间的链路；带宽按每张 GPU 单向计。"},
    {"cluster.inter_node", "Inter-node network", "节点间网络",
     "Network between nodes; bandwidth per NIC per direction.",
     "节点之间的网络；带宽按每块网卡单向计。"},
    {"cluster.nics_per_node", "NICs per node", "每节点网卡数",
     "Network adapters per node; the node's GPUs share them.",
     "每个节点的网卡数，由该节点的 GPU 共享。"},
    {"cluster.oversubscription", "Oversubscription", "收敛比",
     "Fabric oversubscription (core : edge bandwidth); 1 = non-blocking fat tree.",
     "网络收敛比（核心：边缘带宽）；1 表示无阻塞胖树。"},
    {"cluster.host_cpu_cores_per_node", "Host CPU cores per node", "每节点主机 CPU 核数",
     "CPU cores per node that step an offloaded optimizer (CPU-Adam runs on each GPU's share). "
     "Only plans with CPU or NVMe offload use it.",
     "每个节点用于执行卸载优化器的 CPU 核数（CPU-Adam 在每块 GPU 分得的核上运行）。只有使用 CPU 或 "
     "NVMe 卸载的方案会用到。"},
    {"cluster.gpu_hour_usd", "Price per GPU-hour", "每 GPU 时单价",
     "What one GPU-hour costs you, in US dollars. Leave it at 'GPU's price' to use the GPU's "
     "catalog price; changing the GPU goes back to it.",
     "每 GPU 时的价格，单位为美元。保持为“GPU 价格”即使用该 GPU 在目录中的价格；更换 GPU "
     "时会恢复为它。"},
    {"model.ffn", "FFN kind", "FFN 类型",
     "Feed-forward kind: gated SwiGLU has a third projection matrix.",
     "前馈网络类型：门控 SwiGLU 多一个投影矩阵。"},
    {"model.tied_embeddings", "Tied input/output embeddings", "输入/输出嵌入共享",
     "The LM head reuses the embedding matrix (no separate output weights).",
     "LM head 复用嵌入矩阵（没有单独的输出权重）。"},
    {"model.moe.experts", "MoE experts", "MoE 专家数",
     "Routed experts per MoE layer; 0 for a dense model.",
     "每个 MoE 层的路由专家数；稠密模型为 0。"},
    {"model.moe.top_k", "MoE top-k", "MoE 路由专家数（top-k）", "Experts each token is routed to.",
     "每个 token 被路由到的专家数。"},
    {"model.moe.expert_ffn_hidden", "Expert FFN size", "专家 FFN 维度",
     "Inner width of each expert's feed-forward block.", "每个专家前馈网络的中间层宽度。"},
    {"model.moe.shared_experts", "Shared experts", "共享专家数",
     "Experts every token goes through (DeepSeek-style).",
     "每个 token 都会经过的专家（DeepSeek 式）。"},
    {"model.sliding_window.window", "Sliding window", "滑动窗口",
     "Keys each query attends to in windowed layers (Mistral 4,096, gpt-oss 128); 0 for full "
     "attention. Flash attention skips what lies outside the window; the model FLOPs behind MFU "
     "still count the full matrix.",
     "窗口层中每个查询关注的键数（Mistral 为 4,096，gpt-oss 为 128）；0 表示全注意力。Flash "
     "Attention 会跳过窗口之外的部分；MFU 所依据的模型 FLOPs 仍按完整矩阵计算。"},
    {"model.sliding_window.full_every", "Full attention every", "全注意力间隔",
     "Every n-th layer keeps full attention (gpt-oss: 2); 0 windows every layer.",
     "每隔 n 层保留一层全注意力（gpt-oss 为 2）；0 表示每层都用窗口。"},
    {"model.mtp_layers", "MTP modules", "MTP 模块数",
     "Multi-token prediction modules after the last layer (DeepSeek-V3: 1). Each adds one layer, a "
     "projection and another pass of the LM head on the last pipeline stage.",
     "最后一层之后的多 token 预测模块（DeepSeek-V3 为 "
     "1）。每个模块在最后一个流水线阶段增加一层、一个投影和一次 LM head 计算。"},
    {"training.flash_attention", "Flash attention", "FlashAttention 注意力加速",
     "Fused attention that never stores the attention matrix (removes the 5as/h activation term).",
     "融合注意力，不保存注意力矩阵（去掉 5as/h 激活项）。"},
    {"training.attention_kernel", "Attention kernel", "注意力内核",
     "The kernel that runs the attention core. Usual: cuDNN fused attention under fused kernels "
     "and CUDA graphs, FlashAttention-2 in eager and compiled PyTorch. The Triton kernel runs "
     "about 1.8x slower than FlashAttention-2 (FlashAttention-2 paper, §4.1).",
     "执行注意力核心计算的内核。常用：融合内核与 CUDA Graphs 下为 cuDNN 融合注意力，PyTorch eager "
     "与编译模式下为 FlashAttention-2。Triton 内核比 FlashAttention-2 慢约 1.8 "
     "倍（FlashAttention-2 论文 §4.1）。"},
    {"training.execution", "Software stack", "软件栈",
     "How the step's kernels are produced and launched. Usual: Megatron-LM with Transformer "
     "Engine's fused kernels, PyTorch DDP/FSDP and DeepSpeed in eager mode. It sets the memory "
     "traffic of norms and activations and the host time per kernel.",
     "训练步中内核的生成与启动方式。常用：Megatron-LM 使用 Transformer Engine 融合内核，PyTorch "
     "DDP/FSDP 与 DeepSpeed 使用 eager 模式。它决定归一化与激活的显存流量以及每个内核的主机开销。"},
    {"training.cross_entropy", "Loss kernel", "损失内核",
     "Megatron-Core's vocab-parallel cross-entropy, under fused kernels and CUDA graphs. Per logit "
     "it moves 36 bytes fused, 52 unfused and 6 with Transformer Engine's kernel, which also keeps "
     "bf16 logits instead of the fp32 softmax. PyTorch eager and torch.compile run PyTorch's own "
     "loss.",
     "Megatron-Core 的词表并行交叉熵，用于融合内核与 CUDA Graphs 软件栈。每个 logit "
     "的显存流量：融合 36 字节，未融合 52 字节，Transformer Engine 内核 6 字节，且后者保留 bf16 "
     "logits 而不是 fp32 softmax。PyTorch eager 与 torch.compile 使用 PyTorch 自带的损失函数。"},
    {"training.attention_dropout", "Attention dropout", "注意力 dropout",
     "Dropout probability on the attention probabilities (Megatron-LM --attention-dropout, "
     "default 0.1; Hugging Face attention_dropout). Flash attention then draws a random number "
     "per score and runs about 20% slower forward and 35% slower backward. Unset: 0.1 without "
     "flash attention, none with it.",
     "注意力概率上的 dropout 概率（Megatron-LM --attention-dropout，默认 0.1；Hugging Face "
     "attention_dropout）。此时 FlashAttention 要为每个注意力分数生成随机数，前向约慢 20%，"
     "反向约慢 35%。未设置时：不用 FlashAttention 为 0.1，使用时为 0。"},
    {"training.hidden_dropout", "Hidden dropout", "隐藏层 dropout",
     "Dropout probability after the attention and MLP blocks (Megatron-LM --hidden-dropout, "
     "default 0.1; Hugging Face hidden_dropout or resid_pdrop). Each of the two keeps a one-byte "
     "mask per element for backward. Unset: 0.1 without flash attention, none with it.",
     "注意力块与 MLP 块之后的 dropout 概率（Megatron-LM --hidden-dropout，默认 0.1；Hugging Face "
     "hidden_dropout 或 resid_pdrop）。两处各为反向保存每个元素 1 字节的掩码。未设置时：不用 "
     "FlashAttention 为 0.1，使用时为 0。"},
    {"constraints.max_gpus", "Maximum GPUs", "最大 GPU 数",
     "The most GPUs a plan may use (0 = the whole cluster). Sizing searches up to this many "
     "(16,384 when unset).",
     "方案最多可使用的 GPU 数（0 表示整个集群）。规模测算最多搜索到这个数量（未设置时为 "
     "16,384）。"},
    {"constraints.memory_headroom", "Memory headroom", "显存余量",
     "GPU memory every plan leaves free for what the memory model does not see (allocator spikes, "
     "SHARP buffers, profiler). Default 5%.",
     "每个方案为显存模型未覆盖的部分（分配器峰值、SHARP 缓冲区、性能分析器）预留的 GPU 显存。默认 "
     "5%。"},
    {"constraints.deadline_days", "Deadline", "期限",
     "The expected time to train (with failures and restarts) must not exceed this many days. 0 = "
     "no deadline.",
     "预期训练时间（含故障与重启）不得超过这么多天。0 表示无期限。"},
    {"constraints.budget", "Budget", "预算",
     "The expected cost of the run must not exceed this amount. 0 = no budget.",
     "训练的预期成本不得超过此金额。0 表示无预算。"},
    {"plan.framework", "Framework", "框架",
     "The framework runs the plan; each supports only some knobs.",
     "运行此方案的框架；每个框架只支持部分参数。"},
    {"plan.tp", "Tensor parallel (TP)", "张量并行（TP）",
     "GPUs that split every layer's matrices; kept inside a node.",
     "切分每层矩阵的 GPU 数；限制在一个节点内。"},
    {"plan.pp", "Pipeline parallel (PP)", "流水线并行（PP）",
     "Pipeline stages the layers are split into.", "模型层被切分成的流水线阶段数。"},
    {"plan.vpp", "Interleaved chunks (VPP)", "交错块数（VPP）",
     "Virtual pipeline stages per GPU (interleaved 1F1B).",
     "每张 GPU 上的虚拟流水线阶段数（交错 1F1B）。"},
    {"plan.cp", "Context parallel (CP)", "上下文并行（CP）",
     "GPUs that split each sequence (ring attention).", "切分每条序列的 GPU 数（环形注意力）。"},
    {"plan.ep", "Expert parallel (EP)", "专家并行（EP）", "GPUs the MoE experts are spread over.",
     "MoE 专家分布到的 GPU 数。"},
    {"plan.etp", "Expert tensor parallel (ETP)", "专家张量并行（ETP）",
     "Tensor parallelism inside each routed expert (Megatron-LM --expert-tensor-parallel-size). "
     "Below TP, expert parallelism may also span the TP ranks (MoE parallel folding).",
     "每个路由专家内部的张量并行（Megatron-LM --expert-tensor-parallel-size）。小于 TP "
     "时，专家并行也可跨越 TP 各卡（MoE 并行折叠）。"},
    {"plan.dp", "Data parallel (DP)", "数据并行（DP）",
     "Model replicas; dp·tp·pp·cp must equal the GPU count.",
     "模型副本数；dp·tp·pp·cp 必须等于 GPU 总数。"},
    {"plan.micro_batch", "Micro-batch", "微批大小",
     "Sequences per forward/backward pass on each GPU.", "每张 GPU 每次前向/反向处理的序列数。"},
    {"plan.zero_stage", "ZeRO stage", "ZeRO 阶段",
     "ZeRO stage (FSDP: 3 = FULL_SHARD, 2 = SHARD_GRAD_OP; Megatron: 1 = distributed optimizer, 2 "
     "and 3 = Megatron-FSDP optim_grads and optim_grads_params).",
     "ZeRO 阶段（FSDP：3 = FULL_SHARD，2 = SHARD_GRAD_OP；Megatron：1 = 分布式优化器，2 和 3 = "
     "Megatron-FSDP 的 optim_grads 与 optim_grads_params）。"},
    {"plan.recompute", "Recompute", "重计算",
     "Activation recomputation: trade compute for memory (Korthikanti et al. 2022).",
     "激活重计算：以计算换显存（Korthikanti 等，2022）。"},
    {"plan.recompute_layers", "Recomputed layers per chunk", "每分块重计算层数",
     "Full recompute of only the first N layers of each pipeline chunk, the others keeping their "
     "activations (Megatron-LM --recompute-method block --recompute-num-layers N). 0 recomputes "
     "every layer.",
     "只对每个流水线分块的前 N 层做完整重计算，其余层保留激活（Megatron-LM --recompute-method "
     "block --recompute-num-layers N）。0 表示每一层都重计算。"},
    {"plan.recompute_modules", "Recomputed modules", "重计算模块",
     "Megatron-LM selective recompute of whole submodules (--recompute-modules): core_attn, mlp, "
     "layernorm, moe, moe_act, shared_experts, mla_up_proj. Each keeps only its input and runs its "
     "forward again in the backward; unlike core_attn, mlp and layernorm save memory under flash "
     "attention.",
     "Megatron-LM "
     "按子模块的选择性重计算（--recompute-modules）：core_attn、mlp、layernorm、moe、moe_"
     "act、shared_experts、mla_up_proj。每个模块只保留输入，在反向时重新执行前向；与 core_attn "
     "不同，mlp 与 layernorm 在启用 FlashAttention 时仍能节省显存。"},
    {"plan.offload", "Offload", "卸载",
     "Where optimizer states (and master weights) live: GPU, host memory or NVMe (DeepSpeed "
     "ZeRO-Offload/Infinity).",
     "优化器状态（及主权重）的存放位置：GPU、主机内存或 NVMe（DeepSpeed ZeRO-Offload/Infinity）。"},
    {"plan.sequence_parallel", "Sequence parallel", "序列并行",
     "Shard norms and dropout activations across the TP group (needs TP ≥ 2).",
     "在 TP 组内切分归一化和 dropout 的激活值（需要 TP ≥ 2）。"},
    {"plan.sharding", "Hybrid sharding", "混合分片",
     "FSDP HYBRID_SHARD: shard inside a node, replicate across nodes.",
     "FSDP HYBRID_SHARD：节点内分片，节点间复制。"},
    {"plan.offload_params", "Offload parameters", "卸载参数",
     "ZeRO-3 parameter offload (ZeRO-Infinity).", "ZeRO-3 参数卸载（ZeRO-Infinity）。"},
    {"plan.tp_comm_overlap", "Overlap TP communication", "张量并行通信重叠",
     "Megatron/Transformer Engine TP communication overlap.",
     "Megatron/Transformer Engine 的 TP 通信与计算重叠。"},
    {"plan.ep_comm_overlap", "Overlap MoE all-to-all", "MoE 全对全通信重叠",
     "Megatron-Core --overlap-moe-expert-parallel-comm: one micro-batch's token dispatch and "
     "combine run under the adjacent micro-batch's compute. Needs ep > 1, vpp > 1 when pipelined, "
     "no full recompute.",
     "Megatron-Core --overlap-moe-expert-parallel-comm：一个微批次的 token 分发与合并在相邻微批次"
     "的计算期间进行。需要 ep > 1，有流水线时需要 vpp > 1，且不能使用完全重计算。"},
    {"plan.moe_dispatcher", "MoE token dispatcher", "MoE 专家分发器",
     "How routed tokens reach their experts: NCCL all-to-all, or flex (DeepEP/HybridEP), which "
     "sends a token once per destination node over the network and fans it out over NVLink.",
     "路由后的 token 如何到达专家：NCCL all-to-all，或 flex（DeepEP/HybridEP）——每个 token "
     "经网络只向每个目标节点发送一次，再经 NVLink 分发到该节点的专家。"},
};

const FieldText* find(std::string_view path) {
    for (const FieldText& f : kFields)
        if (f.path == path) return &f;
    return nullptr;
}

} // namespace

std::string_view fieldLabel(std::string_view path, Lang lang) {
    const FieldText* f = find(path);
    if (f == nullptr) return path;
    return lang == Lang::ZhCN ? f->zh : f->en;
}

std::string_view fieldHelp(std::string_view path, Lang lang) {
    const FieldText* f = find(path);
    if (f == nullptr) return {};
    return lang == Lang::ZhCN ? f->helpZh : f->help;
}

} // namespace trainplan::sim
