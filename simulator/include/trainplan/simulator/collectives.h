#pragma once

namespace trainplan::sim {

// Where a communication group sits on the cluster.
struct GroupPlacement {
    int size = 1;    // ranks in the group
    int perNode = 1; // ranks of the group on one node
    int nodes = 1;   // nodes the group spans
    [[nodiscard]] bool crossesNodes() const { return nodes > 1; }
};

// Bandwidth and latency a rank sees in each tier, already derated by efficiency and sharing.
struct TierBandwidth {
    double intraBytesPerSecond = 0;
    double intraLatencySeconds = 0;
    double interBytesPerSecond = 0; // this rank's share of the node's NICs
    double interLatencySeconds = 0;
};

// Time and per-rank bytes sent, split by tier.
struct CollectiveCost {
    double seconds = 0;
    double intraBytes = 0;
    double interBytes = 0;

    CollectiveCost& operator+=(const CollectiveCost& o) {
        seconds += o.seconds;
        intraBytes += o.intraBytes;
        interBytes += o.interBytes;
        return *this;
    }
    [[nodiscard]] CollectiveCost scaled(double k) const {
        return {seconds * k, intraBytes * k, interBytes * k};
    }
    [[nodiscard]] double bytes() const { return intraBytes + interBytes; }
};

// α–β costs with NCCL's bus-bandwidth factors (NCCL tests "PERFORMANCE.md": all-reduce moves
// 2(n−1)/n·S per rank, all-gather and reduce-scatter (n−1)/n·S, all-to-all (n−1)/n·S).
// Groups that cross nodes run hierarchically: the intra-node phase over NVLink/PCIe, the inter-node
// phase over this rank's NIC share carrying 1/perNode of the data (Jia et al. 2018 hierarchical
// all-reduce; NCCL's ring over NVSwitch nodes behaves the same at the bandwidth limit).
// `bytes` is the full (unsharded) buffer for all-reduce/all-gather/reduce-scatter, the rank's send
// buffer for all-to-all, and the message for point-to-point. `messages` splits the data into that
// many separate collectives (buckets), each paying the latency.
[[nodiscard]] CollectiveCost allReduce(double bytes, const GroupPlacement& g,
                                       const TierBandwidth& bw, double messages = 1);
[[nodiscard]] CollectiveCost allGather(double bytes, const GroupPlacement& g,
                                       const TierBandwidth& bw, double messages = 1);
[[nodiscard]] CollectiveCost reduceScatter(double bytes, const GroupPlacement& g,
                                           const TierBandwidth& bw, double messages = 1);
[[nodiscard]] CollectiveCost allToAll(double bytes, const GroupPlacement& g,
                                      const TierBandwidth& bw, double messages = 1);
// A token dispatch (or combine) of `bytes` per rank, every token bound for `topK` of `experts`
// experts spread evenly over the group, through a dispatcher that sends a token once per
// destination node over the network and fans it out inside the node over NVLink (DeepEP, HybridEP).
[[nodiscard]] CollectiveCost nodeDedupAllToAll(double bytes, int topK, int experts,
                                               const GroupPlacement& g, const TierBandwidth& bw,
                                               double messages = 1);
[[nodiscard]] CollectiveCost pointToPoint(double bytes, bool crossesNodes, const TierBandwidth& bw,
                                          double messages = 1);

} // namespace trainplan::sim
