#include <trainplan/model/io/import_text.h>

#include "import_text_parts.h"

#include <array>
#include <string_view>

namespace trainplan::model::io {

namespace {

using I = ImportTextId;

// clang-format off
constexpr detail::ImportEntry kCommonTexts[] = {
    {I::Verbatim, 1, "{0}", "{0}"},
    {I::MustBeIntegerOrAutoGot, 1, "must be an integer or \"auto\", got {0}", "必须是整数或 \"auto\"，实际是{0}"},
    {I::MustBeNumberOrAutoGot, 1, "must be a number or \"auto\", got {0}", "必须是数字或 \"auto\"，实际是{0}"},
    {I::MustBeBoolOrAutoGot, 1, "must be true or false or \"auto\", got {0}", "必须是 true、false 或 \"auto\"，实际是{0}"},
    {I::UnknownTopLevelKeys, 1, "unknown top-level keys ignored: {0}", "已忽略未知的顶层键：{0}"},
    {I::UnknownSectionKeys, 2, "unknown {0} keys ignored: {1}", "已忽略未知的 {0} 键：{1}"},
    {I::PatternFirstLayerFull, 1,
     "layer 0 is full attention but layer {0} is windowed: TrainPlan models a window on every layer, or full attention on every n-th layer (the last of each group of n)",
     "第 0 层是全注意力，但第 {0} 层使用滑动窗口：TrainPlan 只建模每层都用窗口，或每 n 层用一次全注意力（每组 n 层中的最后一层）"},
    {I::PatternLayerWindowed, 3,
     "layer {0} is windowed, but the first full-attention layer, {1}, sets a period of {2}: TrainPlan models a window on every layer, or full attention on every n-th layer (the last of each group of n)",
     "第 {0} 层使用滑动窗口，但第一个全注意力层（第 {1} 层）确定的周期是 {2}：TrainPlan 只建模每层都用窗口，或每 n 层用一次全注意力（每组 n 层中的最后一层）"},
    {I::PatternLayerFull, 3,
     "layer {0} is full attention, but the first full-attention layer, {1}, sets a period of {2}: TrainPlan models a window on every layer, or full attention on every n-th layer (the last of each group of n)",
     "第 {0} 层是全注意力，但第一个全注意力层（第 {1} 层）确定的周期是 {2}：TrainPlan 只建模每层都用窗口，或每 n 层用一次全注意力（每组 n 层中的最后一层）"},
    {I::QuotedReason, 2, "'{0}' {1}", "'{0}' {1}"},
    {I::QuotedColonReason, 2, "'{0}': {1}", "'{0}'：{1}"},
    {I::NotGivenByAnyFile, 0,
     "is not given by any imported file (import the model's config.json or a scenario with the other files)",
     "没有任何导入的文件给出（请和其他文件一起导入模型的 config.json 或一个场景）"},
    {I::NodesFromPlan, 3,
     "no launch script gives the node count; {0} GPUs (from the plan's dp×tp×pp×cp) assumed as {1} nodes × {2} (import the torchrun/Slurm script or pass --nodes/--gpus-per-node)",
     "没有启动脚本给出节点数；{0} 块 GPU（来自方案的 dp×tp×pp×cp）假定为 {1} 个节点 × {2}（请导入 torchrun/Slurm 脚本，或传入 --nodes/--gpus-per-node）"},
    {I::NodesNotGiven, 0, "the node count is not given (import the torchrun/Slurm script or pass --nodes)",
     "没有给出节点数（请导入 torchrun/Slurm 脚本，或传入 --nodes）"},
    {I::ClusterNotGiven, 0,
     "the number of nodes and GPUs per node is not given (import the torchrun/Slurm script, give a scenario, or pass --nodes and --gpus-per-node)",
     "没有给出节点数和每节点 GPU 数（请导入 torchrun/Slurm 脚本、提供场景，或传入 --nodes 和 --gpus-per-node）"},
    {I::GpusPerNodeAssumed, 0, "not given; assuming 8 (pass --gpus-per-node)", "未给出；假定为 8（可传入 --gpus-per-node）"},
    {I::GpuHintRead, 3, "'{0}' from {2} read as catalog GPU {1}", "{2} 中的 '{0}' 识别为目录中的 GPU {1}"},
    {I::GpuHintUnknown, 2, "'{0}' from {1} matches no catalog GPU", "{1} 中的 '{0}' 与目录中的任何 GPU 都不匹配"},
    {I::GpuAssumed, 1, "the files do not say which GPU; assuming {0} (pass --gpu NAME)",
     "文件没有说明使用哪种 GPU；假定为 {0}（可传入 --gpu NAME）"},
    {I::LinkAssumed, 2, "not given; assuming {0} (pass {1} NAME)", "未给出；假定为 {0}（可传入 {1} NAME）"},
    {I::MergeContradicts, 4, "{0} from {1} contradicts {2} from {3}", "{1} 中的 {0} 与 {3} 中的 {2} 矛盾"},
    {I::MergeContradictsUsing, 4, "{0} from {1} contradicts {2} from {3}; using {0}",
     "{1} 中的 {0} 与 {3} 中的 {2} 矛盾；使用 {0}"},
    {I::MergeUsed, 4, "{0} from {1} is used; {2} from {3} differs", "使用 {1} 中的 {0}；{3} 中的 {2} 与之不同"},
    {I::MergeUsedToolDefault, 4,
     "{0} from {1} is used; {2} from {3} (the tool's default when the flag is absent — the job would use it) differs",
     "使用 {1} 中的 {0}；{3} 中的 {2}（未给出该选项时工具的默认值——作业会使用它）与之不同"},
    {I::BinaryNotConfig, 0, "is a binary file, not a config or launch script", "是二进制文件，不是配置文件或启动脚本"},
    {I::NotRecognised, 0,
     "not recognised: expected a Hugging Face config.json, a DeepSpeed config, a Megatron-LM launch (pretrain_gpt.py …), a torchrun/Slurm script or a TrainPlan scenario",
     "无法识别：应为 Hugging Face config.json、DeepSpeed 配置、Megatron-LM 启动命令（pretrain_gpt.py …）、torchrun/Slurm 脚本或 TrainPlan 场景"},
    {I::NoFilesToImport, 0, "no files to import", "没有要导入的文件"},
    {I::SecondScenario, 0, "a second scenario: import at most one", "第二个场景：最多只能导入一个"},
    {I::SaveAsUtf8, 1, "{0} (save it as UTF-8)", "{0}（请另存为 UTF-8）"},
    {I::TokenizerIsCatalogModel, 2, "'{0}' is catalog model '{1}': it gives what the flags do not",
     "'{0}' 是目录中的模型 '{1}'：由它补全命令行选项没有给出的内容"},
    {I::NoCatalogTokenizer, 1, "'{0}' matches no catalog model: import its config.json for the vocabulary",
     "'{0}' 与目录中的任何模型都不匹配：请导入它的 config.json 以获得词表大小"},
    {I::SeqLenReplaced, 3, "{0} from --seq-len replaces {1} from {2}", "--seq-len 给出的 {0} 替换了 {2} 中的 {1}"},
    {I::SeqLenIsLongestContext, 2,
     "{0} is the longest context the model supports ({1}); training often runs shorter — pass --seq-len to plan for the training sequence length",
     "{0} 是模型支持的最长上下文（{1}）；训练通常用更短的序列——请传入 --seq-len，按训练时的序列长度规划"},
    {I::ArchitectureIsCatalogModel, 1, "the architecture is catalog model '{0}'", "该架构就是目录中的模型 '{0}'"},
    {I::TorchtitanStagesNotDividePp, 5, "{0} stages (⌈{1} effective layers / {2} per stage⌉, {4}) do not divide over pp {3}",
     "{0} 个阶段（⌈{1} 个有效层 / 每阶段 {2} 层⌉，{4}）不能平均分到 pp {3}"},
    {I::VirtualStageNotDivideLayers, 4, "{0} layers per virtual stage ({3}) × pp {1} does not divide the model's {2} layers",
     "每个虚拟阶段 {0} 层（{3}）× pp {1} 不能整除模型的 {2} 层"},
    {I::TheCluster, 0, "the cluster", "集群"},
    {I::WorldNotDivisible, 7, "{0} GPUs ({1} nodes × {2}, {6}) are not divisible by tp×pp×cp = {3}×{4}×{5}",
     "{0} 块 GPU（{1} 个节点 × {2}，{6}）不能被 tp×pp×cp = {3}×{4}×{5} 整除"},
    {I::TooManyDpRanks, 0, "more than 10,000,000 data-parallel ranks", "数据并行 rank 超过 10,000,000 个"},
    {I::DpFromWorld, 8, "dp = {0} GPUs ({1} nodes × {2}, {7}) / (tp {3} × pp {4} × cp {5}) = {6}",
     "dp = {0} 块 GPU（{1} 个节点 × {2}，{7}）/（tp {3} × pp {4} × cp {5}）= {6}"},
    {I::DpContradicts, 3, "{0} from {1} contradicts {2}", "{1} 中的 {0} 与 {2} 矛盾"},
    {I::MicroBatchDerived, 4, "{0} derived from {2} / ({3} × dp {1})", "{0} 由 {2} /（{3} × dp {1}）推导得出"},
    {I::MicroBatchAssumed, 0, "not given by any file; assuming 1", "没有文件给出；假定为 1"},
    {I::GlobalBatchMismatch, 9, "{0} ({5}) ≠ micro-batch {1} ({6}) × gradient accumulation {2} ({7}) × dp {3} = {4}, where {8}",
     "{0}（{5}）≠ micro-batch {1}（{6}）× 梯度累积 {2}（{7}）× dp {3} = {4}，其中 {8}"},
    {I::GlobalBatchMismatchDerived, 8, "{0} ({5}) ≠ micro-batch {1} (derived) × gradient accumulation {2} ({6}) × dp {3} = {4}, where {7}",
     "{0}（{5}）≠ micro-batch {1}（推导值）× 梯度累积 {2}（{6}）× dp {3} = {4}，其中 {7}"},
    {I::GlobalBatchNotDivisible, 6, "{0} ({4}) is not divisible by micro-batch {1} × dp {2} = {3}, where {5}",
     "{0}（{4}）不能被 micro-batch {1} × dp {2} = {3} 整除，其中 {5}"},
    {I::GlobalBatchDerived, 4, "{0} = micro-batch {1} × gradient accumulation {2} × dp {3} (no file gives the global batch)",
     "{0} = micro-batch {1} × 梯度累积 {2} × dp {3}（没有文件给出全局批大小）"},
    {I::NoPlan, 0,
     "no DeepSpeed, Megatron-LM or torchtitan settings among the files: the scenario has no plan (the planner searches for the best one per framework)",
     "文件中没有 DeepSpeed、Megatron-LM 或 torchtitan 设置：场景中没有方案（规划器会为每个框架搜索最佳方案）"},
    {I::GlobalBatchAssumed, 1, "not given; assuming one sequence per GPU ({0})", "未给出；假定每块 GPU 一条序列（{0}）"},
    {I::PrecisionAssumed, 0, "not given; assuming bf16", "未给出；假定为 bf16"},
    {I::TrainTokensDiffer, 3, "the launch trains {0} tokens; {1} says {2}: using the launch's",
     "启动命令训练 {0} 个 token；{1} 中为 {2}：使用启动命令的值"},
    {I::TrainTokensNotGiven, 0, "not given (no --train-iters or --training.steps): time-to-train and cost need it",
     "未给出（没有 --train-iters 或 --training.steps）：计算训练时长和成本需要它"},
    {I::IsDirectory, 0, "is a directory, not a file", "是目录，不是文件"},
    {I::ConfigTooLarge, 0, "larger than 16 MiB, not a config or launch script", "大于 16 MiB，不是配置文件或启动脚本"},
    {I::KeyLine, 1, "line {0}", "第 {0} 行"},
    {I::KeyWithNote, 2, "{0} ({1})", "{0}（{1}）"},
    {I::KeyPeakMemory, 0, "peak memory", "峰值显存"},
    {I::KeyGlobalBatchSize, 0, "global batch size", "全局批大小"},
    {I::KeyTrainingSteps, 0, "training steps", "训练步数"},
    {I::KeyTrainingSamples, 0, "training samples", "训练样本数"},
    {I::KeyLayersPerVirtualStage, 0, "plan layers per virtual stage", "方案的每个虚拟阶段层数"},
    {I::KeyGradientAccumulation, 0, "plan gradient accumulation", "方案的梯度累积步数"},
    {I::KeyRecomputeInterval, 0, "plan layer-wise recompute interval", "方案的逐层重计算间隔"},
    {I::FieldAbsent, 0, "absent", "未设置"},
    {I::FieldAbsentValue, 1, "absent: {0}", "未设置：{0}"},
    {I::FieldAbsentForModel, 2, "absent: {0} for {1}", "未设置：{1} 默认为 {0}"},
    {I::FieldAbsentForThisModel, 1, "absent: {0} for this model", "未设置：该模型默认为 {0}"},
    {I::FieldAbsentOnePerHead, 0, "absent: one per head", "未设置：每个注意力头一个"},
    {I::FieldAbsentFullAttention, 0, "absent: full attention", "未设置：全注意力"},
    {I::FieldAbsentEveryLayerWindowed, 0, "absent: every layer windowed", "未设置：每层都用滑动窗口"},
    {I::FieldAbsentStandardAttention, 0, "absent: standard attention", "未设置：标准注意力"},
    {I::FieldAbsentQueriesNotCompressed, 0, "absent: None, queries not compressed", "未设置：None，query 不压缩"},
    {I::FieldAbsentMegatronDefault, 0, "absent: Megatron's default", "未设置：Megatron 的默认值"},
    {I::FieldAbsentOneKvHeadPerHead, 0, "absent: one KV head per head", "未设置：每个注意力头一个 KV 头"},
    {I::FieldAbsentMegatronTies, 0, "absent: Megatron ties them", "未设置：Megatron 默认共享二者"},
    {I::FieldAbsentNone, 0, "absent: none", "未设置：无"},
    {I::FieldAbsentDense, 0, "absent: dense", "未设置：稠密模型"},
    {I::FieldAbsentNoInterleaving, 0, "absent: no interleaving", "未设置：不交错"},
    {I::FieldAbsentNoRecompute, 0, "absent: no recompute", "未设置：不重计算"},
    {I::FieldAbsentDeepSpeedFp32, 0, "absent: DeepSpeed trains in fp32", "未设置：DeepSpeed 以 fp32 训练"},
    {I::FieldValueFullAttention, 1, "{0}: full attention", "{0}：全注意力"},
    {I::FieldNoLayerTypesEveryWindowed, 0, "no layer_types: every layer windowed", "没有 layer_types：每层都用滑动窗口"},
    {I::FieldNoLayerTypesFullEvery, 2, "no layer_types: full attention every {0} layers for {1}",
     "没有 layer_types：{1} 每 {0} 层一次全注意力"},
    {I::FieldNoWindowedLayer, 0, "no windowed layer", "没有滑动窗口层"},
    {I::FieldNullQueriesNotCompressed, 0, "null: queries not compressed", "null：query 不压缩"},
    {I::FieldNullValue, 1, "null: {0}", "null：{0}"},
    {I::FieldMla, 0, "multi-head latent attention", "多头潜在注意力"},
    {I::FieldKeyValuePerHead, 0, "a key and a value per head", "每个注意力头一个 key 和一个 value"},
    {I::FieldBothFalse, 1, "both false: {0}", "两者都为 false：{0}"},
    {I::FieldWindowLeftPlusOne, 0, "left + 1, the query included", "left + 1，包括 query 本身"},
    {I::FieldWindowUnbounded, 0, "left -1: unbounded, full attention", "left 为 -1：不限长度，即全注意力"},
    {I::FieldEveryLayerFull, 0, "every layer full attention", "每层都是全注意力"},
    {I::FieldFsdpOffloadsParams, 0, "FSDP offloads parameters too", "FSDP 也会卸载参数"},
    {I::FieldTorchtitanSp, 0, "torchtitan uses sequence parallelism with TP", "torchtitan 在 TP 下使用序列并行"},
    {I::FieldReplicated, 0, "replicated", "完整复制"},
    {I::FieldAdamDecouples, 0, "Megatron's adam decouples weight decay: AdamW", "Megatron 的 adam 使用解耦的权重衰减：AdamW"},
    {I::FieldEveryKLayers, 1, "every {0} layers", "每 {0} 层"},
    {I::FieldFsdpDefaultStrategy, 0, "optim_grads_params by default", "默认为 optim_grads_params"},
    {I::ValueNoPositionEmbedding, 0, "none (rotary/ALiBi)", "无（rotary/ALiBi）"},
    {I::ValueEvenSplit, 0, "the even split", "均匀切分"},
};
// clang-format on

static_assert(detail::consecutiveIds(kCommonTexts, I::Verbatim, I::HfUnknownKeys),
              "part 1 of the import catalogue: one entry per id, in order");

// How each language words a JSON value's type (model::detail::typeArg's names).
struct ImportTypeWord {
    std::string_view name;
    std::string_view en;
    std::string_view zh;
};
constexpr std::array<ImportTypeWord, 8> kImportTypeWords{{
    {"null", "null", "null"},
    {"object", "an object", "对象"},
    {"array", "an array", "数组"},
    {"string", "a string", "字符串"},
    {"boolean", "a boolean", "布尔值"},
    {"integer", "an integer", "整数"},
    {"number", "a number", "数字"},
    {"unsupported", "an unsupported value", "不支持的值"},
}};

std::string formatImportArg(const IssueArg& a, Lang lang) {
    if (a.kind == IssueArg::Kind::JsonType)
        for (const ImportTypeWord& w : kImportTypeWords)
            if (w.name == a.text) return std::string(lang == Lang::ZhCN ? w.zh : w.en);
    return a.text;
}

// Every entry by id, joined from the parts once.
const std::array<const detail::ImportEntry*, kImportTextIdCount>& importEntries() {
    static const auto table = [] {
        std::array<const detail::ImportEntry*, kImportTextIdCount> t{};
        for (auto part : {detail::importTextsCommon(), detail::importTextsConfigs(),
                          detail::importTextsLaunch(), detail::importTextsLogs()})
            for (const detail::ImportEntry& e : part)
                t[static_cast<std::size_t>(e.id)] = &e;
        return t;
    }();
    return table;
}

} // namespace

namespace detail {
std::span<const ImportEntry> importTextsCommon() {
    return kCommonTexts;
}
} // namespace detail

std::vector<TextEntry<ImportTextId>> importTextCatalogue() {
    std::vector<TextEntry<ImportTextId>> out;
    for (const detail::ImportEntry* e : importEntries())
        if (e) out.push_back(*e);
    return out;
}

bool isShellSyntaxIssue(const ImportIssue& issue) {
    return !issue.validation && issue.id() == ImportTextId::ShellSyntax;
}

std::string renderImportText(const ImportText& text, Lang lang) {
    const int id = static_cast<int>(text.id);
    if (id < 0 || id >= kImportTextIdCount) return {};
    const detail::ImportEntry* e = importEntries()[static_cast<std::size_t>(id)];
    if (!e) return {};
    const std::size_t n = text.args.size();
    return fillTemplate(
        lang == Lang::ZhCN ? e->zh : e->en,
        [&](std::size_t i) -> std::string {
            if (i < n) return formatImportArg(text.args[i], lang);
            if (i - n < text.parts.size()) return renderImportText(text.parts[i - n], lang);
            return "?";
        },
        [&](std::size_t i) { return i < n && text.args[i].text == "1"; });
}

} // namespace trainplan::model::io
