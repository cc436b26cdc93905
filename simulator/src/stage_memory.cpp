// Per-stage memory: the parameters a pipeline stage holds, the activations it stores per token
// and micro-batch, and the whole breakdown of one rank's memory at its peak (split out of
// estimate.cpp; the step time stays there).
#include "derivation_rules.h"
#include "estimate_detail.h"
#include "memory_overheads.h"

#include <trainplan/model/units.h>
#include <trainplan/simulator/estimate.h>

#include <algorithm>
#include <cmath>

namespace trainplan::sim::detail {

using model::CrossEntropy;
using model::Framework;
using model::Offload;
using model::Plan;
using model::Precision;
using model::Recompute;
StageParams stageParams(const PlanContext& ctx, const Plan& p, const StageSlot& slot) {
    const auto& m = ctx.scenario->model;
    const auto& pc = ctx.params;
    const double t = p.tp;
    const StageKind kind = slot.kind;
    StageParams s;
    s.layers = slot.layers;
    s.moeLayers = slot.moeLayers;
    const double denseLayers = s.layers - s.moeLayers;
    const double perLayerCommon = pc.attentionPerLayer + pc.normsPerLayer;
    double routed = 0, sharedAndRouter = 0;
    if (m.moe.enabled()) {
        const double expert = pc.moeFfnPerMoeLayer - static_cast<double>(m.hidden) * m.moe.experts;
        const double perExpert = expert / (m.moe.experts + m.moe.sharedExperts);
        routed = perExpert * m.moe.experts;
        sharedAndRouter = pc.moeFfnPerMoeLayer - routed;
    }
    // Megatron splits attention and FFN weights over tp (Shoeybi et al. 2019 §3), except MLA's
    // down projections (attentionReplicatedPerLayer); routed experts over ep × etp (etp = tp
    // unless the plan folds them, --expert-tensor-parallel-size).
    const double expertSplit = static_cast<double>(p.ep) * p.expertTp();
    const double replicated = pc.attentionReplicatedPerLayer;
    s.dense = (s.layers * (perLayerCommon - replicated) + denseLayers * pc.denseFfnPerLayer +
               s.moeLayers * sharedAndRouter) /
                  t +
              s.layers * replicated;
    s.expert = s.moeLayers * routed / expertSplit;
    const bool first = kind == StageKind::First || kind == StageKind::Only;
    const bool last = kind == StageKind::Last || kind == StageKind::Only;
    // Vocab-parallel embedding on the first stage, LM head on the last; tied embeddings keep a copy
    // on the last stage when pp > 1 (Megatron-LM, Shoeybi et al. 2019 §3; megatron/core word
    // embeddings).
    if (first) s.dense += pc.embedding / t;
    if (last) {
        s.dense += m.hidden; // final norm, replicated across tp
        if (!m.tiedEmbeddings)
            s.dense += pc.lmHead / t;
        else if (p.pp > 1)
            s.dense += static_cast<double>(m.vocab) * m.hidden / t;
    }
    const double denseLayer = (perLayerCommon - replicated + pc.denseFfnPerLayer) / t + replicated;
    const double moeLayer = (perLayerCommon - replicated + sharedAndRouter) / t + replicated +
                            routed / expertSplit;
    s.largestLayer = std::max(denseLayers > 0 ? denseLayer : 0.0, s.moeLayers > 0 ? moeLayer : 0.0);
    if (last && m.mtpLayers > 0) {
        // The MTP modules live on the last stage (Megatron-Core gpt_model.py builds mtp_block where
        // post_process is true): their layer split like any other, the 2h→h projection over tp,
        // the three norms replicated.
        const bool moe = ctx.flops.mtpMoe;
        const double h = m.hidden;
        const double module = (moe ? moeLayer : denseLayer) + 2.0 * h * h / t + 3.0 * h;
        s.dense += m.mtpLayers * (module - (moe ? routed / expertSplit : 0.0));
        if (moe) s.expert += m.mtpLayers * routed / expertSplit;
        s.largestLayer = std::max(s.largestLayer, module);
    }
    return s;
}

// Activation bytes stored per token for one layer (Korthikanti et al. 2022 §4, generalised to
// GQA, gated FFNs, MoE and flash attention). Returns bytes per token on this rank.
double activationBytesPerToken(const PlanContext& ctx, const Plan& p, bool moeLayer) {
    const auto& m = ctx.scenario->model;
    const auto& tr = ctx.scenario->training;
    const double h = m.hidden, t = p.tp;
    // The attention tensors saved for backward, per token: query, key and value as the attention
    // kernel reads them and its output (MLA: heads·(nope + rope) for q and k, heads·v_head_dim
    // for v and the output; otherwise GQA's heads·d and kv_heads·d).
    const double qDim = m.heads * m.qkHeadDim();
    const double kDim = m.mla.enabled() ? qDim : static_cast<double>(m.kvHeads) * m.headDim;
    const double vDim = m.mla.enabled() ? m.heads * m.vHeadDim() : kDim;
    const double outDim = m.heads * m.vHeadDim();
    // MLA's latents, replicated over tp: the down projections' outputs (normed inputs of the up
    // projections) and the shared rotary key.
    const double latents = m.mla.enabled() ? 2.0 * (m.mla.qLoraRank + m.mla.kvLoraRank) +
                                                 static_cast<double>(m.mla.qkRopeHeadDim)
                                           : 0.0;
    const double elem = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    // Dropout keeps a one-byte mask per element it drops from (PyTorch native_dropout); the
    // scenario's probabilities, or the era's convention (model::hiddenDropout).
    const bool hiddenMasks = model::hiddenDropout(tr) > 0.0;
    const bool attentionMask = model::attentionDropout(tr) > 0.0;
    if (p.recompute == Recompute::Full) {
        // Only the layer input is kept (Korthikanti eq. 2sbh, /t with sequence parallelism).
        return elem * h / (p.sequenceParallel ? t : 1.0);
    }
    const bool pytorchNative =
        p.framework == model::Framework::Ddp || p.framework == model::Framework::Fsdp;
    if (p.recompute == Recompute::Selective && pytorchNative) {
        // PyTorch-native selective checkpointing (torchtitan's per-op SAC policy): keep the block's
        // two residual inputs, the SDPA output and logsumexp, and every second matmul output; norms
        // and elementwise ops are recomputed (torchtitan activation_checkpoint.py, _save_list).
        double ffnOut = moeLayer ? (m.moe.topK + m.moe.sharedExperts) *
                                       static_cast<double>(m.moe.expertFfnHidden)
                                 : static_cast<double>(m.ffnHidden);
        const double gateMatrices = m.ffn == model::FfnKind::SwiGlu ? 2.0 : 1.0;
        const double mmOutputs = qDim + kDim + vDim + h + gateMatrices * ffnOut + h;
        const double replicatedSac = elem * (2.0 * h + 0.5 * latents);
        const double splitSac = elem * outDim + 4.0 * m.heads + 0.5 * elem * mmOutputs;
        if (p.sequenceParallel) return (replicatedSac + splitSac) / t;
        return replicatedSac + splitSac / t;
    }
    // Not split by tp without sequence parallelism: two norm inputs, QKV and MLP inputs, dropout
    // masks (Korthikanti: 10sbh of the 34sbh).
    double replicated =
        elem * (2.0 * h) + elem * h + elem * h + (hiddenMasks ? 2.0 * h : 0.0) + elem * latents;
    // Split by tp: Q, K, V, the projection input and the FFN internals.
    double split = elem * (qDim + kDim + vDim) + elem * outDim;
    auto ffnBytes = [&](double width) {
        // GELU keeps its input and output (2 × 4h·2 bytes, Korthikanti); SwiGLU keeps the fused fc1
        // output (2 × width) and the down-projection input.
        return m.ffn == model::FfnKind::SwiGlu ? elem * 3.0 * width : elem * 2.0 * width;
    };
    // Megatron-LM --recompute-modules: a recomputed submodule keeps only its input, which the
    // layer keeps anyway (transformer_config.py recompute_modules); core_attn by default.
    namespace rm = model::recompute_module;
    const unsigned modules =
        p.recompute == Recompute::Selective ? rm::effective(p.recomputeModules) : 0u;
    if (modules & rm::kLayerNorm) replicated -= elem * 2.0 * h; // the two norms' outputs
    if (modules & rm::kMlaUpProj) split -= elem * (qDim + kDim + vDim); // latents stay
    if (moeLayer) {
        // Each token is copied to top_k experts (their inputs and internals), plus shared experts
        // and fp32 router logits (Megatron-Core MoE token dispatcher).
        // The busiest rank holds its experts' tokens up to the capacity factor.
        const double k = m.moe.topK * expertLoadFactor(m, p);
        const double fe = m.moe.expertFfnHidden;
        if (!(modules & rm::kMoe)) {
            // moe_act keeps the experts' fc1 output but reruns the activation: its output (the
            // down projection's input, fe wide) is not kept.
            split += k * (elem * h + ffnBytes(fe) - (modules & rm::kMoeAct ? elem * fe : 0.0)) +
                     4.0 * m.moe.experts;
            if (!(modules & rm::kSharedExperts)) split += m.moe.sharedExperts * ffnBytes(fe);
        }
    } else if (!(modules & rm::kMlp)) {
        split += ffnBytes(m.ffnHidden);
    }
    if (!tr.flashAttention && !(modules & rm::kCoreAttn)) {
        // Softmax output, its dropout mask and dropout output: 5as per token (Korthikanti 5as²b).
        // Flash attention regenerates its dropout mask from the RNG seed instead (Dao et al. 2022).
        split += (attentionMask ? 5.0 : 2.0) * m.heads * static_cast<double>(m.seqLen);
    } else if (tr.flashAttention) {
        split += 4.0 * m.heads; // flash attention's fp32 logsumexp per row (Dao et al. 2022)
    }
    if (p.sequenceParallel) return (replicated + split) / t;
    return replicated + split / t;
}

int inFlight(const Plan& p, int gradAccum, int stageIndex) {
    // 1F1B keeps up to p − s micro-batches in flight on stage s: p on the first, one on the last
    // (Narayanan et al. 2021 §2.2.1). Without a pipeline, one micro-batch at a time.
    if (p.pp <= 1) return 1;
    return std::max(1, std::min(p.pp - stageIndex, gradAccum));
}

// Interleaved schedules run a warm-up of forward chunks before the first backward: 2(p − s − 1) +
// (v − 1)p on pipeline rank s, one more chunk alive at its first backward, and never more than the
// m·v chunks of the step (Megatron-Core pipeline_parallel/schedules.py
// get_num_warmup_microbatches; PyTorch ScheduleInterleaved1F1B warmup_ops). A chunk holds 1/v of
// the stage's layers. The factor is those chunks over inFlight's micro-batches: on the first stage
// Korthikanti §4.2.3's 1 + (p − 1)/(pv) until the step has fewer micro-batches than that.
double interleaveFactor(const Plan& p, int gradAccum, int stageIndex) {
    if (p.pp <= 1 || p.vpp <= 1) return 1.0;
    const double v = p.vpp;
    const double chunks =
        std::min(2.0 * (p.pp - stageIndex - 1) + (v - 1.0) * p.pp + 1.0, gradAccum * v);
    return chunks / v / inFlight(p, gradAccum, stageIndex);
}

Shards shardDegrees(const Plan& p, const Placements& pl) {
    Shards s;
    // The gradient group placeGroups lays out (dp × cp ranks), or its ranks in one node for HSDP.
    s.dense = std::max(1, p.hybridShard ? pl.dp.perNode : pl.dp.size);
    // The expert-data-parallel group placeGroups lays out: dp × cp / ep, or tp × dp × cp /
    // (ep × etp) when the experts fold their own layout (Megatron-Core expert RankGenerator).
    s.expert = std::max(1, pl.dpExpert.size);
    return s;
}

StageStatics stageStatics(const PlanContext& ctx, const Plan& p, const Placements& pl,
                          const StageSlot& slot) {
    return {stageParams(ctx, p, slot), planCommunicators(ctx, p, pl, slot.kind)};
}

MemoryBreakdown stageMemory(const PlanContext& ctx, const Plan& p, const Placements& pl,
                            int gradAccum, const StageSlot& slot, const StageStatics* statics) {
    const StageStatics own = statics ? StageStatics{} : stageStatics(ctx, p, pl, slot);
    const StageStatics& st = statics ? *statics : own;
    const auto& sc = *ctx.scenario;
    const auto& tr = sc.training;
    const auto& eff = ctx.eff;
    const StageKind kind = slot.kind;
    MemoryBreakdown mem;
    mem.stage = kind;
    mem.stageIndex = slot.index;
    mem.capacityBytes = sc.cluster.gpu.memoryBytes;

    const StageParams& sp = st.params;
    const BytesPerParam bpp = bytesPerParam(p.framework, tr.precision, tr.optimizer);
    const Shards sh = shardDegrees(p, pl);
    const double params = sp.dense + sp.expert;
    const int z = p.zeroStage;
    // Sharded size: ZeRO stage k partitions optimizer (k≥1), gradients (k≥2), parameters (k=3)
    // over the data-parallel group (Rajbhandari et al. 2020 §5, Fig. 1).
    const double denseShard = sp.dense / sh.dense, expertShard = sp.expert / sh.expert;
    auto sharded = [&](double bytesPerParam, bool isSharded) {
        return isSharded ? bytesPerParam * (denseShard + expertShard) : bytesPerParam * params;
    };
    const bool fsdp = p.framework == Framework::Fsdp;
    // FSDP shards the stored parameters under SHARD_GRAD_OP too: "parameters are sharded outside
    // computation" (PyTorch FSDP docs, ShardingStrategy.SHARD_GRAD_OP); ZeRO-2 keeps them whole.
    const bool weightsSharded = z >= 3 || (fsdp && z == 2);
    mem.weightsBytes = sharded(bpp.weights, weightsSharded);
    mem.gradientsBytes = sharded(bpp.gradients, z >= 2);
    mem.optimizerBytes = sharded(bpp.optimizer, z >= 1);
    // Routed experts shard over the expert-data-parallel group dp·cp/ep instead (Megatron-Core
    // MoE: expert_data_parallel_group).
    auto expertPart = [&](double bytesPerParam, bool isSharded) {
        return bytesPerParam * (isSharded ? expertShard : sp.expert);
    };
    mem.expertWeightsBytes = expertPart(bpp.weights, weightsSharded);
    mem.expertGradientsBytes = expertPart(bpp.gradients, z >= 2);
    mem.expertOptimizerBytes = expertPart(bpp.optimizer, z >= 1);
    mem.moeLayersOnStage = sp.moeLayers;
    mem.rankKind = sp.moeLayers > 0 ? RankKind::ExpertAndDense : RankKind::DenseOnly;

    const double paramElem = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    double buffers = 0;
    // The unsharded parameters FSDP keeps on the GPU from a unit's forward until its backward ends:
    // SHARD_GRAD_OP does not reshard after forward, nor does NO_SHARD, whose mixed precision casts
    // a low-precision copy (FSDP1 reshards after forward only FULL_SHARD and HYBRID_SHARD:
    // torch/distributed/fsdp/_runtime_utils.py RESHARD_AFTER_FORWARD_HANDLE_STRATEGIES). With
    // CPUOffload the copy is still made on the GPU from the host shard, so offload does not
    // remove it.
    // torchtitan does not reshard after forward when pipelining either, to avoid an all-gather per
    // micro-batch (torchtitan parallelize_llama.py apply_fsdp at 9dec370;
    // fsdp_reshard_after_forward "default" today).
    double unshardedCopy = 0;
    if (fsdp && (z == 2 || (z == 3 && p.pp > 1)))
        unshardedCopy = paramElem;
    else if (fsdp && z == 0 && (mixedPrecision(tr.precision) || p.offload != Offload::None))
        unshardedCopy = paramElem;
    if (p.offload != Offload::None) {
        // What leaves the GPU lives in host memory: with CPU offload all of it; with NVMe offload
        // (ZeRO-Infinity) the optimizer states go to NVMe and only offloaded parameters stay in
        // pinned host memory (Rajbhandari et al. 2021 §5).
        double hostPerGpu = p.offload == Offload::Cpu ? mem.optimizerBytes : 0.0;
        if (fsdp)
            hostPerGpu += mem.weightsBytes + mem.gradientsBytes;
        else if (p.offloadParams)
            hostPerGpu += mem.weightsBytes;
        mem.hostBytesPerNode = hostPerGpu * sc.cluster.gpusPerNode;
        // ZeRO-Offload / ZeRO-Infinity keep optimizer states and fp32 master weights on the host
        // (Ren et al. 2021; Rajbhandari et al. 2021). FSDP CPUOffload(offload_params=True) keeps
        // the parameter and gradient shards there too and steps the optimizer on the CPU (PyTorch
        // FSDP docs, CPUOffload); it has no optimizer-only offload.
        mem.optimizerBytes = 0;
        mem.expertOptimizerBytes = 0;
        if (fsdp) {
            mem.weightsBytes = 0;
            mem.gradientsBytes = 0;
            mem.expertWeightsBytes = 0;
            mem.expertGradientsBytes = 0;
        }
        if (p.offloadParams) {
            mem.weightsBytes = 0;
            mem.expertWeightsBytes = 0;
        }
    }
    mem.weightsBytes += unshardedCopy * params;
    double churnStatics = unshardedCopy * params; // gathered per step, freed after backward
    mem.expertWeightsBytes += unshardedCopy * sp.expert;
    // torch.distributed.pipelining backpropagates FSDP stages without gradient sync until the last
    // micro-batch (stage.py backward_maybe_with_nosync), so the stage's unsharded gradients
    // accumulate in reduce_dtype fp32 (FSDP2 unsharded_accumulated_grad) through the step.
    const double pipelinedGradients = fsdp && p.pp > 1 && z >= 2 ? 4.0 * params : 0.0;
    mem.gradientsBytes += pipelinedGradients;
    mem.expertGradientsBytes += pipelinedGradients * sp.expert / std::max(params, 1.0);
    churnStatics += pipelinedGradients;
    const double tokens = tokensPerMicroBatch(ctx, p);
    switch (p.framework) {
    case Framework::Ddp:
        // DDP's reducer keeps bucket copies of every gradient unless gradient_as_bucket_view=True
        // (PyTorch DistributedDataParallel docs).
        buffers += bpp.gradients * params;
        break;
    case Framework::Fsdp:
        if (z == 3) {
            // Current and prefetched unsharded units (FSDP forward/backward prefetch) + the
            // unsharded fp32 gradient of the unit being reduce-scattered.
            buffers += 2.0 * paramElem * sp.largestLayer;
            churnStatics += 2.0 * paramElem * sp.largestLayer;
            mem.gradUnitTransientBytes = 4.0 * sp.largestLayer;
        } else if (z == 2) {
            mem.gradUnitTransientBytes = 4.0 * sp.largestLayer;
        }
        break;
    case Framework::DeepSpeed:
        // reduce_bucket_size defaults to 5e8 elements (DeepSpeed config docs); ZeRO-3 holds the
        // live unsharded parameters of the current and prefetched layer.
        buffers += 2.0 * std::min(5e8, params);
        if (z == 3) buffers += 2.0 * paramElem * sp.largestLayer;
        break;
    case Framework::Megatron:
        // Sequence-parallel all-gather buffer (megatron global memory buffer).
        if (p.sequenceParallel) buffers += paramElem * tokens * p.tp * sc.model.hidden / p.tp;
        // Megatron-FSDP gathers a layer's parameters into a buffer, the next one prefetched
        // (--overlap-param-gather), and reduce-scatters each layer's gradients from an unsharded
        // fp32 buffer (megatron/core/distributed/fsdp: optim_grads_params, optim_grads).
        if (z == 3) {
            buffers += 2.0 * paramElem * sp.largestLayer;
            churnStatics += 2.0 * paramElem * sp.largestLayer;
        }
        if (z >= 2) mem.gradUnitTransientBytes = 4.0 * sp.largestLayer;
        break;
    }

    // Activations.
    mem.inFlightMicroBatches = inFlight(p, gradAccum, slot.index);
    const double denseLayers = sp.layers - sp.moeLayers;
    auto layerBytes = [&](const Plan& plan) {
        return denseLayers * activationBytesPerToken(ctx, plan, false) +
               sp.moeLayers * (sp.moeLayers > 0 ? activationBytesPerToken(ctx, plan, true) : 0.0);
    };
    // A partial full recompute keeps the inputs of its recomputed layers and the full activations
    // of the others (the recomputed share split over dense and MoE layers in proportion).
    double perLayerBytes = layerBytes(p);
    if (const double rc = recomputedLayers(p, sp.layers); rc < sp.layers && sp.layers > 0) {
        Plan kept = p;
        kept.recompute = Recompute::None;
        kept.recomputeLayers = 0;
        const double share = rc / sp.layers;
        perLayerBytes = share * perLayerBytes + (1.0 - share) * layerBytes(kept);
    }
    const double perMb = tokens * perLayerBytes;
    const double interleave = interleaveFactor(p, gradAccum, slot.index);
    mem.activationsBytes = perMb * mem.inFlightMicroBatches * interleave;
    mem.layerActivationBytesPerMicroBatch = perMb;
    mem.interleaveFactor = interleave;
    mem.layersOnStage = sp.layers;
    const double V = sc.model.vocab, h = sc.model.hidden;
    if (kind == StageKind::Last || kind == StageKind::Only) {
        const double normInput = 2.0 * h / (p.sequenceParallel ? p.tp : 1);
        if (p.framework == Framework::Megatron && sc.training.crossEntropy == CrossEntropy::Te) {
            // Transformer Engine's Triton loss keeps the bf16 logits and writes their gradient
            // over them in backward (transformer_engine/pytorch/triton/cross_entropy.py).
            mem.lossActivationBytes = tokens * (normInput + 2.0 * V / p.tp);
            mem.lossTransientBytes = 0.0;
        } else if (p.framework == Framework::Megatron) {
            // Vocab-parallel cross-entropy (fused or not) keeps the fp32 softmax: 4sbh/t·(1 + V/h)
            // (Korthikanti §4.1).
            mem.lossActivationBytes = tokens * (normInput + 4.0 * V / p.tp);
            mem.lossTransientBytes =
                tokens * 2.0 * V / p.tp; // logits gradient entering the LM head
        } else {
            // Eager PyTorch cross-entropy: bf16 logits, their fp32 upcast and the saved log-softmax
            // (2 + 4 + 4 bytes per logit), then an fp32 gradient during backward
            // (torch.nn.functional.cross_entropy).
            mem.lossActivationBytes = tokens * (normInput + 10.0 * V / p.tp);
            mem.lossTransientBytes = tokens * 4.0 * V / p.tp;
        }
    }
    if ((kind == StageKind::Last || kind == StageKind::Only) && sc.model.mtpLayers > 0) {
        // Each MTP module keeps its layer's activations (it is not recomputed), the normed
        // concatenation entering eh_proj (2h) and its own logits for its loss (DeepSeek-V3 §2.2).
        Plan whole = p;
        whole.recompute = Recompute::None;
        whole.recomputeLayers = 0;
        const double module =
            activationBytesPerToken(ctx, whole, ctx.flops.mtpMoe) +
            2.0 * paramElem * 2.0 * h / (p.sequenceParallel ? p.tp : 1) +
            mem.lossActivationBytes / std::max(tokens, 1.0);
        mem.mtpActivationBytes = tokens * sc.model.mtpLayers * module * mem.inFlightMicroBatches;
    }
    mem.activationsBytes += mem.lossActivationBytes + mem.mtpActivationBytes;
    if (p.recompute == Recompute::Full) {
        // Recomputing one layer rebuilds its full activations during its backward.
        Plan noRc = p;
        noRc.recompute = Recompute::None;
        const bool moe = sp.moeLayers > 0;
        mem.recomputeTransientBytes = tokens * activationBytesPerToken(ctx, noRc, moe);
    }
    mem.buffersBytes = buffers;

    // Gradients allocated lazily and freed by zero_grad(set_to_none=True) coexist with the stored
    // activations only when accumulated over several micro-batches; Megatron and DeepSpeed keep
    // persistent contiguous gradient buffers (the "max vs sum" question, made explicit phase by
    // phase).
    mem.persistentGradients =
        p.framework == Framework::Megatron || p.framework == Framework::DeepSpeed || gradAccum > 1;
    mem.cudaContextBytes = eff.cudaContextBytes;
    settlePhases(mem, eff, st.communicators, churnStatics);
    mem.gpuFits = mem.peakBytes <= usableBytes(mem.capacityBytes, ctx.memoryHeadroomFraction);
    // Host memory per node: the scenario's, else 256 GiB per GPU (2 TiB on an 8-GPU DGX A100/H100,
    // NVIDIA DGX system user guides), with the same headroom kept free.
    mem.hostCapacityBytesPerNode = sc.cluster.hostMemoryBytesPerNode > 0
                                       ? sc.cluster.hostMemoryBytesPerNode
                                       : 256.0 * model::units::kGiB * sc.cluster.gpusPerNode;
    mem.hostFits =
        mem.hostBytesPerNode <= usableBytes(mem.hostCapacityBytesPerNode, ctx.memoryHeadroomFraction);
    mem.fits = mem.gpuFits && mem.hostFits;
    return mem;
}

} // namespace trainplan::sim::detail

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

namespace {

constexpr Phrase kDdpStates{
    "PyTorch AMP keeps fp32 parameters and gradients; Adam m, v in fp32 (Kingma & Ba 2015)",
    "PyTorch AMP 保留 fp32 参数与梯度；Adam 的 m、v 为 fp32（Kingma & Ba 2015）"};
constexpr Phrase kFsdpStates{"FSDP MixedPrecision(param_dtype=bf16, reduce_dtype=fp32): fp32 "
                             "sharded parameters and gradients (torchtitan defaults)",
                             "FSDP MixedPrecision(param_dtype=bf16, reduce_dtype=fp32)：fp32 "
                             "的分片参数与梯度（torchtitan 默认值）"};
constexpr Phrase kZeroStates{
    "Rajbhandari et al. 2020 (ZeRO) §3.1 and §5: 2 + 2 + 12 bytes per parameter, stage k shards "
    "over data parallelism",
    "Rajbhandari 等 2020（ZeRO）§3.1 与 §5：每参数 2 + 2 + 12 字节，第 k 阶段在数据并行维度上分片"};
constexpr Phrase kMegatronStates{
    "Megatron-LM docs, distrib_optimizer.md: bf16 params + fp32 main grads = 6 + 12/d bytes per "
    "parameter",
    "Megatron-LM 文档 distrib_optimizer.md：bf16 参数 + fp32 主梯度 = 每参数 6 + 12/d 字节"};
constexpr Phrase kStateSharded{"bytes/param × params on rank / shard degree",
                               "每参数字节数 × 本 rank 参数量 / 分片度"};
constexpr Phrase kState{"bytes/param × params on rank", "每参数字节数 × 本 rank 参数量"};
constexpr Phrase kGradientsPersistent{
    "persistent gradient buffer: bytes/param × params (/ shard degree at ZeRO ≥ 2)",
    "常驻梯度缓冲区：每参数字节数 × 参数量（ZeRO ≥ 2 时再除以分片度）"};
constexpr Phrase kGradientsLazy{
    "lazily allocated gradients: none at the start of backward, all at its end "
    "(zero_grad(set_to_none=True))",
    "按需分配的梯度：反向开始时没有，反向结束时全部存在（zero_grad(set_to_none=True)）"};
constexpr Phrase kOptimizerOffloaded{"0: offloaded to the host", "0：已卸载到主机"};
constexpr Phrase kOptimizerSharded{"bytes/param × params / shard degree",
                                   "每参数字节数 × 参数量 / 分片度"};
constexpr Phrase kOptimizer{"bytes/param × params", "每参数字节数 × 参数量"};
constexpr Phrase kDenseSharded{"bytes/param × non-expert params on rank / dp·cp",
                               "每参数字节数 × 本 rank 非专家参数量 / dp·cp"};
constexpr Phrase kDense{"bytes/param × non-expert params on rank",
                        "每参数字节数 × 本 rank 非专家参数量"};
constexpr Phrase kExpertSharded{"bytes/param × expert params / (ep·etp) / expert-dp",
                                "每参数字节数 × 专家参数量 / (ep·etp) / 专家数据并行度"};
constexpr Phrase kExpert{"bytes/param × expert params / (ep·etp)",
                         "每参数字节数 × 专家参数量 / (ep·etp)"};
constexpr Phrase kLossEager{"tokens × (norm input + 10·V/t)", "token 数 × (归一化输入 + 10·V/t)"};
constexpr Phrase kLossTe{"tokens × (norm input + 2·V/t)", "token 数 × (归一化输入 + 2·V/t)"};
constexpr Phrase kLossMegatron{"tokens × (norm input + 4·V/t)", "token 数 × (归一化输入 + 4·V/t)"};
constexpr Phrase kLossEagerSource{
    "eager torch cross_entropy: bf16 logits + fp32 upcast + saved log-softmax",
    "eager 模式的 torch cross_entropy：bf16 logits + fp32 上转 + 保存的 log-softmax"};
constexpr Phrase kLossTeSource{
    "Transformer Engine Triton cross-entropy: bf16 logits, gradient written in place",
    "Transformer Engine 的 Triton 交叉熵：保留 bf16 logits，梯度原地写回"};
constexpr Phrase kLossMegatronSource{"Korthikanti et al. 2022 §4.1: fp32 logits 4sbV/t",
                                     "Korthikanti 等 2022 §4.1：fp32 logits 4sbV/t"};
constexpr Phrase kDdpBuffers{"DDP gradient bucket copies (gradient_as_bucket_view=False)",
                             "DDP 梯度桶副本（gradient_as_bucket_view=False）"};
constexpr Phrase kFsdpBuffers{"current + prefetched unsharded unit (2 × largest layer × 2 bytes)",
                              "当前与预取的未分片单元（2 × 最大层 × 2 字节）"};
constexpr Phrase kZeroBuffers{"reduce bucket (min(5e8, params) × 2 bytes) + ZeRO-3 live parameters",
                              "归约桶（min(5e8, 参数量) × 2 字节）+ ZeRO-3 在用参数"};
constexpr Phrase kMegatronBuffers{"sequence-parallel all-gather buffer",
                                  "序列并行的 all-gather 缓冲区"};

} // namespace

const Phrase kExpertStateSource{
    "Megatron-Core MoE: experts split over the expert-parallel group, their states sharded over "
    "the expert-data-parallel group",
    "Megatron-Core MoE：专家在专家并行组内切分，其状态在专家数据并行组内分片"};
const Phrase kLayerActivationsFormula{
    "alive fraction × in-flight micro-batches × per-micro-batch activation of the stage's layers × "
    "interleaving factor",
    "存活比例 × 在途微批次数 × 本阶段各层每个微批次的激活值 × 交错系数"};
const Phrase kLayerActivationsSource{
    "Korthikanti et al. 2022 eq. sbh(34 + 5as/h), /t with sequence parallelism; 1F1B keeps p "
    "micro-batches on the first stage (Narayanan et al. 2021 §2.2.1); interleaving holds 2(p−s−1) "
    "+ (v−1)p + 1 chunks of 1/v, at most m·v (Megatron-Core get_num_warmup_microbatches)",
    "Korthikanti 等 2022 公式 sbh(34 + 5as/h)，序列并行时再除以 t；1F1B 在第一阶段保留 p "
    "个微批次（Narayanan 等 2021 §2.2.1）；交错调度保留 2(p−s−1) + (v−1)p + 1 个 1/v "
    "大小的块，最多 m·v 个（Megatron-Core get_num_warmup_microbatches）"};
const Phrase kMtpActivationsFormula{
    "MTP modules × tokens × (a whole layer + 2h projection input + their own logits)",
    "MTP 模块数 × token 数 × (一整层 + 2h 投影输入 + 各自的 logits)"};
const Phrase kMtpActivationsSource{"DeepSeek-V3 §2.2; Megatron-Core MultiTokenPredictionLayer",
                                   "DeepSeek-V3 §2.2；Megatron-Core MultiTokenPredictionLayer"};
const Phrase kStoredActivationsFormula{
    "fraction alive at this moment × (layer, loss and MTP activations)",
    "此刻存活比例 × (层、损失与 MTP 的激活值)"};
const Phrase kStoredActivationsSource{"Korthikanti et al. 2022 §4", "Korthikanti 等 2022 §4"};
const Phrase kTransientNone{"none at this moment", "此刻没有"};
const Phrase kTransientLogitsGradient{"logits gradient entering the LM head",
                                      "进入输出头的 logits 梯度"};
const Phrase kTransientRecomputeLayer{"one layer rebuilt by full recompute",
                                      "完全重计算时重建的一层"};
const Phrase kTransientGradientUnit{"unsharded fp32 gradient unit before its reduce-scatter",
                                    "reduce-scatter 之前未分片的 fp32 梯度单元"};
const Phrase kTransientSource{"the largest short-lived tensor alive at the peak moment",
                              "峰值时刻存活的最大短时张量"};
const Phrase kBuffersSource{"PyTorch DDP docs; DeepSpeed config docs (reduce_bucket_size)",
                            "PyTorch DDP 文档；DeepSpeed 配置文档（reduce_bucket_size）"};

const Phrase& stateSource(model::Framework fw) {
    switch (fw) {
    case model::Framework::Ddp:
        return kDdpStates;
    case model::Framework::Fsdp:
        return kFsdpStates;
    case model::Framework::DeepSpeed:
        return kZeroStates;
    case model::Framework::Megatron:
        return kMegatronStates;
    }
    return kDdpStates;
}

const Phrase& weightsFormula(bool sharded) {
    return sharded ? kStateSharded : kState;
}

const Phrase& gradientsFormula(bool persistent) {
    return persistent ? kGradientsPersistent : kGradientsLazy;
}

const Phrase& optimizerFormula(bool offloaded, bool sharded) {
    return offloaded ? kOptimizerOffloaded : sharded ? kOptimizerSharded : kOptimizer;
}

const Phrase& denseStateFormula(bool sharded) {
    return sharded ? kDenseSharded : kDense;
}

const Phrase& expertStateFormula(bool sharded) {
    return sharded ? kExpertSharded : kExpert;
}

const Phrase& lossFormula(model::Framework fw, model::CrossEntropy ce) {
    if (fw != model::Framework::Megatron) return kLossEager;
    return ce == model::CrossEntropy::Te ? kLossTe : kLossMegatron;
}

const Phrase& lossSource(model::Framework fw, model::CrossEntropy ce) {
    if (fw != model::Framework::Megatron) return kLossEagerSource;
    return ce == model::CrossEntropy::Te ? kLossTeSource : kLossMegatronSource;
}

const Phrase& buffersFormula(model::Framework fw) {
    switch (fw) {
    case model::Framework::Ddp:
        return kDdpBuffers;
    case model::Framework::Fsdp:
        return kFsdpBuffers;
    case model::Framework::DeepSpeed:
        return kZeroBuffers;
    case model::Framework::Megatron:
        return kMegatronBuffers;
    }
    return kDdpBuffers;
}

} // namespace trainplan::sim::rules
