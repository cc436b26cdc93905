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
