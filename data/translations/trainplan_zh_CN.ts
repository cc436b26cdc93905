<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ClusterSection</name>
    <message>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>TrainPlan: capacity planner for distributed LLM training.</source>
        <translation>TrainPlan：分布式大模型训练容量规划工具。</translation>
    </message>
    <message>
        <source>Show this help.</source>
        <translation>显示本帮助。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本号并退出。</translation>
    </message>
    <message>
        <source>Interface language: zh_CN or en.</source>
        <translation>界面语言：zh_CN 或 en。</translation>
    </message>
    <message>
        <source>A trainplan.scenario.v1 JSON file to open.</source>
        <translation>要打开的 trainplan.scenario.v1 JSON 文件。</translation>
    </message>
    <message>
        <source>--lang: '%1' is not one of zh_CN, en</source>
        <translation>--lang：“%1”不是 zh_CN 或 en 之一</translation>
    </message>
    <message>
        <source>expected at most one scenario file, got %1</source>
        <translation>最多只能指定一个场景文件，实际给出了 %1 个</translation>
    </message>
    <message>
        <source>Tab to show first: compare or explore.</source>
        <translation>启动时显示的页面：compare 或 explore。</translation>
    </message>
    <message>
        <source>--tab: '%1' is not one of compare, explore</source>
        <translation>--tab：“%1”不是 compare 或 explore 之一</translation>
    </message>
</context>
<context>
    <name>CompareRow</name>
    <message>
        <source>Pinned %1 · %2</source>
        <translation>固定方案 %1 · %2</translation>
    </message>
    <message>
        <source>%1 (no fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>%1 (none)</source>
        <translation>%1（无方案）</translation>
    </message>
    <message>
        <source>Pin %1</source>
        <translation>固定 %1</translation>
    </message>
    <message>
        <source>Nothing fits: the plan with the least memory needs %1 more than the GPU offers.</source>
        <translation>没有能放下的方案：显存占用最小的方案仍比 GPU 显存多需要 %1。</translation>
    </message>
</context>
<context>
    <name>Format</name>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>kB</source>
        <translation>kB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>TiB</source>
        <translation>TiB</translation>
    </message>
    <message>
        <source>TB</source>
        <translation>TB</translation>
    </message>
    <message>
        <source>0 s</source>
        <translation>0 秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>%1 PFLOP/s</source>
        <translation>%1 PFLOP/s</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <source>%1 GFLOP/s</source>
        <translation>%1 GFLOP/s</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation>%1 万亿</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 十亿</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>%1 k</source>
        <translation>%1 千</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <source>%1 TB/s</source>
        <translation>%1 TB/s</translation>
    </message>
    <message>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>100M tokens/s</source>
        <translation>亿 token/秒</translation>
    </message>
    <message>
        <source>10k tokens/s</source>
        <translation>万 token/秒</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>M tokens/s</source>
        <translation>百万 token/秒</translation>
    </message>
    <message>
        <source>k tokens/s</source>
        <translation>千 token/秒</translation>
    </message>
</context>
<context>
    <name>Metric</name>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>并行方案</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每卡 token/秒</translation>
    </message>
    <message>
        <source>Model FLOP/s per GPU</source>
        <translation>每卡模型算力 (FLOP/s)</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 时</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积步数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Transient</source>
        <translation>临时张量</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Comm. intra-node</source>
        <translation>节点内通信</translation>
    </message>
    <message>
        <source>Comm. inter-node</source>
        <translation>节点间通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>The training framework; each accepts only the parallel layouts it really supports.</source>
        <translation>训练框架；每个框架只接受它真正支持的并行布局。</translation>
    </message>
    <message>
        <source>The parallel layout: tensor (TP), pipeline (PP), context (CP), expert (EP) and data (DP) parallel degrees, micro-batch size, sharding, offload and recompute, found by the plan search.</source>
        <translation>并行布局：张量（TP）、流水线（PP）、上下文（CP）、专家（EP）和数据（DP）并行度，以及微批大小、分片、卸载和重计算，由方案搜索得出。</translation>
    </message>
    <message>
        <source>Whether the worst pipeline stage's peak memory stays within the GPU's memory less the configured headroom.</source>
        <translation>最差流水线阶段的峰值显存是否在 GPU 显存减去预留余量之内。</translation>
    </message>
    <message>
        <source>Peak memory per GPU on the worst pipeline stage: weights, gradients, optimizer states, activations (Korthikanti et al. 2022), buffers and allocator overhead.</source>
        <translation>最差流水线阶段每张 GPU 的峰值显存：权重、梯度、优化器状态、激活值（Korthikanti 等，2022）、缓冲区和分配器开销。</translation>
    </message>
    <message>
        <source>Time of one optimizer step: compute at the achieved GEMM efficiency plus exposed communication (α–β model with NCCL bus bandwidth), pipeline bubble, optimizer and offload.</source>
        <translation>一次优化器更新步的时间：按实际 GEMM 效率计算的计算时间，加上未被掩盖的通信（基于 NCCL 总线带宽的 α–β 模型）、流水线气泡、优化器和卸载时间。</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation: model FLOPs per second without recompute divided by the GPU's dense peak for the precision (Chowdhery et al. 2022).</source>
        <translation>模型算力利用率：不含重计算的每秒模型 FLOPs 除以 GPU 在该精度下的稠密峰值算力（Chowdhery 等，2022）。</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilisation: like MFU but counting the recomputed forward passes too.</source>
        <translation>硬件算力利用率：与 MFU 相同，但把重计算的前向也计算在内。</translation>
    </message>
    <message>
        <source>Tokens processed per second by the whole cluster: global batch × sequence length ÷ step time.</source>
        <translation>整个集群每秒处理的 token 数：全局批大小 × 序列长度 ÷ 单步时间。</translation>
    </message>
    <message>
        <source>Cluster tokens per second divided by the number of GPUs.</source>
        <translation>集群每秒 token 数除以 GPU 数量。</translation>
    </message>
    <message>
        <source>Model FLOPs each GPU performs per second (Narayanan et al. 2021, eq. 3).</source>
        <translation>每张 GPU 每秒执行的模型 FLOPs（Narayanan 等，2021，式 3）。</translation>
    </message>
    <message>
        <source>Wall-clock time to process the scenario's training tokens at this throughput, without failures or restarts.</source>
        <translation>以该吞吐处理完场景中全部训练 token 所需的实际时间，不含故障和重启。</translation>
    </message>
    <message>
        <source>GPU-hours × the cluster's price per GPU-hour, converted to the display currency.</source>
        <translation>GPU 时 × 集群每 GPU 时单价，并换算为显示货币。</translation>
    </message>
    <message>
        <source>Number of GPUs × time to train, in hours.</source>
        <translation>GPU 数量 × 训练时长，单位为小时。</translation>
    </message>
    <message>
        <source>GPU TDP × utilisation × PUE over the time to train.</source>
        <translation>训练期间的 GPU TDP × 利用率 × PUE。</translation>
    </message>
    <message>
        <source>Micro-batches each data-parallel replica runs per optimizer step (global batch ÷ (DP × micro-batch)).</source>
        <translation>每个数据并行副本在一次优化器更新中运行的微批数（全局批大小 ÷ (DP × 微批大小)）。</translation>
    </message>
    <message>
        <source>Model parameters held on this GPU in the training precision (sharded by TP, PP, EP and ZeRO-3/FSDP).</source>
        <translation>以训练精度保存在这张 GPU 上的模型参数（按 TP、PP、EP 和 ZeRO-3/FSDP 切分）。</translation>
    </message>
    <message>
        <source>Gradients held on this GPU, in the precision the framework accumulates them (sharded by ZeRO-2/3 and FSDP).</source>
        <translation>保存在这张 GPU 上的梯度，精度为框架累积梯度所用的精度（按 ZeRO-2/3 和 FSDP 切分）。</translation>
    </message>
    <message>
        <source>Optimizer states and fp32 master weights (12 bytes per parameter for mixed-precision Adam, sharded by ZeRO-1+; Rajbhandari et al. 2020).</source>
        <translation>优化器状态和 fp32 主权重（混合精度 Adam 每个参数 12 字节，由 ZeRO-1 及以上切分；Rajbhandari 等，2020）。</translation>
    </message>
    <message>
        <source>Activations stored for the backward pass of every in-flight micro-batch (Korthikanti et al. 2022, with SP, recompute and flash attention).</source>
        <translation>为每个在途微批的反向传播保存的激活值（Korthikanti 等，2022，考虑 SP、重计算和 flash attention）。</translation>
    </message>
    <message>
        <source>Largest short-lived working set at the peak, such as logits gradients or a recomputed layer.</source>
        <translation>峰值时刻最大的短期工作集，例如 logits 梯度或正在重计算的层。</translation>
    </message>
    <message>
        <source>Communication buckets, ZeRO/FSDP prefetch and unsharded-layer buffers, and NCCL buffers.</source>
        <translation>通信桶、ZeRO/FSDP 预取与未分片层的缓冲区，以及 NCCL 缓冲区。</translation>
    </message>
    <message>
        <source>CUDA context and caching-allocator fragmentation (a calibratable fraction of live tensors).</source>
        <translation>CUDA 上下文和缓存分配器碎片（按存活张量的可校准比例计）。</translation>
    </message>
    <message>
        <source>Forward, backward and recompute time of the slowest stage at the achieved GEMM efficiency.</source>
        <translation>最慢阶段按实际 GEMM 效率计算的前向、反向和重计算时间。</translation>
    </message>
    <message>
        <source>Communication over NVLink/PCIe inside a node that is not hidden behind compute.</source>
        <translation>节点内经 NVLink/PCIe、未被计算掩盖的通信时间。</translation>
    </message>
    <message>
        <source>Communication over the network between nodes that is not hidden behind compute.</source>
        <translation>节点间经网络、未被计算掩盖的通信时间。</translation>
    </message>
    <message>
        <source>Pipeline fill and drain idle time: (p−1)/m of the compute, or (p−1)/(m·v) when interleaved.</source>
        <translation>流水线填充和排空的空闲时间：计算时间的 (p−1)/m，交错调度时为 (p−1)/(m·v)。</translation>
    </message>
    <message>
        <source>The optimizer update, bound by HBM bandwidth (or host Adam when offloaded).</source>
        <translation>优化器更新，受 HBM 带宽限制（卸载时受主机端 Adam 限制）。</translation>
    </message>
    <message>
        <source>Host↔GPU transfer time for CPU/NVMe offload that compute does not hide.</source>
        <translation>CPU/NVMe 卸载中未被计算掩盖的主机↔GPU 传输时间。</translation>
    </message>
    <message>
        <source>Gradient all-reduce, or reduce-scatter + all-gather under ZeRO/FSDP, per GPU per step.</source>
        <translation>每张 GPU 每步的梯度 all-reduce，ZeRO/FSDP 下为 reduce-scatter + all-gather。</translation>
    </message>
    <message>
        <source>Tensor-parallel all-reduce, or all-gather/reduce-scatter with sequence parallel, per GPU per step.</source>
        <translation>每张 GPU 每步的张量并行 all-reduce，启用序列并行时为 all-gather/reduce-scatter。</translation>
    </message>
    <message>
        <source>Pipeline point-to-point activation and gradient transfers per GPU per step.</source>
        <translation>每张 GPU 每步流水线点对点传输的激活值和梯度。</translation>
    </message>
    <message>
        <source>Context-parallel ring-attention key/value exchange per GPU per step.</source>
        <translation>每张 GPU 每步上下文并行环形注意力的 K/V 交换。</translation>
    </message>
    <message>
        <source>Expert-parallel all-to-all dispatch and combine per GPU per step.</source>
        <translation>每张 GPU 每步专家并行 all-to-all 的分发与合并。</translation>
    </message>
    <message>
        <source>Bytes each GPU sends per step over links inside its node.</source>
        <translation>每张 GPU 每步经节点内链路发送的字节数。</translation>
    </message>
    <message>
        <source>Bytes each GPU sends per step over the NICs between nodes.</source>
        <translation>每张 GPU 每步经网卡向其他节点发送的字节数。</translation>
    </message>
    <message>
        <source>Parameter count computed from the architecture (embeddings, attention, FFN or experts, norms).</source>
        <translation>由模型结构计算的参数量（嵌入、注意力、FFN 或专家、归一化层）。</translation>
    </message>
    <message>
        <source>Intra-node</source>
        <translation>节点内</translation>
    </message>
    <message>
        <source>Inter-node</source>
        <translation>节点间</translation>
    </message>
</context>
<context>
    <name>PlanScatterChart</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;step %3, %4 per GPU, MFU %5%6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;单步 %3，每卡 %4，MFU %5%6</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;does not fit&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;放不下&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ClusterSection</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>The accelerator, with its datasheet figures from the catalog.</source>
        <translation>加速卡型号，规格取自目录中的官方数据表。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Number of nodes (servers).</source>
        <translation>节点（服务器）数量。</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs in each node, connected by the intra-node link.</source>
        <translation>每个节点的 GPU 数，由节点内链路互联。</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Nodes × GPUs per node.</source>
        <translation>节点数 × 每节点 GPU 数。</translation>
    </message>
    <message>
        <source>Total GPUs</source>
        <translation>GPU 总数</translation>
    </message>
    <message>
        <source>Link between the GPUs of a node; bandwidth per GPU per direction.</source>
        <translation>节点内 GPU 之间的链路；带宽按每张 GPU 单向计。</translation>
    </message>
    <message>
        <source>Intra-node link</source>
        <translation>节点内链路</translation>
    </message>
    <message>
        <source>intra-node link</source>
        <translation>节点内链路</translation>
    </message>
    <message>
        <source>Network between nodes; bandwidth per NIC per direction.</source>
        <translation>节点之间的网络；带宽按每块网卡单向计。</translation>
    </message>
    <message>
        <source>Inter-node network</source>
        <translation>节点间网络</translation>
    </message>
    <message>
        <source>inter-node network</source>
        <translation>节点间网络</translation>
    </message>
    <message>
        <source>Network adapters per node; the node's GPUs share them.</source>
        <translation>每个节点的网卡数，由该节点的 GPU 共享。</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡数</translation>
    </message>
    <message>
        <source>Fabric oversubscription (core : edge bandwidth); 1 = non-blocking fat tree.</source>
        <translation>网络收敛比（核心：边缘带宽）；1 表示无阻塞胖树。</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>What one GPU-hour costs you, in US dollars.</source>
        <translation>每 GPU 时的价格，单位为美元。</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>每 GPU 时单价</translation>
    </message>
    <message>
        <source>price per GPU-hour</source>
        <translation>每 GPU 时单价</translation>
    </message>
    <message>
        <source>%1 HBM at %2 · BF16 %3</source>
        <translation>%1 HBM，带宽 %2 · BF16 %3</translation>
    </message>
    <message>
        <source> · FP8 %1</source>
        <translation> · FP8 %1</translation>
    </message>
    <message>
        <source> · %1 W</source>
        <translation> · %1 W</translation>
    </message>
    <message>
        <source>%1 · %2 (%3) per direction · %4 µs</source>
        <translation>%1 · 单向 %2（%3）· %4 微秒</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CommunicationChart</name>
    <message>
        <source>Communication per GPU per step, by group</source>
        <translation>每卡每步通信量（按并行组）</translation>
    </message>
    <message>
        <source>Communication per GPU per step, by tier</source>
        <translation>每卡每步通信量（按网络层级）</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>%1 sent per GPU per step</source>
        <translation>每卡每步发送量（%1）</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTab</name>
    <message>
        <source>Click a row to see its plan, the runner-up plans and the knobs of pinned plans.</source>
        <translation>点击一行查看其方案、候选方案以及固定方案的参数。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>The estimate failed: %1</source>
        <translation>估算失败：%1</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 — %4 plans searched in %5</source>
        <translation>%1，%2 × %3 — 用时 %5 搜索了 %4 个方案</translation>
    </message>
    <message>
        <source>The scenario has problems (see the editor); results resume once they are fixed.</source>
        <translation>场景存在问题（见编辑器）；修正后结果会恢复更新。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CompareTableModel</name>
    <message>
        <source>%1 plans evaluated, %2 fit.</source>
        <translation>评估了 %1 个方案，其中 %2 个放得下。</translation>
    </message>
    <message>
        <source>no valid plan</source>
        <translation>没有有效方案</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::CrossoverChart</name>
    <message>
        <source>Best MFU by model size</source>
        <translation>不同模型规模下的最佳 MFU</translation>
    </message>
    <message>
        <source>The scenario's model scaled in depth and width; each framework's best MFU on this cluster. A shaded band starts where the framework no longer fits in GPU memory.</source>
        <translation>按深度和宽度缩放场景中的模型，显示各框架在此集群上的最佳 MFU。阴影区从该框架放不进 GPU 显存的规模开始。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No results</source>
        <translation>没有结果</translation>
    </message>
    <message>
        <source>No framework fits at any model size</source>
        <translation>任何模型规模下都没有框架放得下</translation>
    </message>
    <message>
        <source>Model parameters (billions)</source>
        <translation>模型参数量（十亿）</translation>
    </message>
    <message>
        <source>Best MFU (%)</source>
        <translation>最佳 MFU（%）</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 放不下</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;, %2&lt;br&gt;%3&lt;br&gt;MFU %4, step %5</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2&lt;br&gt;%3&lt;br&gt;MFU %4，单步 %5</translation>
    </message>
    <message>
        <source>This model</source>
        <translation>当前模型</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ExploreTab</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Best plan per framework under these assumptions</source>
        <translation>在这些假设下各框架的最佳方案</translation>
    </message>
    <message>
        <source>Hover a cell for the plan and how the figure is computed.</source>
        <translation>将鼠标悬停在单元格上可查看方案及数值的计算方式。</translation>
    </message>
    <message>
        <source>Sweeps %p%</source>
        <translation>扫描 %p%</translation>
    </message>
    <message>
        <source>The scaling and crossover charts need one full plan search per point.</source>
        <translation>扩展曲线和交叉图的每个点都需要一次完整的方案搜索。</translation>
    </message>
    <message>
        <source>Stop the sweeps (Esc); the charts keep their last complete results.</source>
        <translation>停止扫描（Esc）；图表保留上一次完整的结果。</translation>
    </message>
    <message>
        <source>The search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message>
        <source>%1 plans evaluated in %2; %3 on the Pareto front.</source>
        <translation>用时 %2 评估了 %1 个方案；帕累托前沿上有 %3 个。</translation>
    </message>
    <message>
        <source>The sweep failed: %1</source>
        <translation>扫描失败：%1</translation>
    </message>
    <message>
        <source>Sweeps cancelled; the scaling and crossover charts show the last complete results.</source>
        <translation>扫描已取消；扩展曲线和交叉图显示上一次完整的结果。</translation>
    </message>
    <message>
        <source>Solid: tokens/s · dashed: MFU · dotted: this cluster / model · shaded: no longer fits</source>
        <translation>实线：token/秒 · 虚线：MFU · 点线：当前集群/模型 · 阴影：放不下</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::FieldBinder</name>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MainWindow</name>
    <message>
        <source>Scenario editor</source>
        <translation>场景编辑器</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Best plan per framework for the edited scenario (Ctrl+1).</source>
        <translation>当前场景下各框架的最佳方案（Ctrl+1）。</translation>
    </message>
    <message>
        <source>Explore</source>
        <translation>探索</translation>
    </message>
    <message>
        <source>What-if knobs, scaling, crossover and plan-space charts (Ctrl+2).</source>
        <translation>假设分析、扩展曲线、交叉图和方案空间图（Ctrl+2）。</translation>
    </message>
    <message>
        <source>Estimates run in the background; the window stays responsive.</source>
        <translation>估算在后台运行，窗口始终保持响应。</translation>
    </message>
    <message>
        <source>Time from the last edit's request to its results on screen.</source>
        <translation>从最近一次编辑发起计算到结果显示在屏幕上的时间。</translation>
    </message>
    <message>
        <source>Catalog</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>The hardware and model catalog could not be loaded:
%1</source>
        <translation>无法加载硬件和模型目录：
%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>E&amp;xplore</source>
        <translation>探索(&amp;X)</translation>
    </message>
    <message>
        <source>Focus the &amp;editor</source>
        <translation>转到编辑器(&amp;E)</translation>
    </message>
    <message>
        <source>Focus the &amp;library</source>
        <translation>转到场景库(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重新计算(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About TrainPlan</source>
        <translation>关于 TrainPlan(&amp;A)</translation>
    </message>
    <message>
        <source>Recomputed in %1</source>
        <translation>重新计算用时 %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>Pin plan %1</source>
        <translation>固定方案 %1</translation>
    </message>
    <message>
        <source>Pinned as fixed plan %1; edit its knobs in the editor or the Compare tab.</source>
        <translation>已固定为方案 %1；可在编辑器或“比较”页中调整其参数。</translation>
    </message>
    <message>
        <source>Unpin plan %1</source>
        <translation>取消固定方案 %1</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>%1 could not be opened:

%2</source>
        <translation>无法打开 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <source>Opened with %n problem(s); see the editor.</source>
        <translation><numerusform>已打开，但有 %n 个问题；请查看编辑器。</numerusform></translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save scenario as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“%1” has unsaved changes. Save them first?</source>
        <translation>“%1”有未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>%1[*] — TrainPlan</source>
        <translation>%1[*] — TrainPlan</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>Undo the last edit</source>
        <translation>撤销上一次编辑</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Compare / Explore tab</source>
        <translation>“比较”/“探索”页</translation>
    </message>
    <message>
        <source>Focus the scenario editor</source>
        <translation>转到场景编辑器</translation>
    </message>
    <message>
        <source>Focus the scenario library</source>
        <translation>转到场景库</translation>
    </message>
    <message>
        <source>Pin the plan shown in the Compare details</source>
        <translation>固定“比较”详情中显示的方案</translation>
    </message>
    <message>
        <source>Recompute now</source>
        <translation>立即重新计算</translation>
    </message>
    <message>
        <source>Cancel the Explore sweeps</source>
        <translation>取消“探索”页的扫描</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>About TrainPlan</source>
        <translation>关于 TrainPlan</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TrainPlan %1&lt;/h3&gt;&lt;p&gt;Capacity planning for distributed LLM training: which framework and parallel layout to use for a model on a cluster, and what it costs.&lt;/p&gt;&lt;p&gt;Estimates come from an analytic simulator; every figure's tooltip names its formula and source.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TrainPlan %1&lt;/h3&gt;&lt;p&gt;分布式大模型训练的容量规划：给定模型和集群，应选用哪个框架和并行布局，以及需要多少成本。&lt;/p&gt;&lt;p&gt;估算来自解析模拟器；每个数值的提示都注明了其公式和出处。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::MemoryChart</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每卡 %1</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ModelSection</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom architecture</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>A model from the catalog (with its published architecture), or your own.</source>
        <translation>从目录中选择模型（使用其公开的结构），或自定义结构。</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer blocks (decoder layers).</source>
        <translation>Transformer 块（解码器层）数。</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Model width d_model.</source>
        <translation>模型宽度 d_model。</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Query heads; hidden ÷ heads is the head size.</source>
        <translation>查询头数；隐藏维度 ÷ 头数即每个头的维度。</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Key/value heads: equal to heads for multi-head attention, fewer for grouped-query (GQA), 1 for MQA.</source>
        <translation>键/值头数：多头注意力时等于头数，分组查询注意力（GQA）时更少，MQA 时为 1。</translation>
    </message>
    <message>
        <source>FFN hidden size</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <source>Inner width of the feed-forward block.</source>
        <translation>前馈网络的中间层宽度。</translation>
    </message>
    <message>
        <source>GELU (2 matrices)</source>
        <translation>GELU（2 个矩阵）</translation>
    </message>
    <message>
        <source>SwiGLU (3 matrices, gated)</source>
        <translation>SwiGLU（3 个矩阵，门控）</translation>
    </message>
    <message>
        <source>Feed-forward kind: gated SwiGLU has a third projection matrix.</source>
        <translation>前馈网络类型：门控 SwiGLU 多一个投影矩阵。</translation>
    </message>
    <message>
        <source>FFN kind</source>
        <translation>FFN 类型</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Tokenizer vocabulary size (embedding and LM-head rows).</source>
        <translation>分词器词表大小（嵌入层和 LM head 的行数）。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens per training sequence.</source>
        <translation>每条训练序列的 token 数。</translation>
    </message>
    <message>
        <source>Tied input/output embeddings</source>
        <translation>输入/输出嵌入共享</translation>
    </message>
    <message>
        <source>The LM head reuses the embedding matrix (no separate output weights).</source>
        <translation>LM head 复用嵌入矩阵（没有单独的输出权重）。</translation>
    </message>
    <message>
        <source>tied embeddings</source>
        <translation>嵌入共享</translation>
    </message>
    <message>
        <source>MoE experts</source>
        <translation>MoE 专家数</translation>
    </message>
    <message>
        <source>Routed experts per MoE layer; 0 for a dense model.</source>
        <translation>每个 MoE 层的路由专家数；稠密模型为 0。</translation>
    </message>
    <message>
        <source>MoE top-k</source>
        <translation>MoE top-k</translation>
    </message>
    <message>
        <source>Experts each token is routed to.</source>
        <translation>每个 token 被路由到的专家数。</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>Inner width of each expert's feed-forward block.</source>
        <translation>每个专家前馈网络的中间层宽度。</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Experts every token goes through (DeepSeek-style).</source>
        <translation>每个 token 都会经过的专家（DeepSeek 式）。</translation>
    </message>
    <message>
        <source> (%1 active per token)</source>
        <translation>（每个 token 激活 %1）</translation>
    </message>
    <message>
        <source>Embeddings %1, per layer: attention %2, FFN %3.</source>
        <translation>嵌入 %1；每层：注意力 %2，FFN %3。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanDetailsView</name>
    <message>
        <source>Pin this plan</source>
        <translation>固定此方案</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>Knobs of the pinned plan</source>
        <translation>固定方案的参数</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Adds this plan to the scenario's fixed plans so you can edit its knobs and keep it in reports.</source>
        <translation>将此方案加入场景的固定方案，便于调整其参数并保留在报告中。</translation>
    </message>
    <message>
        <source>Ranked plans of this framework</source>
        <translation>该框架的方案排名</translation>
    </message>
    <message>
        <source>The fastest plans that fit, best first; select one to see its figures.</source>
        <translation>放得下的最快方案，最佳者在前；选中一项可查看其指标。</translation>
    </message>
    <message>
        <source>Select a row of the table to see its plan.</source>
        <translation>在表格中选择一行以查看其方案。</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>Memory per GPU: %1 of %2</source>
        <translation>每卡显存：%1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>Activations (%n micro-batch(es) in flight)</source>
        <translation><numerusform>激活值（%n 个在途微批）</numerusform></translation>
    </message>
    <message>
        <source>Step time: %1</source>
        <translation>单步时间：%1</translation>
    </message>
    <message>
        <source>  of which recompute</source>
        <translation>  其中重计算</translation>
    </message>
    <message>
        <source>Communication per GPU per step: %1</source>
        <translation>每卡每步通信量：%1</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>整次训练</translation>
    </message>
    <message>
        <source>%1 MWh</source>
        <translation>%1 兆瓦时</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanKnobsEditor</name>
    <message>
        <source>The framework runs the plan; each supports only some knobs.</source>
        <translation>运行此方案的框架；每个框架只支持部分参数。</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>GPUs that split every layer's matrices; kept inside a node.</source>
        <translation>切分每层矩阵的 GPU 数；限制在一个节点内。</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Pipeline stages the layers are split into.</source>
        <translation>模型层被切分成的流水线阶段数。</translation>
    </message>
    <message>
        <source>Interleaved chunks (VPP)</source>
        <translation>交错块数（VPP）</translation>
    </message>
    <message>
        <source>Virtual pipeline stages per GPU (interleaved 1F1B).</source>
        <translation>每张 GPU 上的虚拟流水线阶段数（交错 1F1B）。</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>GPUs that split each sequence (ring attention).</source>
        <translation>切分每条序列的 GPU 数（环形注意力）。</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>GPUs the MoE experts are spread over.</source>
        <translation>MoE 专家分布到的 GPU 数。</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Model replicas; dp·tp·pp·cp must equal the GPU count.</source>
        <translation>模型副本数；dp·tp·pp·cp 必须等于 GPU 总数。</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批大小</translation>
    </message>
    <message>
        <source>Sequences per forward/backward pass on each GPU.</source>
        <translation>每张 GPU 每次前向/反向处理的序列数。</translation>
    </message>
    <message>
        <source>0 — replicated</source>
        <translation>0 — 全量复制</translation>
    </message>
    <message>
        <source>1 — optimizer states sharded</source>
        <translation>1 — 切分优化器状态</translation>
    </message>
    <message>
        <source>2 — + gradients sharded</source>
        <translation>2 — 再切分梯度</translation>
    </message>
    <message>
        <source>3 — + parameters sharded</source>
        <translation>3 — 再切分参数</translation>
    </message>
    <message>
        <source>ZeRO stage (FSDP: 3 = FULL_SHARD, 2 = SHARD_GRAD_OP; Megatron distributed optimizer = 1).</source>
        <translation>ZeRO 阶段（FSDP：3 = FULL_SHARD，2 = SHARD_GRAD_OP；Megatron 分布式优化器 = 1）。</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective (attention)</source>
        <translation>选择性（注意力）</translation>
    </message>
    <message>
        <source>Full (every layer)</source>
        <translation>完全（每一层）</translation>
    </message>
    <message>
        <source>Activation recomputation: trade compute for memory (Korthikanti et al. 2022).</source>
        <translation>激活重计算：以计算换显存（Korthikanti 等，2022）。</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>Where optimizer states (and master weights) live: GPU, host memory or NVMe (DeepSpeed ZeRO-Offload/Infinity).</source>
        <translation>优化器状态（及主权重）的存放位置：GPU、主机内存或 NVMe（DeepSpeed ZeRO-Offload/Infinity）。</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Shard norms and dropout activations across the TP group (needs TP ≥ 2).</source>
        <translation>在 TP 组内切分归一化和 dropout 的激活值（需要 TP ≥ 2）。</translation>
    </message>
    <message>
        <source>Hybrid sharding</source>
        <translation>混合分片</translation>
    </message>
    <message>
        <source>FSDP HYBRID_SHARD: shard inside a node, replicate across nodes.</source>
        <translation>FSDP HYBRID_SHARD：节点内分片，节点间复制。</translation>
    </message>
    <message>
        <source>Offload parameters</source>
        <translation>卸载参数</translation>
    </message>
    <message>
        <source>ZeRO-3 parameter offload (ZeRO-Infinity).</source>
        <translation>ZeRO-3 参数卸载（ZeRO-Infinity）。</translation>
    </message>
    <message>
        <source>Overlap TP communication</source>
        <translation>张量并行通信重叠</translation>
    </message>
    <message>
        <source>Megatron/Transformer Engine TP communication overlap.</source>
        <translation>Megatron/Transformer Engine 的 TP 通信与计算重叠。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanListModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Rank by step time among the plans that fit.</source>
        <translation>在放得下的方案中按单步时间排名。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlanScatterChart</name>
    <message>
        <source>Plan space: step time vs memory</source>
        <translation>方案空间：单步时间与显存</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No valid plan on this cluster</source>
        <translation>此集群上没有有效方案</translation>
    </message>
    <message>
        <source>No plan fits in GPU memory</source>
        <translation>没有方案能放进 GPU 显存</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <source>Peak memory per GPU (%1)</source>
        <translation>每卡峰值显存（%1）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Every plan the search evaluated (sampled when there are many). The staircase line is the Pareto front: no other plan is both faster and needs less memory.</source>
        <translation>搜索评估过的每个方案（数量很多时抽样显示）。阶梯线是帕累托前沿：没有其他方案能同时更快且更省显存。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::PlansSection</name>
    <message>
        <source>Fixed plans (optional)</source>
        <translation>固定方案（可选）</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Plans you want estimated beside the search's best ones. Pin one from the Compare tab or add one here.</source>
        <translation>希望与搜索出的最佳方案一并估算的方案。可在“比较”页固定，或在此添加。</translation>
    </message>
    <message>
        <source>Add plan</source>
        <translation>添加方案</translation>
    </message>
    <message>
        <source>Adds a plain data-parallel plan over every GPU, ready to edit.</source>
        <translation>添加一个覆盖全部 GPU 的纯数据并行方案，供进一步编辑。</translation>
    </message>
    <message>
        <source>%1. %2  %3</source>
        <translation>%1. %2  %3</translation>
    </message>
    <message>
        <source>Remove plan %1</source>
        <translation>删除方案 %1</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScalingChart</name>
    <message>
        <source>Scaling with GPU count</source>
        <translation>随 GPU 数量的扩展</translation>
    </message>
    <message>
        <source>Best plan per framework at each GPU count: solid lines are cluster tokens/s (left axis), dashed lines MFU (right axis).</source>
        <translation>各 GPU 数量下每个框架的最佳方案：实线为集群 token/秒（左轴），虚线为 MFU（右轴）。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>No framework fits at any GPU count</source>
        <translation>任何 GPU 数量下都没有框架放得下</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>吞吐（%1）</translation>
    </message>
    <message>
        <source>MFU (%), dashed</source>
        <translation>MFU（%，虚线）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 GPUs&lt;br&gt;%3&lt;br&gt;%4, MFU %5, step %6</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，%2 张 GPU&lt;br&gt;%3&lt;br&gt;%4，MFU %5，单步 %6</translation>
    </message>
    <message>
        <source>%1 MFU</source>
        <translation>%1 MFU</translation>
    </message>
    <message>
        <source>This cluster</source>
        <translation>当前集群</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioDocument</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioEditor</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>A name for this scenario, shown in the library and reports.</source>
        <translation>场景名称，显示在场景库和报告中。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>What this scenario is about (free text).</source>
        <translation>场景说明（自由文本）。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Team and platform readiness</source>
        <translation>团队与平台就绪度</translation>
    </message>
    <message>
        <source>The readiness questionnaire (team experience, gang scheduling, RDMA network, checkpoint storage, monitoring…) comes with the advisor. Values in the scenario file are kept.</source>
        <translation>就绪度问卷（团队经验、成组调度、RDMA 网络、检查点存储、监控等）将随选型顾问提供。场景文件中已有的取值会被保留。</translation>
    </message>
    <message>
        <source>✓ Valid — results update as you edit.</source>
        <translation>✓ 有效 — 编辑时结果会实时更新。</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n problem(s): fix the marked fields.</source>
        <translation><numerusform>⚠ %n 个问题：请修正标出的字段。</numerusform></translation>
    </message>
    <message>
        <source>Results are paused until then.</source>
        <translation>在此之前结果暂停更新。</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::ScenarioLibraryDock</name>
    <message>
        <source>Scenario library</source>
        <translation>场景库</translation>
    </message>
    <message>
        <source>Filter by name or description</source>
        <translation>按名称或说明筛选</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Start a new scenario (Ctrl+N).</source>
        <translation>新建一个场景（Ctrl+N）。</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Open or import a scenario JSON file (Ctrl+O).</source>
        <translation>打开或导入场景 JSON 文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Remove from recent files</source>
        <translation>从最近文件中移除</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Scenarios shipped with TrainPlan (data/scenarios).</source>
        <translation>TrainPlan 自带的场景（data/scenarios）。</translation>
    </message>
    <message>
        <source>Recent files</source>
        <translation>最近文件</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::SettingsDialog</name>
    <message>
        <source>How many units of the display currency one US dollar buys.</source>
        <translation>1 美元可兑换多少单位的显示货币。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Language of the interface; takes effect after a restart.</source>
        <translation>界面语言；重启后生效。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>GB (10⁹ bytes, datasheet units)</source>
        <translation>GB（10⁹ 字节，数据表单位）</translation>
    </message>
    <message>
        <source>Memory unit</source>
        <translation>显存单位</translation>
    </message>
    <message>
        <source>US dollar ($)</source>
        <translation>美元（$）</translation>
    </message>
    <message>
        <source>Chinese yuan (¥)</source>
        <translation>人民币（¥）</translation>
    </message>
    <message>
        <source>Euro (€)</source>
        <translation>欧元（€）</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Units per US dollar</source>
        <translation>每美元兑换</translation>
    </message>
    <message>
        <source>Prices in scenarios are in US dollars; costs are converted at this rate for display.</source>
        <translation>场景中的价格以美元计；显示成本时按此汇率换算。</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The new language applies after TrainPlan restarts. Restart now?</source>
        <translation>新语言将在 TrainPlan 重启后生效。现在重启吗？</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>立即重启</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>GiB (2³⁰ bytes)</source>
        <translation>GiB（2³⁰ 字节）</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::StepTimeChart</name>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>No plan to show</source>
        <translation>没有可显示的方案</translation>
    </message>
    <message>
        <source>milliseconds per step</source>
        <translation>每步毫秒数</translation>
    </message>
    <message>
        <source>seconds per step</source>
        <translation>每步秒数</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::TrainingSection</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Sequences per optimizer step across all data-parallel replicas.</source>
        <translation>所有数据并行副本在每次优化器更新中处理的序列总数。</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <source>global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Compute precision of the matrix multiplications; sets the GPU peak MFU is measured against. fp8 needs fp8 tensor cores.</source>
        <translation>矩阵乘法的计算精度，决定计算 MFU 时所用的 GPU 峰值算力。fp8 需要 fp8 张量核心。</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Adam/AdamW keep two fp32 moments per parameter (8 bytes), SGD with momentum one (4 bytes).</source>
        <translation>Adam/AdamW 为每个参数保存两个 fp32 矩（8 字节），带动量的 SGD 保存一个（4 字节）。</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Tokens the run processes in total, in billions (sets time to train and cost).</source>
        <translation>整次训练处理的 token 总数，单位为十亿（决定训练时长和成本）。</translation>
    </message>
    <message>
        <source> B</source>
        <translation> 十亿</translation>
    </message>
    <message>
        <source>Tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>tokens to train</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Fused attention that never stores the attention matrix (removes the 5as/h activation term).</source>
        <translation>融合注意力，不保存注意力矩阵（去掉 5as/h 激活项）。</translation>
    </message>
    <message>
        <source>flash attention</source>
        <translation>flash attention</translation>
    </message>
</context>
<context>
    <name>trainplan::ui::WhatIfPanel</name>
    <message>
        <source>What if…</source>
        <translation>假设分析…</translation>
    </message>
    <message>
        <source>GPUs in the cluster (whole nodes).</source>
        <translation>集群中的 GPU 数（按整节点）。</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>Inter-node bandwidth per NIC per direction.</source>
        <translation>每块网卡的单向节点间带宽。</translation>
    </message>
    <message>
        <source>Global batch in sequences per optimizer step.</source>
        <translation>每次优化器更新的全局批大小（序列数）。</translation>
    </message>
    <message>
        <source>Tokens per training sequence.</source>
        <translation>每条训练序列的 token 数。</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Multiplies the model's parameter count, growing depth and width together.</source>
        <translation>按倍数缩放模型参数量，同时增加深度和宽度。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Network / NIC</source>
        <translation>每网卡带宽</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Model scale</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Reset to scenario</source>
        <translation>恢复为场景取值</translation>
    </message>
    <message>
        <source>Back to the values of the edited scenario.</source>
        <translation>恢复为当前编辑场景中的取值。</translation>
    </message>
    <message>
        <source>%1 · %2 layers × %3 hidden</source>
        <translation>%1 · %2 层 × 隐藏维度 %3</translation>
    </message>
</context>
</TS>
