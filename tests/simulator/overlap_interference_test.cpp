// A collective hidden behind compute still costs the SMs its NCCL channels take (one CTA per
// channel, NCCL environment docs NCCL_MAX_NCHANNELS; Lee et al. 2025, arXiv 2507.03114, measured
// compute overlapped with communication 18.9% slower on average on A100 and H100).
#include "simulator_test_support.h"

#include <trainplan/simulator/estimate.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using model::Framework;

TEST(OverlapInterference, HiddenGradientReductionCostsTheNcclSmShare) {
    // GPT 1.7B with DDP on one 8-GPU H100 node, one micro-batch of 4 per step: the gradient
    // all-reduce (bf16, 25 MB buckets) hides behind the backward, so all that shows is 24
    // channels' share of 132 SMs.
    model::Scenario s = makeScenario("gpt-1.7b", "H100-SXM5-80GB", 1, 8, 32, "NVLink4-NVSwitch",
                                     "InfiniBand-NDR-400");
    const auto ctx = sim::makeContext(s);
    ASSERT_EQ(ctx.eff.smCount, 132);
    ASSERT_EQ(ctx.eff.ncclChannels, 24);
    model::Plan p = makePlan(Framework::Ddp, 8, 1, 1, 4, 0);
    const sim::PlanEstimate e = sim::evaluatePlan(ctx, p);
    const double reduce = e.communication.dpSeconds;
    ASSERT_GT(reduce, 0.0);
    ASSERT_LT(reduce, 0.85 * e.time.backwardSeconds / e.gradAccum); // it does hide
    EXPECT_NEAR(e.time.exposedDpSeconds / reduce, 24.0 / 132.0, 1e-9);
}

TEST(OverlapInterference, CommunicationBoundLayersExposeWhatDoesNotHide) {
    // FSDP FULL_SHARD of GPT 7.5B over 64 GPUs with one sequence per GPU: each layer's gathers and
    // reduce-scatter outlast its compute, so the exposed part is what overlap cannot cover, and
    // the SM share adds nothing (work w overlapping c takes max(c, w + share·c)).
    model::Scenario s = makeScenario("gpt-7.5b", "H100-SXM5-80GB", 8, 8, 64, "NVLink4-NVSwitch",
                                     "Ethernet-100GbE-TCP");
    const auto ctx = sim::makeContext(s);
    model::Plan p = makePlan(Framework::Fsdp, 64, 1, 1, 1, 3);
    const sim::PlanEstimate e = sim::evaluatePlan(ctx, p);
    const double comm = e.communication.dpSeconds;
    const double compute = e.time.computeSeconds;
    ASSERT_GT(comm, 2.0 * compute); // communication-bound
    // Every layer window but the first gather's and the last reduction's hides 0.85 of that
    // layer's compute and no more: exposed = comm − 0.85·(L − 1)/L·compute (one micro-batch).
    ASSERT_EQ(e.gradAccum, 1);
    const double L = s.model.layers;
    EXPECT_NEAR(e.time.exposedDpSeconds / (comm - 0.85 * (L - 1.0) / L * compute), 1.0, 1e-9);
}

} // namespace
} // namespace trainplan::test
