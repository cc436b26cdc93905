#include <trainplan/simulator/explain.h>

#include "estimate_detail.h"
#include "memory_overheads.h"

#include <trainplan/model/gpu_spec.h>

#include <cstdio>

namespace trainplan::sim {

using model::Framework;
using model::Plan;
using model::Recompute;

namespace {

std::string fmt(double v, const char* unit = "") {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g%s", v, unit);
    return buf;
}

DerivationTerm sumOf(std::string name, std::string unit, std::string formula, std::string source,
                     std::vector<DerivationTerm> children) {
    DerivationTerm t{std::move(name),    0,  std::move(unit),
                     std::move(formula), {}, std::move(source),
                     std::move(children)};
    for (const auto& c : t.children)
        t.value += c.value;
    return t;
}

const char* stateSource(Framework fw) {
    switch (fw) {
    case Framework::Ddp:
        return "PyTorch AMP keeps fp32 parameters and gradients; Adam m, v in fp32 (Kingma & Ba "
               "2015)";
    case Framework::Fsdp:
        return "FSDP MixedPrecision(param_dtype=bf16, reduce_dtype=fp32): fp32 sharded parameters "
               "and gradients (torchtitan defaults)";
    case Framework::DeepSpeed:
        return "Rajbhandari et al. 2020 (ZeRO) §3.1 and §5: 2 + 2 + 12 bytes per parameter, stage "
               "k shards over data parallelism";
    case Framework::Megatron:
        return "Megatron-LM docs, distrib_optimizer.md: bf16 params + fp32 main grads = 6 + 12/d "
               "bytes per parameter";
    }
    return "";
}

DerivationTerm memoryTree(const PlanContext& ctx, const Plan& p, const MemoryBreakdown& m) {
    const auto& sc = *ctx.scenario;
    const Placements pl = placeGroups(p, sc.cluster.gpusPerNode);
    const detail::StageParams sp = detail::stageParams(ctx, p, detail::slotOf(m));
    const bool moe = sc.model.moe.enabled();
    const bool megatron = p.framework == Framework::Megatron;
    const bool teLoss = megatron && sc.training.crossEntropy == model::CrossEntropy::Te;
    const detail::BytesPerParam bpp =
        detail::bytesPerParam(p.framework, sc.training.precision, sc.training.optimizer);
    const detail::Shards sh = detail::shardDegrees(p, pl);
    const MemoryPhase& at = m.atPeak();
    const std::string phase = toString(m.peakPhase);
    std::vector<DerivationTerm> parts;
    const auto paramInputs = [&](double bytes) {
        return std::vector<std::pair<std::string, double>>{
            {"bytes per parameter", bytes},
            {"non-expert parameters on this rank", sp.dense},
            {"expert parameters on this rank", sp.expert},
            {"data-parallel shard degree", sh.dense},
            {"expert shard degree", sh.expert}};
    };
    // MoE models: each parameter state splits into the dense part (attention, norms, dense FFN,
    // shared experts, router, embeddings/head; sharded over dp·cp) and the routed experts (split
    // over ep·etp, sharded over the expert-data-parallel group tp·dp·cp/(ep·etp)).
    const auto splitState = [&](DerivationTerm whole, double expertBytes, bool sharded) {
        if (!moe) return whole;
        const double dense = whole.value - expertBytes;
        std::vector<DerivationTerm> kids;
        kids.push_back(DerivationTerm::leaf("dense parameters", dense, "bytes",
                                            sharded
                                                ? "bytes/param × non-expert params on rank / dp·cp"
                                                : "bytes/param × non-expert params on rank",
                                            {{"non-expert parameters on this rank", sp.dense},
                                             {"data-parallel shard degree", sh.dense}},
                                            whole.source));
        kids.push_back(
            DerivationTerm::leaf("routed-expert parameters", expertBytes, "bytes",
                                 sharded ? "bytes/param × expert params / (ep·etp) / expert-dp"
                                         : "bytes/param × expert params / (ep·etp)",
                                 {{"expert parameters on this rank", sp.expert},
                                  {"ep", static_cast<double>(p.ep)},
                                  {"expert tp (etp)", static_cast<double>(p.expertTp())},
                                  {"expert shard degree", sh.expert}},
                                 "Megatron-Core MoE: experts split over the expert-parallel group, "
                                 "their states sharded over the expert-data-parallel group"));
        DerivationTerm t =
            sumOf(whole.name, whole.unit, whole.formula, whole.source, std::move(kids));
        t.inputs = std::move(whole.inputs);
        return t;
    };
    parts.push_back(splitState(
        DerivationTerm::leaf("weights", m.weightsBytes, "bytes",
                             p.zeroStage >= 3 ? "bytes/param × params on rank / shard degree"
                                              : "bytes/param × params on rank",
                             paramInputs(bpp.weights), stateSource(p.framework)),
        m.expertWeightsBytes, p.zeroStage >= 3));
    // Gradients alive at the peak moment keep the dense/expert proportion of the full size.
    const double expertGradsAtPeak =
        m.gradientsBytes > 0 ? at.gradientsBytes * m.expertGradientsBytes / m.gradientsBytes : 0.0;
    parts.push_back(splitState(
        DerivationTerm::leaf(
            "gradients at " + phase, at.gradientsBytes, "bytes",
            m.persistentGradients
                ? "persistent gradient buffer: bytes/param × params (/ shard degree at ZeRO ≥ 2)"
                : "lazily allocated gradients: none at the start of backward, all at its end "
                  "(zero_grad(set_to_none=True))",
            {{"gradient size", m.gradientsBytes}, {"bytes per parameter", bpp.gradients}},
            stateSource(p.framework)),
        expertGradsAtPeak, p.zeroStage >= 2));
    parts.push_back(splitState(
        DerivationTerm::leaf("optimizer states", m.optimizerBytes, "bytes",
                             p.offload != model::Offload::None ? "0: offloaded to the host"
                             : p.zeroStage >= 1 ? "bytes/param × params / shard degree"
                                                : "bytes/param × params",
                             paramInputs(bpp.optimizer), stateSource(p.framework)),
        m.expertOptimizerBytes, p.zeroStage >= 1));
    const double fraction = m.activationsBytes > 0 ? at.activationsBytes / m.activationsBytes : 0.0;
    std::vector<DerivationTerm> stored{
        DerivationTerm::leaf(
            "transformer layers",
            fraction * (m.activationsBytes - m.lossActivationBytes - m.mtpActivationBytes), "bytes",
            "alive fraction × in-flight micro-batches × per-micro-batch activation of the "
            "stage's layers "
            "× interleaving factor",
            {{"alive fraction", fraction},
             {"in-flight micro-batches", static_cast<double>(m.inFlightMicroBatches)},
             {"layers on stage", m.layersOnStage},
             {"activation per micro-batch (all layers)", m.layerActivationBytesPerMicroBatch},
             {"interleaving factor", m.interleaveFactor},
             {"tokens per micro-batch", detail::tokensPerMicroBatch(ctx, p)},
             {"bytes per token per layer", detail::activationBytesPerToken(ctx, p, false)}},
            "Korthikanti et al. 2022 eq. sbh(34 + 5as/h), /t with sequence parallelism; 1F1B "
            "keeps p "
            "micro-batches on the first stage (Narayanan et al. 2021 §2.2.1); interleaving holds "
            "2(p−s−1) + (v−1)p + 1 chunks of 1/v, at most m·v (Megatron-Core "
            "get_num_warmup_microbatches)"),
        DerivationTerm::leaf(
            "loss (final norm input and logits)", fraction * m.lossActivationBytes, "bytes",
            !megatron ? "tokens × (norm input + 10·V/t)"
            : teLoss  ? "tokens × (norm input + 2·V/t)"
                      : "tokens × (norm input + 4·V/t)",
            {{"vocabulary", static_cast<double>(sc.model.vocab)},
             {"tp", static_cast<double>(p.tp)}},
            !megatron ? "eager torch cross_entropy: bf16 logits + fp32 upcast + saved log-softmax"
            : teLoss
                ? "Transformer Engine Triton cross-entropy: bf16 logits, gradient written in place"
                : "Korthikanti et al. 2022 §4.1: fp32 logits 4sbV/t")};
    if (m.mtpActivationBytes > 0)
        stored.push_back(DerivationTerm::leaf(
            "multi-token prediction modules", fraction * m.mtpActivationBytes, "bytes",
            "MTP modules × tokens × (a whole layer + 2h projection input + "
            "their own logits)",
            {{"MTP modules", static_cast<double>(sc.model.mtpLayers)}},
            "DeepSeek-V3 §2.2; Megatron-Core MultiTokenPredictionLayer"));
    parts.push_back(sumOf("stored activations at " + phase, "bytes",
                          "fraction alive at this moment × (layer, loss and MTP activations)",
                          "Korthikanti et al. 2022 §4", std::move(stored)));
    std::string transientWhat = "none at this moment";
    if (at.transientBytes > 0) {
        if (at.transientBytes == m.lossTransientBytes)
            transientWhat = "logits gradient entering the LM head";
        else if (at.transientBytes == m.recomputeTransientBytes)
            transientWhat = "one layer rebuilt by full recompute";
        else
            transientWhat = "unsharded fp32 gradient unit before its reduce-scatter";
    }
    parts.push_back(DerivationTerm::leaf(
        "working memory at " + phase, at.transientBytes, "bytes", transientWhat,
        {{"logits gradient", m.lossTransientBytes},
         {"recompute working layer", m.recomputeTransientBytes},
         {"gradient unit", m.gradUnitTransientBytes}},
        "the largest short-lived tensor alive at the peak moment"));
    std::string buffersFormula;
    switch (p.framework) {
    case Framework::Ddp:
        buffersFormula =
            "DDP gradient bucket copies (gradient_as_bucket_view=False)";
        break;
    case Framework::Fsdp:
        buffersFormula =
            "current + prefetched unsharded unit (2 × largest layer × 2 bytes)";
        break;
    case Framework::DeepSpeed:
        buffersFormula =
            "reduce bucket (min(5e8, params) × 2 bytes) + ZeRO-3 live parameters";
        break;
    case Framework::Megatron:
        buffersFormula = "sequence-parallel all-gather buffer";
        break;
    }
    parts.push_back(
        DerivationTerm::leaf("communication buffers", m.buffersBytes, "bytes", buffersFormula, {},
                             "PyTorch DDP docs; DeepSpeed config docs (reduce_bucket_size)"));
    // The communicators behind ncclBytes, listed as the estimate counted them.
    const detail::Communicators comms = detail::planCommunicators(
        ctx, p, placeGroups(p, sc.cluster.gpusPerNode), m.stage);
    std::vector<DerivationTerm> commTerms;
    for (int i = 0; i < comms.count; ++i) {
        const detail::Communicator& c = comms.items[i];
        const char* how = c.pattern == detail::CommPattern::Ring
                              ? "ring collective: channels × 2 connections × connection bytes"
                          : c.pattern == detail::CommPattern::AllToAll
                              ? "all-to-all: per peer, channels per peer × (connection + 2 MiB "
                                "send buffer)"
                              : "send/recv: per peer, channels per peer × (connection + 2 MiB "
                                "send buffer)";
        commTerms.push_back(
            DerivationTerm::leaf(std::string(c.group) + " communicator", c.bytes, "bytes", how,
                                 {{"ranks", static_cast<double>(c.size)},
                                  {"peers in the node", static_cast<double>(c.nvlinkPeers)},
                                  {"peers across the network", static_cast<double>(c.networkPeers)},
                                  {"channels", ctx.eff.ncclChannels},
                                  {"connection bytes", ctx.eff.ncclConnectionBytes}},
                                 "NCCL src/init.cc buffer defaults; NVIDIA/nccl#964, #986, #1685"));
    }
    parts.push_back(sumOf(
        "overhead", "bytes", "CUDA context + NCCL communicator buffers + allocator fragmentation",
        "docs/model.md, memory that is true at the peak",
        {DerivationTerm::leaf(
             "CUDA context", m.cudaContextBytes, "bytes", "fixed per process", {},
             "CUDA context and cuBLAS/cuDNN workspaces outside the PyTorch allocator"),
         sumOf("NCCL communicators", "bytes",
               "every communicator this rank's groups create (buffers outside the allocator)",
               "NCCL environment docs (NCCL_BUFFSIZE); NVIDIA/nccl#986", std::move(commTerms)),
         DerivationTerm::leaf(
             "allocator fragmentation", m.fragmentationBytes, "bytes",
             "fraction × bytes allocated and freed within the step at the peak",
             {{"fraction", ctx.eff.memoryOverheadFraction}, {"churned at peak", at.churnBytes}},
             "PyTorch caching allocator, reserved vs allocated; GMLake (Guo et al. 2024)")}));
    const char* stage = m.stage == StageKind::First    ? "first stage"
                        : m.stage == StageKind::Last   ? "last stage"
                        : m.stage == StageKind::Middle ? "middle stage"
                                                       : "the only stage";
    DerivationTerm root =
        sumOf(std::string("peak memory per GPU (") + stage + ", at " + phase + ")", "bytes",
              "the components alive at the step's fullest moment",
              "TrainPlan memory model (docs/model.md)", std::move(parts));
    root.inputs = {{"pipeline stage index", static_cast<double>(m.stageIndex)},
                   {"dense layers on stage", m.denseLayersOnStage()},
                   {"MoE layers on stage", m.moeLayersOnStage}};
    return root;
}

DerivationTerm timeTree(const PlanContext& ctx, const Plan& p, const PlanEstimate& e) {
    const auto& T = e.time;
    const double m = e.gradAccum;
    std::vector<DerivationTerm> parts;
    const double peak = ctx.peakFlopsPerSecond;
    parts.push_back(sumOf(
        "compute", "s", "micro-batches × (forward + backward + recompute) on the slowest stage",
        "Narayanan et al. 2021 §3 (backward = 2 × forward)",
        {DerivationTerm::leaf(
             "forward", T.forwardSeconds, "s",
             "Σ GEMM FLOPs / (peak × clock × gemm_eff × waves × K/(K + k0)) + attention core + "
             "memory-bound bytes / (HBM × eff)",
             {{"micro-batches", m},
              {"peak FLOP/s", peak},
              {"gemm efficiency", ctx.eff.gemmEfficiency},
              {"gemm half-depth k0", ctx.eff.gemmHalfDim},
              {"HBM bytes/s", ctx.hbmBytesPerSecond},
              {"HBM efficiency", ctx.eff.hbmEfficiency}},
             "op-level roofline per layer (docs/model.md, Compute)"),
         DerivationTerm::leaf("backward", T.backwardSeconds, "s",
                              "2 × forward GEMMs; flash attention backward 2.5 × its forward",
                              {{"micro-batches", m}}, "Narayanan et al. 2021 §3; Dao 2023 §3.1"),
         DerivationTerm::leaf(
             "recompute", T.recomputeSeconds, "s",
             p.recompute == Recompute::Full && p.recomputeLayers > 0
                 ? std::string("one extra forward of the first recompute_layers layers of each "
                               "pipeline chunk (Megatron's block method)")
             : p.recompute == Recompute::Full ? std::string("one extra forward of every layer")
             : p.recompute == Recompute::Selective && p.recomputeModules != 0
                 ? "the forward of the recomputed modules again (--recompute-modules " +
                       model::recompute_module::join(p.recomputeModules, " ") + ")"
             : p.recompute == Recompute::Selective
                 ? std::string("attention core (or every second matmul for PyTorch SAC) again")
                 : std::string("none"),
             {{"micro-batches", m},
              {"recomputed layers per chunk (0: all)", static_cast<double>(p.recomputeLayers)}},
             "Korthikanti et al. 2022 §5; torchtitan activation checkpointing; Megatron-LM "
             "--recompute-method block and --recompute-modules")}));
    parts.push_back(DerivationTerm::leaf(
        "exposed tensor-parallel communication", T.exposedTpSeconds, "s",
        "micro-batches × layers × 4 all-reduces of b·s·h (6 with full recompute) × (1 − overlap)",
        {{"tp", static_cast<double>(p.tp)}, {"total TP time", e.communication.tpSeconds}},
        "Shoeybi et al. 2019 Fig. 4; Korthikanti et al. 2022 §4.2.2"));
    parts.push_back(DerivationTerm::leaf(
        "exposed context-parallel communication", T.exposedCpSeconds, "s",
        !detail::pytorchCpAllGather(p)
            ? "ring K/V exchange not hidden behind attention compute"
            : "K/V all-gather (query heads) beyond step 0's local block, forward, recompute and "
              "backward, + fp32 dK/dV ring, last send exposed",
        {{"cp", static_cast<double>(p.cp)}, {"total CP time", e.communication.cpSeconds}},
        !detail::pytorchCpAllGather(p)
            ? "Liu et al. 2023 (ring attention); Megatron-Core context parallelism"
            : "PyTorch context_parallel (torch/distributed/tensor/experimental/_attention.py, "
              "2024-12: all-gather rotater, all_to_all dK/dV); torchtitan"));
    parts.push_back(DerivationTerm::leaf(
        "exposed expert-parallel communication", T.exposedEpSeconds, "s",
        p.epCommOverlap
            ? "dispatch + combine all-to-all, forward and backward, per MoE layer, beyond what the "
              "adjacent micro-batch's compute hides (combined 1F1B), at least the NCCL SM share"
            : "dispatch + combine all-to-all, forward and backward, per MoE layer",
        {{"ep", static_cast<double>(p.ep)},
         {"expert tp (etp)", static_cast<double>(p.expertTp())},
         {"flex dispatcher (1: tokens sent once per node)",
          p.moeDispatcher == model::MoeDispatcher::Flex ? 1.0 : 0.0},
         {"total EP time", e.communication.epSeconds}},
        p.epCommOverlap ? "Lepikhin et al. 2021 (GShard) §2.2; Megatron-Core combined 1F1B "
                          "(--overlap-moe-expert-parallel-comm); DeepEP (flex dispatcher)"
                        : "Lepikhin et al. 2021 (GShard) §2.2; DeepEP (flex dispatcher)"));
    parts.push_back(DerivationTerm::leaf(
        "exposed data-parallel communication", T.exposedDpSeconds, "s",
        p.dpOverlap ? "gradient reduction beyond what overlaps the last backward (and "
                      "per-micro-batch gathers beyond their prefetch), at least the NCCL SM "
                      "share of what hides"
                    : "all gradient reduction and gathers (overlap off)",
        {{"dp", static_cast<double>(p.dp)},
         {"total DP time", e.communication.dpSeconds},
         {"NCCL SM share", detail::ncclSmShare(ctx.eff)},
         {"overlap fraction", ctx.eff.overlapFraction}},
        "NCCL bus-bandwidth factors; PyTorch DDP/FSDP and DeepSpeed overlap_comm; "
        "overlapped compute slowdown: Lee et al. 2025 (arXiv 2507.03114)"));
    parts.push_back(DerivationTerm::leaf(
        "exposed pipeline send/receive", T.exposedPpSeconds, "s",
        "2 × (m·v + p − 1) activation messages of b·s·h/t on the critical path",
        {{"pp", static_cast<double>(p.pp)},
         {"vpp", static_cast<double>(p.vpp)},
         {"micro-batches", m}},
        "Narayanan et al. 2021 §4.1 (scatter/gather)"));
    parts.push_back(DerivationTerm::leaf(
        "pipeline bubble", T.bubbleSeconds, "s", "(p − 1)/v × micro-batch slot",
        {{"pp", static_cast<double>(p.pp)},
         {"vpp", static_cast<double>(p.vpp)},
         {"micro-batch slot", T.microBatchSeconds}},
        "Narayanan et al. 2021 §2.2: bubble fraction (p−1)/m, interleaved (p−1)/(m·v)"));
    const HostRates host = hostRates(ctx.scenario->cluster, ctx.eff);
    if (p.offload != model::Offload::None)
        parts.push_back(DerivationTerm::leaf(
            "optimizer step", T.optimizerSeconds, "s",
            "owned parameters / min(cores × per-core rate, DRAM share / 28 bytes)"
            "; FSDP's torch AdamW 6× slower",
            {{"host CPU cores per GPU", host.cpuCoresPerGpu},
             {"CPU-Adam params/s per core", ctx.eff.hostAdamParamsPerSecondPerCore},
             {"host DRAM bytes/s per GPU", host.memoryBytesPerSecondPerGpu},
             {"host Adam params/s", host.adamParamsPerSecond}},
            "Ren et al. 2021 (ZeRO-Offload); DeepSpeed csrc/includes/cpu_adam.h Step_AVX"));
    else
        parts.push_back(DerivationTerm::leaf(
            "optimizer step", T.optimizerSeconds, "s",
            "owned parameters × 34 bytes touched / (HBM × efficiency)",
            {{"HBM efficiency", ctx.eff.hbmEfficiency}}, "memory-bound Adam update"));
    parts.push_back(DerivationTerm::leaf(
        "offload traffic", T.offloadSeconds, "s", "host↔GPU copies not hidden behind backward",
        {{"PCIe bytes/s", host.pcieBytesPerSecondPerGpu}},
        "Ren et al. 2021 (ZeRO-Offload); Rajbhandari et al. 2021"));
    return sumOf("step time", "s", "compute + exposed communication + bubble + optimizer + offload",
                 "TrainPlan step-time model (docs/model.md)", std::move(parts));
}

DerivationTerm commTree(const PlanEstimate& e) {
    const auto& c = e.communication;
    const auto& p = e.plan;
    return sumOf(
        "communication per GPU per step", "bytes",
        "sum over parallel groups of the bytes each rank sends",
        "NCCL bus-bandwidth factors (nccl-tests PERFORMANCE.md)",
        {DerivationTerm::leaf(
             "data parallel", c.dpBytes, "bytes",
             "gradient reduction and parameter gathers, per the framework",
             {{"dp", static_cast<double>(p.dp)}, {"zero stage", static_cast<double>(p.zeroStage)}},
             "ZeRO-3 moves 1.5× DDP's volume (Rajbhandari et al. 2020 §7.2.2)"),
         DerivationTerm::leaf("tensor parallel", c.tpBytes, "bytes",
                              "4 all-reduce equivalents of b·s·h per layer and micro-batch",
                              {{"tp", static_cast<double>(p.tp)}}, "Shoeybi et al. 2019"),
         DerivationTerm::leaf("pipeline", c.ppBytes, "bytes", "2 × m × v messages of b·s·h/t",
                              {{"pp", static_cast<double>(p.pp)}}, "Narayanan et al. 2021 §4.1"),
         DerivationTerm::leaf("context parallel", c.cpBytes, "bytes",
                              "3 × (cp − 1) K/V chunks per layer and micro-batch",
                              {{"cp", static_cast<double>(p.cp)}}, "Liu et al. 2023"),
         DerivationTerm::leaf("expert parallel", c.epBytes, "bytes",
                              "4 all-to-alls of b·s·k·h per MoE layer and micro-batch",
                              {{"ep", static_cast<double>(p.ep)}}, "Lepikhin et al. 2021")});
}

DerivationTerm flopsTree(const PlanContext& ctx) {
    const auto& f = ctx.flops;
    const double tokens =
        static_cast<double>(ctx.scenario->training.globalBatch) * ctx.scenario->model.seqLen;
    const double dense = f.denseLayers * (f.dense.gemm() + f.dense.attentionCoreModel);
    const double moe = f.moeLayers * (f.moe.gemm() + f.moe.attentionCoreModel);
    std::vector<DerivationTerm> parts{
        DerivationTerm::leaf(
            "dense layers", 3 * tokens * dense, "FLOP",
            "3 × tokens × layers × (QKV + attention + projection + FFN)",
            {{"tokens per step", tokens}, {"dense layers", static_cast<double>(f.denseLayers)}},
            "2 FLOPs per multiply-add"),
        DerivationTerm::leaf(
            "MoE layers", 3 * tokens * moe, "FLOP",
            "3 × tokens × layers × (attention + router + top-k and shared experts)",
            {{"MoE layers", static_cast<double>(f.moeLayers)}}, "Fedus et al. 2022"),
        DerivationTerm::leaf("LM head", 3 * tokens * f.lmHead, "FLOP", "3 × tokens × 2·h·V",
                             {{"vocabulary", static_cast<double>(ctx.scenario->model.vocab)}},
                             "Narayanan et al. 2021 eq. 3")};
    if (f.mtpLayers > 0)
        parts.push_back(DerivationTerm::leaf(
            "multi-token prediction",
            3 * tokens * f.mtpLayers * (f.mtpLayer().modelTotal() + f.mtpProjection + f.lmHead),
            "FLOP", "3 × tokens × modules × (a layer + 2·2h·h projection + LM head)",
            {{"MTP modules", static_cast<double>(f.mtpLayers)}},
            "DeepSeek-V3 §2.2; Megatron-LM num_floating_point_operations"));
    return sumOf("model FLOPs per step", "FLOP",
                 "3 × forward FLOPs per token × tokens per step (no recompute)",
                 "Narayanan et al. 2021 eq. 3; Korthikanti et al. 2022 §6", std::move(parts));
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
    out.push_back({"pue", fmt(pue ? sc.cluster.pue : 1.3),
                   pue ? "scenario cluster.pue" : "typical modern data centre", !pue, "",
                   pue ? "场景 cluster.pue" : "典型的现代数据中心"});
    out.push_back({"gpu power", "TDP × (0.3 + 0.7 × busy fraction)", "idle floor ~30% of TDP", true,
                   "TDP × (0.3 + 0.7 × 忙碌比例)", "空闲功耗约为 TDP 的 30%"});
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
