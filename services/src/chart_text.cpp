// The charts' and result tables' words (chart_text.h).

#include <trainplan/services/chart_text.h>

#include <iterator>
#include <span>

namespace trainplan::services {

namespace {

struct ChartEntry {
    ChartText id;
    int argCount;
    std::string_view en;
    std::string_view zh;
};

// clang-format off
constexpr ChartEntry kChartEntries[] = {
    {ChartText::DenseComponent, 1,
     "{0} (dense)",
     "{0}（稠密）"},
    {ChartText::DenseComponentTip, 1,
     "{0} Dense part: attention, norms, dense FFN, shared experts, router, embeddings and LM head.",
     "{0} 稠密部分：注意力、归一化、稠密 FFN、共享专家、路由器、嵌入层和 LM 头。"},
    {ChartText::ExpertComponent, 1,
     "{0} (routed experts)",
     "{0}（路由专家）"},
    {ChartText::ExpertComponentTip, 1,
     "{0} Routed experts: split over the expert-parallel group (ep), their states sharded over dp·cp/ep.",
     "{0} 路由专家：在专家并行组（ep）上切分，其状态在 dp·cp/ep 上分片。"},
    {ChartText::StagesRange, 2,
     "{0} (stages {1})",
     "{0}（第 {1} 级）"},
    {ChartText::StageDenseMoe, 3,
     "{0}: {1} dense + {2} MoE",
     "{0}：{1} 稠密 + {2} MoE"},
    {ChartText::StageMemoryTip, 0,
     "Each pipeline stage's per-GPU memory at its own peak moment: the first stage holds the embeddings and the most in-flight micro-batches, the last the LM head and the loss.",
     "每个流水线阶段在其自身峰值时刻的每 GPU 显存：第一阶段持有嵌入层和最多的在途微批次，最后阶段持有输出头和损失。"},
    {ChartText::StageTip, 8,
     "{0}: {1} layers ({2} dense, {3} MoE; ranks {4}), {5} {5|micro-batch|micro-batches} in flight, peak {6} at {7}",
     "{0}：{1} 层（{2} 稠密，{3} MoE；rank 类型：{4}），{5} 个微批次在途，峰值 {6} 出现在{7}"},
    {ChartText::MemoryPerStageExperts, 0,
     "Memory per stage (light: experts)",
     "各级显存（浅色：专家）"},
    {ChartText::NoPlanToShow, 0,
     "No plan to show",
     "没有可显示的方案"},
    {ChartText::PerGpuAxis, 1,
     "{0} per GPU",
     "每卡 {0}"},
    {ChartText::PlanSpaceTitle, 0,
     "Plan space: step time vs memory",
     "方案空间：单步时间与显存"},
    {ChartText::PlanSpaceTip, 0,
     "Every plan the search evaluated (sampled when there are many). The staircase line is the Pareto front: no other plan is both faster and needs less memory.",
     "搜索评估过的每个方案（数量很多时抽样显示）。阶梯线是帕累托前沿：没有其他方案能同时更快且更省显存。"},
    {ChartText::NoValidPlanOnCluster, 0,
     "No valid plan on this cluster",
     "此集群上没有有效方案"},
    {ChartText::NoPlanFitsMemory, 0,
     "No plan fits in GPU memory",
     "没有方案能放进 GPU 显存"},
    {ChartText::PeakMemoryAxis, 1,
     "Peak memory per GPU ({0})",
     "每卡峰值显存（{0}）"},
    {ChartText::PlanPoint, 3,
     "step {0}, {1} per GPU, MFU {2}",
     "单步 {0}，每卡 {1}，MFU {2}"},
    {ChartText::PointDoesNotFit, 0,
     "does not fit",
     "放不下"},
    {ChartText::CrossoverTitle, 0,
     "Best MFU by model size",
     "不同模型规模下的最佳 MFU"},
    {ChartText::CrossoverTip, 0,
     "The scenario's model scaled in depth and width; each framework's best MFU on this cluster. A shaded band starts where the framework no longer fits in GPU memory.",
     "按深度和宽度缩放场景中的模型，显示各框架在此集群上的最佳 MFU。阴影区从该框架放不进 GPU 显存的规模开始。"},
    {ChartText::NoFrameworkAnyModelSize, 0,
     "No framework fits at any model size",
     "任何模型规模下都没有框架放得下"},
    {ChartText::FrameworkDoesNotFit, 1,
     "{0} does not fit",
     "{0} 放不下"},
    {ChartText::ModelPoint, 5,
     "{0}, {1}<br>{2}<br>MFU {3}, step {4}",
     "{0}，{1}<br>{2}<br>MFU {3}，单步 {4}"},
    {ChartText::BreakPointsTitle, 0,
     "Break points: best MFU by model size",
     "临界点：不同模型规模下的最佳 MFU"},
    {ChartText::BreakPointsTip, 0,
     "The scenario's model scaled in width and depth together (the advisor's model family); each framework's best MFU on this cluster. A ring marks the largest model a framework fits; the shaded band starts at the next size, which no longer fits in GPU memory.",
     "将场景模型的宽度和深度同步缩放（顾问使用的模型族）；各框架在此集群上的最佳 MFU。圆环标出框架能容纳的最大模型；阴影带从下一个规模开始，该规模已无法装入 GPU 显存。"},
    {ChartText::LargestThatFits, 1,
     "{0} largest that fits",
     "{0} 可容纳的最大模型"},
    {ChartText::LargestPoint, 5,
     "{0}: largest model that fits, {1}<br>{2}<br>MFU {3}; {4} no longer fits",
     "{0}：可容纳的最大模型 {1}<br>{2}<br>MFU {3}；{4} 已放不下"},
    {ChartText::ScalingTip, 0,
     "Best plan per framework at each GPU count: solid lines are cluster tokens/s (left axis), dashed lines MFU (right axis).",
     "各 GPU 数量下每个框架的最佳方案：实线为集群 token/秒（左轴），虚线为 MFU（右轴）。"},
    {ChartText::NoFrameworkAnyGpuCount, 0,
     "No framework fits at any GPU count",
     "任何 GPU 数量下都没有框架放得下"},
    {ChartText::ThroughputAxis, 1,
     "Throughput ({0})",
     "吞吐（{0}）"},
    {ChartText::ScalingPoint, 6,
     "{0} on {1} {1|GPU|GPUs}<br>{2}<br>{3}, MFU {4}, step {5}",
     "{0}，{1} 块 GPU<br>{2}<br>{3}，MFU {4}，单步 {5}"},
    {ChartText::MemoryPhaseTip, 0,
     "What is allocated at each moment of a training step on the worst stage. Weights, optimizer states and buffers stay all step; activations build up in forward and are freed in backward while gradients appear; the peak is the fullest moment, not the sum of every component's maximum.",
     "最差阶段在一个训练步各时刻已分配的显存。权重、优化器状态和缓冲区整步常驻；激活值在前向中累积、在反向中释放，同时梯度逐渐出现；峰值是最满的那个时刻，而不是各部分最大值之和。"},
    {ChartText::PhasePeak, 1,
     "{0} ◀ peak",
     "{0} ◀ 峰值"},
    {ChartText::PhaseInUse, 3,
     "{0} ({1} stage): {2} in use",
     "{0}（{1}）：已用 {2}"},
    {ChartText::PeakSummary, 4,
     "Peak on the {0} stage at {1}: {2} = {3}.",
     "峰值出现在{0}的{1}：{2} = {3}。"},
    {ChartText::GradientsNotAllocated, 1,
     "Gradients ({0} when complete) are not all allocated yet at that moment, so they do not add in full to the stored activations.",
     "此时梯度（完整时为 {0}）尚未全部分配，因此不会与保存的激活值完全叠加。"},
    {ChartText::CommunicationByGroup, 0,
     "Communication per GPU per step, by group",
     "每卡每步通信量（按并行组）"},
    {ChartText::CommunicationByTier, 0,
     "Communication per GPU per step, by tier",
     "每卡每步通信量（按网络层级）"},
    {ChartText::SentPerGpuAxis, 1,
     "{0} sent per GPU per step",
     "每卡每步发送量（{0}）"},
    {ChartText::SizingTitle, 0,
     "Expected time to train × cost",
     "预期训练时间 × 成本"},
    {ChartText::SizingTip, 0,
     "Each point is a cluster (GPU type, count, network) with its framework's best plan, timed with failures and restarts. The line joins the Pareto front; the shaded region meets both the deadline and the budget.",
     "每个点是一个集群（GPU 型号、数量、网络）及其框架的最佳方案，计时包含故障与重启。折线连接帕累托前沿；阴影区域同时满足期限与预算。"},
    {ChartText::TimeToTrainDaysAxis, 0,
     "Expected time to train (days)",
     "预期训练时间（天）"},
    {ChartText::CostMillionCnyAxis, 0,
     "Expected cost (million CNY)",
     "预期成本（百万元人民币）"},
    {ChartText::CostMillionUsdAxis, 0,
     "Expected cost (million USD)",
     "预期成本（百万美元）"},
    {ChartText::RecommendationTip, 0,
     "★ The advisor's recommendation (Roadmap tab).",
     "★ 顾问的推荐（见路线图页）。"},
    {ChartText::PlansEvaluatedFit, 2,
     "{0} {0|plan|plans} evaluated, {1} fit.",
     "评估了 {0} 个方案，其中 {1} 个放得下。"},
    {ChartText::GoodputTip, 4,
     "{0} interruptions per day; checkpoint every {1} ({2} stall each); expected time to train {3}.",
     "每天 {0} 次中断；每 {1}保存一次检查点（每次停顿 {2}）；期望训练时间 {3}。"},
    {ChartText::Interval, 3,
     "{0}–{1} ({2})",
     "{0}–{1}（{2}）"},
    {ChartText::RankTip, 0,
     "Rank by step time among the plans that fit.",
     "在放得下的方案中按单步时间排名。"},
    {ChartText::BarCutTip, 1,
     "The bar is cut at the edge of the axis: it is {0} long.",
     "该条在坐标轴边缘被截断：实际长度为 {0}。"},
    {ChartText::TermInputs, 1,
     "Inputs: {0}",
     "输入：{0}"},
    {ChartText::TermSource, 1,
     "Source: {0}",
     "来源：{0}"},
    {ChartText::TermSum, 1,
     "The sum of the {0} {0|term|terms} below.",
     "下面 {0} 项之和。"},
};
// clang-format on

constexpr bool chartInIdOrder() {
    for (std::size_t i = 0; i < std::size(kChartEntries); ++i)
        if (static_cast<std::size_t>(kChartEntries[i].id) != i) return false;
    return std::size(kChartEntries) == static_cast<std::size_t>(kChartTextCount);
}
static_assert(chartInIdOrder(), "one entry per ChartText, in the enum's order");

} // namespace

std::string_view chartTemplate(ChartText id, sim::Lang lang) {
    const ChartEntry& e = kChartEntries[static_cast<std::size_t>(id)];
    return lang == sim::Lang::ZhCN ? e.zh : e.en;
}

int chartArgCount(ChartText id) {
    return kChartEntries[static_cast<std::size_t>(id)].argCount;
}

std::string chartText(ChartText id, sim::Lang lang, std::initializer_list<sim::MessageArg> args) {
    return sim::renderTemplate(chartTemplate(id, lang),
                               std::span<const sim::MessageArg>(args.begin(), args.size()), lang);
}

} // namespace trainplan::services
