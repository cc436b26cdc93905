// Memory that is true at the peak (issue 17, item 6): the NCCL buffers of every communicator a plan
// creates and the caching allocator's fragmentation, each checked against what the framework
// does; the default memory headroom; and the example's recommendation fitting with that headroom.
#include "../../simulator/src/memory_overheads.h"
#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/estimate.h>

#include <trainplan/model/units.h>

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace trainplan;
using model::Framework;
using sim::detail::CommPattern;

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
using model::units::kGiB;

std::set<std::string> groupsOf(const sim::detail::Communicators& c) {
    std::set<std::string> out;
    for (int i = 0; i < c.count; ++i)
        out.insert(c.items[i].group);
    return out;
}

model::Scenario gpt3On128Nodes() {
    return test::makeScenario("gpt3-175b", "A100-SXM4-80GB", 128, 8, 1536);
}

model::Plan megatron3d() {
    auto p = test::makePlan(Framework::Megatron, 16, 8, 8, 1, 1);
    p.sequenceParallel = true;
    p.recompute = model::Recompute::Selective;
    return p;
}

} // namespace

TEST(NcclBuffers, RingCommunicatorMatchesTheMeasuredTwoGpuA100Communicator) {
    const sim::Efficiency eff = sim::defaultEfficiency();
    // NCCL's per-connection buffers: Simple 4 MiB + LL128 4,915,200 B + LL 524,288 B (src/init.cc
    // defaults), allocated in 2 MiB granules: 10 MiB.
    EXPECT_GE(eff.ncclConnectionBytes, 4.0 * kMiB + 4915200.0 + 524288.0);
    const double ring = sim::detail::communicatorBytes(eff, CommPattern::Ring, 1, 0);
    EXPECT_DOUBLE_EQ(ring, 24 * 2 * 10 * kMiB);
    // NVIDIA/nccl#964: a 4 MB all-reduce on a 2-GPU group of an A100 NVLink node took 544 MB.
    EXPECT_NEAR(ring / 544e6, 1.0, 0.10);
    // A ring holds two connections per channel whatever the group size (nccl#986).
    EXPECT_DOUBLE_EQ(sim::detail::communicatorBytes(eff, CommPattern::Ring, 7, 56), ring);
}

TEST(NcclBuffers, AllToAllConnectsEveryPeerAndMatchesTheMeasuredH100Growth) {
    const sim::Efficiency eff = sim::defaultEfficiency();
    const double a2a = sim::detail::communicatorBytes(eff, CommPattern::AllToAll, 7, 0);
    EXPECT_DOUBLE_EQ(a2a, 7 * 32 * 12 * kMiB);
    // NVIDIA/nccl#1685: the first all_to_all_single on 8 × H100 raised NCCL's memory from 1.06 GB
    // to 4.34 GB per GPU.
    EXPECT_NEAR(a2a / (4.34e9 - 1.06e9), 1.0, 0.20);
    // Remote peers use NCCL_NCHANNELS_PER_NET_PEER = 2 channels each.
    EXPECT_DOUBLE_EQ(sim::detail::communicatorBytes(eff, CommPattern::AllToAll, 0, 8),
                     8 * 2 * 12 * kMiB);
}

TEST(NcclBuffers, MegatronThreeDPlanCountsEveryGroupItCreates) {
    const auto s = gpt3On128Nodes();
    const auto ctx = sim::makeContext(s);
    const auto p = megatron3d();
    const auto pl = sim::placeGroups(p, s.cluster.gpusPerNode);
    const auto first = sim::detail::planCommunicators(ctx, p, pl, sim::StageKind::First);
    // GPT-3 ties its embeddings: the first and last stages also join the embedding group.
    EXPECT_EQ(groupsOf(first), (std::set<std::string>{"world", "tp", "dp", "pp", "embedding"}));
    const auto middle = sim::detail::planCommunicators(ctx, p, pl, sim::StageKind::Middle);
    EXPECT_EQ(groupsOf(middle), (std::set<std::string>{"world", "tp", "dp", "pp"}));
    // Four rings of 480 MiB and the pipeline's two remote neighbours (2 channels × 12 MiB each).
    EXPECT_DOUBLE_EQ(middle.bytes, 3 * 480 * kMiB + 2 * 2 * 12 * kMiB);
    const auto m = sim::evaluateStageMemory(ctx, p, 3);
    EXPECT_EQ(m.ncclCommunicators, 4);
    EXPECT_DOUBLE_EQ(m.ncclBytes, middle.bytes);
}

TEST(NcclBuffers, DataParallelOnlyPlansUseTheDefaultGroup) {
    const auto s = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 4, 8, 256);
    const auto ctx = sim::makeContext(s);
    const auto p = test::makePlan(Framework::Fsdp, 32, 1, 1, 1, 3);
    const auto c = sim::detail::planCommunicators(
        ctx, p, sim::placeGroups(p, s.cluster.gpusPerNode), sim::StageKind::Only);
    EXPECT_EQ(groupsOf(c), (std::set<std::string>{"world"}));
    auto hsdp = p;
    hsdp.hybridShard = true;
    const auto h = sim::detail::planCommunicators(
        ctx, hsdp, sim::placeGroups(hsdp, s.cluster.gpusPerNode), sim::StageKind::Only);
    EXPECT_EQ(groupsOf(h), (std::set<std::string>{"world", "dp-shard", "dp-replicate"}));
    // One GPU creates none.
    const auto one = test::makeScenario("llama2-7b", "A100-SXM4-80GB", 1, 1, 8);
    const auto ctx1 = sim::makeContext(one);
    EXPECT_EQ(sim::evaluatePlan(ctx1, test::makePlan(Framework::Ddp, 1)).memory.ncclBytes, 0.0);
}

TEST(NcclBuffers, ExpertParallelAllToAllOnMoeModels) {
    const auto s = test::makeScenario("mixtral-8x7b", "H100-SXM5-80GB", 8, 8, 512,
                                      "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    auto p = test::makePlan(Framework::Megatron, 16, 4, 1, 1, 1);
    p.ep = 8;
    const auto c = sim::detail::planCommunicators(
        ctx, p, sim::placeGroups(p, s.cluster.gpusPerNode), sim::StageKind::Only);
    EXPECT_EQ(groupsOf(c), (std::set<std::string>{"world", "tp", "dp", "ep", "expert-dp"}));
    for (int i = 0; i < c.count; ++i)
        if (std::string(c.items[i].group) == "ep") {
            // ep ranks are tp = 4 apart: two share a node, six are remote.
            EXPECT_EQ(c.items[i].nvlinkPeers, 1);
            EXPECT_EQ(c.items[i].networkPeers, 6);
        }
}

TEST(AllocatorFragmentation, OnlyWhatChurnsWithinTheStepFragments) {
    const auto s = gpt3On128Nodes();
    const auto ctx = sim::makeContext(s);
    const auto m = sim::evaluatePlan(ctx, megatron3d()).memory;
    const auto& at = m.atPeak();
    // Megatron's weights, optimizer states and contiguous gradient buffers are allocated once:
    // only the activations and the working memory of the peak moment churn.
    EXPECT_NEAR(at.churnBytes, at.activationsBytes + at.transientBytes, 1.0);
    EXPECT_NEAR(m.fragmentationBytes, 0.15 * at.churnBytes, 1.0);
    // The peak is the tensors plus what lives outside them, and nothing is counted twice.
    EXPECT_NEAR(m.peakBytes, at.allocatedBytes + m.cudaContextBytes + m.ncclBytes +
                                 m.fragmentationBytes,
                1.0);
    EXPECT_NEAR(m.overheadBytes, m.cudaContextBytes + m.ncclBytes + m.fragmentationBytes, 1.0);
    // What torch.cuda.max_memory_reserved() would report leaves the context and NCCL out.
    EXPECT_NEAR(m.reservedBytes(), at.allocatedBytes + m.fragmentationBytes, 1.0);
}

TEST(AllocatorFragmentation, FsdpGatheredParametersChurn) {
    // FSDP all-gathers the unsharded units every step and frees them: they fragment, the sharded
    // states do not.
    const auto s = test::makeScenario("llama3.1-8b", "H100-SXM5-80GB", 1, 8, 16,
                                      "NVLink4-NVSwitch", "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    auto p = test::makePlan(Framework::Fsdp, 8, 1, 1, 2, 3);
    p.recompute = model::Recompute::Selective;
    const auto m = sim::evaluatePlan(ctx, p).memory;
    const auto& at = m.atPeak();
    const double lazyGradients = m.persistentGradients ? 0.0 : at.gradientsBytes;
    EXPECT_GT(at.churnBytes, at.activationsBytes + at.transientBytes + lazyGradients);
    EXPECT_LT(at.churnBytes, at.allocatedBytes - m.optimizerBytes);
}

TEST(MemoryHeadroom, DefaultsToFivePercentAndRoundTrips) {
    const std::string text = R"({
      "schema": "trainplan.scenario.v1", "name": "x", "model": "llama3.1-8b",
      "training": { "global_batch": 64 },
      "cluster": { "gpu": "H100-SXM5-80GB", "nodes": 1, "gpus_per_node": 8,
                   "intra_node": "NVLink4-NVSwitch", "inter_node": "InfiniBand-NDR-400" } })";
    const auto load = model::parseScenario(text, test::catalog());
    ASSERT_TRUE(load.issues.empty());
    ASSERT_TRUE(load.scenario.has_value());
    EXPECT_DOUBLE_EQ(load.scenario->constraints.memoryHeadroomFraction, 0.05);
    // The default is not written back; an explicit 0 is, so it survives a round trip.
    EXPECT_FALSE(model::toJson(*load.scenario).contains("constraints"));
    model::Scenario none = *load.scenario;
    none.constraints.memoryHeadroomFraction = 0.0;
    const auto j = model::toJson(none);
    ASSERT_TRUE(j.contains("constraints"));
    EXPECT_EQ(j["constraints"]["memory_headroom"], 0.0);
    const auto back = model::parseScenario(j.dump(), test::catalog());
    ASSERT_TRUE(back.issues.empty());
    ASSERT_TRUE(back.scenario.has_value());
    EXPECT_DOUBLE_EQ(back.scenario->constraints.memoryHeadroomFraction, 0.0);
}

TEST(MemoryHeadroom, ExampleRecommendationFitsWithTheDefaultHeadroom) {
    // Regression: the built-in example (Llama 3.1 70B on 256 H100) recommended plans at 98-99% of
    // the card (Megatron TP4·PP4·VPP10 at 78.6 GiB of 80) with no NCCL or fragmentation beyond 5%.
    const auto load = model::loadScenarioFile(
        TRAINPLAN_TEST_DATA_DIR "/scenarios/llama31-70b-h100x256.json", test::catalog());
    ASSERT_TRUE(load.issues.empty());
    ASSERT_TRUE(load.scenario.has_value());
    const auto& s = *load.scenario;
    EXPECT_DOUBLE_EQ(s.constraints.memoryHeadroomFraction, model::kDefaultMemoryHeadroomFraction);
    const auto advice = sim::advise(s);
    ASSERT_TRUE(advice.recommendation.plan.has_value());
    const auto& m = advice.recommendation.plan->memory;
    EXPECT_TRUE(m.fits);
    EXPECT_LE(m.peakBytes, 0.95 * 80.0 * kGiB);
    // The peak it is judged by includes the NCCL communicators and the fragmentation.
    EXPECT_GT(m.ncclBytes, 1.0 * kGiB);
    EXPECT_GT(m.fragmentationBytes, 0.0);
    for (const auto& fit : advice.frameworks)
        if (fit.best) {
            EXPECT_LE(fit.best->memory.peakBytes, 0.95 * 80.0 * kGiB)
                << model::toString(fit.framework);
        }
}
