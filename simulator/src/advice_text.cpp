#include <trainplan/simulator/advice_text.h>

#include <trainplan/simulator/number_format.h>

#include <array>
#include <cmath>
#include <cstdio>

namespace trainplan::sim {

using model::ReadinessItem;

namespace {

// clang-format off
constexpr MessageTemplate kCatalog[] = {
    {MessageId::RecommendDefault, "recommend_default", 6,
     "Default path: {0} with {1}: {2} per step, {3} MFU, {4} and {5} for the whole run.",
     "默认路线：{0}，方案 {1}；每步 {2}，MFU {3}，整个训练需 {4}，花费 {5}。"},
    {MessageId::RecommendAfterPrerequisites, "recommend_after_prerequisites", 4,
     "Recommended: {0} with {1}, once the missing prerequisites are in place (about {2} of work): {3}.",
     "推荐：{0}，方案 {1}；需先补齐缺失的前置条件（约 {2}的工作量）：{3}。"},
    {MessageId::NothingFits, "nothing_fits", 6,
     "No framework fits {0} parameters on {1} GPUs: the closest is {2} with {3}, which needs {4} per GPU of the {5} available.",
     "在 {1} 块 GPU 上没有任何框架能容纳 {0} 参数的模型：最接近的是 {2}（{3}），每块 GPU 需要 {4}，而可用只有 {5}。"},
    {MessageId::SimplerWithinTolerance, "simpler_within_tolerance", 3,
     "{0} is within {1} of the fastest ready option ({2}), so the simpler framework stays the default.",
     "{0} 与已具备条件的最快选项（{2}）相差不到 {1}，因此默认仍采用更简单的框架。"},
    {MessageId::SwitchPaysOff, "switch_pays_off", 3,
     "{0} is {1} faster than {2}, enough to justify its extra complexity.",
     "{0} 比 {2} 快 {1}，足以抵消它带来的额外复杂度。"},
    {MessageId::FasterButMissing, "faster_but_missing", 4,
     "{0} with {1} is {2} faster but still needs: {3}.",
     "{0}（方案 {1}）快 {2}，但还缺少：{3}。"},
    {MessageId::FasterButAlsoNeeds, "faster_but_also_needs", 4,
     "{0} with {1} is {2} faster but would also need: {3}.",
     "{0}（方案 {1}）快 {2}，但还需要额外具备：{3}。"},
    {MessageId::DoesNotFit, "does_not_fit", 4,
     "{0} does not fit: its closest plan {1} needs {2} per GPU of the {3} available.",
     "{0} 放不下：最接近的方案 {1} 每块 GPU 需要 {2}，而可用只有 {3}。"},
    {MessageId::NoValidPlan, "no_valid_plan", 1,
     "{0} has no valid parallel layout for this model, batch and cluster.",
     "{0} 在当前模型、批量和集群下没有合法的并行布局。"},
    {MessageId::ExcludedByConstraints, "excluded_by_constraints", 1,
     "{0} is excluded by the scenario's constraints.",
     "{0} 已被场景约束排除。"},
    {MessageId::ReadyFor, "ready_for", 1,
     "The team and platform already meet the prerequisites of {0}.",
     "团队和平台已满足 {0} 的前置条件。"},
    {MessageId::ReadinessMissingFor, "readiness_missing_for", 3,
     "{0} needs about {1} of preparation first: {2}.",
     "{0} 需要先投入约 {1} 的准备：{2}。"},

    {MessageId::StopsFittingAbove, "stops_fitting_above", 5,
     "{0} stops fitting above {1} parameters on {2} GPUs with {3} in {4}.",
     "在 {2} 显存的 GPU 上使用 {3}、{4} 训练时，{0} 超过 {1} 参数就放不下。"},
    {MessageId::FitsUpTo, "fits_up_to", 4,
     "{0} fits models up to {1} parameters on this cluster, the largest only with {2} at {3} MFU.",
     "{0} 在此集群上最多能容纳 {1} 参数的模型，最大的一档只能用方案 {2}，MFU 为 {3}。"},
    {MessageId::FitsUpToButComm, "fits_up_to_but_comm", 5,
     "{0} fits models up to {1} parameters on this cluster (the largest only with {3} at {4} MFU), but at the current size its best plan spends {2} of each step in exposed inter-node communication.",
     "{0} 在此集群上最多能容纳 {1} 参数的模型（最大的一档只能用方案 {3}，MFU 为 {4}），但在当前规模下其最佳方案每步有 {2} 的时间是未被隐藏的节点间通信。"},
    {MessageId::FitsEverySize, "fits_every_size", 4,
     "{0} fits every model size tried on this cluster, up to {1} parameters, the largest with {2} at {3} MFU.",
     "{0} 在此集群上能容纳所有试过的模型规模，最大到 {1} 参数，最大的一档用方案 {2}，MFU 为 {3}。"},
    {MessageId::FitsNoSize, "fits_no_size", 2,
     "{0} cannot fit even {1} parameters on this cluster.",
     "{0} 在此集群上连 {1} 参数的模型都放不下。"},
    {MessageId::ScalingBreak, "scaling_break", 5,
     "{0} keeps MFU at or above {1} up to {2} GPUs; at {3} GPUs it drops to {4}.",
     "{0} 在 {2} 块 GPU 以内 MFU 不低于 {1}；到 {3} 块 GPU 时降到 {4}。"},
    {MessageId::ScalingNoPlan, "scaling_no_plan", 4,
     "{0} keeps MFU at or above {1} up to {2} GPUs; at {3} GPUs no plan fits the global batch and the memory.",
     "{0} 在 {2} 块 GPU 以内 MFU 不低于 {1}；到 {3} 块 GPU 时已没有同时满足全局批量和显存的方案。"},
    {MessageId::ScalingNotReached, "scaling_not_reached", 3,
     "{0} keeps MFU at or above {1} up to {2} GPUs, the largest count tried.",
     "{0} 直到试过的最大规模 {2} 块 GPU，MFU 仍不低于 {1}。"},
    {MessageId::ScalingAlwaysBelow, "scaling_always_below", 4,
     "{0} stays below {1} MFU at every GPU count tried, from {2} to {3} GPUs.",
     "{0} 在试过的所有 GPU 数量下（{2} 到 {3} 块）MFU 都低于 {1}。"},
    {MessageId::BandwidthBreak, "bandwidth_break", 6,
     "Below {0} per NIC between nodes, the data-parallel communication of {1} with {2} (its whole time, hidden or exposed) takes more than {3} of the step (at the current {4} it takes {5}).",
     "节点间每张网卡带宽低于 {0} 时，{1}（方案 {2}）的数据并行通信总时长（含被计算隐藏的部分）将超过每步时间的 {3}（当前 {4} 下为 {5}）。"},
    {MessageId::BandwidthAlwaysExceeds, "bandwidth_always_exceeds", 4,
     "The data-parallel communication of {0} with {1} (its whole time, hidden or exposed) takes more than {2} of the step even at {3} per NIC.",
     "即使每张网卡有 {3}，{0}（方案 {1}）的数据并行通信总时长（含被计算隐藏的部分）仍超过每步时间的 {2}。"},
    {MessageId::BandwidthNeverExceeds, "bandwidth_never_exceeds", 4,
     "The data-parallel communication of {0} with {1} (its whole time, hidden or exposed) stays within {2} of the step even at {3} per NIC.",
     "即使每张网卡只有 {3}，{0}（方案 {1}）的数据并行通信总时长（含被计算隐藏的部分）也不超过每步时间的 {2}。"},

    {MessageId::StageDdpBaseline, "stage_ddp_baseline", 0,
     "Build a reliable DDP baseline",
     "建立可靠的 DDP 基线"},
    {MessageId::StageSharded, "stage_sharded", 1,
     "Move to {0} when memory or cost binds",
     "显存或成本成为瓶颈时迁移到 {0}"},
    {MessageId::StageStandardize, "stage_standardize", 0,
     "Standardize images, scheduling, monitoring and job governance",
     "统一镜像、调度、监控和作业治理"},
    {MessageId::StageMegatron, "stage_megatron", 1,
     "Adopt tensor and pipeline parallelism with {0} when scale demands it",
     "规模需要时采用 {0} 的张量与流水线并行"},
    {MessageId::StageValidate, "stage_validate", 0,
     "Validate the choice with measured cost and stability",
     "用实测成本和稳定性验证选型"},
    {MessageId::StageCustom, "stage_custom", 1,
     "Stage {0}",
     "阶段 {0}"},
    {MessageId::StageUserTitle, "stage_user_title", 1,
     "{0}",
     "{0}"},

    {MessageId::TriggerOom, "trigger_oom", 1,
     "when {0} runs out of memory",
     "当 {0} 显存不足时"},
    {MessageId::TriggerMfuBelow, "trigger_mfu_below", 2,
     "when the MFU of {0} falls below {1}",
     "当 {0} 的 MFU 低于 {1} 时"},
    {MessageId::TriggerCostAbove, "trigger_cost_above", 2,
     "when a training run with {0} costs more than {1}",
     "当使用 {0} 的一次训练花费超过 {1} 时"},
    {MessageId::TriggerGpusAbove, "trigger_gpus_above", 1,
     "when a job needs more than {0} GPUs",
     "当单个作业需要超过 {0} 块 GPU 时"},
    {MessageId::TriggerManual, "trigger_manual", 0,
     "when the team decides",
     "由团队决定时机"},

    {MessageId::GainBaseline, "gain_baseline", 5,
     "Baseline: {0} with {1} trains in {2} for {3} at {4} MFU.",
     "基线：{0}（方案 {1}）训练需 {2}，花费 {3}，MFU {4}。"},
    {MessageId::GainFits, "gain_fits", 3,
     "{0} with {1} makes the target trainable; {2} does not fit it.",
     "{0}（方案 {1}）让该目标可以训练，而 {2} 放不下。"},
    {MessageId::GainSpeedup, "gain_speedup", 8,
     "{0} with {1} trains {2} faster than {3}: {4} instead of {5}, {6} instead of {7}.",
     "{0}（方案 {1}）比 {3} 快 {2}：训练时间 {4}（原为 {5}），花费 {6}（原为 {7}）。"},
    {MessageId::GainSlower, "gain_slower", 6,
     "{0} with {1} is {2} slower than {3} on this target ({4} instead of {5}); switch only when memory or operations require it.",
     "{0}（方案 {1}）在该目标上比 {3} 慢 {2}（{4}，原为 {5}）；只有显存或运维需要时才值得切换。"},
    {MessageId::GainPrerequisitesMissing, "gain_prerequisites_missing", 3,
     "{0} of its {1} prerequisites are still missing (about {2} of work).",
     "其 {1} 项前置条件中仍缺 {0} 项（约 {2}的工作量）。"},
    {MessageId::GainPrerequisitesDone, "gain_prerequisites_done", 1,
     "All {0} of its prerequisites are in place.",
     "其 {0} 项前置条件已全部具备。"},
    {MessageId::GainValidate, "gain_validate", 4,
     "Compare measured runs with the prediction: {0} per step, {1} MFU, {2} and {3} for the whole run.",
     "用实测数据对照预测：每步 {0}，MFU {1}，整个训练需 {2}，花费 {3}。"},
    {MessageId::BaselineSmallerModel, "baseline_smaller_model", 4,
     "{0} cannot hold {1} parameters on this cluster; build the baseline on {2} ({3} parameters) instead.",
     "{0} 在此集群上放不下 {1} 参数的模型；请改用 {2}（{3} 参数）建立基线。"},
    {MessageId::BaselineUpTo, "baseline_up_to", 3,
     "{0} cannot hold {1} parameters on this cluster; build the baseline on a model of at most {2} parameters.",
     "{0} 在此集群上放不下 {1} 参数的模型；请用不超过 {2} 参数的模型建立基线。"},
    {MessageId::TargetUnresolved, "target_unresolved", 1,
     "The target model {0} is not in the catalog; the scenario's model is used instead.",
     "目标模型 {0} 不在目录中，改用场景中的模型。"},
    {MessageId::StagePlanInvalid, "stage_plan_invalid", 1,
     "The stage's plan {0} is not valid on its target, so the best searched plan is shown instead.",
     "该阶段指定的方案 {0} 在目标上无效，改为显示搜索到的最佳方案。"},

    {MessageId::NoFitHostMemory, "no_fit_host_memory", 4,
     "no {0} plan fits: the closest ({1}) fits on the GPU but offloads {2} per node to host memory, over the {3} the node has",
     "{0} 没有能放下的方案：最接近的方案（{1}）在 GPU 上放得下，但每个节点要向主机内存卸载 {2}，超过了节点的 {3}"},
    {MessageId::NoFitSmallest, "no_fit_smallest", 4,
     "no {0} plan fits: the smallest needs {1} per GPU, {2} over the {3} usable",
     "{0} 没有能放下的方案：显存需求最小的方案每块 GPU 需要 {1}，比可用的 {3} 多 {2}"},
    {MessageId::NoFitWholeModel, "no_fit_whole_model", 2,
     "{0} does not support tensor/pipeline parallelism or sharding, so every GPU holds the whole model: weights, gradients and optimizer states alone take {1} per GPU",
     "{0} 不支持张量并行、流水线并行或分片，每块 GPU 都要存放整个模型：仅权重、梯度和优化器状态每块 GPU 就要 {1}"},
    {MessageId::NoFitSmallestHolds, "no_fit_smallest_holds", 3,
     "its smallest plan ({0}) holds {1} of weights, gradients and optimizer states and {2} of activations per GPU",
     "其显存需求最小的方案（{0}）每块 GPU 存放 {1} 的权重、梯度和优化器状态，以及 {2} 的激活"},
    {MessageId::NoValidPlanOn, "no_valid_plan_on", 3,
     "no valid {0} plan on {1} GPUs: {2}",
     "{0} 在 {1} 块 GPU 上没有合法的方案：{2}"},
    {MessageId::GlobalBatchTooSmall, "global_batch_too_small", 4,
     "no valid {0} plan on {1} GPUs: the global batch of {2} sequences is smaller than micro-batch × data-parallel degree = {3}; every data-parallel rank needs at least one sequence per step",
     "{0} 在 {1} 块 GPU 上没有合法的方案：全局批量 {2} 条序列小于 micro-batch × 数据并行度 = {3}，每个数据并行副本每步至少需要一条序列"},
    {MessageId::GlobalBatchNotDivisible, "global_batch_not_divisible", 4,
     "no valid {0} plan on {1} GPUs: the global batch of {2} sequences is not divisible by micro-batch × data-parallel degree = {3}",
     "{0} 在 {1} 块 GPU 上没有合法的方案：全局批量 {2} 条序列不能被 micro-batch × 数据并行度 = {3} 整除"},
    {MessageId::ConstraintsFix, "constraints_fix", 1,
     "the scenario's constraints fix {0}",
     "场景约束固定了 {0}"},
    {MessageId::SearchCancelled, "search_cancelled", 0,
     "the search was cancelled before it finished",
     "搜索在完成前被取消"},

    {MessageId::CalRunLeftOut, "cal_run_left_out", 2,
     "run '{0}' left out: {1}",
     "运行 “{0}” 未参与拟合：{1}"},
    {MessageId::CalRunNotPositive, "cal_run_not_positive", 3,
     "run '{0}': {1} {2} is not a positive number; left out",
     "运行 “{0}”：{1} 的值 {2} 不是正数，未参与拟合"},
    {MessageId::CalRedundantSpeed, "cal_redundant_speed", 1,
     "{0} redundant speed measurement(s) not fitted: a run's step time, tokens/s, MFU and TFLOP/s measure the same quantity, so one per run is used (step time first)",
     "{0} 个冗余的速度测量未参与拟合：同一次运行的步时间、token/s、MFU 和 TFLOP/s 测的是同一个量，因此每次运行只用一个（优先用步时间）"},
    {MessageId::CalUninformative, "cal_uninformative", 1,
     "{0} measurement(s) depend on none of the fitted parameters and were not fitted",
     "{0} 个测量值与所拟合的参数都无关，未参与拟合"},
    {MessageId::CalNotConverged, "cal_not_converged", 1,
     "the fit stopped after {0} iterations without converging",
     "拟合在 {0} 次迭代后停止，未收敛"},
    {MessageId::CalAtBound, "cal_at_bound", 3,
     "{0} ended at its bound [{1}, {2}]: the runs want a value outside the plausible range, so the model misses something they measure",
     "{0} 停在了边界 [{1}, {2}]：这些运行需要一个超出合理范围的值，说明模型遗漏了它们测到的某些因素"},
    {MessageId::CalCorrelated, "cal_correlated", 3,
     "{0} and {1} are strongly correlated ({2}): the runs barely tell them apart; their sum or ratio is better known than either",
     "{0} 与 {1} 高度相关（{2}）：这些运行几乎无法区分二者，它们的和或比值比各自的值更可靠"},
    {MessageId::CalSingular, "cal_singular", 0,
     "the Jacobian at the solution is singular: uncertainties are not available",
     "解处的雅可比矩阵奇异：无法给出不确定度"},
    {MessageId::CalExact, "cal_exact", 0,
     "as many measurements as parameters: the fit is exact, so uncertainty and leave-one-out error need more runs",
     "测量数与参数数相同：拟合是精确的，要得到不确定度和留一误差需要更多运行"},
    {MessageId::CalNoLeaveOneOut, "cal_no_leave_one_out", 1,
     "{0} measurement(s) have no leave-one-out prediction: without their run the remaining runs cannot determine the parameters",
     "{0} 个测量值没有留一预测：去掉其所在的运行后，其余运行无法确定这些参数"},
};

struct ItemEntry {
    ReadinessItem item;
    ReadinessItemText en;
    ReadinessItemText zh;
};

constexpr ItemEntry kItems[] = {
    {ReadinessItem::ExperienceDdp,
     {"experience running PyTorch DDP",
      "Multi-GPU data parallelism is the base every other framework builds on: launchers, rendezvous, seeding and gradient synchronisation."},
     {"PyTorch DDP 实战经验",
      "多卡数据并行是其他所有框架的基础：启动器、节点协调、随机种子和梯度同步都要先掌握。"}},
    {ReadinessItem::ExperienceZeroFsdp,
     {"experience tuning ZeRO or FSDP",
      "Sharded training adds wrapping policies, prefetching, sharded checkpoints and mixed-precision settings that change memory and speed."},
     {"ZeRO 或 FSDP 调优经验",
      "分片训练引入了封装策略、预取、分片检查点和混合精度配置，它们直接影响显存和速度。"}},
    {ReadinessItem::ExperienceThreeD,
     {"experience running tensor, pipeline and data parallelism together",
      "Choosing TP, PP, virtual stages and micro-batches, and debugging pipeline schedules, is specialist work."},
     {"张量、流水线、数据三维并行的实战经验",
      "选择 TP、PP、虚拟流水线阶段和微批次，以及排查流水线调度问题，都需要专门的经验。"}},
    {ReadinessItem::DebugHangs,
     {"ability to debug distributed hangs",
      "A job that hangs in a collective wastes every GPU it holds; someone must be able to find the rank and the cause quickly."},
     {"排查分布式挂起的能力",
      "卡在集合通信里的作业会浪费它占用的所有 GPU，必须有人能迅速定位出问题的 rank 和原因。"}},
    {ReadinessItem::DebugPerformance,
     {"ability to debug distributed performance",
      "The gap between predicted and achieved throughput is closed by profiling overlap, bucket sizes, stragglers and kernels."},
     {"定位分布式性能问题的能力",
      "预测吞吐和实际吞吐之间的差距，要靠分析通信重叠、桶大小、慢节点和算子效率来弥补。"}},
    {ReadinessItem::MaintainVersions,
     {"capacity to maintain framework and driver versions",
      "Frameworks, CUDA, NCCL and drivers move together; someone must test and roll out compatible versions."},
     {"维护框架与驱动版本的人力",
      "框架、CUDA、NCCL 和驱动需要配套升级，必须有人负责测试并发布兼容的版本组合。"}},
    {ReadinessItem::GangScheduling,
     {"gang scheduling",
      "A distributed job needs all of its GPUs at once; partial allocations deadlock or idle the GPUs already granted."},
     {"整组调度（gang scheduling）",
      "分布式作业需要一次拿到全部 GPU，只分到一部分会导致死锁或让已分到的 GPU 空等。"}},
    {ReadinessItem::Rdma,
     {"an RDMA network (InfiniBand or RoCE)",
      "Collectives across nodes need RDMA bandwidth and latency; over TCP, communication dominates the step."},
     {"RDMA 网络（InfiniBand 或 RoCE）",
      "跨节点集合通信依赖 RDMA 的带宽和延迟；走 TCP 时通信会占据大部分步时间。"}},
    {ReadinessItem::TopologyAwarePlacement,
     {"topology-aware placement",
      "Tensor parallelism must stay inside a node and pipeline stages should sit on nearby switches; the scheduler must know the topology."},
     {"拓扑感知的任务放置",
      "张量并行必须留在节点内，流水线阶段应放在相邻交换机下，调度器需要了解网络拓扑。"}},
    {ReadinessItem::SharedCheckpointStorage,
     {"shared high-bandwidth checkpoint storage",
      "Sharded checkpoints are written by every rank and must be readable by any node after a restart."},
     {"共享高带宽检查点存储",
      "分片检查点由每个 rank 写出，重启后任何节点都必须能读到。"}},
    {ReadinessItem::FailureRecovery,
     {"failure detection and automatic restart",
      "At scale, GPUs and links fail every few days; jobs must be detected as failed and resumed from the last checkpoint."},
     {"故障检测与自动重启",
      "大规模训练中 GPU 和链路隔几天就会出故障，平台必须能发现失败作业并从最近的检查点恢复。"}},
    {ReadinessItem::Monitoring,
     {"GPU and network monitoring",
      "Utilisation, memory, link errors and throughput per job show whether a framework delivers what was predicted."},
     {"GPU 与网络监控",
      "按作业采集利用率、显存、链路错误和吞吐，才能判断框架是否达到了预期。"}},
    {ReadinessItem::StandardImages,
     {"standard training images",
      "Curated, versioned images make runs reproducible and let the platform support one stack instead of many."},
     {"标准训练镜像",
      "经过筛选并带版本号的镜像让训练可复现，平台也只需支持一套而不是多套环境。"}},
    {ReadinessItem::CostAttribution,
     {"cost attribution per job",
      "Booking GPU-hours to jobs and teams is how a framework choice is judged on real cost."},
     {"按作业的成本归集",
      "把 GPU 时长记到具体作业和团队上，才能用真实成本评估框架选型。"}},
};
// clang-format on

std::string fmt(const char* format, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string joinItems(const std::vector<ReadinessItem>& items, Lang lang) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0) {
            if (lang == Lang::ZhCN)
                out += "、";
            else
                out += i + 1 == items.size() ? (items.size() > 2 ? ", and " : " and ") : ", ";
        }
        out += readinessItemText(items[i], lang).label;
    }
    return out;
}

} // namespace

MessageArg MessageArg::framework(model::Framework f) {
    return {ArgKind::Framework, static_cast<double>(static_cast<int>(f)), {}, {}};
}
MessageArg MessageArg::plan(const model::Plan& p) {
    return {ArgKind::Plan, 0, p.label(), {}};
}
MessageArg MessageArg::itemList(std::vector<ReadinessItem> list) {
    return {ArgKind::Items, 0, {}, std::move(list)};
}
MessageArg MessageArg::name(std::string text) {
    return {ArgKind::Name, 0, std::move(text), {}};
}
MessageArg MessageArg::number(ArgKind kind, double value) {
    return {kind, value, {}, {}};
}

bool MessageArg::isNumeric() const {
    switch (kind) {
    case ArgKind::Framework:
    case ArgKind::Plan:
    case ArgKind::Items:
    case ArgKind::Name:
        return false;
    default:
        return true;
    }
}

std::span<const MessageTemplate> messageCatalog() {
    return kCatalog;
}

const MessageTemplate& messageTemplate(MessageId id) {
    for (const MessageTemplate& t : kCatalog)
        if (t.id == id) return t;
    return kCatalog[0]; // unreachable: the catalogue test covers every id
}

std::string_view messageKey(MessageId id) {
    return messageTemplate(id).key;
}

namespace {

// `prefix` and v with three significant digits in Chinese units: 万亿 (10^12), 亿 (10^8), 万
// (10^4), else whole units.

} // namespace

std::string formatArg(const MessageArg& arg, Lang lang) {
    const bool zh = lang == Lang::ZhCN;
    const double v = arg.value;
    switch (arg.kind) {
    case ArgKind::Framework:
        return std::string(model::displayName(static_cast<model::Framework>(static_cast<int>(v))));
    case ArgKind::Plan:
    case ArgKind::Name:
        return arg.text;
    case ArgKind::Items:
        return joinItems(arg.items, lang);
    case ArgKind::Parameters:
        // Chinese counts in 万 (10^4), 亿 (10^8) and 万亿 (10^12): 706亿, not 70.6B.
        return formatCount(v, lang);
    case ArgKind::Bytes:
        return formatBytes(v, ByteUnits::Binary);
    case ArgKind::Seconds:
        return formatSeconds(v, lang);
    case ArgKind::Duration:
        return formatDuration(v, lang);
    case ArgKind::Percent:
        return formatPercent(v);
    case ArgKind::Factor:
        return fmt("%.2f", v) + "×";
    case ArgKind::Usd:
        return formatMoney(v, "$", lang);
    case ArgKind::Count:
        return fmt("%.0f", v);
    case ArgKind::BytesPerSecond:
        return formatBytesPerSecond(v);
    case ArgKind::SignedPercent:
        return (v >= 0 ? "+" : "") + formatPercent(v);
    case ArgKind::Decimal:
        return sig3(v);
    case ArgKind::Weeks: {
        const std::string n = std::fabs(v - std::round(v)) < 0.05 ? fmt("%.0f", v) : fmt("%.1f", v);
        if (zh) return n + " 周";
        return n + (n == "1" ? " week" : " weeks");
    }
    }
    return {};
}

std::string formatBytes(double bytes, ByteUnits units) {
    if (!std::isfinite(bytes)) return "—";
    const bool binary = units == ByteUnits::Binary;
    const double k = binary ? 1024.0 : 1000.0;
    static constexpr std::array<const char*, 4> kBinary{" KiB", " MiB", " GiB", " TiB"};
    static constexpr std::array<const char*, 4> kDecimal{" kB", " MB", " GB", " TB"};
    const double a = std::fabs(bytes);
    if (a < k) return fmt("%.0f", bytes) + " B";
    std::size_t i = 0;
    double scale = k;
    while (i + 1 < kBinary.size() && a >= scale * k) {
        scale *= k;
        ++i;
    }
    return sig3(bytes / scale) + (binary ? kBinary : kDecimal)[i];
}

std::vector<std::string> renderAll(std::span<const Message> messages, Lang lang) {
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const Message& m : messages)
        out.push_back(render(m, lang));
    return out;
}

std::string render(const Message& m, Lang lang) {
    const MessageTemplate& t = messageTemplate(m.id);
    return renderTemplate(lang == Lang::ZhCN ? t.zh : t.en, m.args, lang);
}

std::string renderTemplate(std::string_view text, std::span<const MessageArg> args, Lang lang) {
    return model::fillTemplate(
        text,
        [&](std::size_t i) {
            return i < args.size() ? formatArg(args[i], lang) : std::string("?");
        },
        [&](std::size_t i) { return i < args.size() && args[i].value == 1; });
}

ReadinessItemText readinessItemText(ReadinessItem item, Lang lang) {
    for (const ItemEntry& e : kItems)
        if (e.item == item) return lang == Lang::ZhCN ? e.zh : e.en;
    return {};
}

std::string_view toString(Difficulty d) {
    switch (d) {
    case Difficulty::Low:
        return "low";
    case Difficulty::Medium:
        return "medium";
    case Difficulty::High:
        return "high";
    }
    return "low";
}

std::string_view difficultyLabel(Difficulty d, Lang lang) {
    static constexpr std::array<std::string_view, 3> en{"low", "medium", "high"};
    static constexpr std::array<std::string_view, 3> zh{"低", "中", "高"};
    return (lang == Lang::ZhCN ? zh : en)[static_cast<std::size_t>(d)];
}

} // namespace trainplan::sim
