#include "memory_overheads.h"

#include "derivation_rules.h"
#include "estimate_detail.h"

#include <algorithm>

namespace trainplan::sim::detail {

using model::Framework;
using model::Plan;

namespace {

// The send-side buffer NCCL's P2P transport allocates per channel and peer for send/recv, next to
// the 10 MiB receive buffers (NVIDIA/nccl#1685, NCCL_DEBUG_SUBSYS=ALLOC on 8 × H100: 2097152-byte
// and 10485760-byte allocations per channel per peer).
constexpr double kP2pSendBufferBytes = 2.0 * 1024 * 1024;

int nvlinkNeighbours(int peers, const GroupPlacement& g) {
    return std::min(peers, std::max(0, g.perNode - 1));
}

void add(Communicators& out, const Efficiency& eff, const char* group, CommPattern pattern,
         const GroupPlacement& g, int peers) {
    if (g.size <= 1 || peers <= 0 || out.count >= Communicators::kMax) return;
    Communicator c;
    c.group = group;
    c.pattern = pattern;
    c.size = g.size;
    c.nvlinkPeers = pattern == CommPattern::AllToAll ? g.perNode - 1 : nvlinkNeighbours(peers, g);
    c.networkPeers = peers - c.nvlinkPeers;
    c.bytes = communicatorBytes(eff, pattern, c.nvlinkPeers, c.networkPeers);
    out.items[out.count++] = c;
    out.bytes += c.bytes;
}

} // namespace

double communicatorBytes(const Efficiency& eff, CommPattern pattern, int nvlinkPeers,
                         int networkPeers) {
    if (nvlinkPeers + networkPeers <= 0) return 0.0;
    if (pattern == CommPattern::Ring) {
        // Each channel holds a receive and a send connection (previous and next rank), whatever
        // the group size (NVIDIA/nccl#986: "Ring ... only has 2 connections regardless of the
        // scale"; memory "linearly tied to the number of channels").
        return eff.ncclChannels * 2.0 * eff.ncclConnectionBytes;
    }
    // Send/recv connects each peer on its own channels: the P2P channels per NVLink peer, and
    // NCCL_NCHANNELS_PER_NET_PEER (default 2, NCCL environment variables docs) per remote peer.
    const double perChannel = eff.ncclConnectionBytes + kP2pSendBufferBytes;
    return perChannel * (nvlinkPeers * eff.ncclP2pChannelsPerNvlinkPeer +
                         networkPeers * eff.ncclChannelsPerNetPeer);
}

Communicators planCommunicators(const PlanContext& ctx, const Plan& p, const Placements& pl,
                                StageKind stage) {
    const auto& sc = *ctx.scenario;
    const Efficiency& eff = ctx.eff;
    const int gpusPerNode = sc.cluster.gpusPerNode;
    Communicators out;
    const long long gpus = p.gpus();
    if (gpus <= 1) return out;
    // PyTorch creates a group's NCCL communicator at its first collective (ProcessGroupNCCL lazy
    // init), so only groups that carry traffic hold buffers. The default group runs the start-up
    // and checkpoint barriers (torch.distributed.barrier is an all-reduce under NCCL) and, without
    // model parallelism, is the data-parallel group itself (DDP, FSDP, DeepSpeed).
    const int dense = p.dp * p.cp;
    // HSDP inside one node is plain sharding: one group, no replicas (the search treats the two
    // plans as one).
    const bool hybrid = p.hybridShard && pl.dp.nodes > 1;
    const bool dpIsWorld = dense == gpus && !hybrid;
    add(out, eff, "world", CommPattern::Ring,
        place(1, static_cast<int>(std::min<long long>(gpus, 1 << 30)), gpusPerNode), 2);
    add(out, eff, "tp", CommPattern::Ring, pl.tp, 2);
    // Megatron-Core context parallelism passes K/V chunks around its ring by send/recv (TE
    // attention with cp_comm_type p2p); PyTorch context_parallel all-gathers them (its default
    // rotate method) and sends dK/dV by all_to_all: a collective communicator.
    if (!pytorchCpAllGather(p))
        add(out, eff, "cp", CommPattern::PointToPoint, pl.cp, std::min(2, p.cp - 1));
    else
        add(out, eff, "cp", CommPattern::Ring, pl.cp, 2);
    if (!dpIsWorld) {
        if (hybrid) {
            // HSDP: reduce-scatter/all-gather inside the shard group, all-reduce across replicas
            // (PyTorch FSDP HYBRID_SHARD: two process groups).
            const int shard = std::max(1, pl.dp.perNode); // the dp × cp ranks of one node
            add(out, eff, "dp-shard", CommPattern::Ring, place(1, shard, gpusPerNode), 2);
            const int replicas = std::max(1, dense / shard);
            add(out, eff, "dp-replicate", CommPattern::Ring,
                place(p.tp * shard, replicas, gpusPerNode), 2);
        } else {
            // Megatron reduces gradients over the data-parallel × context-parallel group when
            // cp > 1 (parallel_state: data_parallel_group with_context_parallel): placeGroups' dp.
            add(out, eff, "dp", CommPattern::Ring, pl.dp, 2);
        }
    }
    if (p.pp > 1) {
        // 1F1B exchanges activations and gradients with the previous and next stage; the first and
        // last stages have one neighbour unless interleaving wraps the pipeline around.
        const bool end = stage == StageKind::First || stage == StageKind::Last;
        const int peers = p.pp == 2 || (end && p.vpp <= 1) ? 1 : 2;
        add(out, eff, "pp", CommPattern::PointToPoint, pl.pp, peers);
    }
    // Folded experts with etp > 1 gather and scatter their tokens in their own group.
    if (p.foldsExperts() && p.etp > 1 && sc.model.moe.enabled())
        add(out, eff, "etp", CommPattern::Ring, pl.etp, 2);
    if (p.ep > 1 && sc.model.moe.enabled()) {
        add(out, eff, "ep", CommPattern::AllToAll, pl.ep, p.ep - 1);
        add(out, eff, "expert-dp", CommPattern::Ring, pl.dpExpert, 2);
    }
    // Tied input and output embeddings on different stages are all-reduced in Megatron's
    // embedding group of the first and last stage (megatron/core/parallel_state.py
    // _EMBEDDING_GROUP; Megatron-DeepSpeed keeps the same group).
    const bool endStage = stage == StageKind::First || stage == StageKind::Last;
    if (p.pp > 1 && endStage && sc.model.tiedEmbeddings &&
        (p.framework == Framework::Megatron || p.framework == Framework::DeepSpeed))
        add(out, eff, "embedding", CommPattern::Ring,
            place(p.tp * p.cp * p.dp * (p.pp - 1), 2, gpusPerNode), 2);
    return out;
}

double fragmentationBytes(const Efficiency& eff, double churnBytes) {
    // The caching allocator keeps freed blocks in per-size pools and splits them (c10/cuda/
    // CUDACachingAllocator.cpp); tensors of changing sizes freed and re-allocated every step
    // leave reserved-but-unallocated gaps. GMLake (Guo et al., ASPLOS 2024, §2.3 and abstract)
    // measured PyTorch wasting 15% on average (up to 33%) across eight LLM training setups.
    return eff.memoryOverheadFraction * std::max(0.0, churnBytes);
}

void settlePhases(MemoryBreakdown& mem, const Efficiency& eff, const Communicators& comms,
                  double churnStatics) {
    mem.ncclBytes = comms.bytes;
    mem.ncclCommunicators = comms.count;
    const double statics = mem.weightsBytes + mem.optimizerBytes + mem.buffersBytes;
    const double g = mem.gradientsBytes, act = mem.activationsBytes;
    const double g0 = mem.persistentGradients ? g : 0.0;
    auto phase = [&](MemoryPhase::Kind k, double a, double gr, double tr) {
        const double churn = churnStatics + a + tr + (mem.persistentGradients ? 0.0 : gr);
        const double overhead =
            mem.cudaContextBytes + mem.ncclBytes + fragmentationBytes(eff, churn);
        mem.phases[k] = MemoryPhase{statics + a + gr + tr, a, gr, tr, churn, overhead};
    };
    phase(MemoryPhase::StepStart, 0.0, g0, 0.0);
    phase(MemoryPhase::ForwardEnd, act, g0, 0.0);
    phase(MemoryPhase::BackwardStart, act, g0, mem.lossTransientBytes);
    phase(MemoryPhase::BackwardMiddle, 0.5 * act, mem.persistentGradients ? g : 0.5 * g,
          std::max(mem.recomputeTransientBytes, mem.gradUnitTransientBytes));
    phase(MemoryPhase::BackwardEnd, 0.0, g, mem.gradUnitTransientBytes);
    phase(MemoryPhase::OptimizerStep, 0.0, g, 0.0);
    mem.peakPhase = MemoryPhase::StepStart;
    for (int k = 1; k < MemoryPhase::Count; ++k)
        if (mem.phases[k].totalBytes() > mem.phases[mem.peakPhase].totalBytes())
            mem.peakPhase = static_cast<MemoryPhase::Kind>(k);
    mem.transientBytes = mem.atPeak().transientBytes;
    mem.overheadBytes = mem.atPeak().overheadBytes;
    mem.fragmentationBytes = mem.overheadBytes - mem.cudaContextBytes - mem.ncclBytes;
    mem.peakBytes = mem.atPeak().totalBytes();
}

} // namespace trainplan::sim::detail

namespace trainplan::sim {

const char* toString(MemoryPhase::Kind k) {
    switch (k) {
    case MemoryPhase::StepStart:
        return "step start";
    case MemoryPhase::ForwardEnd:
        return "end of forward";
    case MemoryPhase::BackwardStart:
        return "start of backward";
    case MemoryPhase::BackwardMiddle:
        return "middle of backward";
    case MemoryPhase::BackwardEnd:
        return "end of backward";
    case MemoryPhase::OptimizerStep:
        return "optimizer step";
    case MemoryPhase::Count:
        break;
    }
    return "";
}

} // namespace trainplan::sim

// What a derivation shows for the terms above (derivation_rules.h).
namespace trainplan::sim::rules {

namespace {

constexpr Phrase kRing{"ring collective: channels × 2 connections × connection bytes",
                       "环形集合通信：通道数 × 2 个连接 × 每连接字节数"};
constexpr Phrase kAllToAll{
    "all-to-all: per peer, channels per peer × (connection + 2 MiB send buffer)",
    "all-to-all：对每个对端，每对端通道数 × (连接 + 2 MiB 发送缓冲区)"};
constexpr Phrase kSendRecv{
    "send/recv: per peer, channels per peer × (connection + 2 MiB send buffer)",
    "send/recv：对每个对端，每对端通道数 × (连接 + 2 MiB 发送缓冲区)"};

} // namespace

const Phrase kCommunicatorSource{"NCCL src/init.cc buffer defaults; NVIDIA/nccl#964, #986, #1685",
                                 "NCCL src/init.cc 的缓冲区默认值；NVIDIA/nccl#964、#986、#1685"};
const Phrase kCommunicatorsFormula{
    "every communicator this rank's groups create (buffers outside the allocator)",
    "本 rank 所在各组创建的全部通信器（分配器之外的缓冲区）"};
const Phrase kCommunicatorsSource{"NCCL environment docs (NCCL_BUFFSIZE); NVIDIA/nccl#986",
                                  "NCCL 环境变量文档（NCCL_BUFFSIZE）；NVIDIA/nccl#986"};
const Phrase kCudaContextFormula{"fixed per process", "每进程固定"};
const Phrase kCudaContextSource{
    "CUDA context and cuBLAS/cuDNN workspaces outside the PyTorch allocator",
    "PyTorch 分配器之外的 CUDA 上下文与 cuBLAS/cuDNN 工作区"};
const Phrase kFragmentationFormula{
    "fraction × bytes allocated and freed within the step at the peak",
    "比例 × 峰值时本步内已分配又释放的字节数"};
const Phrase kFragmentationSource{
    "PyTorch caching allocator, reserved vs allocated; GMLake (Guo et al. 2024)",
    "PyTorch 缓存分配器，reserved 与 allocated 之差；GMLake（Guo 等 2024）"};
const Phrase kOverheadFormula{"CUDA context + NCCL communicator buffers + allocator fragmentation",
                              "CUDA 上下文 + NCCL 通信器缓冲区 + 分配器碎片"};
const Phrase kOverheadSource{"docs/model.md, memory that is true at the peak",
                             "docs/model.md，峰值时真实的显存"};
const Phrase kPeakMemoryFormula{"the components alive at the step's fullest moment",
                                "本步显存最满时刻存活的各组成部分"};
const Phrase kPeakMemorySource{"TrainPlan memory model (docs/model.md)",
                               "TrainPlan 显存模型（docs/model.md）"};

const Phrase& communicatorFormula(detail::CommPattern pattern) {
    switch (pattern) {
    case detail::CommPattern::Ring:
        return kRing;
    case detail::CommPattern::AllToAll:
        return kAllToAll;
    case detail::CommPattern::PointToPoint:
        return kSendRecv;
    }
    return kRing;
}

} // namespace trainplan::sim::rules
