#pragma once

// Internal: the memory a training process holds outside its tensors — NCCL's communicator buffers
// and the PyTorch caching allocator's fragmentation — each with its source (docs/model.md,
// "Memory that is true at the peak").

#include <trainplan/simulator/estimate.h>

namespace trainplan::sim::detail {

// How a communicator's ranks talk, which sets how many peers each rank holds buffers for.
enum class CommPattern {
    Ring,         // collectives (all-reduce, all-gather, reduce-scatter): previous and next rank
    PointToPoint, // send/recv with neighbours (pipeline stages, context-parallel ring attention)
    AllToAll,     // every other rank of the group (expert-parallel dispatch and combine)
};

// One NCCL communicator a rank of the plan creates, and the GPU memory its buffers take there.
struct Communicator {
    const char* group = "";
    CommPattern pattern = CommPattern::Ring;
    int size = 1;
    int nvlinkPeers = 0;  // peers inside the node (NVLink / PCIe P2P transport)
    int networkPeers = 0; // peers on other nodes (NET transport)
    double bytes = 0;
};

// The communicators of one rank of one pipeline stage (fixed capacity: the search evaluates
// millions of plans and allocates nothing per plan).
struct Communicators {
    static constexpr int kMax = 10;
    Communicator items[kMax];
    int count = 0;
    double bytes = 0;
};

// GPU bytes one rank holds for one communicator: channels × peers × per-connection buffers.
[[nodiscard]] double communicatorBytes(const Efficiency& eff, CommPattern pattern,
                                       int nvlinkPeers, int networkPeers);

// Every communicator that carries traffic on a rank of this stage: the default (world) group, TP,
// CP, data-parallel (with HSDP's shard and replicate groups), PP, EP, expert-data-parallel and
// Megatron's embedding group on the first and last stages.
[[nodiscard]] Communicators planCommunicators(const PlanContext& ctx, const model::Plan& p,
                                              const Placements& pl, StageKind stage);

// Bytes the caching allocator reserves beyond what is allocated, for `churnBytes` of tensors
// allocated and freed within a step (activations, transients, unsharded parameters, lazily
// allocated gradients). Tensors allocated once at start-up (weights, optimizer states, contiguous
// gradient buffers) do not fragment.
[[nodiscard]] double fragmentationBytes(const Efficiency& eff, double churnBytes);

// Lays out the step's moments (MemoryPhase) from the sizes stageMemory set, with the overheads of
// each moment, and takes the fullest as the peak: peakPhase, peakBytes, overheadBytes, ncclBytes,
// fragmentationBytes, transientBytes. `churnStatics` are the always-present bytes that are still
// gathered and freed every step (FSDP's unsharded parameters).
void settlePhases(MemoryBreakdown& mem, const Efficiency& eff, const Communicators& comms,
                  double churnStatics);

} // namespace trainplan::sim::detail
