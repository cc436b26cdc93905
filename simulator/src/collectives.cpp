#include <trainplan/simulator/collectives.h>

#include <algorithm>
#include <cmath>

namespace trainplan::sim {

namespace {

// Steps of a latency-bound phase: a ring inside the node, a tree across nodes (NCCL uses double
// binary trees across nodes at scale: Sanders et al. 2009; NCCL 2.4 release notes).
double intraSteps(int k) {
    return k > 1 ? k - 1.0 : 0.0;
}
double interSteps(int n) {
    return n > 1 ? std::ceil(std::log2(static_cast<double>(n))) : 0.0;
}

// `factor` = NCCL bus-bandwidth factor per phase: 2 for all-reduce, 1 for
// gather/scatter/all-to-all.
CollectiveCost hierarchical(double bytes, const GroupPlacement& g, const TierBandwidth& bw,
                            double messages, double factor) {
    CollectiveCost c;
    if (g.size <= 1 || bytes <= 0) return c;
    const int k = std::max(1, g.perNode);
    const int n = std::max(1, g.nodes);
    if (k > 1) {
        c.intraBytes = factor * (k - 1.0) / k * bytes;
        c.seconds += c.intraBytes / bw.intraBytesPerSecond +
                     messages * factor * intraSteps(k) * bw.intraLatencySeconds;
    }
    if (n > 1) {
        // Each of the k local ranks carries 1/k of the data through its share of the NICs.
        c.interBytes = factor * (n - 1.0) / n * bytes / k;
        c.seconds += c.interBytes / bw.interBytesPerSecond +
                     messages * factor * interSteps(n) * bw.interLatencySeconds;
    }
    return c;
}

} // namespace

CollectiveCost allReduce(double bytes, const GroupPlacement& g, const TierBandwidth& bw,
                         double messages) {
    return hierarchical(bytes, g, bw, messages, 2.0);
}

CollectiveCost allGather(double bytes, const GroupPlacement& g, const TierBandwidth& bw,
                         double messages) {
    return hierarchical(bytes, g, bw, messages, 1.0);
}

CollectiveCost reduceScatter(double bytes, const GroupPlacement& g, const TierBandwidth& bw,
                             double messages) {
    return hierarchical(bytes, g, bw, messages, 1.0);
}

CollectiveCost allToAll(double bytes, const GroupPlacement& g, const TierBandwidth& bw,
                        double messages) {
    CollectiveCost c;
    if (g.size <= 1 || bytes <= 0) return c;
    // Each rank keeps 1/n of its buffer and sends the rest: (k−1)/n to local peers, (n−k)/n over
    // the NICs.
    const double n = g.size, k = std::max(1, g.perNode);
    c.intraBytes = (k - 1.0) / n * bytes;
    c.interBytes = (n - k) / n * bytes;
    // NCCL's all-to-all is one group of send/recv pairs to every peer (NCCL user guide,
    // point-to-point: all-to-all): the NVLink and network transfers progress at once, so the
    // slower tier sets the time.
    c.seconds =
        std::max(c.intraBytes / bw.intraBytesPerSecond, c.interBytes / bw.interBytesPerSecond) +
        messages *
            ((k > 1 ? bw.intraLatencySeconds : 0.0) + (n > k ? bw.interLatencySeconds : 0.0));
    return c;
}

CollectiveCost nodeDedupAllToAll(double bytes, int topK, int experts, const GroupPlacement& g,
                                 const TierBandwidth& bw, double messages) {
    CollectiveCost c;
    if (g.size <= 1 || bytes <= 0) return c;
    const double k = std::max(1, g.perNode);
    const double nodes = std::max(1, g.nodes);
    // Chance that none of a token's top-k experts (drawn without replacement, routing balanced as
    // published MoE throughput is measured) lives on a given node: C(E − E/N, k) / C(E, k).
    const double e = std::max(experts, topK);
    const double perNode = e / nodes;
    double missed = 1.0;
    for (int i = 0; i < topK; ++i)
        missed *= std::max(0.0, (e - perNode - i) / (e - i));
    // DeepEP's internode kernels send each token once over RDMA to every remote node that hosts
    // one of its experts, then forward it over NVLink to those experts' GPUs (DeepSeek-AI 2024,
    // DeepSeek-V3 §3.2.2; deepseek-ai/DeepEP README). `bytes` holds top-k copies of each token.
    const double tokenBytes = bytes / std::max(1, topK);
    c.interBytes = tokenBytes * (nodes - 1.0) * (1.0 - missed);
    c.intraBytes = (k - 1.0) / k * bytes;
    c.seconds =
        std::max(c.intraBytes / bw.intraBytesPerSecond, c.interBytes / bw.interBytesPerSecond) +
        messages *
            ((k > 1 ? bw.intraLatencySeconds : 0.0) + (nodes > 1 ? bw.interLatencySeconds : 0.0));
    return c;
}

CollectiveCost pointToPoint(double bytes, bool crossesNodes, const TierBandwidth& bw,
                            double messages) {
    CollectiveCost c;
    if (bytes <= 0) return c;
    if (crossesNodes) {
        c.interBytes = bytes;
        c.seconds = bytes / bw.interBytesPerSecond + messages * bw.interLatencySeconds;
    } else {
        c.intraBytes = bytes;
        c.seconds = bytes / bw.intraBytesPerSecond + messages * bw.intraLatencySeconds;
    }
    return c;
}

} // namespace trainplan::sim
