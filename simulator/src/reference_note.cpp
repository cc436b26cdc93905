// The catalogue of what a published run's rebuild assumed, and why a row could not be rebuilt
// (reference_note.h).

#include <trainplan/simulator/reference_note.h>
#include <trainplan/simulator/text_catalogue.h>

#include <span>

namespace trainplan::sim {

namespace {

using N = RefNoteId;

// clang-format off
constexpr TextEntry<RefNoteId> kNotes[] = {
    {N::GlobalFromLocalBatch, 2,
     "global batch = the published local batch {0} × dp {1}",
     "全局批量 = 公开的单卡批量 {0} × dp {1}"},
    {N::LlamaArchitecture, 0,
     "Llama architecture: SwiGLU FFN, untied embeddings, rotary positions",
     "Llama 架构：SwiGLU FFN、不共享的嵌入、旋转位置编码"},
    {N::GptArchitecture, 0,
     "GPT architecture: GELU FFN, tied embeddings, learned positions",
     "GPT 架构：GELU FFN、共享的嵌入、可学习位置编码"},
    {N::A100MemoryNotStated, 0,
     "GPU memory not stated: the 40 GB A100 of 2020 DGX-A100 systems",
     "未注明 GPU 显存：按 2020 年 DGX-A100 系统的 40 GB A100"},
    {N::GpuMemoryPublished, 1,
     "GPU memory set to the published {0} GiB",
     "GPU 显存取公开值 {0} GiB"},
    {N::HbmPublished, 1,
     "HBM bandwidth set to the published {0} TB/s",
     "HBM 带宽取公开值 {0} TB/s"},
    {N::PowerCap, 1,
     "power cap {0} W: sustained clock from the cube law (docs/model.md)",
     "功耗上限 {0} W：持续时钟按立方律推算（docs/model.md）"},
    {N::InterNodeNdr, 0,
     "inter-node network not stated: 8 × NDR 400 Gb/s (DGX H100/H200/B200)",
     "未注明节点间网络：按 8 × NDR 400 Gb/s（DGX H100/H200/B200）"},
    {N::InterNodeEdrDgx2, 0,
     "inter-node network not stated: the DGX-2's 8 × EDR 100 Gb/s",
     "未注明节点间网络：按 DGX-2 的 8 × EDR 100 Gb/s"},
    {N::InterNodeHdrDgxA100, 0,
     "inter-node network not stated: the DGX-A100's 8 × HDR 200 Gb/s",
     "未注明节点间网络：按 DGX-A100 的 8 × HDR 200 Gb/s"},
    {N::ModelParallel96, 0,
     "model-parallel size 96 split as tp 8 × pp 12",
     "模型并行规模 96 拆为 tp 8 × pp 12"},
    {N::TorchtitanInterleaved, 0,
     "Interleaved 1F1B with torchtitan's default two stages per rank",
     "交错 1F1B，按 torchtitan 默认每个 rank 两个阶段"},
    {N::TorchtitanPipelineSplit, 0,
     "torchtitan's pipeline split: the embedding and the output each count as one layer, so the first and last stages hold fewer",
     "torchtitan 的流水线切分：嵌入层和输出层各算一层，因此首尾阶段的层数较少"},
    {N::MicroBatchFromLocal, 2,
     "micro-batch = local batch {0} / {1} micro-batches (torchtitan's default: one per pipeline rank)",
     "微批量 = 单卡批量 {0} / {1} 个微批（torchtitan 默认：每个流水线 rank 一个）"},
    {N::MicroBatchSearched, 0,
     "micro-batch not published: the fastest fitting of 1, 2, 4, 8",
     "未公开微批量：取 1、2、4、8 中放得下且最快的"},
    {N::InterleavingSearched, 0,
     "interleaved schedule with unpublished chunks: the fastest fitting",
     "交错调度的分块数未公开：取放得下且最快的"},
    {N::RecomputeFullAssumed, 0,
     "recompute not stated: full (the 2020 scripts' --checkpoint-activations)",
     "未注明重计算：按完全重计算（2020 年脚本的 --checkpoint-activations）"},
    {N::RecomputeNoneAssumed, 0,
     "recompute not stated: none (flash-era recipes' default)",
     "未注明重计算：按不重计算（FlashAttention 时代配方的默认）"},
    {N::NothingFits, 0,
     "no candidate fits in memory: predicted with the smallest",
     "没有候选方案放得下显存：按占用最小的方案预测"},
};
// clang-format on
static_assert(entriesInIdOrder(kNotes, kRefNoteCount), "one entry per RefNoteId, in order");

using K = RefSkipId;

// clang-format off
constexpr TextEntry<RefSkipId> kSkips[] = {
    {K::ArchitectureNotPublished, 0,
     "architecture or GPU count not published",
     "未公开模型结构或 GPU 数量"},
    {K::GlobalBatchNotPublished, 0,
     "global batch not published",
     "未公开全局批量"},
    {K::GpuNotInCatalog, 1,
     "GPU '{0}' is not in the catalog",
     "目录中没有 GPU '{0}'"},
    {K::CatalogLacksGpuOrLink, 2,
     "catalog lacks {0} or {1}",
     "目录中缺少 {0} 或 {1}"},
    {K::CatalogLacksInterNode, 0,
     "catalog lacks the inter-node link",
     "目录中缺少节点间链路"},
    {K::GpusNotMultipleOfNode, 0,
     "GPU count is not a multiple of GPUs per node",
     "GPU 数量不是每节点 GPU 数的整数倍"},
    {K::FrameworkNotRecognised, 1,
     "framework '{0}' not recognised",
     "无法识别框架 '{0}'"},
    {K::NoMeasurement, 0,
     "no measurement TrainPlan predicts",
     "没有 TrainPlan 能预测的测量值"},
    {K::NotReproducible, 1,
     "not reproducible: {0}",
     "无法复现：{0}"},
};
// clang-format on
static_assert(entriesInIdOrder(kSkips, kRefSkipCount), "one entry per RefSkipId, in order");

} // namespace

std::string RefNote::text(Lang lang) const {
    return renderTemplate(refNoteTemplate(id, lang), std::span<const MessageArg>(args), lang);
}

std::string_view refNoteTemplate(RefNoteId id, Lang lang) {
    return catalogueTemplate(kNotes, id, lang);
}

int refNoteArgCount(RefNoteId id) {
    return catalogueEntry(kNotes, id).argCount;
}

std::string RefSkip::text(Lang lang) const {
    std::vector<MessageArg> all = args;
    if (planIssue) all.push_back(textArg(planIssue->text(lang)));
    return renderTemplate(refSkipTemplate(id, lang), std::span<const MessageArg>(all), lang);
}

std::string_view refSkipTemplate(RefSkipId id, Lang lang) {
    return catalogueTemplate(kSkips, id, lang);
}

int refSkipArgCount(RefSkipId id) {
    return catalogueEntry(kSkips, id).argCount;
}

} // namespace trainplan::sim
