// The data-parallel collectives of a plan, its exposed data-parallel time, and its optimizer step
// with any offload: the parts of evaluatePlan that depend on the layout and the sharding, not on
// the micro-batch. With no stage compute to hide behind given (nullptr), the exposed times are
// their floors (every overlappable part hidden), what the branch-and-bound search adds to its
// compute bound.
#include "derivation_rules.h"
#include "estimate_detail.h"

#include <algorithm>
#include <limits>

namespace trainplan::sim::detail {

using model::Framework;
using model::Offload;
using model::Plan;
using model::Precision;

namespace {

// A collective hidden behind compute still costs: NCCL runs one CTA per channel, so while it runs
// its channels' SMs are taken from the kernels it overlaps (NCCL environment docs,
// NCCL_MAX_NCHANNELS: more channels use more CUDA blocks; Lee et al. 2025, arXiv 2507.03114:
// overlapped compute slows 18.9% on average on A100/H100). Work w overlapping comm c then takes
// max(c, w + share·c): the exposed part is max(c − w, share·c).
double exposedBehind(const Efficiency& eff, double comm, double hiddenBy) {
    return std::max(comm - hiddenBy, ncclSmShare(eff) * comm);
}

} // namespace

DpTraffic dpTraffic(const PlanContext& ctx, const Plan& p, const Placements& pl,
                     const StageSlot* slots, std::size_t slotCount, bool uneven) {
    const auto& sc = *ctx.scenario;
    const auto& tr = sc.training;
    const auto& bw = ctx.bandwidth;
    DpTraffic t;
    // Uneven layouts: the stage holding the most parameters sets the data-parallel traffic and
    // the optimizer step (the first and last stages hold fewer layers than the middle ones).
    t.stage = stageParams(ctx, p, slots[0]);
    for (std::size_t i = 1; uneven && i < slotCount; ++i) {
        const StageParams sp = stageParams(ctx, p, slots[i]);
        if (sp.dense + sp.expert > t.stage.dense + t.stage.expert) t.stage = sp;
    }
    const double dense = t.stage.dense, expert = t.stage.expert;
    const double paramElem = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    const BytesPerParam bpp = bytesPerParam(p.framework, tr.precision, tr.optimizer);
    const double gradElem = std::min(bpp.gradients, 4.0);
    CollectiveCost& mbGatherFwd = t.mbGatherFwd;
    CollectiveCost& mbGatherBwd = t.mbGatherBwd;
    CollectiveCost& mbReduce = t.mbReduce;
    CollectiveCost& dpReduce = t.dpReduce;
    CollectiveCost& dpGather = t.dpGather;
    bool& gatherOverlapped = t.gatherOverlapped;
    const double dpBuckets = 25e6; // bytes per DDP bucket (bucket_cap_mb = 25, PyTorch docs)
    auto grads = [&](double elemBytes, auto collective, double messages) {
        CollectiveCost c = collective(dense * elemBytes, pl.dp, bw, messages);
        if (expert > 0) c += collective(expert * elemBytes, pl.dpExpert, bw, messages);
        return c;
    };
    const int z = p.zeroStage;
    const double dpGroup = static_cast<double>(p.dp) * p.cp;
    if (dpGroup > 1) {
        switch (p.framework) {
        case Framework::Ddp:
            dpReduce =
                grads(gradElem, allReduce, std::max(1.0, (dense + expert) * gradElem / dpBuckets));
            break;
        case Framework::Megatron: {
            const double buckets =
                std::max(1.0, (dense + expert) / 4e7); // 40M-element buckets (Megatron DDP)
            if (z >= 2) {
                // Megatron-FSDP: with gradients sharded it reduce-scatters every micro-batch
                // ("for grads shard mode there will always be gradient sync", MegatronFSDP.no_sync,
                // megatron_fsdp.py), layer by layer over the dp × cp group (experts over their
                // expert-data-parallel group); optim_grads_params also gathers each layer's
                // parameters before its forward and again before its backward, optim_grads
                // gathers the updated parameters once per step.
                const double layers = std::max(1.0, t.stage.layers);
                auto perLayer = [&](double elemBytes, auto collective) {
                    CollectiveCost c = collective(dense * elemBytes, pl.dp, bw, layers);
                    if (expert > 0) c += collective(expert * elemBytes, pl.dpExpert, bw, layers);
                    return c;
                };
                mbReduce = perLayer(gradElem, reduceScatter);
                if (z == 3) {
                    mbGatherFwd = perLayer(paramElem, allGather);
                    mbGatherBwd = perLayer(paramElem, allGather);
                } else {
                    dpGather = grads(paramElem, allGather, buckets);
                    gatherOverlapped = true; // --overlap-param-gather
                }
            } else if (z >= 1) {
                // Distributed optimizer: reduce-scatter fp32 grads, all-gather bf16 params
                // (Megatron docs).
                dpReduce = grads(gradElem, reduceScatter, buckets);
                dpGather = grads(paramElem, allGather, buckets);
                gatherOverlapped = true; // --overlap-param-gather with the next forward
            } else {
                dpReduce = grads(gradElem, allReduce, buckets);
            }
            break;
        }
        case Framework::DeepSpeed: {
            const double buckets = std::max(1.0, (dense + expert) / 5e8);
            // DeepSpeed's ZeRO collectives run flat over the data-parallel ranks: across nodes
            // every byte a rank moves crosses its NIC share, which is what ZeRO++'s hierarchical
            // partitioning (hpZ) later addressed (Wang et al. 2023, ZeRO++ §3).
            const Placements flat = [&] {
                Placements f = pl;
                if (f.dp.crossesNodes()) f.dp = GroupPlacement{f.dp.size, 1, f.dp.size};
                if (f.dpExpert.crossesNodes())
                    f.dpExpert = GroupPlacement{f.dpExpert.size, 1, f.dpExpert.size};
                return f;
            }();
            auto grads = [&](double elemBytes, auto collective, double messages) {
                CollectiveCost c = collective(dense * elemBytes, flat.dp, bw, messages);
                if (expert > 0) c += collective(expert * elemBytes, flat.dpExpert, bw, messages);
                return c;
            };
            if (z == 0) {
                dpReduce = grads(paramElem, allReduce, buckets);
            } else if (z == 1) {
                dpReduce = grads(paramElem, reduceScatter, buckets);
                dpGather = grads(paramElem, allGather, buckets);
            } else if (z == 2) {
                mbReduce =
                    grads(paramElem, reduceScatter, buckets); // every micro-step (overlap_comm)
                dpGather = grads(paramElem, allGather, buckets);
            } else {
                // ZeRO-3: all-gather forward and backward, reduce-scatter gradients, every
                // micro-batch: 1.5× DDP's volume (Rajbhandari et al. 2020 §7.2.2).
                const double layers = std::max(1.0, t.stage.layers);
                mbGatherFwd = grads(paramElem, allGather, layers);
                mbGatherBwd = grads(paramElem, allGather, layers);
                mbReduce = grads(paramElem, reduceScatter, layers);
            }
            break;
        }
        case Framework::Fsdp: {
            const double layers = std::max(1.0, t.stage.layers);
            GroupPlacement shardGroup = pl.dp;
            if (p.hybridShard) {
                shardGroup = place(p.tp, std::max(1, pl.dp.perNode), sc.cluster.gpusPerNode);
            }
            // Routed experts are sharded like every other parameter: over the shard group, or over
            // the expert-data-parallel group when experts are split by ep (torchtitan FSDP2 + EP).
            // Their gathers and reductions cost as much as the dense ones per byte.
            const GroupPlacement expertGroup = p.ep > 1 ? pl.dpExpert : shardGroup;
            auto shardColl = [&](double elemBytes, auto collective) {
                CollectiveCost c = collective(dense * elemBytes, shardGroup, bw, layers);
                if (expert > 0) c += collective(expert * elemBytes, expertGroup, bw, layers);
                return c;
            };
            if (z == 3) {
                // FULL_SHARD: all-gather in forward and again in backward, reduce-scatter gradients
                // (fp32 reduce), per micro-batch (PyTorch FSDP docs; Zhao et al. 2023 §3).
                mbGatherFwd = shardColl(paramElem, allGather);
                mbGatherBwd = shardColl(paramElem, allGather);
                mbReduce = shardColl(4.0, reduceScatter);
                if (p.hybridShard && pl.dp.nodes > 1) {
                    GroupPlacement across =
                        place(p.tp * shardGroup.size, pl.dp.nodes, sc.cluster.gpusPerNode);
                    dpReduce = allReduce(dense * 4.0 / shardGroup.size, across, bw, layers);
                }
            } else if (z == 2) {
                // SHARD_GRAD_OP: gather once in forward, keep the parameters through backward.
                mbGatherFwd = shardColl(paramElem, allGather);
                mbReduce = shardColl(4.0, reduceScatter);
            } else {
                dpReduce = grads(4.0, allReduce, std::max(1.0, dense * 4.0 / dpBuckets));
            }
            break;
        }
        }
    }

    return t;
}

DpExposed dpExposed(const DpTraffic& t, const Plan& p, const Efficiency& eff,
                    const StageTime* slow) {
    // The compute each collective can hide behind: the overlap fraction of it, or without limit
    // for the floor.
    const double inf = std::numeric_limits<double>::infinity();
    const double ov = eff.overlapFraction;
    const double hideForward = slow ? ov * slow->forward : inf;
    const double hideBackward = slow ? ov * slow->backward : inf;
    const double hideBackwardRecompute = slow ? ov * (slow->backward + slow->recompute) : inf;
    DpExposed out;
    // Per-micro-batch exposed data-parallel communication, scheduled layer by layer: FSDP and
    // ZeRO-3 prefetch the next layer's all-gather while the current layer computes (prefetch depth
    // 1: FSDP forward/backward prefetch, DeepSpeed stage3_prefetch_bucket_size), and reduce-scatter
    // a layer's gradients while the next one computes its backward. The first gather and the last
    // reduction have nothing to hide behind (Zhao et al. 2023, PyTorch FSDP §3.3-3.4).
    const CollectiveCost dpPerMb = t.perMicroBatch();
    if (dpPerMb.seconds > 0) {
        const double L = std::max(1.0, t.stage.layers);
        const double agF = t.mbGatherFwd.seconds / L, agB = t.mbGatherBwd.seconds / L;
        const double rs = t.mbReduce.seconds / L;
        if (!p.dpOverlap) {
            out.perMicroBatchSeconds = dpPerMb.seconds;
        } else {
            const double hideF = hideForward / L, hideB = hideBackwardRecompute / L;
            // Forward: the first layer's gather, then L − 1 windows of one layer's compute.
            // Backward: the first re-gather, L − 1 windows each carrying the next gather and the
            // previous layer's reduce-scatter, and the last reduce-scatter.
            out.perMicroBatchSeconds = agF + (L - 1.0) * exposedBehind(eff, agF, hideF) + agB +
                             (L - 1.0) * exposedBehind(eff, agB + rs, hideB) + rs;
        }
    }
    // Step-level DP: the reduction of the last micro-batch overlaps its backward; the param
    // all-gather overlaps the next forward where the framework does so.
    const double lastBucket =
        t.dpReduce.seconds > 0 ? std::min(t.dpReduce.seconds, t.dpReduce.seconds * 0.05 + 1e-4)
                               : 0.0;
    out.reduceSeconds =
        p.dpOverlap
            ? std::max(lastBucket, exposedBehind(eff, t.dpReduce.seconds, hideBackward))
            : t.dpReduce.seconds;
    out.gatherSeconds = t.gatherOverlapped && p.dpOverlap
                            ? exposedBehind(eff, t.dpGather.seconds, hideForward)
                            : t.dpGather.seconds;
    return out;
}

OptimizerStep optimizerStep(const PlanContext& ctx, const Plan& p, const Placements& pl,
                            const DpTraffic& t, const StageTime* slow, double gradAccum) {
    // Optimizer step: memory-bound over the locally owned parameters (~34 bytes touched per Adam
    // parameter in mixed precision: read grad, master, m, v; write master, m, v, low-precision
    // copy).
    const auto& sc = *ctx.scenario;
    const auto& tr = sc.training;
    const Efficiency& eff = ctx.eff;
    const int z = p.zeroStage;
    const double dense = t.stage.dense, expert = t.stage.expert;
    const double paramElem = tr.precision == Precision::Fp32 ? 4.0 : 2.0;
    const BytesPerParam bpp = bytesPerParam(p.framework, tr.precision, tr.optimizer);
    const double gradElem = std::min(bpp.gradients, 4.0);
    const double inf = std::numeric_limits<double>::infinity();
    const double hideBackward = slow ? eff.overlapFraction * slow->backward : inf;
    const double hideCompute =
        slow ? eff.overlapFraction * (slow->forward + slow->backward + slow->recompute) : inf;
    OptimizerStep out;
    const Shards sh = shardDegrees(p, pl);
    const double optShardDense = z >= 1 ? dense / sh.dense : dense;
    const double optShardExpert = z >= 1 ? expert / sh.expert : expert;
    const double ownedParams = optShardDense + optShardExpert;
    const bool adam = tr.optimizer != model::Optimizer::SgdMomentum;
    const double optBytes = (adam ? 34.0 : 22.0) * ownedParams;
    double& optimizerSeconds = out.optimizerSeconds;
    optimizerSeconds = optBytes / (ctx.hbmBytesPerSecond * eff.hbmEfficiency);
    double& offloadSeconds = out.offloadSeconds;
    if (p.offload != Offload::None) {
        const HostRates host = hostRates(sc.cluster, eff);
        const double pcie = host.pcieBytesPerSecondPerGpu;
        // CPU Adam over the owned shard (Ren et al. 2021 ZeRO-Offload); gradients stream to the
        // host during backward, updated parameters come back after the step. NO_SHARD owns every
        // parameter of its tp·pp slice. FSDP's CPUOffload steps the user's torch.optim AdamW on
        // the host tensors, which DeepSpeed's vectorized CPU-Adam outruns 5–7× (DeepSpeedCPUAdam
        // docstring, deepspeed/ops/adam/cpu_adam.py): FSDP takes the middle of that range.
        constexpr double kTorchCpuAdamSlowdown = 6.0;
        const double shard = ownedParams;
        optimizerSeconds = shard / host.adamParamsPerSecond *
                           (p.framework == Framework::Fsdp ? kTorchCpuAdamSlowdown : 1.0);
        const double down = shard * gradElem / pcie;
        const double up = shard * paramElem / pcie;
        offloadSeconds = up + std::max(0.0, down - hideBackward);
        if (p.offload == Offload::Nvme) {
            const double nvme = host.nvmeBytesPerSecondPerNode / sc.cluster.gpusPerNode;
            offloadSeconds +=
                2.0 * bpp.optimizer * shard / nvme; // read and write the states (ZeRO-Infinity)
        }
        if (p.offloadParams || p.framework == Framework::Fsdp) {
            // Parameter shards are fetched from host memory before every all-gather, forward and
            // backward.
            const double fetch = 2.0 * shard * paramElem / pcie;
            offloadSeconds += gradAccum * std::max(0.0, fetch - hideCompute);
        }
    }

    return out;
}

} // namespace trainplan::sim::detail

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

namespace {

constexpr Phrase kDpOverlapped{
    "gradient reduction beyond what overlaps the last backward (and per-micro-batch gathers beyond "
    "their prefetch), at least the NCCL SM share of what hides",
    "超出最后一次反向可重叠部分的梯度归约（以及超出预取的逐微批次参数收集），且至少计入被掩盖部分中"
    " NCCL 占用 SM 的份额"};
constexpr Phrase kDp{"all gradient reduction and gathers (overlap off)",
                     "全部梯度归约与参数收集（未开启重叠）"};
constexpr Phrase kHostAdam{"owned parameters / min(cores × per-core rate, DRAM share / 28 bytes); "
                           "FSDP's torch AdamW 6× slower",
                           "本 rank 持有的参数量 / min(核数 × 单核速率, 内存带宽份额 / 28 "
                           "字节)；FSDP 的 torch AdamW 慢 6 倍"};
constexpr Phrase kGpuAdam{"owned parameters × 34 bytes touched / (HBM × efficiency)",
                          "本 rank 持有的参数量 × 34 字节访存 / (HBM × 效率)"};
constexpr Phrase kHostAdamSource{
    "Ren et al. 2021 (ZeRO-Offload); DeepSpeed csrc/includes/cpu_adam.h Step_AVX",
    "Ren 等 2021（ZeRO-Offload）；DeepSpeed csrc/includes/cpu_adam.h Step_AVX"};
constexpr Phrase kGpuAdamSource{"memory-bound Adam update", "访存受限的 Adam 更新"};

} // namespace

const Phrase kExposedDpSource{
    "NCCL bus-bandwidth factors; PyTorch DDP/FSDP and DeepSpeed overlap_comm; overlapped compute "
    "slowdown: Lee et al. 2025 (arXiv 2507.03114)",
    "NCCL 总线带宽系数；PyTorch DDP/FSDP 与 DeepSpeed 的 overlap_comm；通信重叠时的计算减速：Lee "
    "等 2025（arXiv 2507.03114）"};
const Phrase kDpBytesFormula{"gradient reduction and parameter gathers, per the framework",
                             "按框架计算的梯度归约与参数收集"};
const Phrase kDpBytesSource{"ZeRO-3 moves 1.5× DDP's volume (Rajbhandari et al. 2020 §7.2.2)",
                            "ZeRO-3 的通信量为 DDP 的 1.5 倍（Rajbhandari 等 2020 §7.2.2）"};
const Phrase kOffloadFormula{"host↔GPU copies not hidden behind backward",
                             "未被反向计算掩盖的主机↔GPU 拷贝"};
const Phrase kOffloadSource{"Ren et al. 2021 (ZeRO-Offload); Rajbhandari et al. 2021",
                            "Ren 等 2021（ZeRO-Offload）；Rajbhandari 等 2021"};

const Phrase& exposedDpFormula(bool overlap) {
    return overlap ? kDpOverlapped : kDp;
}

const Phrase& optimizerStepFormula(bool offloaded) {
    return offloaded ? kHostAdam : kGpuAdam;
}

const Phrase& optimizerStepSource(bool offloaded) {
    return offloaded ? kHostAdamSource : kGpuAdamSource;
}

} // namespace trainplan::sim::rules
