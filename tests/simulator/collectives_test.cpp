#include <trainplan/simulator/collectives.h>

#include <gtest/gtest.h>

using namespace trainplan::sim;

namespace {
TierBandwidth bw() {
    TierBandwidth b;
    b.intraBytesPerSecond = 200e9;
    b.intraLatencySeconds = 0;
    b.interBytesPerSecond = 20e9;
    b.interLatencySeconds = 0;
    return b;
}
} // namespace

TEST(Collectives, RingAllReduceInsideANode) {
    // 2(n−1)/n·S over the link: 8 ranks, 1 GB, 200 GB/s → 1.75 GB sent, 8.75 ms.
    const auto c = allReduce(1e9, GroupPlacement{8, 8, 1}, bw());
    EXPECT_DOUBLE_EQ(c.intraBytes, 1.75e9);
    EXPECT_DOUBLE_EQ(c.interBytes, 0.0);
    EXPECT_NEAR(c.seconds, 8.75e-3, 1e-12);
}

TEST(Collectives, HierarchicalAllReduceCarriesOneKthOverTheNics) {
    // 4 nodes × 8 ranks: intra 2·7/8·S, inter 2·3/4·S/8.
    const auto c = allReduce(1e9, GroupPlacement{32, 8, 4}, bw());
    EXPECT_DOUBLE_EQ(c.intraBytes, 1.75e9);
    EXPECT_DOUBLE_EQ(c.interBytes, 2.0 * 0.75 * 1e9 / 8);
    EXPECT_NEAR(c.seconds, 1.75e9 / 200e9 + 0.1875e9 / 20e9, 1e-12);
}

TEST(Collectives, GatherAndScatterMoveHalfAnAllReduce) {
    const GroupPlacement g{16, 8, 2};
    const auto ar = allReduce(4e9, g, bw());
    const auto ag = allGather(4e9, g, bw());
    const auto rs = reduceScatter(4e9, g, bw());
    EXPECT_NEAR(ag.bytes() + rs.bytes(), ar.bytes(), 1.0);
    EXPECT_NEAR(ag.seconds + rs.seconds, ar.seconds, 1e-12);
}

TEST(Collectives, LatencyGrowsWithMessagesAndTreeDepth) {
    TierBandwidth b = bw();
    b.interLatencySeconds = 5e-6;
    b.intraLatencySeconds = 2e-6;
    const auto one = allReduce(8.0, GroupPlacement{1024, 8, 128}, b, 1);
    const auto ten = allReduce(8.0, GroupPlacement{1024, 8, 128}, b, 10);
    // Ring of 8 inside (7 steps), tree of 128 nodes across (7 levels), twice for reduce +
    // broadcast.
    EXPECT_NEAR(one.seconds - (one.bytes() > 0 ? one.intraBytes / b.intraBytesPerSecond +
                                                     one.interBytes / b.interBytesPerSecond
                                               : 0),
                2 * 7 * 2e-6 + 2 * 7 * 5e-6, 1e-12);
    EXPECT_GT(ten.seconds, 9 * one.seconds);
}

TEST(Collectives, SingleRankGroupsCostNothing) {
    EXPECT_EQ(allReduce(1e9, GroupPlacement{1, 1, 1}, bw()).seconds, 0.0);
    EXPECT_EQ(allToAll(1e9, GroupPlacement{1, 1, 1}, bw()).bytes(), 0.0);
}

TEST(Collectives, AllToAllSplitsLocalAndRemotePeers) {
    // 16 ranks on 2 nodes: 7/16 of the buffer to local peers, 8/16 over the NICs.
    const auto c = allToAll(16e6, GroupPlacement{16, 8, 2}, bw());
    EXPECT_DOUBLE_EQ(c.intraBytes, 7e6);
    EXPECT_DOUBLE_EQ(c.interBytes, 8e6);
}

TEST(Collectives, AllToAllRunsItsTiersAtOnce) {
    // NCCL's all-to-all posts every send/recv together: 7 MB at 200 GB/s (35 µs) beside 8 MB at
    // 20 GB/s (400 µs) take 400 µs, not their sum.
    const auto c = allToAll(16e6, GroupPlacement{16, 8, 2}, bw());
    EXPECT_NEAR(c.seconds, 400e-6, 1e-12);
}

TEST(Collectives, NodeDedupDispatchSendsOneCopyPerRemoteNode) {
    // DeepSeek-V3's routing over EP 64 on 8-GPU nodes: 256 experts, top-8, 32 experts per node. A
    // node receives none of a token's experts with probability Π_{i<8} (224 − i)/(256 − i) =
    // 0.338168; the token reaches 7 × (1 − 0.338168) = 4.6328 remote nodes, once each, where the
    // plain all-to-all sends 8 × 56/64 = 7 copies over the network.
    const double bytes = 8.0 * 1e6; // 1 MB per token copy, top-8 copies
    const GroupPlacement ep{64, 8, 8};
    const auto dedup = nodeDedupAllToAll(bytes, 8, 256, ep, bw());
    const auto plain = allToAll(bytes, ep, bw());
    EXPECT_NEAR(dedup.interBytes, 4.632820e6, 1.0);
    EXPECT_DOUBLE_EQ(plain.interBytes, 7e6);
    // Inside the node every copy bound for another GPU crosses NVLink once: 7/8 of the copies.
    EXPECT_DOUBLE_EQ(dedup.intraBytes, 7e6);
    EXPECT_NEAR(dedup.seconds, 4.632820e6 / 20e9, 1e-9);
    // Inside one node there is no network copy to save.
    const auto local = nodeDedupAllToAll(bytes, 8, 256, GroupPlacement{8, 8, 1}, bw());
    EXPECT_DOUBLE_EQ(local.interBytes, 0.0);
    EXPECT_DOUBLE_EQ(local.intraBytes, 7e6);
}
