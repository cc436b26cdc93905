#include <trainplan/model/issue_text.h>

#include <array>
#include <string_view>

namespace trainplan::model {

namespace {

using I = IssueId;

// clang-format off
constexpr TextEntry<IssueId> kIssues[] = {
    {I::Required, 0, "is required", "为必填项"},
    {I::RequiredRefOrObject, 0, "is required (a catalog name or an object)", "为必填项（目录中的名称或一个对象）"},
    {I::RequiredName, 0, "is required (a non-empty name)", "为必填项（非空的名称）"},
    {I::MustBeObject, 0, "must be an object", "必须是对象"},
    {I::MustBeArray, 0, "must be an array", "必须是数组"},
    {I::MustBeString, 0, "must be a string", "必须是字符串"},
    {I::MustBeNumber, 0, "must be a number", "必须是数字"},
    {I::MustBeJsonObject, 0, "must be a JSON object", "必须是 JSON 对象"},
    {I::MustBeObjectGot, 1, "must be an object, got {0}", "必须是对象，实际是{0}"},
    {I::MustBeArrayGot, 1, "must be an array, got {0}", "必须是数组，实际是{0}"},
    {I::MustBeIntegerGot, 1, "must be an integer, got {0}", "必须是整数，实际是{0}"},
    {I::MustBeFiniteInteger, 0, "must be a finite integer", "必须是有限的整数"},
    {I::MustBeWholeNumberGot, 1, "must be a whole number, got {0}", "必须是整数，实际是 {0}"},
    {I::OutOfRange, 3, "{0} is out of range [{1}, {2}]", "{0} 超出范围 [{1}, {2}]"},
    {I::MustBeNumberGot, 1, "must be a number, got {0}", "必须是数字，实际是{0}"},
    {I::MustBeFiniteNumber, 0, "must be a finite number", "必须是有限的数字"},
    {I::MustBeBoolGot, 1, "must be true or false, got {0}", "必须是 true 或 false，实际是{0}"},
    {I::MustBeStringGot, 1, "must be a string, got {0}", "必须是字符串，实际是{0}"},
    {I::MustBeRefOrObjectGot, 1, "must be a catalog name or an object, got {0}",
     "必须是目录中的名称或一个对象，实际是{0}"},
    {I::NotOneOf, 2, "'{0}' is not one of {1}", "'{0}' 不是 {1} 之一"},
    {I::MustBeOneOf, 1, "must be one of {0}", "必须是 {0} 之一"},
    {I::UnknownKey, 0, "unknown key", "未知的键"},
    {I::UnknownKeyDidYouMean, 1, "unknown key (did you mean '{0}'?)", "未知的键（是否想写 '{0}'？）"},
    {I::MustNotBeEmpty, 0, "must not be empty", "不能为空"},
    {I::MustBePositive, 0, "must be positive", "必须为正数"},
    {I::SchemaMustBe, 1, "must be \"{0}\"", "必须是 \"{0}\""},
    {I::SchemaNotSupported, 2, "'{0}' is not supported (expected {1})", "不支持 '{0}'（应为 {1}）"},
    {I::NotDate, 1, "'{0}' is not a date (YYYY-MM-DD)", "'{0}' 不是日期（YYYY-MM-DD）"},
    {I::NotDateYmd, 1, "'{0}' is not a date YYYY-MM-DD", "'{0}' 不是 YYYY-MM-DD 格式的日期"},
    {I::ListedTwice, 1, "'{0}' is listed twice", "'{0}' 出现了两次"},
    {I::NotUtf8, 3, "is not UTF-8 text: byte {0} at offset {1} (line {2})",
     "不是 UTF-8 文本：偏移 {1} 处的字节 {0}（第 {2} 行）"},
    {I::UnknownGpu, 1, "unknown GPU '{0}'", "未知的 GPU '{0}'"},
    {I::UnknownGpuDidYouMean, 2, "unknown GPU '{0}' (did you mean {1}?)", "未知的 GPU '{0}'（是否指 {1}？）"},
    {I::UnknownLink, 1, "unknown link '{0}'", "未知的链路 '{0}'"},
    {I::UnknownLinkDidYouMean, 2, "unknown link '{0}' (did you mean {1}?)", "未知的链路 '{0}'（是否指 {1}？）"},
    {I::UnknownModel, 1, "unknown model '{0}'", "未知的模型 '{0}'"},
    {I::UnknownModelDidYouMean, 2, "unknown model '{0}' (did you mean {1}?)", "未知的模型 '{0}'（是否指 {1}？）"},

    {I::ScenarioEmpty, 0, "the scenario is empty", "场景为空"},
    {I::ScenarioBinary, 0, "binary data (contains NUL bytes), not a JSON scenario",
     "是二进制数据（含 NUL 字节），不是 JSON 场景"},
    {I::NotValidJson, 1, "not valid JSON: {0}", "不是有效的 JSON：{0}"},
    {I::JsonSyntaxUnexpected, 4, "not valid JSON: parse error at line {0}, column {1}: syntax error while parsing {2} - unexpected {3}",
     "不是有效的 JSON：第 {0} 行第 {1} 列，解析{2}时语法错误：意外的{3}"},
    {I::JsonSyntaxUnexpectedExpected, 5,
     "not valid JSON: parse error at line {0}, column {1}: syntax error while parsing {2} - unexpected {3}; expected {4}",
     "不是有效的 JSON：第 {0} 行第 {1} 列，解析{2}时语法错误：意外的{3}，应为{4}"},
    {I::JsonSyntaxLexer, 5,
     "not valid JSON: parse error at line {0}, column {1}: syntax error while parsing {2} - {3}; last read: '{4}'",
     "不是有效的 JSON：第 {0} 行第 {1} 列，解析{2}时语法错误：{3}；最后读到 '{4}'"},
    {I::JsonSyntaxLexerExpected, 6,
     "not valid JSON: parse error at line {0}, column {1}: syntax error while parsing {2} - {3}; last read: '{4}'; expected {5}",
     "不是有效的 JSON：第 {0} 行第 {1} 列，解析{2}时语法错误：{3}；最后读到 '{4}'；应为{5}"},
    {I::JsonNumberTooLarge, 3,
     "not valid JSON: line {0}, column {1}: the number {2} does not fit a double (largest about 1.8e308)",
     "不是有效的 JSON：第 {0} 行第 {1} 列：数字 {2} 超出 double 的范围（最大约 1.8e308）"},
    {I::JsonTooDeep, 1, "not valid JSON: nested deeper than {0} levels", "不是有效的 JSON：嵌套超过 {0} 层"},
    {I::JsonDuplicateKeyAt, 5,
     "duplicate key \"{0}\" at line {1}, column {2} (first given at line {3}, column {4}); only one value can be used: remove the other",
     "第 {1} 行第 {2} 列有重复的键 \"{0}\"（第一次出现在第 {3} 行第 {4} 列）；只能使用一个值：请删除另一个"},
    {I::JsonDuplicateKeyInAt, 6,
     "duplicate key \"{0}\" in {1} at line {2}, column {3} (first given at line {4}, column {5}); only one value can be used: remove the other",
     "{1} 中第 {2} 行第 {3} 列有重复的键 \"{0}\"（第一次出现在第 {4} 行第 {5} 列）；只能使用一个值：请删除另一个"},
    {I::JsonDuplicateKey, 1, "{0}", "JSON 中有重复的键：{0}"},
    {I::ScenarioNotObject, 1, "a scenario must be a JSON object, got {0}", "场景必须是 JSON 对象，实际是{0}"},
    {I::NoSuchFile, 0, "no such file", "文件不存在"},
    {I::IsDirectory, 0, "is a directory, not a scenario file", "是目录，不是场景文件"},
    {I::NotRegularFile, 0, "not a regular file, not a scenario file", "不是普通文件，不是场景文件"},
    {I::CannotReadBecause, 1, "cannot be read ({0})", "无法读取（{0}）"},
    {I::TooLarge, 0, "larger than 64 MiB, not a scenario file", "大于 64 MiB，不是场景文件"},
    {I::CannotReadPermission, 0, "cannot be read (permission denied?)", "无法读取（没有权限？）"},

    {I::ShardingContradictsZero, 2, "'{0}' contradicts zero_stage {1}", "'{0}' 与 zero_stage {1} 矛盾"},
    {I::ContradictsZeroStage, 1, "contradicts zero_stage {0}", "与 zero_stage {0} 矛盾"},
    {I::FsdpOptimizerOnlyOffload, 0,
     "false asks for optimizer-only offload, which PyTorch FSDP does not have: CPUOffload(offload_params=True) keeps parameters and gradients on the host and runs the optimizer on the CPU (set offload_params to true, or use DeepSpeed ZeRO-Offload for optimizer-only offload)",
     "false 表示只卸载优化器，而 PyTorch FSDP 没有这种方式：CPUOffload(offload_params=True) 把参数和梯度放在主机内存并在 CPU 上运行优化器（请把 offload_params 设为 true，或用 DeepSpeed ZeRO-Offload 只卸载优化器）"},
    {I::RecomputeModulesArray, 0, "must be an array of module names (Megatron-LM --recompute-modules)",
     "必须是模块名数组（Megatron-LM --recompute-modules）"},
    {I::FrameworksArray, 0, "must be an array of framework names", "必须是框架名数组"},
    {I::ClusterTooManyGpus, 2, "nodes × gpus_per_node = {0} exceeds the supported {1} GPUs",
     "nodes × gpus_per_node = {0}，超过支持的上限 {1} 块 GPU"},
    {I::IntraNodeKind, 2, "'{0}' is of kind {1}; an intra-node link must be nvlink or pcie",
     "'{0}' 的类型是 {1}；节点内链路必须是 nvlink 或 pcie"},
    {I::PlansArray, 0, "must be an array of plans", "必须是方案数组"},
    {I::ModelShapePositive, 0, "layers, hidden and heads must be positive", "layers、hidden 和 heads 必须为正数"},
    {I::Fp8NeedsTensorCores, 1, "fp8 needs fp8 tensor cores, which {0} lacks", "fp8 需要 fp8 张量核心，而 {0} 没有"},
    {I::AttentionKernelWithoutFlash, 1,
     "'{0}' is a flash-attention kernel, but training.flash_attention is false; drop one of the two",
     "'{0}' 是 flash-attention 内核，但 training.flash_attention 为 false；请去掉其中之一"},
    {I::CrossEntropyNeedsMegatron, 2,
     "'{0}' is Megatron-Core's loss, but training.execution '{1}' runs PyTorch's cross_entropy; drop one of the two",
     "'{0}' 是 Megatron-Core 的损失实现，但 training.execution '{1}' 运行的是 PyTorch 的 cross_entropy；请去掉其中之一"},
    {I::GpuMemoryPositive, 0, "memory must be positive", "显存必须为正数"},
    {I::InterNodeBandwidth, 0, "bandwidth must be positive for a multi-node cluster", "多节点集群的带宽必须为正数"},

    {I::AtLeastOne, 1, "{0} must be at least 1", "{0} 必须至少为 1"},
    {I::LayoutExceedsMax, 3, "dp×tp×pp×cp = {0} exceeds the supported {1} GPUs; the cluster has {2}",
     "dp×tp×pp×cp = {0}，超过支持的上限 {1} 块 GPU；集群有 {2} 块"},
    {I::LayoutMismatch, 3, "dp×tp×pp×cp = {0} = {1} GPUs, but the cluster has {2}",
     "dp×tp×pp×cp = {0} = {1} 块 GPU，但集群有 {2} 块"},
    {I::NotDivisibleBy, 4, "{0}: {1} is not divisible by {2}={3}", "{0}：{1} 不能被 {2}={3} 整除"},
    {I::KvHeadsAndTp, 2, "model.kv_heads: {0} and tp={1} must divide one another",
     "model.kv_heads：{0} 与 tp={1} 必须能互相整除"},
    {I::TpSpansNodes, 2,
     "tp={0} spans nodes of {1} GPUs; tensor parallelism needs the intra-node link (set constraints.tp_across_nodes to allow it)",
     "tp={0} 跨越了每节点 {1} 块 GPU 的节点；张量并行需要节点内链路（设置 constraints.tp_across_nodes 可允许跨节点）"},
    {I::VppNeedsPp, 1, "interleaving (vpp={0}) needs pp ≥ 2", "交错流水线（vpp={0}）需要 pp ≥ 2"},
    {I::CpSeqLen, 2,
     "model.seq_len: {0} is not divisible by 2×cp={1} (load-balanced context parallelism splits the sequence into 2·cp chunks)",
     "model.seq_len：{0} 不能被 2×cp={1} 整除（负载均衡的上下文并行把序列切成 2·cp 块）"},
    {I::EpNeedsMoe, 0, "expert parallelism needs a MoE model (model.moe.experts is 0)",
     "专家并行需要 MoE 模型（model.moe.experts 为 0）"},
    {I::EpEtpFolding, 2,
     "ep×etp={0} must divide tp×dp×cp={1} (the experts' ranks are etp × ep × expert-dp, Megatron-Core's MoE parallel folding)",
     "ep×etp={0} 必须整除 tp×dp×cp={1}（专家的 rank 数为 etp × ep × expert-dp，即 Megatron-Core 的 MoE 并行折叠）"},
    {I::EpDividesDpCp, 2,
     "ep={0} must divide dp×cp={1} (experts are sharded across data-parallel ranks; set etp below tp to fold expert parallelism into the tensor-parallel ranks)",
     "ep={0} 必须整除 dp×cp={1}（专家分布在数据并行的 rank 上；把 etp 设得小于 tp 可把专家并行折叠进张量并行的 rank）"},
    {I::EtpMegatronOnly, 1,
     "is Megatron-LM's --expert-tensor-parallel-size; {0} splits experts with the dense tensor-parallel size",
     "是 Megatron-LM 的 --expert-tensor-parallel-size；{0} 用稠密部分的张量并行大小切分专家"},
    {I::EtpNeedsMoe, 0, "expert tensor parallelism needs a MoE model (model.moe.experts is 0)",
     "专家张量并行需要 MoE 模型（model.moe.experts 为 0）"},
    {I::EtpSpansNodes, 2, "etp={0} spans nodes of {1} GPUs; tensor parallelism needs the intra-node link",
     "etp={0} 跨越了每节点 {1} 块 GPU 的节点；张量并行需要节点内链路"},
    {I::EtpNeedsSequenceParallel, 0,
     "needs sequence_parallel with tp > 1: Megatron-LM requires sequence parallelism for MoE with tensor parallelism (arguments.py)",
     "tp > 1 时需要 sequence_parallel：Megatron-LM 要求带张量并行的 MoE 使用序列并行（arguments.py）"},
    {I::BatchBelowStep, 2,
     "training.global_batch: {0} is smaller than micro_batch×dp={1}: every data-parallel rank needs at least one sequence per step",
     "training.global_batch：{0} 小于 micro_batch×dp={1}：每个数据并行 rank 每步至少需要一条序列"},
    {I::BatchNotDivisible, 2, "training.global_batch: {0} is not divisible by micro_batch×dp={1}",
     "training.global_batch：{0} 不能被 micro_batch×dp={1} 整除"},
    {I::SequenceParallelNeedsTp, 0, "needs tp ≥ 2", "需要 tp ≥ 2"},
    {I::RecomputeLayersNeedFull, 1, "recomputes whole layers, so it needs recompute \"full\" (got \"{0}\")",
     "按整层重计算，因此需要 recompute 为 \"full\"（实际是 \"{0}\"）"},
    {I::RecomputeLayersExceed, 2, "{0} exceeds the model's {1} layers (0 recomputes every layer)",
     "{0} 超过模型的 {1} 层（0 表示重计算每一层）"},
    {I::RecomputeModulesNeedSelective, 1,
     "names submodules of a selective recompute, so it needs recompute \"selective\" (got \"{0}\")",
     "指定的是选择性重计算的子模块，因此需要 recompute 为 \"selective\"（实际是 \"{0}\"）"},
    {I::RecomputeModulesMegatronOnly, 1, "is Megatron-LM's --recompute-modules; {0} recomputes by its own policy",
     "是 Megatron-LM 的 --recompute-modules；{0} 按自己的策略重计算"},
    {I::RecomputeModulesNeedMoe, 1, "'{0}' needs a MoE model", "'{0}' 需要 MoE 模型"},
    {I::SharedExpertsNeeded, 0, "'shared_experts' needs a model with shared experts", "'shared_experts' 需要带共享专家的模型"},
    {I::MlaUpProjNeedsMla, 0, "'mla_up_proj' needs multi-head latent attention", "'mla_up_proj' 需要多头潜在注意力（MLA）"},
    {I::OffloadParamsNeedsZero3, 0, "parameter offload needs zero_stage 3 with offload cpu or nvme",
     "参数卸载需要 zero_stage 3 且 offload 为 cpu 或 nvme"},
    {I::NoTensorParallel, 2, "{0} does not support tensor parallelism (tp={1})", "{0} 不支持张量并行（tp={1}）"},
    {I::NoPipelineParallel, 2, "{0} does not support pipeline parallelism (pp={1})", "{0} 不支持流水线并行（pp={1}）"},
    {I::NoContextParallel, 1, "{0} does not support context parallelism", "{0} 不支持上下文并行"},
    {I::NoExpertParallel, 1, "{0} does not support expert parallelism", "{0} 不支持专家并行"},
    {I::NoInterleaving, 1, "{0} does not support interleaved pipelines", "{0} 不支持交错流水线"},
    {I::NoSharding, 2, "{0} does not support sharding (zero_stage {1}); use fsdp or deepspeed",
     "{0} 不支持分片（zero_stage {1}）；请改用 fsdp 或 deepspeed"},
    {I::NoOffload, 1, "{0} does not support offload", "{0} 不支持卸载"},
    {I::NoHybridSharding, 1, "{0} does not support hybrid sharding", "{0} 不支持混合分片"},
    {I::FsdpNoStage1, 1, "{0} does not support stage 1 (FSDP shards gradients too: use full, grad_op or no_shard)",
     "{0} 不支持 stage 1（FSDP 也会对梯度分片：请用 full、grad_op 或 no_shard）"},
    {I::NoExpertParallelInModel, 1, "{0} does not support expert parallelism in this model", "本模型中 {0} 不支持专家并行"},
    {I::NoNvmeOffload, 1, "{0} does not support NVMe offload (only CPU offload)", "{0} 不支持 NVMe 卸载（只支持 CPU 卸载）"},
    {I::HybridFullShard, 0, "hybrid sharding is FULL_SHARD inside a node", "混合分片在节点内是 FULL_SHARD"},
    {I::NoRingContextParallel, 1, "{0} does not support ring context parallelism (DeepSpeed-Ulysses is a different scheme)",
     "{0} 不支持环形上下文并行（DeepSpeed-Ulysses 是另一种方案）"},
    {I::NoZeroWithPipeline, 2, "{0} does not support ZeRO-{1} with pipeline parallelism (only ZeRO ≤ 1)",
     "{0} 不支持 ZeRO-{1} 与流水线并行同时使用（只支持 ZeRO ≤ 1）"},
    {I::OffloadNeedsZero1, 0, "optimizer offload needs zero_stage ≥ 1", "优化器卸载需要 zero_stage ≥ 1"},
    {I::NvmeNeedsZero3, 0, "NVMe offload (ZeRO-Infinity) needs zero_stage 3", "NVMe 卸载（ZeRO-Infinity）需要 zero_stage 3"},
    {I::NoFsdpHybridSharding, 1, "{0} does not support FSDP hybrid sharding", "{0} 不支持 FSDP 混合分片"},
    {I::NoOptimizerOffloadInModel, 1, "{0} does not support optimizer offload in this model", "本模型中 {0} 不支持优化器卸载"},
    {I::NoHybridShardingInModel, 1,
     "{0} does not support hybrid sharding in this model (Megatron-FSDP's outer data-parallel group is not modelled)",
     "本模型中 {0} 不支持混合分片（未建模 Megatron-FSDP 的外层数据并行组）"},
    {I::AlwaysOverlapsDp, 1, "{0} always overlaps gradient reduction with backward", "{0} 总是让梯度归约与反向计算重叠"},
    {I::TpOverlapOption, 0, "is a Megatron/Transformer Engine or PyTorch async-TP (FSDP) option",
     "是 Megatron/Transformer Engine 或 PyTorch async-TP（FSDP）的选项"},
    {I::TpOverlapNeedsTp, 0, "needs tp > 1: there is no tensor-parallel traffic to overlap", "需要 tp > 1：没有可重叠的张量并行通信"},
    {I::EpOverlapMegatron, 0, "is Megatron-Core's combined 1F1B (--overlap-moe-expert-parallel-comm)",
     "是 Megatron-Core 的 combined 1F1B（--overlap-moe-expert-parallel-comm）"},
    {I::EpOverlapNeedsEp, 0, "needs ep > 1: there is no expert-parallel traffic to overlap", "需要 ep > 1：没有可重叠的专家并行通信"},
    {I::EpOverlapNeedsVpp, 0, "needs an interleaved pipeline (vpp > 1) when pp > 1", "pp > 1 时需要交错流水线（vpp > 1）"},
    {I::EpOverlapNoFullRecompute, 0, "does not run with full recompute (use selective recompute)",
     "不能与完全重计算同时使用（请用选择性重计算）"},
    {I::FlexDispatcherMegatron, 0, "flex (DeepEP/HybridEP) is a Megatron-Core token dispatcher",
     "flex（DeepEP/HybridEP）是 Megatron-Core 的 token 分发器"},
    {I::MustBeAtLeastOne, 0, "must be at least 1",
     "必须至少为 1"},
    {I::PlLayersNotDivisible, 2, "model.layers: {0} is not divisible by pp×vpp={1}",
     "model.layers：{0} 不能被 pp×vpp={1} 整除"},
    {I::PlUnevenMegatron, 2, "model.layers: {0} is not divisible by pp×vpp={1} (an uneven split needs plan.pipeline_layout: first_stage_layers, last_stage_layers, embedding_as_layer/loss_as_layer or layout)",
     "model.layers：{0} 不能被 pp×vpp={1} 整除（不均匀切分需要 plan.pipeline_layout：first_stage_layers、last_stage_layers、embedding_as_layer/loss_as_layer 或 layout）"},
    {I::PlUnevenDeepSpeed, 2, "model.layers: {0} is not divisible by pp×vpp={1} (an uneven split needs plan.pipeline_layout.partition_method)",
     "model.layers：{0} 不能被 pp×vpp={1} 整除（不均匀切分需要 plan.pipeline_layout.partition_method）"},
    {I::PlLayoutWithOtherFlags, 0, "cannot be combined with first_stage_layers, last_stage_layers, embedding_as_layer or loss_as_layer (Megatron-LM rejects --pipeline-model-parallel-layout with the other layout flags)",
     "不能与 first_stage_layers、last_stage_layers、embedding_as_layer 或 loss_as_layer 同时使用（Megatron-LM 不接受 --pipeline-model-parallel-layout 与其他切分选项同时出现）"},
    {I::PlUnrollsTooLong, 1, "unrolls to more than {0} layers",
     "展开后超过 {0} 层"},
    {I::PlNotLayerLetter, 1, "'{0}' is not a layer letter (E embedding, t decoder, m MTP, L loss; stages split by '|', repeats as x*n or (…)*n)",
     "'{0}' 不是层字母（E 嵌入层，t 解码层，m MTP，L 损失；阶段用 '|' 分隔，重复写作 x*n 或 (…)*n）"},
    {I::PlStagesNotDividePp, 2, "{0} stages do not divide over pp={1}",
     "{0} 个阶段不能平均分到 pp={1}"},
    {I::PlStagesMeanVpp, 4, "{0} stages on pp={1} mean vpp={2}, but the plan has vpp={3}",
     "pp={1} 上的 {0} 个阶段意味着 vpp={2}，但方案的 vpp={3}"},
    {I::PlEmbeddingFirst, 0, "the embedding 'E' must come first, exactly once",
     "嵌入层 'E' 必须在最前面，且只出现一次"},
    {I::PlLossLast, 0, "the loss 'L' must come last, exactly once",
     "损失 'L' 必须在最后，且只出现一次"},
    {I::PlEmbeddingFirstStage, 0, "the embedding 'E' must be on the first stage",
     "嵌入层 'E' 必须在第一个阶段"},
    {I::PlLossLastStage, 0, "the loss 'L' must be on the last stage",
     "损失 'L' 必须在最后一个阶段"},
    {I::PlNoMtp, 0, "multi-token prediction layers ('m') are not modelled: the model has none",
     "未建模多 token 预测层（'m'）：模型中没有这种层"},
    {I::PlDecoderCount, 2, "holds {0} decoder layers ('t'), but model.layers is {1}",
     "包含 {0} 个解码层（'t'），但 model.layers 为 {1}"},
    {I::PlFirstLastWithAsLayer, 0, "cannot be combined with embedding_as_layer or loss_as_layer (Megatron-LM: transformer_config.py)",
     "不能与 embedding_as_layer 或 loss_as_layer 同时使用（Megatron-LM：transformer_config.py）"},
    {I::PlLargerThanZero, 1, "{0} must be larger than 0",
     "{0} 必须大于 0"},
    {I::PlNotDivisibleVpp, 2, "{0} is not divisible by vpp={1}",
     "{0} 不能被 vpp={1} 整除"},
    {I::PlFirstLastTooMany, 1, "the first and last stages take more than model.layers={0} layers",
     "第一个和最后一个阶段占用的层数超过 model.layers={0}"},
    {I::PlLeftForMiddle, 2, "{0} layers are left for {1} middle stages (each stage needs layers, and every layer a stage)",
     "剩下 {0} 层给 {1} 个中间阶段（每个阶段都需要层，每一层也都需要阶段）"},
    {I::PlMiddleNotDivide, 2, "the {0} layers left do not divide over the {1} middle stages",
     "剩下的 {0} 层不能平均分到 {1} 个中间阶段"},
    {I::PlMiddleNotVpp, 2, "each middle stage's {0} layers are not divisible by vpp={1}",
     "每个中间阶段的 {0} 层不能被 vpp={1} 整除"},
    {I::PlAsLayerNotPp, 2, "model.layers + the embedding/loss counted as layers = {0} is not divisible by pp={1}",
     "model.layers 加上按层计的嵌入层/损失 = {0}，不能被 pp={1} 整除"},
    {I::PlPerRankNotVpp, 2, "the {0} layers per pipeline rank are not divisible by vpp={1}",
     "每个流水线 rank 的 {0} 层不能被 vpp={1} 整除"},
    {I::PlEndStageEmpty, 0, "not enough layers in the first or last virtual pipeline stage",
     "第一个或最后一个虚拟流水线阶段的层数不够"},
    {I::PlBadRegex, 1, "'{0}' is not a valid regular expression",
     "'{0}' 不是有效的正则表达式"},
    {I::PlRegexNoMatch, 2, "'{0}' matches no layer (DeepSpeed: \"found no valid layers to partition\"); Megatron-DeepSpeed's layers are EmbeddingPipe, ParallelTransformerLayerPipe, MixedFusedLayerNorm{1}",
     "'{0}' 不匹配任何层（DeepSpeed：\"found no valid layers to partition\"）；Megatron-DeepSpeed 的层有 EmbeddingPipe、ParallelTransformerLayerPipe、MixedFusedLayerNorm{1}"},
    {I::PlNotMethod, 1, "'{0}' is not one of uniform, parameters, type:REGEX (DeepSpeed PipelineModule partition_method)",
     "'{0}' 不是 uniform、parameters、type:REGEX 之一（DeepSpeed PipelineModule 的 partition_method）"},
    {I::PlEmbeddingAfterFirst, 1, "'{0}' puts the embedding after the first stage, which TrainPlan does not model",
     "'{0}' 把嵌入层放在第一个阶段之后，TrainPlan 未建模这种情况"},
    {I::PlHeadBeforeLast, 1, "'{0}' puts the LM head before the last stage, which TrainPlan does not model",
     "'{0}' 把 LM head 放在最后一个阶段之前，TrainPlan 未建模这种情况"},
    {I::PlTorchtitanTooManyStages, 2, "pp×vpp={0} stages exceed the {1} effective layers (model.layers plus the embedding and output weights; torchtitan pipeline_parallel.py)",
     "pp×vpp={0} 个阶段超过了 {1} 个有效层（model.layers 加上嵌入层和输出层权重；torchtitan pipeline_parallel.py）"},
    {I::PlTorchtitanUnreachable, 2, "torchtitan builds ⌈{0} effective layers / pipeline_parallel_layers_per_stage⌉ stages, and no layers-per-stage count gives pp×vpp={1}",
     "torchtitan 构建 ⌈{0} 个有效层 / pipeline_parallel_layers_per_stage⌉ 个阶段，没有哪个每阶段层数能得到 pp×vpp={1}"},
    {I::PlExceedsPerStage, 2, "{0} exceeds the {1} layers per stage",
     "{0} 超过每阶段的 {1} 层"},
    {I::PlUnevenNeedsPp, 0, "an uneven pipeline split needs pp ≥ 2",
     "不均匀的流水线切分需要 pp ≥ 2"},
    {I::PlMegatronOption, 1, "is a Megatron-LM option; {0} does not read it",
     "是 Megatron-LM 的选项；{0} 不读取它"},
    {I::PlDeepSpeedOption, 1, "is a DeepSpeed option; {0} does not read it",
     "是 DeepSpeed 的选项；{0} 不读取它"},
    {I::PlTorchtitanOption, 1, "is a torchtitan option; {0} does not read it",
     "是 torchtitan 的选项；{0} 不读取它"},

    {I::TriggerTakesNoValue, 1, "a '{0}' trigger takes no value", "'{0}' 触发条件不带取值"},
    {I::MfuFractionExample, 0, "must be an MFU fraction in (0, 1], e.g. 0.35", "必须是 (0, 1] 之间的 MFU 比例，例如 0.35"},
    {I::NeedsIdOrText, 0, "needs an \"id\" (a readiness item) or a \"text\"", "需要 \"id\"（一个准备度条目）或 \"text\""},
    {I::SpeedupPositive, 0, "must be positive (1.5 = 1.5× faster)", "必须为正数（1.5 表示快 1.5 倍）"},
    {I::StageModelName, 0, "must name a catalog model (omit it for the scenario's model)",
     "必须是目录中的模型名称（使用场景的模型时请省略）"},
    {I::StagePlanOnlyInScenario, 0, "stage plans are read only as part of a scenario", "阶段方案只能作为场景的一部分读取"},
    {I::FrameworkContradictsStage, 2, "'{0}' contradicts the stage's framework '{1}'", "'{0}' 与该阶段的框架 '{1}' 矛盾"},
    {I::StageIdUsed, 1, "'{0}' is used by an earlier stage", "'{0}' 已被前面的阶段使用"},

    {I::PriceBoth, 0, "gives both per_gpu_hour and unpriced; keep one", "同时给出了 per_gpu_hour 和 unpriced；请只保留一个"},
    {I::PriceNeither, 0, "needs per_gpu_hour (with source and date) or unpriced (why there is no sourced price)",
     "需要 per_gpu_hour（附来源和日期）或 unpriced（说明为何没有有来源的价格）"},
    {I::PriceNeedsSource, 0, "a price needs its source and the date it was read", "价格需要注明来源和读取日期"},
    {I::TflopsTooLow, 1,
     "{0} TFLOP/s is below any real accelerator's peak (at least 0.001, i.e. 1 GFLOP/s); leave it out if it is not known",
     "{0} TFLOP/s 低于任何真实加速器的峰值（至少 0.001，即 1 GFLOP/s）；不知道时请省略"},
    {I::SlidingFullEveryOne, 0,
     "1 makes every layer full attention; remove sliding_window or use 0 (every layer windowed) or n ≥ 2 (every n-th layer full)",
     "1 会让每一层都是全注意力；请去掉 sliding_window，或用 0（每层都用窗口）或 n ≥ 2（每 n 层一层全注意力）"},
    {I::KvHeadsNotDivide, 2, "{0} does not divide heads ({1})", "{0} 不能整除 heads（{1}）"},
    {I::KvHeadsExceed, 2, "{0} exceeds heads ({1})", "{0} 超过 heads（{1}）"},
    {I::KvHeadsMla, 2,
     "{0} differs from heads ({1}): multi-head latent attention decompresses a key and a value for every head",
     "{0} 与 heads（{1}）不同：多头潜在注意力为每个头解压出一个键和一个值"},
    {I::HeadsNotDivideHidden, 2, "{0} does not divide hidden ({1}); set head_dim explicitly",
     "{0} 不能整除 hidden（{1}）；请显式设置 head_dim"},
    {I::TopKAtLeastOne, 0, "must be at least 1 when experts > 0", "experts > 0 时必须至少为 1"},
    {I::TopKExceedsExperts, 2, "{0} exceeds experts ({1})", "{0} 超过 experts（{1}）"},
    {I::PositiveWithExperts, 0, "must be positive when experts > 0", "experts > 0 时必须为正数"},
    {I::NoMoeLayerLeft, 1, "leaves no MoE layer (model has {0} layers)", "没有留下 MoE 层（模型共 {0} 层）"},
    {I::TopKWithoutExperts, 0, "is set but experts is 0", "已设置，但 experts 为 0"},

    {I::MustBePositiveNumber, 0, "must be a positive number", "必须是正数"},
    {I::BelowMicrosecond, 0, "is below a microsecond, not a real measurement", "低于一微秒，不是真实的测量值"},
    {I::BelowMilliToken, 0, "is below 0.001 tokens/s, not a real measurement", "低于 0.001 token/秒，不是真实的测量值"},
    {I::BelowMegabyte, 0, "is below a megabyte, not a real measurement", "低于一兆字节，不是真实的测量值"},
    {I::BelowGigaflop, 0, "is below 1 GFLOP/s, not a real measurement", "低于 1 GFLOP/s，不是真实的测量值"},
    {I::MfuFraction, 0, "must be a fraction in (0, 1]", "必须是 (0, 1] 之间的比例"},
    {I::MfuBelowFloor, 0, "is below 0.001 %, not a real measurement", "低于 0.001 %，不是真实的测量值"},
    {I::NoMeasurement, 0, "has no measurement (step time, tokens/s per GPU, peak memory, FLOP/s or MFU)",
     "没有测量值（单步时间、每 GPU token/秒、峰值显存、FLOP/s 或 MFU）"},
    {I::MustHoldStrings, 0, "must hold strings", "只能包含字符串"},
    {I::NeedsVersion, 0, "needs at least one version", "至少需要一个版本"},
    {I::VersionWholeNumber, 0, "must be a whole number >= 1", "必须是 >= 1 的整数"},
    {I::MustBeScenarioObject, 0, "must be a scenario object", "必须是场景对象"},
    {I::VersionTwice, 1, "version {0} appears twice", "版本 {0} 出现了两次"},
    {I::PriceRange, 0, "must be a price above 0 and below 1e6 per GPU-hour", "必须是大于 0、小于 1e6 的每 GPU 小时价格"},
    {I::ExchangeRateRange, 0, "must be above 0 and below 1000 CNY per USD", "必须大于 0 且小于每美元 1000 元人民币"},
    {I::TagTooLong, 1, "is longer than {0} characters", "超过 {0} 个字符"},
    {I::TagBadCharacter, 1, "'{0}' contains a comma or a control character", "'{0}' 含有逗号或控制字符"},
    {I::DiffersFromBuiltin, 2, "'{0}' differs from the stored built-in {1} of that name", "'{0}' 与库中同名的内置 {1} 不同"},
    {I::DiffersFromUser, 2, "'{0}' differs from the stored user {1} of that name", "'{0}' 与库中同名的用户 {1} 不同"},
    {I::VersionNotInHistory, 2,
     "version {0} of '{1}' is not in the stored history, yet the file's newest version is: importing it would make an older version current",
     "'{1}' 的版本 {0} 不在库中保存的历史里，而文件中最新的版本在：导入会让较旧的版本成为当前版本"},
    {I::ProfileDiffers, 1, "calibration profile '{0}' differs from the stored one", "校准配置 '{0}' 与库中保存的不同"},
    {I::Verbatim, 1, "{0}", "{0}"},

    {I::ProfileNoParameters, 1, "calibration profile '{0}' has no parameters object", "校准配置 '{0}' 没有 parameters 对象"},
    {I::ProfileOutOfRange, 3, "calibration profile '{0}': {1} {2} is out of range", "校准配置 '{0}'：{1} {2} 超出范围"},
    {I::ProfileNotFound, 3, "no calibration profile named '{0}' in {1} (stored: {2})",
     "{1} 中没有名为 '{0}' 的校准配置（已存储：{2}）"},
    {I::ProfileNotFoundNoneStored, 2, "no calibration profile named '{0}' in {1} (none stored)",
     "{1} 中没有名为 '{0}' 的校准配置（尚未存储任何校准配置）"},
    {I::ProfileNoLibrary, 2,
     "calibration profile '{0}' not found: there is no library at {1} (create one with 'trainplan-cli calibrate ... --profile {0}')",
     "找不到校准配置 '{0}'：{1} 处没有场景库（可用 'trainplan-cli calibrate ... --profile {0}' 创建）"},
    {I::StoredRunWhere, 2, "run {0} ({1})", "运行 {0}（{1}）"},
    {I::RunNotLinked, 0, "not linked to a stored scenario", "未关联到已存储的场景"},
    {I::RunScenarioNotFound, 0, "scenario not found", "找不到场景"},
    {I::RunScenarioNotJson, 0, "the stored scenario is not valid JSON", "已存储的场景不是有效的 JSON"},
    {I::RunPlanUnknown, 0, "the run does not say which plan it measured", "该运行没有说明测量的是哪个方案"},
    {I::RunNoPublishedPlan, 0, "no valid plan for the published layout", "按公布的布局找不到有效的方案"},
    {I::RunNoMeasurement, 0, "no step time, tokens/s, MFU or peak memory", "没有单步时间、token/秒、MFU 或峰值显存"},
    {I::RunNoStepTime, 0, "the model gives this plan no step time", "模型无法为该方案给出单步时间"},
};

using W = WriteReason;

constexpr TextEntry<WriteReason> kWriteReasons[] = {
    {W::EmptyName, 0, "cannot write a file with an empty name", "不能写入没有名称的文件"},
    {W::SymlinkUnreadable, 2, "cannot read the symbolic link {0} ({1}); nothing was written",
     "无法读取符号链接 {0}（{1}）；没有写入任何内容"},
    {W::SymlinkLoop, 0, "too many levels of symbolic links (a loop?); nothing was written",
     "符号链接层数过多（有循环？）；没有写入任何内容"},
    {W::CannotStat, 1, "cannot write ({0}); nothing was written", "无法写入（{0}）；没有写入任何内容"},
    {W::IsFifo, 0, "is a FIFO (named pipe), not a regular file; refusing to write it (it was left untouched)",
     "是 FIFO（命名管道），不是普通文件；拒绝写入（保持原样）"},
    {W::IsCharDevice, 0, "is a character device, not a regular file; refusing to write it (it was left untouched)",
     "是字符设备，不是普通文件；拒绝写入（保持原样）"},
    {W::IsBlockDevice, 0, "is a block device, not a regular file; refusing to write it (it was left untouched)",
     "是块设备，不是普通文件；拒绝写入（保持原样）"},
    {W::IsSocket, 0, "is a socket, not a regular file; refusing to write it (it was left untouched)",
     "是套接字，不是普通文件；拒绝写入（保持原样）"},
    {W::IsDirectory, 0, "is a directory, not a regular file; refusing to write it (it was left untouched)",
     "是目录，不是普通文件；拒绝写入（保持原样）"},
    {W::IsNotRegular, 0, "is not a regular file, not a regular file; refusing to write it (it was left untouched)",
     "不是普通文件；拒绝写入（保持原样）"},
    {W::ReadOnly, 1, "the file is read-only ({0}); it was left unchanged", "文件是只读的（{0}）；保持原样"},
    {W::TempFailedKept, 2, "cannot create a temporary file in {0} ({1}); the previous file was left unchanged",
     "无法在 {0} 中创建临时文件（{1}）；原文件保持不变"},
    {W::TempFailedNew, 2, "cannot create a temporary file in {0} ({1}); no file was written",
     "无法在 {0} 中创建临时文件（{1}）；没有写入文件"},
    {W::TempNamesTakenKept, 1, "cannot create a temporary file in {0} (every name taken); the previous file was left unchanged",
     "无法在 {0} 中创建临时文件（所有名称都已被占用）；原文件保持不变"},
    {W::TempNamesTakenNew, 1, "cannot create a temporary file in {0} (every name taken); no file was written",
     "无法在 {0} 中创建临时文件（所有名称都已被占用）；没有写入文件"},
    {W::WriteFailedKept, 1, "cannot write ({0}); the previous file was left unchanged", "无法写入（{0}）；原文件保持不变"},
    {W::WriteFailedNew, 1, "cannot write ({0}); no file was written", "无法写入（{0}）；没有写入文件"},
    {W::ChmodFailedKept, 1, "cannot set permissions ({0}); the previous file was left unchanged",
     "无法设置权限（{0}）；原文件保持不变"},
    {W::ChmodFailedNew, 1, "cannot set permissions ({0}); no file was written", "无法设置权限（{0}）；没有写入文件"},
    {W::RenameFailedKept, 1, "cannot replace the file ({0}); the previous file was left unchanged",
     "无法替换文件（{0}）；原文件保持不变"},
    {W::RenameFailedNew, 1, "cannot replace the file ({0}); no file was written", "无法替换文件（{0}）；没有写入文件"},
};
// clang-format on

static_assert(entriesInIdOrder(kIssues, kIssueIdCount), "one issue entry per IssueId, in order");
static_assert(entriesInIdOrder(kWriteReasons, kWriteReasonCount),
              "one write-reason entry per WriteReason, in order");

// How each language words a JSON value's type (detail::describeType's names).
struct TypeWord {
    std::string_view name;
    std::string_view en;
    std::string_view zh;
};
constexpr std::array<TypeWord, 8> kTypeWords{{
    {"null", "null", "null"},
    {"object", "an object", "对象"},
    {"array", "an array", "数组"},
    {"string", "a string", "字符串"},
    {"boolean", "a boolean", "布尔值"},
    {"integer", "an integer", "整数"},
    {"number", "a number", "数字"},
    {"unsupported", "an unsupported value", "不支持的值"},
}};

// The words of nlohmann's syntax errors (jsonSyntaxWord): the context being parsed, the token
// names and the lexer's messages. A Chinese token name that starts with a quote or a literal
// keeps a space before it ("意外的 '}'"), a worded one does not ("应为字符串").
struct SyntaxWord {
    std::string_view en;
    std::string_view zh;
};
constexpr std::string_view kSyntaxPrefix = "syntax:";
constexpr SyntaxWord kSyntaxWords[] = {
    {"value", "值"},
    {"object key", "对象的键"},
    {"object separator", "对象的分隔符"},
    {"object", "对象"},
    {"array", "数组"},
    {"true literal", " true"},
    {"false literal", " false"},
    {"null literal", " null"},
    {"string literal", "字符串"},
    {"number literal", "数字"},
    {"'['", " '['"},
    {"'{'", " '{'"},
    {"']'", " ']'"},
    {"'}'", " '}'"},
    {"':'", " ':'"},
    {"','", " ','"},
    {"<parse error>", "解析错误"},
    {"end of input", "输入结尾"},
    {"'[', '{', or a literal", " '['、'{' 或字面量"},
    {"unknown token", "未知的记号"},
    {"<uninitialized>", "未初始化的记号"},
    {"invalid literal", "无效的字面量"},
    {"invalid BOM; must be 0xEF 0xBB 0xBF if given", "无效的 BOM；若有 BOM，必须是 0xEF 0xBB 0xBF"},
    {"invalid comment; expecting '/' or '*' after '/'", "无效的注释；'/' 之后应为 '/' 或 '*'"},
    {"invalid comment; missing closing '*/'", "无效的注释；缺少结尾的 '*/'"},
    {"invalid number; expected digit after '-'", "无效的数字；'-' 之后应为数字"},
    {"invalid number; expected digit after '.'", "无效的数字；'.' 之后应为数字"},
    {"invalid number; expected digit after exponent sign", "无效的数字；指数符号之后应为数字"},
    {"invalid number; expected '+', '-', or digit after exponent", "无效的数字；指数之后应为 '+'、'-' 或数字"},
    {"invalid string: '\\u' must be followed by 4 hex digits", "无效的字符串：'\\u' 之后必须是 4 个十六进制数字"},
    {"invalid string: forbidden character after backslash", "无效的字符串：反斜杠之后是不允许的字符"},
    {"invalid string: ill-formed UTF-8 byte", "无效的字符串：格式错误的 UTF-8 字节"},
    {"invalid string: missing closing quote", "无效的字符串：缺少右引号"},
    {"invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF",
     "无效的字符串：代理项 U+D800..U+DBFF 之后必须是 U+DC00..U+DFFF"},
    {"invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF",
     "无效的字符串：代理项 U+DC00..U+DFFF 必须跟在 U+D800..U+DBFF 之后"},
};

// "invalid string: control character U+0009 (HT) must be escaped to \u0009 or \t" in Chinese.
std::string controlCharacterZh(std::string_view en) {
    constexpr std::string_view head = "invalid string: control character ";
    constexpr std::string_view mid = " must be escaped to ";
    const std::size_t at = en.find(mid);
    if (en.substr(0, head.size()) != head || at == std::string_view::npos) return std::string(en);
    std::string escapes(en.substr(at + mid.size()));
    if (const std::size_t orAt = escapes.find(" or "); orAt != std::string::npos)
        escapes.replace(orAt, 4, " 或 ");
    return "无效的字符串：控制字符 " + std::string(en.substr(head.size(), at - head.size())) +
           " 必须转义为 " + escapes;
}

std::string syntaxWordIn(std::string_view en, Lang lang) {
    if (lang == Lang::En) return std::string(en);
    for (const SyntaxWord& w : kSyntaxWords)
        if (w.en == en) return std::string(w.zh);
    return controlCharacterZh(en);
}

std::string formatIssueArg(const IssueArg& a, Lang lang) {
    if (a.kind == IssueArg::Kind::JsonType) {
        if (a.text.rfind(kSyntaxPrefix, 0) == 0)
            return syntaxWordIn(std::string_view(a.text).substr(kSyntaxPrefix.size()), lang);
        for (const TypeWord& w : kTypeWords)
            if (w.name == a.text) return std::string(lang == Lang::ZhCN ? w.zh : w.en);
    }
    return a.text;
}

} // namespace

IssueArg jsonSyntaxWord(std::string english) {
    return IssueArg::jsonType(std::string(kSyntaxPrefix) + english);
}

std::span<const TextEntry<IssueId>> issueCatalogue() {
    return kIssues;
}

std::span<const TextEntry<WriteReason>> writeReasonCatalogue() {
    return kWriteReasons;
}

std::string renderIssue(IssueId id, std::span<const IssueArg> args, Lang lang) {
    if (static_cast<int>(id) < 0 || static_cast<int>(id) >= kIssueIdCount) return {};
    return fillTemplate(
        catalogueTemplate(kIssues, id, lang),
        [&](std::size_t i) { return i < args.size() ? formatIssueArg(args[i], lang) : "?"; },
        [](std::size_t) { return false; });
}

std::string renderWriteReason(WriteReason reason, std::span<const std::string> args, Lang lang) {
    return fillTemplate(
        catalogueTemplate(kWriteReasons, reason, lang),
        [&](std::size_t i) { return i < args.size() ? args[i] : std::string("?"); },
        [](std::size_t) { return false; });
}

} // namespace trainplan::model
