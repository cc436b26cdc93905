#include "simulator_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/goodput_json.h>

#include <gtest/gtest.h>

#include <cmath>

// Suite names are lower-case so `ctest -R "goodput|reliab"` selects them.

using namespace trainplan;
using model::Framework;

namespace {

model::Scenario llama7b(int nodes) {
    auto s = test::makeScenario("llama2-7b", "H100-SXM5-80GB", nodes, 8, 1024, "NVLink4-NVSwitch",
                                "InfiniBand-NDR-400");
    s.training.trainTokens = 1e12;
    return s;
}

} // namespace

TEST(goodput, YoungIntervalIsSqrtTwoDeltaM) {
    // Young 1974: τ = √(2·δ·M); δ = 60 s, M = 1 h -> √432000 = 657.267 s.
    EXPECT_NEAR(sim::youngInterval(60, 3600), 657.2670690, 1e-6);
    EXPECT_NEAR(sim::youngInterval(0, 3600), 0.0, 1e-12);
}

TEST(goodput, DalyHigherOrderInterval) {
    // Daly 2006: √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ; δ = 60 s, M = 3600 s -> 617.8756 s.
    EXPECT_NEAR(sim::dalyInterval(60, 3600), 617.8756496, 1e-6);
    // δ ≥ 2M: checkpoint as often as the MTBF.
    EXPECT_DOUBLE_EQ(sim::dalyInterval(8000, 3600), 3600.0);
    // For δ ≪ M, Daly tends to Young.
    EXPECT_NEAR(sim::dalyInterval(1, 1e7) / sim::youngInterval(1, 1e7), 1.0, 1e-3);
}

TEST(goodput, DalyIntervalMinimisesTheCompleteModel) {
    const double delta = 120, restart = 900, m = 6 * 3600.0;
    const double tau = sim::dalyInterval(delta, m);
    const double best = sim::expectedWallSeconds(1e6, tau, delta, restart, m);
    for (double f : {0.5, 0.8, 0.95, 1.05, 1.25, 2.0})
        EXPECT_LT(best, sim::expectedWallSeconds(1e6, tau * f, delta, restart, m))
            << "factor " << f;
}

TEST(goodput, CompleteModelLimits) {
    // No failures (M -> ∞): only the checkpoints cost, T_s·(1 + δ/τ).
    EXPECT_NEAR(sim::expectedWallSeconds(1000, 100, 10, 600, 1e15), 1100.0, 1e-3);
    // First order in 1/M: T_s·(1 + δ/τ + (τ/2 + δ + R)/M) (Daly 2006 §3, Young 1974).
    const double ts = 1e6, tau = 1800, delta = 60, r = 600, m = 1e7;
    const double firstOrder = ts * (1 + delta / tau + (tau / 2 + delta + r) / m);
    EXPECT_NEAR(sim::expectedWallSeconds(ts, tau, delta, r, m) / firstOrder, 1.0, 1e-4);
}

TEST(goodput, DefaultMtbfReproducesLlama3InterruptionRate) {
    // Dubey et al. 2024 §3.3.4: 419 unexpected interruptions in 54 days on 16,384 H100s.
    model::ClusterSpec c;
    const sim::FailureModel f = sim::failureModel(c, 16384);
    EXPECT_TRUE(f.defaultMtbf);
    EXPECT_NEAR(f.gpuMtbfHours, 16384.0 * 54 * 24 / 419, 1e-9);
    EXPECT_NEAR(f.interruptionsPerDay, 419.0 / 54.0, 1e-9);
    EXPECT_NEAR(f.jobMtbfSeconds, 54.0 * 86400 / 419, 1e-6);
}

TEST(goodput, InterruptionsScaleWithGpuCount) {
    model::ClusterSpec c;
    c.gpuMtbfHours = 20000;
    const sim::FailureModel a = sim::failureModel(c, 1024);
    const sim::FailureModel b = sim::failureModel(c, 4096);
    EXPECT_FALSE(a.defaultMtbf);
    EXPECT_NEAR(a.interruptionsPerDay, 24.0 * 1024 / 20000, 1e-12);
    EXPECT_NEAR(b.interruptionsPerDay / a.interruptionsPerDay, 4.0, 1e-12);
    EXPECT_NEAR(b.jobMtbfSeconds, 20000.0 * 3600 / 4096, 1e-9);
}

TEST(goodput, CheckpointBytesPerParameterByFramework) {
    using model::Optimizer;
    using model::Precision;
    // PyTorch keeps fp32 parameters (the master copy) + Adam m, v: 4 + 8.
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Ddp, Precision::Bf16, Optimizer::AdamW).total(),
        12);
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Fsdp, Precision::Bf16, Optimizer::Adam).total(),
        12);
    // Megatron / DeepSpeed: 16-bit weights + fp32 master + m + v: 2 + 4 + 8.
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Megatron, Precision::Bf16, Optimizer::Adam)
            .total(),
        14);
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::DeepSpeed, Precision::Fp16, Optimizer::Adam)
            .weights,
        2);
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Megatron, Precision::Fp8, Optimizer::Adam)
            .total(),
        14);
    // fp32 training: no separate master copy.
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Megatron, Precision::Fp32, Optimizer::Adam)
            .total(),
        12);
    // SGD with momentum keeps one state.
    EXPECT_DOUBLE_EQ(
        sim::checkpointBytesPerParameter(Framework::Ddp, Precision::Bf16, Optimizer::SgdMomentum)
            .total(),
        8);
    EXPECT_DOUBLE_EQ(sim::checkpointBytesPerParameter(Framework::DeepSpeed, Precision::Bf16,
                                                      Optimizer::SgdMomentum)
                         .total(),
                     10);
}

TEST(goodput, DdpCheckpointIsGatheredOnRankZero) {
    auto s = llama7b(4);
    s.cluster.storageBytesPerSecond = 100e9;
    const double psi = model::countParameters(s.model).total;
    const auto c = sim::estimateCheckpoint(s, test::makePlan(Framework::Ddp, 32));
    EXPECT_EQ(c.layout, sim::CheckpointLayout::Gathered);
    EXPECT_EQ(c.writers, 1);
    EXPECT_NEAR(c.bytes, 12 * psi, 1);
    EXPECT_NEAR(c.largestWriterBytes, 12 * psi, 1);
    // One process writing: 2 GB/s (slower than the 100 GB/s storage and the 12.5 GB/s node link).
    EXPECT_NEAR(c.saveSeconds, 12 * psi / 2e9, 1e-6);
    EXPECT_DOUBLE_EQ(c.stallSeconds, c.saveSeconds);
    // Each of the 4 nodes reads the whole file back: 4·12Ψ at 100 GB/s vs one reader at 2 GB/s.
    EXPECT_NEAR(c.loadSeconds, std::max(4 * 12 * psi / 100e9, 12 * psi / 2e9), 1e-6);
}

TEST(goodput, ShardedCheckpointsSplitTheWrite) {
    auto s = llama7b(4);
    s.cluster.storageBytesPerSecond = 20e9;
    const double psi = model::countParameters(s.model).total;
    // FSDP sharded state dict: 32 ranks write 12Ψ/32 each; the storage (20 GB/s) binds.
    const auto f = sim::estimateCheckpoint(s, test::makePlan(Framework::Fsdp, 32, 1, 1, 1, 3));
    EXPECT_EQ(f.layout, sim::CheckpointLayout::Sharded);
    EXPECT_EQ(f.writers, 32);
    EXPECT_NEAR(f.largestWriterBytes, 12 * psi / 32, 1);
    EXPECT_NEAR(f.saveSeconds,
                std::max({12 * psi / 20e9, 12 * psi / 32 / 2e9, 12 * psi / 4 / 12.5e9}), 1e-9);
    // Megatron distributed checkpoint: 14 bytes per parameter over all ranks.
    const auto m = sim::estimateCheckpoint(s, test::makePlan(Framework::Megatron, 8, 4, 1, 1, 1));
    EXPECT_NEAR(m.bytes, 14 * psi, 1);
    EXPECT_EQ(m.writers, 32);
    // DeepSpeed ZeRO-1: every rank writes its optimizer partition, dp rank 0 also the 16-bit
    // weights.
    const auto d = sim::estimateCheckpoint(s, test::makePlan(Framework::DeepSpeed, 32, 1, 1, 1, 1));
    EXPECT_NEAR(d.largestWriterBytes, 12 * psi / 32 + 2 * psi, 1);
    // ZeRO-0: only data-parallel rank 0 writes.
    const auto d0 =
        sim::estimateCheckpoint(s, test::makePlan(Framework::DeepSpeed, 32, 1, 1, 1, 0));
    EXPECT_EQ(d0.writers, 1);
    EXPECT_NEAR(d0.largestWriterBytes, 14 * psi, 1);
    // A gathered FSDP checkpoint (FULL_STATE_DICT) is what DDP does.
    sim::ReliabilityOptions gathered;
    gathered.layout = sim::CheckpointLayout::Gathered;
    const auto fg =
        sim::estimateCheckpoint(s, test::makePlan(Framework::Fsdp, 32, 1, 1, 1, 3), gathered);
    EXPECT_EQ(fg.writers, 1);
    EXPECT_GT(fg.saveSeconds, f.saveSeconds);
}

TEST(goodput, DefaultStorageIsTheLlama3SharePerGpu) {
    auto s = llama7b(4);
    const auto c = sim::estimateCheckpoint(s, test::makePlan(Framework::Fsdp, 32, 1, 1, 1, 3));
    EXPECT_TRUE(c.defaultStorage);
    EXPECT_NEAR(c.storageBytesPerSecond, 2e12 * 32 / 16384, 1e-3);
}

TEST(goodput, AsyncModesStallLessAndUploadInTheBackground) {
    auto s = llama7b(4);
    s.cluster.storageBytesPerSecond = 10e9;
    const auto plan = test::makePlan(Framework::Fsdp, 32, 1, 1, 1, 3);
    const double psi = model::countParameters(s.model).total;
    sim::ReliabilityOptions o;
    o.mode = sim::CheckpointMode::AsyncHost;
    const auto a = sim::estimateCheckpoint(s, plan, o);
    EXPECT_NEAR(a.stallSeconds, 12 * psi / 32 / 25e9, 1e-9); // PCIe default 25 GB/s per GPU
    EXPECT_DOUBLE_EQ(a.backgroundSeconds, a.saveSeconds);
    o.mode = sim::CheckpointMode::LocalNvme;
    const auto n = sim::estimateCheckpoint(s, plan, o);
    EXPECT_NEAR(n.stallSeconds, 12 * psi / 4 / 25e9, 1e-9); // 8 shards per node at 25 GB/s NVMe
    EXPECT_LT(n.stallSeconds, n.saveSeconds);

    // The interval never undercuts the background upload.
    const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
    const auto g = sim::estimateGoodput(s, est, o);
    EXPECT_GE(g.intervalSeconds + 1e-9, g.checkpoint.backgroundSeconds);
}

TEST(reliability, GoodputAddsUpAndCostsFollow) {
    auto s = llama7b(32);
    s.cluster.gpuHourUsd = 2.5;
    s.cluster.pue = 1.2;
    const auto plan = test::makePlan(Framework::Fsdp, 256, 1, 1, 1, 3);
    ASSERT_TRUE(model::validatePlan(s, plan).empty());
    const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
    const auto g = sim::estimateGoodput(s, est);
    EXPECT_GT(g.goodput, 0.5);
    EXPECT_LT(g.goodput, 1.0);
    EXPECT_DOUBLE_EQ(g.usefulSeconds, est.cost.timeToTrainSeconds);
    EXPECT_NEAR(g.usefulSeconds / g.expectedSeconds, g.goodput, 1e-12);
    EXPECT_NEAR(g.usefulSeconds + g.checkpointOverheadSeconds + g.lostWorkSeconds +
                    g.restartOverheadSeconds,
                g.expectedSeconds, g.expectedSeconds * 1e-12);
    EXPECT_NEAR(g.gpuHours, g.expectedSeconds * 256 / 3600, 1e-6);
    EXPECT_NEAR(g.usd, g.gpuHours * 2.5, 1e-6);
    EXPECT_GT(g.energyKwh, est.cost.energyKwh);
    // Interval: Daly's optimum rounded to whole steps.
    EXPECT_NEAR(g.dalyIntervalSeconds,
                sim::dalyInterval(g.checkpoint.stallSeconds, g.failures.jobMtbfSeconds), 1e-9);
    EXPECT_NEAR(g.intervalSeconds, g.intervalSteps * est.time.stepSeconds, 1e-9);
    EXPECT_LE(std::fabs(g.intervalSeconds - g.dalyIntervalSeconds),
              est.time.stepSeconds / 2 + 1e-9);
    // Lost work per interruption is about half an interval (first order).
    EXPECT_NEAR(g.lostWorkSeconds / g.expectedInterruptions,
                (g.intervalSeconds + g.checkpoint.stallSeconds) / 2, 0.1 * g.intervalSeconds);
    // Restart = fixed restart + checkpoint load.
    EXPECT_DOUBLE_EQ(g.restartSeconds,
                     sim::reliability_defaults::kRestartSeconds + g.checkpoint.loadSeconds);
}

TEST(reliability, MoreGpusFailMoreOften) {
    double previous = 1.0;
    for (int nodes : {4, 16, 128}) {
        auto s = llama7b(nodes);
        const auto plan = test::makePlan(Framework::Fsdp, nodes * 8, 1, 1, 1, 3);
        const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
        const auto g = sim::estimateGoodput(s, est);
        EXPECT_LT(g.goodput, previous) << nodes << " nodes";
        previous = g.goodput;
    }
}

TEST(reliability, FixedIntervalIsHonoured) {
    auto s = llama7b(8);
    const auto plan = test::makePlan(Framework::Fsdp, 64, 1, 1, 1, 3);
    const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
    sim::ReliabilityOptions o;
    o.intervalSeconds = 10 * est.time.stepSeconds;
    const auto g = sim::estimateGoodput(s, est, o);
    EXPECT_EQ(g.intervalSteps, 10);
    // A worse interval than the optimum costs goodput.
    EXPECT_LT(g.goodput, sim::estimateGoodput(s, est).goodput);
}

TEST(reliability, JsonCarriesTheEstimateKeys) {
    auto s = llama7b(8);
    const auto plan = test::makePlan(Framework::Fsdp, 64, 1, 1, 1, 3);
    const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
    const auto j = sim::toJson(sim::estimateGoodput(s, est));
    for (const char* key : {"checkpoint_bytes", "save_s", "interval_s", "interruptions_per_day",
                            "goodput", "effective_time_to_train_s", "effective_usd", "checkpoint"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["checkpoint"]["layout"], "sharded");
}

namespace {

bool containsNull(const nlohmann::json& j) {
    if (j.is_null()) return true;
    if (j.is_structured())
        for (const auto& v : j)
            if (containsNull(v)) return true;
    return false;
}

} // namespace

// Issue 22 item 8: when interruptions come far more often than a checkpoint interval, the
// expected time to train has no finite value; the JSON said null for it.
TEST(reliability, AJobThatNeverCompletesSaysWhyInsteadOfNull) {
    auto s = llama7b(1024); // 8,192 GPUs
    s.training.globalBatch = 8192;
    s.cluster.gpuMtbfHours = 1; // the job is interrupted every 3600 / 8192 = 0.44 s
    const auto plan = test::makePlan(Framework::Fsdp, 8192, 1, 1, 1, 3);
    const auto est = sim::evaluatePlan(sim::makeContext(s), plan);
    ASSERT_GT(est.time.stepSeconds, 0);
    const auto g = sim::estimateGoodput(s, est);
    EXPECT_EQ(g.goodput, 0.0);
    EXPECT_TRUE(std::isinf(g.expectedSeconds));
    const nlohmann::json j = sim::toJson(g);
    EXPECT_FALSE(containsNull(j)) << j.dump(2);
    EXPECT_EQ(j["completes"], false);
    ASSERT_TRUE(j["effective_time_to_train_s"].is_string()) << j.dump(2);
    EXPECT_EQ(j["effective_time_to_train_s"].get<std::string>().rfind(
                  "never completes: the job is interrupted every 0.439 s on average (8192 GPUs)",
                  0),
              0u)
        << j["effective_time_to_train_s"];
    EXPECT_EQ(j["effective_usd"], j["effective_time_to_train_s"]);
    EXPECT_DOUBLE_EQ(j["job_mtbf_s"].get<double>(), 3600.0 / 8192);
}

TEST(reliability, AJobThatCompletesHasOnlyNumbers) {
    auto s = llama7b(32);
    const auto plan = test::makePlan(Framework::Fsdp, 256, 1, 1, 1, 3);
    const auto g = sim::estimateGoodput(s, sim::evaluatePlan(sim::makeContext(s), plan));
    EXPECT_TRUE(std::isfinite(g.expectedSeconds));
    const nlohmann::json j = sim::toJson(g);
    EXPECT_EQ(j["completes"], true);
    EXPECT_TRUE(j["effective_time_to_train_s"].is_number());
    EXPECT_FALSE(containsNull(j));
}
