#include <trainplan/simulator/explain.h>

#include "derivation_term.h"
#include "estimate_detail.h"
#include "memory_overheads.h"

#include <trainplan/model/gpu_spec.h>
#include <trainplan/simulator/energy.h>

#include <cstdio>

// The derivation tree of a plan: the estimate's own numbers (nothing is recomputed here), each
// with the formula and source its estimator writes beside its computation (derivation_rules.h).

namespace trainplan::sim {

using detail::ruleLeaf;
using detail::ruleSum;
using model::Plan;

namespace {

std::string fmt(double v, const char* unit = "") {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g%s", v, unit);
    return buf;
}

DerivationTerm memoryTree(const PlanContext& ctx, const Plan& p, const MemoryBreakdown& m) {
    const auto& sc = *ctx.scenario;
    const Placements pl = placeGroups(p, sc.cluster.gpusPerNode);
    const detail::StageParams sp = detail::stageParams(ctx, p, detail::slotOf(m));
    const bool moe = sc.model.moe.enabled();
    const detail::BytesPerParam bpp =
        detail::bytesPerParam(p.framework, sc.training.precision, sc.training.optimizer);
    const detail::Shards sh = detail::shardDegrees(p, pl);
    const MemoryPhase& at = m.atPeak();
    const std::string phase = toString(m.peakPhase);
    const rules::Phrase& states = rules::stateSource(p.framework);
    std::vector<DerivationTerm> parts;
    const auto paramInputs = [&](double bytes) {
        return detail::TermInputs{{"bytes per parameter", bytes},
                                  {"non-expert parameters on this rank", sp.dense},
                                  {"expert parameters on this rank", sp.expert},
                                  {"data-parallel shard degree", sh.dense},
                                  {"expert shard degree", sh.expert}};
    };
    // MoE models: each parameter state splits into the dense part (attention, norms, dense FFN,
    // shared experts, router, embeddings/head; sharded over dp·cp) and the routed experts (split
    // over ep·etp, sharded over the expert-data-parallel group tp·dp·cp/(ep·etp)).
    const auto state = [&](std::string name, double bytes, const rules::Phrase& formula,
                           detail::TermInputs inputs, double expertBytes, bool sharded) {
        DerivationTerm whole =
            ruleLeaf(std::move(name), bytes, "bytes", formula, std::move(inputs), states);
        if (!moe) return whole;
        DerivationTerm t =
            ruleSum(whole.name, whole.unit, formula, states,
                    {ruleLeaf("dense parameters", bytes - expertBytes, "bytes",
                              rules::denseStateFormula(sharded),
                              {{"non-expert parameters on this rank", sp.dense},
                               {"data-parallel shard degree", sh.dense}},
                              states),
                     ruleLeaf("routed-expert parameters", expertBytes, "bytes",
                              rules::expertStateFormula(sharded),
                              {{"expert parameters on this rank", sp.expert},
                               {"ep", static_cast<double>(p.ep)},
                               {"expert tp (etp)", static_cast<double>(p.expertTp())},
                               {"expert shard degree", sh.expert}},
                              rules::kExpertStateSource)});
        t.inputs = std::move(whole.inputs);
        return t;
    };
    parts.push_back(state("weights", m.weightsBytes, rules::weightsFormula(p.zeroStage >= 3),
                          paramInputs(bpp.weights), m.expertWeightsBytes, p.zeroStage >= 3));
    // Gradients alive at the peak moment keep the dense/expert proportion of the full size.
    const double expertGradsAtPeak =
        m.gradientsBytes > 0 ? at.gradientsBytes * m.expertGradientsBytes / m.gradientsBytes : 0.0;
    parts.push_back(state(
        "gradients at " + phase, at.gradientsBytes, rules::gradientsFormula(m.persistentGradients),
        {{"gradient size", m.gradientsBytes}, {"bytes per parameter", bpp.gradients}},
        expertGradsAtPeak, p.zeroStage >= 2));
    parts.push_back(
        state("optimizer states", m.optimizerBytes,
              rules::optimizerFormula(p.offload != model::Offload::None, p.zeroStage >= 1),
              paramInputs(bpp.optimizer), m.expertOptimizerBytes, p.zeroStage >= 1));
    const double fraction = m.activationsBytes > 0 ? at.activationsBytes / m.activationsBytes : 0.0;
    std::vector<DerivationTerm> stored{
        ruleLeaf("transformer layers",
                 fraction * (m.activationsBytes - m.lossActivationBytes - m.mtpActivationBytes),
                 "bytes", rules::kLayerActivationsFormula,
                 {{"alive fraction", fraction},
                  {"in-flight micro-batches", static_cast<double>(m.inFlightMicroBatches)},
                  {"layers on stage", m.layersOnStage},
                  {"activation per micro-batch (all layers)", m.layerActivationBytesPerMicroBatch},
                  {"interleaving factor", m.interleaveFactor},
                  {"tokens per micro-batch", detail::tokensPerMicroBatch(ctx, p)},
                  {"bytes per token per layer", detail::activationBytesPerToken(ctx, p, false)}},
                 rules::kLayerActivationsSource),
        ruleLeaf("loss (final norm input and logits)", fraction * m.lossActivationBytes, "bytes",
                 rules::lossFormula(p.framework, sc.training.crossEntropy),
                 {{"vocabulary", static_cast<double>(sc.model.vocab)},
                  {"tp", static_cast<double>(p.tp)}},
                 rules::lossSource(p.framework, sc.training.crossEntropy))};
    if (m.mtpActivationBytes > 0)
        stored.push_back(ruleLeaf("multi-token prediction modules", fraction * m.mtpActivationBytes,
                                  "bytes", rules::kMtpActivationsFormula,
                                  {{"MTP modules", static_cast<double>(sc.model.mtpLayers)}},
                                  rules::kMtpActivationsSource));
    parts.push_back(ruleSum("stored activations at " + phase, "bytes",
                            rules::kStoredActivationsFormula, rules::kStoredActivationsSource,
                            std::move(stored)));
    const rules::Phrase& transientWhat =
        at.transientBytes <= 0                           ? rules::kTransientNone
        : at.transientBytes == m.lossTransientBytes      ? rules::kTransientLogitsGradient
        : at.transientBytes == m.recomputeTransientBytes ? rules::kTransientRecomputeLayer
                                                         : rules::kTransientGradientUnit;
    parts.push_back(ruleLeaf("working memory at " + phase, at.transientBytes, "bytes",
                             transientWhat,
                             {{"logits gradient", m.lossTransientBytes},
                              {"recompute working layer", m.recomputeTransientBytes},
                              {"gradient unit", m.gradUnitTransientBytes}},
                             rules::kTransientSource));
    parts.push_back(ruleLeaf("communication buffers", m.buffersBytes, "bytes",
                             rules::buffersFormula(p.framework), {}, rules::kBuffersSource));
    // The communicators behind ncclBytes, listed as the estimate counted them.
    const detail::Communicators comms = detail::planCommunicators(ctx, p, pl, m.stage);
    std::vector<DerivationTerm> commTerms;
    for (int i = 0; i < comms.count; ++i) {
        const detail::Communicator& c = comms.items[i];
        commTerms.push_back(
            ruleLeaf(std::string(c.group) + " communicator", c.bytes, "bytes",
                     rules::communicatorFormula(c.pattern),
                     {{"ranks", static_cast<double>(c.size)},
                      {"peers in the node", static_cast<double>(c.nvlinkPeers)},
                      {"peers across the network", static_cast<double>(c.networkPeers)},
                      {"channels", ctx.eff.ncclChannels},
                      {"connection bytes", ctx.eff.ncclConnectionBytes}},
                     rules::kCommunicatorSource));
    }
    parts.push_back(ruleSum(
        "overhead", "bytes", rules::kOverheadFormula, rules::kOverheadSource,
        {ruleLeaf("CUDA context", m.cudaContextBytes, "bytes", rules::kCudaContextFormula, {},
                  rules::kCudaContextSource),
         ruleSum("NCCL communicators", "bytes", rules::kCommunicatorsFormula,
                 rules::kCommunicatorsSource, std::move(commTerms)),
         ruleLeaf(
             "allocator fragmentation", m.fragmentationBytes, "bytes", rules::kFragmentationFormula,
             {{"fraction", ctx.eff.memoryOverheadFraction}, {"churned at peak", at.churnBytes}},
             rules::kFragmentationSource)}));
    const char* stage = m.stage == StageKind::First    ? "first stage"
                        : m.stage == StageKind::Last   ? "last stage"
                        : m.stage == StageKind::Middle ? "middle stage"
                                                       : "the only stage";
    DerivationTerm root =
        ruleSum(std::string("peak memory per GPU (") + stage + ", at " + phase + ")", "bytes",
                rules::kPeakMemoryFormula, rules::kPeakMemorySource, std::move(parts));
    root.inputs = {{"pipeline stage index", static_cast<double>(m.stageIndex)},
                   {"dense layers on stage", m.denseLayersOnStage()},
                   {"MoE layers on stage", m.moeLayersOnStage}};
    return root;
}

DerivationTerm recomputeTerm(const Plan& p, double seconds, double microBatches) {
    DerivationTerm t =
        ruleLeaf("recompute", seconds, "s", rules::recomputeFormula(p),
                 {{"micro-batches", microBatches},
                  {"recomputed layers per chunk (0: all)", static_cast<double>(p.recomputeLayers)}},
                 rules::kRecomputeSource);
    // The --recompute-modules variant names the modules ("{0}").
    const MessageArg modules[] = {textArg(model::recompute_module::join(p.recomputeModules, " "))};
    t.formula = renderTemplate(t.formula, modules, Lang::En);
    t.formulaZh = renderTemplate(t.formulaZh, modules, Lang::ZhCN);
    return t;
}

DerivationTerm timeTree(const PlanContext& ctx, const Plan& p, const PlanEstimate& e) {
    const auto& T = e.time;
    const double m = e.gradAccum;
    std::vector<DerivationTerm> parts;
    parts.push_back(ruleSum("compute", "s", rules::kComputeFormula, rules::kComputeSource,
                            {ruleLeaf("forward", T.forwardSeconds, "s", rules::kForwardFormula,
                                      {{"micro-batches", m},
                                       {"peak FLOP/s", ctx.peakFlopsPerSecond},
                                       {"gemm efficiency", ctx.eff.gemmEfficiency},
                                       {"gemm half-depth k0", ctx.eff.gemmHalfDim},
                                       {"HBM bytes/s", ctx.hbmBytesPerSecond},
                                       {"HBM efficiency", ctx.eff.hbmEfficiency}},
                                      rules::kForwardSource),
                             ruleLeaf("backward", T.backwardSeconds, "s", rules::kBackwardFormula,
                                      {{"micro-batches", m}}, rules::kBackwardSource),
                             recomputeTerm(p, T.recomputeSeconds, m)}));
    parts.push_back(ruleLeaf(
        "exposed tensor-parallel communication", T.exposedTpSeconds, "s", rules::kExposedTpFormula,
        {{"tp", static_cast<double>(p.tp)}, {"total TP time", e.communication.tpSeconds}},
        rules::kExposedTpSource));
    const bool allGatherCp = detail::pytorchCpAllGather(p);
    parts.push_back(
        ruleLeaf("exposed context-parallel communication", T.exposedCpSeconds, "s",
                 rules::exposedCpFormula(allGatherCp),
                 {{"cp", static_cast<double>(p.cp)}, {"total CP time", e.communication.cpSeconds}},
                 rules::exposedCpSource(allGatherCp)));
    parts.push_back(ruleLeaf("exposed expert-parallel communication", T.exposedEpSeconds, "s",
                             rules::exposedEpFormula(p.epCommOverlap),
                             {{"ep", static_cast<double>(p.ep)},
                              {"expert tp (etp)", static_cast<double>(p.expertTp())},
                              {"flex dispatcher (1: tokens sent once per node)",
                               p.moeDispatcher == model::MoeDispatcher::Flex ? 1.0 : 0.0},
                              {"total EP time", e.communication.epSeconds}},
                             rules::exposedEpSource(p.epCommOverlap)));
    parts.push_back(ruleLeaf("exposed data-parallel communication", T.exposedDpSeconds, "s",
                             rules::exposedDpFormula(p.dpOverlap),
                             {{"dp", static_cast<double>(p.dp)},
                              {"total DP time", e.communication.dpSeconds},
                              {"NCCL SM share", detail::ncclSmShare(ctx.eff)},
                              {"overlap fraction", ctx.eff.overlapFraction}},
                             rules::kExposedDpSource));
    parts.push_back(ruleLeaf("exposed pipeline send/receive", T.exposedPpSeconds, "s",
                             rules::kPipelineSendFormula,
                             {{"pp", static_cast<double>(p.pp)},
                              {"vpp", static_cast<double>(p.vpp)},
                              {"micro-batches", m}},
                             rules::kPipelineSendSource));
    parts.push_back(ruleLeaf("pipeline bubble", T.bubbleSeconds, "s", rules::kBubbleFormula,
                             {{"pp", static_cast<double>(p.pp)},
                              {"vpp", static_cast<double>(p.vpp)},
                              {"micro-batch slot", T.microBatchSeconds}},
                             rules::kBubbleSource));
    const HostRates host = hostRates(ctx.scenario->cluster, ctx.eff);
    const bool offloaded = p.offload != model::Offload::None;
    parts.push_back(ruleLeaf(
        "optimizer step", T.optimizerSeconds, "s", rules::optimizerStepFormula(offloaded),
        offloaded
            ? detail::TermInputs{{"host CPU cores per GPU", host.cpuCoresPerGpu},
                                 {"CPU-Adam params/s per core",
                                  ctx.eff.hostAdamParamsPerSecondPerCore},
                                 {"host DRAM bytes/s per GPU", host.memoryBytesPerSecondPerGpu},
                                 {"host Adam params/s", host.adamParamsPerSecond}}
            : detail::TermInputs{{"HBM efficiency", ctx.eff.hbmEfficiency}},
        rules::optimizerStepSource(offloaded)));
    parts.push_back(ruleLeaf("offload traffic", T.offloadSeconds, "s", rules::kOffloadFormula,
                             {{"PCIe bytes/s", host.pcieBytesPerSecondPerGpu}},
                             rules::kOffloadSource));
    return ruleSum("step time", "s", rules::kStepFormula, rules::kStepSource, std::move(parts));
}

DerivationTerm commTree(const PlanEstimate& e) {
    const auto& c = e.communication;
    const auto& p = e.plan;
    return ruleSum("communication per GPU per step", "bytes", rules::kTrafficFormula,
                   rules::kTrafficSource,
                   {ruleLeaf("data parallel", c.dpBytes, "bytes", rules::kDpBytesFormula,
                             {{"dp", static_cast<double>(p.dp)},
                              {"zero stage", static_cast<double>(p.zeroStage)}},
                             rules::kDpBytesSource),
                    ruleLeaf("tensor parallel", c.tpBytes, "bytes", rules::kTpBytesFormula,
                             {{"tp", static_cast<double>(p.tp)}}, rules::kTpBytesSource),
                    ruleLeaf("pipeline", c.ppBytes, "bytes", rules::kPpBytesFormula,
                             {{"pp", static_cast<double>(p.pp)}}, rules::kPpBytesSource),
                    ruleLeaf("context parallel", c.cpBytes, "bytes", rules::kCpBytesFormula,
                             {{"cp", static_cast<double>(p.cp)}}, rules::kCpBytesSource),
                    ruleLeaf("expert parallel", c.epBytes, "bytes", rules::kEpBytesFormula,
                             {{"ep", static_cast<double>(p.ep)}}, rules::kEpBytesSource)});
}

DerivationTerm flopsTree(const PlanContext& ctx) {
    const auto& f = ctx.flops;
    const double tokens =
        static_cast<double>(ctx.scenario->training.globalBatch) * ctx.scenario->model.seqLen;
    const double dense = f.denseLayers * (f.dense.gemm() + f.dense.attentionCoreModel);
    const double moe = f.moeLayers * (f.moe.gemm() + f.moe.attentionCoreModel);
    std::vector<DerivationTerm> parts{
        ruleLeaf(
            "dense layers", 3 * tokens * dense, "FLOP", rules::kDenseFlopsFormula,
            {{"tokens per step", tokens}, {"dense layers", static_cast<double>(f.denseLayers)}},
            rules::kDenseFlopsSource),
        ruleLeaf("MoE layers", 3 * tokens * moe, "FLOP", rules::kMoeFlopsFormula,
                 {{"MoE layers", static_cast<double>(f.moeLayers)}}, rules::kMoeFlopsSource),
        ruleLeaf("LM head", 3 * tokens * f.lmHead, "FLOP", rules::kLmHeadFlopsFormula,
                 {{"vocabulary", static_cast<double>(ctx.scenario->model.vocab)}},
                 rules::kLmHeadFlopsSource)};
    if (f.mtpLayers > 0)
        parts.push_back(ruleLeaf(
            "multi-token prediction",
            3 * tokens * f.mtpLayers * (f.mtpLayer().modelTotal() + f.mtpProjection + f.lmHead),
            "FLOP", rules::kMtpFlopsFormula, {{"MTP modules", static_cast<double>(f.mtpLayers)}},
            rules::kMtpFlopsSource));
    return ruleSum("model FLOPs per step", "FLOP", rules::kModelFlopsFormula,
                   rules::kModelFlopsSource, std::move(parts));
}

std::vector<Assumption> assumptions(const PlanContext& ctx, const Plan& p) {
    const auto& sc = *ctx.scenario;
    std::vector<Assumption> out;
    for (const auto& d : describeEfficiency(sc))
        out.push_back(
            {d.name, fmt(d.value, (" " + d.unit).c_str()), d.source, d.isDefault, "", d.sourceZh});
    const bool autoExecution = sc.training.execution == model::ExecutionMode::Auto;
    out.push_back({"execution", std::string(model::toString(executionMode(sc, p))),
                   autoExecution ? "the framework's usual stack (training.execution: auto)"
                                 : "scenario training.execution",
                   autoExecution, "",
                   autoExecution ? "该框架的常用软件栈（training.execution: auto）"
                                 : "场景 training.execution"});
    const bool flash = sc.training.flashAttention;
    out.push_back({"flash_attention", flash ? "on" : "off", "scenario training.flash_attention",
                   false, flash ? "开" : "关", "场景 training.flash_attention"});
    if (flash) {
        const bool autoKernel = sc.training.attentionKernel == model::AttentionKernel::Auto;
        out.push_back({"attention_kernel", std::string(model::toString(attentionKernel(sc, p))),
                       autoKernel ? "the software stack's usual kernel (training.attention_kernel: "
                                    "auto): fused under fused kernels and CUDA graphs, flash2 "
                                    "otherwise"
                                  : "scenario training.attention_kernel",
                       autoKernel, "",
                       autoKernel
                           ? "该软件栈的常用内核（training.attention_kernel: auto）：融合内核"
                             "与 CUDA graphs 下用 fused，否则用 flash2"
                           : "场景 training.attention_kernel"});
    }
    {
        const bool stated = sc.training.attentionDropout || sc.training.hiddenDropout;
        const std::string values = "attention " + fmt(model::attentionDropout(sc.training)) +
                                   ", hidden " + fmt(model::hiddenDropout(sc.training));
        const std::string valuesZh = "注意力 " + fmt(model::attentionDropout(sc.training)) +
                                     "，隐藏层 " + fmt(model::hiddenDropout(sc.training));
        out.push_back({"dropout",
                       stated  ? values
                       : flash ? "none (flash-era recipes)"
                               : "0.1 masks stored (paper-era recipes)",
                       stated ? "scenario training.attention_dropout / hidden_dropout"
                              : "TrainPlan convention tied to flash attention",
                       !stated,
                       stated  ? valuesZh
                       : flash ? "无（FlashAttention 时代的配方）"
                               : "0.1，保存掩码（论文时代的配方）",
                       stated ? "场景 training.attention_dropout / hidden_dropout"
                              : "TrainPlan 约定，随 FlashAttention 而定"});
    }
    out.push_back({"dp_overlap", p.dpOverlap ? "on" : "off", "plan dp_overlap (default on)", true,
                   p.dpOverlap ? "开" : "关", "方案 dp_overlap（默认开）"});
    out.push_back({"tp_comm_overlap", p.tpCommOverlap ? "on" : "off",
                   "plan tp_comm_overlap (default off)", true, p.tpCommOverlap ? "开" : "关",
                   "方案 tp_comm_overlap（默认关）"});
    if (p.ep > 1) {
        out.push_back({"ep_comm_overlap", p.epCommOverlap ? "on" : "off",
                       "plan ep_comm_overlap (default off)", true, p.epCommOverlap ? "开" : "关",
                       "方案 ep_comm_overlap（默认关）"});
        out.push_back({"moe_dispatcher", std::string(model::toString(p.moeDispatcher)),
                       "plan moe_dispatcher (default alltoall)", true, "",
                       "方案 moe_dispatcher（默认 alltoall）"});
    }
    out.push_back({"ddp bucket_cap_mb", "25 MB", "PyTorch DistributedDataParallel default", true,
                   "", "PyTorch DistributedDataParallel 默认值"});
    out.push_back({"deepspeed reduce_bucket_size", "5e8 elements",
                   "DeepSpeed configuration docs default", true, "5e8 个元素",
                   "DeepSpeed 配置文档默认值"});
    out.push_back({"megatron DDP bucket", "4e7 elements",
                   "Megatron-LM distributed data parallel default", true, "4e7 个元素",
                   "Megatron-LM 分布式数据并行默认值"});
    const bool pue = sc.cluster.pue > 0;
    out.push_back({"pue", fmt(facilityPue(sc.cluster)),
                   pue ? "scenario cluster.pue" : "typical modern data centre", !pue, "",
                   pue ? "场景 cluster.pue" : "典型的现代数据中心"});
    // The board power energy.h computes, with its idle floor as a number.
    const std::string idle = fmt(kIdlePowerFraction), busy = fmt(1.0 - kIdlePowerFraction);
    out.push_back({"gpu power", "TDP × (" + idle + " + " + busy + " × busy fraction)",
                   "idle floor " + fmt(100.0 * kIdlePowerFraction) + "% of TDP", true,
                   "TDP × (" + idle + " + " + busy + " × 忙碌比例)",
                   "空闲功耗约为 TDP 的 " + fmt(100.0 * kIdlePowerFraction) + "%"});
    return out;
}

std::string stageRowName(const StageGroup& g, bool even, bool moeModel) {
    if (even) {
        switch (g.kind) {
        case StageKind::First:
            return "first (embeddings)";
        case StageKind::Middle:
            return "middle";
        case StageKind::Last:
            return "last (LM head)";
        case StageKind::Only:
            return "only";
        }
    }
    std::string name = (g.stages.size() == 1 ? "stage " : "stages ") + formatStageIndices(g.stages);
    const std::string layers = moeModel ? std::to_string(g.denseLayers()) + " dense + " +
                                              std::to_string(g.moeLayers) + " MoE layers"
                                        : std::to_string(g.layers) + " layers";
    if (g.kind == StageKind::First) return name + " (embeddings, " + layers + ")";
    if (g.kind == StageKind::Last) return name + " (LM head, " + layers + ")";
    if (g.kind == StageKind::Only) return name + " (" + layers + ")";
    return name + " (" + layers + ")";
}

} // namespace

double sumOfLeaves(const DerivationTerm& t) {
    if (t.children.empty()) return t.value;
    double s = 0;
    for (const auto& c : t.children)
        s += sumOfLeaves(c);
    return s;
}

Explanation explainPlan(const PlanContext& ctx, const Plan& plan) {
    Explanation x;
    x.plan = plan;
    x.estimate = evaluatePlan(ctx, plan);
    const PlanEstimate& e = x.estimate;
    x.memory = memoryTree(ctx, plan, e.memory);
    x.stepTime = timeTree(ctx, plan, e);
    x.communication = commTree(e);
    x.flops = flopsTree(ctx);
    const Placements pl = placeGroups(plan, ctx.scenario->cluster.gpusPerNode);
    x.evenStageLayout = stagesEven(*ctx.scenario, plan);
    for (const StageGroup& g : stageGroups(*ctx.scenario, plan)) {
        const detail::StageSlot slot{g.kind, g.stages.front(), static_cast<double>(g.layers),
                                     static_cast<double>(g.moeLayers)};
        StageMemoryRow row;
        row.memory = detail::stageMemory(ctx, plan, pl, e.gradAccum, slot);
        row.layers = row.memory.layersOnStage;
        row.inFlightMicroBatches = row.memory.inFlightMicroBatches;
        row.kind = g.kind;
        row.stageIndices = g.stages;
        row.denseLayers = g.denseLayers();
        row.moeLayers = g.moeLayers;
        row.rankKind = g.rankKind();
        row.stage = stageRowName(g, x.evenStageLayout, ctx.flops.moeLayers > 0);
        x.stages.push_back(std::move(row));
    }
    x.assumptions = assumptions(ctx, plan);
    return x;
}

} // namespace trainplan::sim
