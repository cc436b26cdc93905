// Break points agree with direct estimates on each side of the boundary: the largest model fits and
// the next rung does not; MFU is at or above the threshold at the last GPU count and below it at
// the next; the DP share of the step is within the threshold at the found bandwidth and above it 1%
// lower.

#include "advisor_test_support.h"

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/break_points.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

namespace trainplan::sim {
namespace {

namespace fs = std::filesystem;
using model::Framework;
using model::Scenario;

using test::catalog;
using test::load;

const FrameworkResult& resultOf(const SearchResult& r, Framework f) {
    for (const auto& fr : r.frameworks)
        if (fr.framework == f) return fr;
    throw std::runtime_error("framework not searched");
}

SearchResult searchOnly(const Scenario& s, Framework f) {
    SearchOptions o;
    o.frameworks = {f};
    o.runnersUp = 0;
    return searchPlans(s, o);
}

Scenario withModel(const Scenario& s, const model::TransformerSpec& m) {
    Scenario t = s;
    t.model = m;
    t.modelRef.clear();
    return t;
}

TEST(ModelLadder, ScaleOneIsTheIdentityOnTheGrid) {
    for (const char* name : {"llama3.1-70b", "gpt3-175b", "llama2-7b", "mixtral-8x7b"}) {
        const model::TransformerSpec& m = *catalog().findModel(name);
        EXPECT_EQ(scaleModel(m, 1.0), m) << name;
    }
}

TEST(ModelLadder, ScalesWidthAndDepthTogether) {
    const model::TransformerSpec& base = *catalog().findModel("llama3.1-70b");
    const model::TransformerSpec twice = scaleModel(base, 2.0);
    EXPECT_EQ(twice.heads, 128);
    EXPECT_EQ(twice.kvHeads, 8); // GQA groups kept
    EXPECT_EQ(twice.headDim, base.headDim);
    EXPECT_EQ(twice.hidden, 16384);
    EXPECT_EQ(twice.ffnHidden, 57344); // 3.5 × hidden
    EXPECT_EQ(twice.layers, 160);
    const double ratio = model::countParameters(twice).total / model::countParameters(base).total;
    EXPECT_GT(ratio, 7.0); // ≈ 2³ minus the embeddings' share
    EXPECT_LT(ratio, 8.0);
    const model::TransformerSpec mha = scaleModel(*catalog().findModel("gpt3-175b"), 0.5);
    EXPECT_EQ(mha.heads, 48);
    EXPECT_EQ(mha.kvHeads, 48); // MHA stays MHA
    EXPECT_EQ(mha.layers, 48);
}

TEST(ModelLadder, RungsAreCloseOnTheGridAndContainTheBase) {
    for (const char* name :
         {"llama3.1-70b", "qwen2.5-7b", "gpt3-175b", "llama3.1-405b", "llama2-7b"}) {
        SCOPED_TRACE(name);
        const model::TransformerSpec& base = *catalog().findModel(name);
        const ModelLadder ladder = modelLadder(base);
        ASSERT_GT(ladder.models.size(), 150u);
        ASSERT_GE(ladder.baseIndex, 0);
        EXPECT_EQ(ladder.models[static_cast<std::size_t>(ladder.baseIndex)], base);
        EXPECT_GE(ladder.parameters.front(), 1e8);
        EXPECT_LE(ladder.parameters.back(), 3e13);
        EXPECT_GT(ladder.parameters.back(), 2.5e13);
        const double aspect = static_cast<double>(base.layers) / base.hidden;
        for (std::size_t i = 0; i < ladder.models.size(); ++i) {
            const auto& m = ladder.models[i];
            SCOPED_TRACE("rung " + std::to_string(i) + ": " + std::to_string(m.heads) + " heads, " +
                         std::to_string(m.layers) + " layers");
            EXPECT_DOUBLE_EQ(ladder.parameters[i], model::countParameters(m).total);
            if (static_cast<int>(i) == ladder.baseIndex) continue;
            // On the grid: whole GQA groups, tp = 8 possible from 32 heads, pipeline-friendly
            // depth.
            EXPECT_EQ(m.headDim, base.headDim);
            EXPECT_EQ(m.hidden, m.heads * m.headDim);
            if (base.kvHeads != base.heads) {
                EXPECT_EQ(m.kvHeads, base.kvHeads);
                EXPECT_EQ(m.heads % m.kvHeads, 0);
            } else {
                EXPECT_EQ(m.kvHeads, m.heads);
            }
            if (m.heads >= 32) {
                EXPECT_EQ(m.heads % 8, 0);
            }
            if (m.layers >= 32) {
                EXPECT_EQ(m.layers % 4, 0);
            }
            const double ratio = m.layers / (aspect * m.hidden);
            EXPECT_LE(ratio, 2.0);
            EXPECT_GE(ratio, 0.5);
            if (i == 0) continue;
            const double step = ladder.parameters[i] / ladder.parameters[i - 1];
            EXPECT_GE(step, 1.02);
            // Dense families above a billion parameters: close enough rungs for a useful answer.
            if (ladder.parameters[i - 1] > 1e9) {
                EXPECT_LE(step, 1.15);
            }
        }
    }
}

// The boundary: a plan fits at `largest`, and no plan of the framework fits the next rung.
void expectModelBoundary(const Scenario& s, const ModelSizeBreak& b) {
    ASSERT_EQ(b.status, ModelSizeStatus::Found) << model::toString(b.framework);
    EXPECT_LT(b.largestParameters, b.nextParameters);
    const Scenario atLargest = withModel(s, b.largest);
    const SearchResult fitting = searchOnly(atLargest, b.framework);
    const FrameworkResult& fr = resultOf(fitting, b.framework);
    ASSERT_TRUE(fr.best.has_value()) << "largest " << b.largestParameters;
    ASSERT_TRUE(b.largestPlan.has_value());
    EXPECT_EQ(b.largestPlan->plan, fr.best->plan);
    const PlanContext ctx = makeContext(atLargest);
    const PlanEstimate direct = evaluatePlan(ctx, fr.best->plan);
    EXPECT_TRUE(direct.memory.fits);
    EXPECT_LE(direct.memory.peakBytes, s.cluster.gpu.memoryBytes);

    const Scenario atNext = withModel(s, b.next);
    const SearchResult over = searchOnly(atNext, b.framework);
    const FrameworkResult& nr = resultOf(over, b.framework);
    EXPECT_FALSE(nr.best.has_value()) << "next " << b.nextParameters;
    EXPECT_EQ(nr.fittingPlans, 0);
    if (nr.closest) {
        const PlanContext nctx = makeContext(atNext);
        EXPECT_FALSE(evaluateMemory(nctx, nr.closest->plan).fits);
    }
}

TEST(ModelSizeBreak, DdpLimitIsSetByReplicatedStateAndAgreesWithDirectEstimates) {
    const Scenario s = load("llama2-7b-a100x8-pcie");
    const ModelLadder ladder = modelLadder(s.model);
    const ModelSizeBreak b = findModelSizeBreak(s, Framework::Ddp, ladder, {});
    expectModelBoundary(s, b);
    // Hand check: DDP keeps bf16-autocast fp32 weights (4 B), fp32 gradients (4 B), Adam m and v (8
    // B) and a bucket copy of the gradients (4 B) per parameter on every GPU: 20 B/param, so at
    // most 80 GiB / 20 B = 4.29B parameters before any activation.
    EXPECT_LT(b.largestParameters, 80 * model::units::kGiB / 20.0);
    EXPECT_GT(b.largestParameters, 2.0e9);
    EXPECT_LT(b.largestParameters,
              s.model.publishedParameters * 1e9); // the 7B model itself does not fit
    EXPECT_LE(b.probes, 12);
}

TEST(ModelSizeBreak, DdpLimitDoesNotDependOnTheClusterSize) {
    // DDP replicates everything: one node or thirty-two, the largest model is the same.
    Scenario big = load("llama31-70b-h100x256");
    Scenario one = withNodes(big, 1);
    const ModelLadder ladder = modelLadder(big.model);
    const ModelSizeBreak a = findModelSizeBreak(big, Framework::Ddp, ladder, {});
    const ModelSizeBreak b = findModelSizeBreak(one, Framework::Ddp, ladder, {});
    ASSERT_EQ(a.status, ModelSizeStatus::Found);
    EXPECT_EQ(a.largestParameters, b.largestParameters);
}

TEST(ModelSizeBreak, ShardedAndThreeDFrameworksAgreeWithDirectEstimates) {
    const Scenario s = load("llama31-70b-h100x256");
    const ModelLadder ladder = modelLadder(s.model);
    for (Framework f : {Framework::DeepSpeed, Framework::Megatron}) {
        SCOPED_TRACE(std::string(model::toString(f)));
        const ModelSizeBreak b = findModelSizeBreak(s, f, ladder, {}, true);
        expectModelBoundary(s, b);
        // Both hold the 70B scenario model on 256 H100s, so the boundary lies above it.
        EXPECT_GT(b.largestParameters, model::countParameters(s.model).total);
    }
}

TEST(ModelSizeBreak, WarmStartGivesTheSameAnswerWithFewerProbes) {
    const Scenario s = load("llama2-7b-a100x8-pcie");
    const ModelLadder ladder = modelLadder(s.model);
    const ModelSizeBreak cold = findModelSizeBreak(s, Framework::Megatron, ladder, {});
    const bool fitsBase =
        resultOf(searchOnly(s, Framework::Megatron), Framework::Megatron).best.has_value();
    const ModelSizeBreak warm = findModelSizeBreak(s, Framework::Megatron, ladder, {}, fitsBase);
    EXPECT_EQ(cold.status, warm.status);
    EXPECT_EQ(cold.largestParameters, warm.largestParameters);
    EXPECT_LE(warm.probes, cold.probes);
}

TEST(ModelSizeBreak, NothingFitsOnATinyGpu) {
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.cluster.gpu.memoryBytes = 0.5 * model::units::kGiB;
    const ModelSizeBreak b = findModelSizeBreak(s, Framework::Ddp, modelLadder(s.model), {});
    EXPECT_EQ(b.status, ModelSizeStatus::NothingFits);
    EXPECT_GE(b.nextParameters, 1e8);
    EXPECT_EQ(b.probes, 1);
}

// Direct check of a GPU-count break: best MFU at lastGpus ≥ threshold, below it (or no fit) at
// nextGpus.
void expectScalingBoundary(const Scenario& s, const GpuCountBreak& b, double threshold) {
    ASSERT_TRUE(b.status == GpuScaleStatus::Found || b.status == GpuScaleStatus::NoPlanAt)
        << toString(b.status);
    EXPECT_LT(b.lastGpus, b.nextGpus);
    const int perNode = s.cluster.gpusPerNode;
    const SearchResult at =
        searchOnly(withNodes(s, static_cast<int>(b.lastGpus / perNode)), b.framework);
    const FrameworkResult& a = resultOf(at, b.framework);
    ASSERT_TRUE(a.best.has_value());
    EXPECT_GE(a.best->throughput.mfu, threshold);
    EXPECT_DOUBLE_EQ(a.best->throughput.mfu, b.lastMfu);
    const SearchResult next =
        searchOnly(withNodes(s, static_cast<int>(b.nextGpus / perNode)), b.framework);
    const FrameworkResult& n = resultOf(next, b.framework);
    if (b.status == GpuScaleStatus::Found) {
        ASSERT_TRUE(n.best.has_value());
        EXPECT_LT(n.best->throughput.mfu, threshold);
        EXPECT_DOUBLE_EQ(n.best->throughput.mfu, b.nextMfu);
    } else {
        EXPECT_FALSE(n.best.has_value());
    }
}

TEST(GpuCountBreak, DdpOverTcpFallsBelowTheThresholdAndAgreesWithDirectEstimates) {
    // Llama 2 7B does not fit DDP; a 1.75B member of its family (20 heads, 20 layers) does, and
    // over 100 GbE TCP its gradient all-reduce soon dominates as nodes are added.
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.model = scaleModel(s.model, 0.6);
    ASSERT_EQ(s.model.heads, 20);
    ASSERT_EQ(s.model.layers, 20);
    BreakPointOptions o;
    o.mfuThreshold = 0.35;
    o.maxScanGpus = 64;
    const auto breaks = findGpuCountBreaks(s, {Framework::Ddp, Framework::Fsdp}, o);
    ASSERT_EQ(breaks.size(), 2u);
    const GpuCountBreak& ddp = breaks[0];
    ASSERT_EQ(ddp.points.size(), 4u); // 8, 16, 32, 64 GPUs
    EXPECT_EQ(ddp.points[0].gpus, 8);
    EXPECT_EQ(ddp.points[3].gpus, 64);
    expectScalingBoundary(s, ddp, o.mfuThreshold);
    // A million tokens per step keeps the all-reduce mostly hidden up to four nodes; at eight, the
    // fp32 gradient all-reduce (4 B per parameter) over one 100 GbE port per node no longer is.
    EXPECT_EQ(ddp.lastGpus, 32);
    EXPECT_EQ(ddp.nextGpus, 64);
    EXPECT_GT(ddp.points[0].mfu, ddp.points[3].mfu);
    // FSDP's sharded collectives on the same links stay above the threshold over the same range.
    EXPECT_EQ(breaks[1].status, GpuScaleStatus::NotReached);
    EXPECT_EQ(breaks[1].lastGpus, 64);
}

TEST(GpuCountBreak, ReusingTheScenariosOwnSearchChangesNothing) {
    // The scan's point at the scenario's own node count comes from the search already run on it;
    // it must equal a fresh search there, and with a GPU cap (which the scan drops) it is not
    // reused at all.
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.model = scaleModel(s.model, 0.6);
    s.cluster.nodes = 2;
    BreakPointOptions o;
    o.maxScanGpus = 32;
    const std::vector<Framework> fws{Framework::Ddp, Framework::Fsdp, Framework::Megatron};
    SearchOptions so;
    so.frameworks = fws;
    const SearchResult base = searchPlans(s, so);
    const auto fresh = findGpuCountBreaks(s, fws, o);
    const auto reused = findGpuCountBreaks(s, fws, o, &base);
    ASSERT_EQ(fresh.size(), reused.size());
    for (std::size_t i = 0; i < fresh.size(); ++i) {
        ASSERT_EQ(fresh[i].points.size(), reused[i].points.size());
        for (std::size_t k = 0; k < fresh[i].points.size(); ++k) {
            const ScalingPoint& a = fresh[i].points[k];
            const ScalingPoint& b = reused[i].points[k];
            EXPECT_EQ(a.gpus, b.gpus);
            EXPECT_EQ(a.fits, b.fits);
            EXPECT_EQ(a.stepSeconds, b.stepSeconds) << a.gpus << " GPUs";
            EXPECT_EQ(a.plan, b.plan);
        }
        EXPECT_EQ(fresh[i].status, reused[i].status);
    }
    // A base searched under a cap of one node is not the uncapped two-node search.
    Scenario capped = s;
    capped.constraints.maxGpus = 8;
    const SearchResult cappedBase = searchPlans(capped, so);
    const auto withCap = findGpuCountBreaks(capped, fws, o, &cappedBase);
    for (std::size_t i = 0; i < fresh.size(); ++i)
        for (std::size_t k = 0; k < fresh[i].points.size(); ++k)
            EXPECT_EQ(fresh[i].points[k].stepSeconds, withCap[i].points[k].stepSeconds);
}

TEST(GpuCountBreak, StatusesWhenTheThresholdIsNeverCrossed) {
    Scenario s = load("llama2-7b-a100x8-pcie");
    s.model = scaleModel(s.model, 0.6);
    BreakPointOptions o;
    o.maxScanGpus = 16;
    o.mfuThreshold = 0.99; // no plan reaches 99% MFU
    EXPECT_EQ(findGpuCountBreaks(s, {Framework::Ddp}, o)[0].status, GpuScaleStatus::AlwaysBelow);
    o.mfuThreshold = 0.01; // every fitting count clears 1%
    const GpuCountBreak low = findGpuCountBreaks(s, {Framework::Ddp}, o)[0];
    EXPECT_EQ(low.status, GpuScaleStatus::NotReached);
    EXPECT_EQ(low.lastGpus, 16);
    s.cluster.gpu.memoryBytes = 0.5 * model::units::kGiB;
    EXPECT_EQ(findGpuCountBreaks(s, {Framework::Ddp}, o)[0].status, GpuScaleStatus::NeverFits);
}

TEST(BandwidthBreak, AgreesWithDirectEstimatesOnEachSide) {
    const Scenario s = load("llama31-70b-h100x256");
    BreakPointOptions o;
    for (double threshold : {0.2, 0.5}) {
        o.dpCommThreshold = threshold;
        for (Framework f : {Framework::DeepSpeed, Framework::Megatron}) {
            SCOPED_TRACE(std::string(model::toString(f)) + " at " + std::to_string(threshold));
            const SearchResult r = searchOnly(s, f);
            ASSERT_TRUE(resultOf(r, f).best.has_value());
            const model::Plan plan = resultOf(r, f).best->plan;
            const BandwidthBreak b = findBandwidthBreak(s, plan, o);
            if (b.status != BandwidthStatus::Found) {
                EXPECT_NE(b.status, BandwidthStatus::NotApplicable);
                continue;
            }
            auto direct = [&](double bw) {
                const Scenario t = withInterNodeBandwidth(s, bw);
                const PlanContext ctx = makeContext(t);
                const PlanEstimate e = evaluatePlan(ctx, plan);
                return e.communication.dpSeconds / e.time.stepSeconds;
            };
            EXPECT_LE(direct(b.bytesPerSecondPerNic), threshold);
            EXPECT_GT(direct(b.belowBytesPerSecondPerNic), threshold);
            EXPECT_NEAR(b.bytesPerSecondPerNic / b.belowBytesPerSecondPerNic, 1.01, 1e-9);
            EXPECT_DOUBLE_EQ(b.fractionAt, direct(b.bytesPerSecondPerNic));
            // The current share is the scenario's own estimate.
            const PlanContext ctx = makeContext(s);
            EXPECT_DOUBLE_EQ(b.currentFraction, dpCommFraction(evaluatePlan(ctx, plan)));
            EXPECT_DOUBLE_EQ(b.currentBytesPerSecondPerNic, s.cluster.interNode.bytesPerSecond);
        }
    }
}

TEST(BandwidthBreak, HigherThresholdMeansLowerBandwidth) {
    const Scenario s = load("llama31-70b-h100x256");
    const SearchResult r = searchOnly(s, Framework::DeepSpeed);
    const model::Plan plan = resultOf(r, Framework::DeepSpeed).best->plan;
    BreakPointOptions o;
    o.dpCommThreshold = 0.1;
    const BandwidthBreak strict = findBandwidthBreak(s, plan, o);
    o.dpCommThreshold = 0.4;
    const BandwidthBreak loose = findBandwidthBreak(s, plan, o);
    ASSERT_EQ(strict.status, BandwidthStatus::Found);
    ASSERT_EQ(loose.status, BandwidthStatus::Found);
    EXPECT_GT(strict.bytesPerSecondPerNic, loose.bytesPerSecondPerNic);
}

TEST(BandwidthBreak, NotApplicableOnOneNode) {
    const Scenario s = load("llama2-7b-a100x8-pcie");
    const SearchResult r = searchOnly(s, Framework::DeepSpeed);
    const BandwidthBreak b =
        findBandwidthBreak(s, resultOf(r, Framework::DeepSpeed).best->plan, {});
    EXPECT_EQ(b.status, BandwidthStatus::NotApplicable);
}

TEST(BreakPoints, ReusesTheBaseSearchAndCoversEveryFramework) {
    const Scenario s = load("llama2-7b-a100x8-pcie");
    const SearchResult base = searchPlans(s);
    BreakPointOptions o;
    o.maxScanGpus = 16;
    const BreakPoints bp = findBreakPoints(s, base, o);
    ASSERT_EQ(bp.modelSize.size(), 4u);
    ASSERT_EQ(bp.gpuCount.size(), 4u);
    ASSERT_EQ(bp.bandwidth.size(), 4u);
    for (Framework f : model::kAllFrameworks) {
        ASSERT_NE(bp.modelSizeOf(f), nullptr);
        ASSERT_NE(bp.gpuCountOf(f), nullptr);
        ASSERT_NE(bp.bandwidthOf(f), nullptr);
        EXPECT_EQ(bp.bandwidthOf(f)->status, BandwidthStatus::NotApplicable); // one node
        // The scan includes the scenario's own 8 GPUs with the base search's result.
        const ScalingPoint& own = bp.gpuCountOf(f)->points.front();
        EXPECT_EQ(own.gpus, 8);
        const FrameworkResult& fr = resultOf(base, f);
        EXPECT_EQ(own.fits, fr.best.has_value());
        if (fr.best) {
            EXPECT_DOUBLE_EQ(own.mfu, fr.best->throughput.mfu);
        }
    }
    // DDP cannot hold the 7B model, so its break lies below it; the others hold it.
    EXPECT_LT(bp.modelSizeOf(Framework::Ddp)->largestParameters,
              model::countParameters(s.model).total);
    EXPECT_GT(bp.modelSizeOf(Framework::Megatron)->largestParameters,
              model::countParameters(s.model).total);
}

TEST(BreakPoints, CancelStopsEarly) {
    const Scenario s = load("llama31-70b-h100x256");
    const SearchResult base = searchPlans(s);
    BreakPointOptions o;
    o.cancelled = [] { return true; };
    const BreakPoints bp = findBreakPoints(s, base, o);
    EXPECT_TRUE(bp.cancelled);
    EXPECT_TRUE(bp.gpuCount.empty());
}

} // namespace
} // namespace trainplan::sim
