#include <trainplan/simulator/goodput.h>

#include <trainplan/model/transformer_spec.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/energy.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace trainplan::sim {

using model::Framework;
using model::Precision;

using model::units::kSecondsPerDay;
using model::units::kSecondsPerHour;

std::string_view toString(CheckpointLayout l) {
    switch (l) {
    case CheckpointLayout::Sharded:
        return "sharded";
    case CheckpointLayout::Gathered:
        return "gathered";
    }
    return "";
}

std::string_view toString(CheckpointMode m) {
    switch (m) {
    case CheckpointMode::Synchronous:
        return "sync";
    case CheckpointMode::AsyncHost:
        return "async_host";
    case CheckpointMode::LocalNvme:
        return "local_nvme";
    }
    return "";
}

std::optional<CheckpointLayout> checkpointLayoutFromString(std::string_view s) {
    if (s == "sharded") return CheckpointLayout::Sharded;
    if (s == "gathered" || s == "rank0") return CheckpointLayout::Gathered;
    return std::nullopt;
}

std::optional<CheckpointMode> checkpointModeFromString(std::string_view s) {
    if (s == "sync") return CheckpointMode::Synchronous;
    if (s == "async_host" || s == "async") return CheckpointMode::AsyncHost;
    if (s == "local_nvme" || s == "nvme") return CheckpointMode::LocalNvme;
    return std::nullopt;
}

CheckpointBytesPerParameter checkpointBytesPerParameter(Framework framework, Precision precision,
                                                        model::Optimizer optimizer) {
    // Adam's m and v, or SGD's momentum, in fp32 (Kingma & Ba 2015).
    const double states = optimizer == model::Optimizer::SgdMomentum ? 4.0 : 8.0;
    if (precision == Precision::Fp32) return {4.0, states};
    switch (framework) {
    case Framework::Ddp:
    case Framework::Fsdp:
        // PyTorch autocast / FSDP MixedPrecision keep fp32 parameters, which are the master copy:
        // the state dict holds fp32 weights and the optimizer's fp32 states.
        return {4.0, states};
    case Framework::DeepSpeed:
    case Framework::Megatron:
        // 16-bit model weights plus fp32 master weights and states in the optimizer checkpoint
        // (DeepSpeed mp_rank_*_model_states.pt + zero_pp_rank_*_optim_states.pt; Megatron's
        // model and optimizer state dicts). FP8 runs keep bf16 weights; Transformer Engine's fp8
        // copies are rebuilt, not saved.
        return {2.0, 4.0 + states};
    }
    return {4.0, states};
}

CheckpointLayout defaultCheckpointLayout(Framework framework) {
    return framework == Framework::Ddp ? CheckpointLayout::Gathered : CheckpointLayout::Sharded;
}

CheckpointEstimate estimateCheckpoint(const model::Scenario& scenario, const model::Plan& plan,
                                      const ReliabilityOptions& options) {
    CheckpointEstimate c;
    const auto& cluster = scenario.cluster;
    const double params = model::countParameters(scenario.model).total;
    const CheckpointBytesPerParameter bpp = checkpointBytesPerParameter(
        plan.framework, scenario.training.precision, scenario.training.optimizer);
    c.layout = options.layout.value_or(defaultCheckpointLayout(plan.framework));
    c.mode = options.mode;
    c.weightsBytes = bpp.weights * params;
    c.optimizerBytes = bpp.optimizer * params;
    c.bytes = c.weightsBytes + c.optimizerBytes;

    const long long gpus = std::max(1LL, plan.gpus());
    const double g = static_cast<double>(gpus);
    const int gpusPerNode = std::max(1, cluster.gpusPerNode);
    const double perNode = static_cast<double>(std::min<long long>(gpusPerNode, gpus));
    const double nodes = std::ceil(g / gpusPerNode);
    const double modelParallel = static_cast<double>(std::max(1, plan.tp) * std::max(1, plan.pp));
    // Model-parallel ranks of one pipeline stage sit together (tp fastest in Megatron rank order).
    const double modelParallelPerNode = std::min<double>(gpusPerNode, std::max(1, plan.tp));

    if (c.layout == CheckpointLayout::Gathered) {
        c.writers = 1;
        c.largestWriterBytes = c.bytes;
        c.largestNodeBytes = c.bytes;
    } else if (plan.framework == Framework::DeepSpeed && plan.zeroStage == 0) {
        // Data-parallel rank 0 of each model-parallel rank writes its slice of everything.
        c.writers = static_cast<long long>(modelParallel);
        c.largestWriterBytes = c.bytes / modelParallel;
        c.largestNodeBytes = c.largestWriterBytes * modelParallelPerNode;
    } else if (plan.framework == Framework::DeepSpeed && plan.zeroStage < 3) {
        // Every rank writes its optimizer partition; data-parallel rank 0 of each model-parallel
        // rank also writes the 16-bit weights (ZeRO-1/2 keep them replicated).
        c.writers = gpus;
        c.largestWriterBytes = c.optimizerBytes / g + c.weightsBytes / modelParallel;
        c.largestNodeBytes =
            c.optimizerBytes / g * perNode + c.weightsBytes / modelParallel * modelParallelPerNode;
    } else {
        // Each rank writes 1/N: ZeRO-3 partitions, FSDP sharded state dict through DCP, Megatron
        // distributed checkpoint with fully parallel save (replicas split the writes).
        c.writers = gpus;
        c.largestWriterBytes = c.bytes / g;
        c.largestNodeBytes = c.bytes / g * perNode;
    }

    c.defaultStorage = cluster.storageBytesPerSecond <= 0;
    c.storageBytesPerSecond = c.defaultStorage
                                  ? reliability_defaults::kStorageBytesPerSecondPerGpu * g
                                  : cluster.storageBytesPerSecond;
    // The slowest of: the storage's aggregate bandwidth, the busiest writer process, the busiest
    // node's storage link.
    c.saveSeconds = std::max({c.bytes / c.storageBytesPerSecond,
                              c.largestWriterBytes / options.writerBytesPerSecond,
                              c.largestNodeBytes / options.nodeStorageBytesPerSecond});
    if (c.layout == CheckpointLayout::Gathered) {
        // Every node reads the whole file (its ranks share the page cache) and each rank
        // deserialises it.
        c.loadSeconds = std::max({c.bytes * nodes / c.storageBytesPerSecond,
                                  c.bytes / options.writerBytesPerSecond,
                                  c.bytes / options.nodeStorageBytesPerSecond});
    } else {
        c.loadSeconds = c.saveSeconds;
    }

    const Efficiency eff = resolveEfficiency(scenario);
    const HostRates host = hostRates(cluster, eff);
    const double pcie = host.pcieBytesPerSecondPerGpu;
    const double nvme = host.nvmeBytesPerSecondPerNode;
    c.hostCopySeconds = c.largestWriterBytes / pcie;
    c.localSaveSeconds = c.largestNodeBytes / nvme;
    switch (c.mode) {
    case CheckpointMode::Synchronous:
        c.stallSeconds = c.saveSeconds;
        c.backgroundSeconds = 0;
        break;
    case CheckpointMode::AsyncHost:
        c.stallSeconds = c.hostCopySeconds;
        c.backgroundSeconds = c.saveSeconds;
        break;
    case CheckpointMode::LocalNvme:
        c.stallSeconds = c.localSaveSeconds;
        c.backgroundSeconds = c.saveSeconds;
        break;
    }
    return c;
}

FailureModel failureModel(const model::ClusterSpec& cluster, long long gpus) {
    FailureModel f;
    f.defaultMtbf = cluster.gpuMtbfHours <= 0;
    f.gpuMtbfHours = f.defaultMtbf ? reliability_defaults::kGpuMtbfHours : cluster.gpuMtbfHours;
    f.gpus = std::max(1LL, gpus);
    // Independent failures: the job is interrupted when any of its GPUs is.
    f.jobMtbfSeconds = f.gpuMtbfHours * kSecondsPerHour / static_cast<double>(f.gpus);
    f.interruptionsPerDay = kSecondsPerDay / f.jobMtbfSeconds;
    return f;
}

double youngInterval(double checkpointSeconds, double mtbfSeconds) {
    return std::sqrt(2.0 * checkpointSeconds * mtbfSeconds);
}

double dalyInterval(double checkpointSeconds, double mtbfSeconds) {
    const double d = checkpointSeconds;
    const double m = mtbfSeconds;
    if (d >= 2.0 * m) return m;
    const double x = d / (2.0 * m);
    return std::sqrt(2.0 * d * m) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - d;
}

double expectedWallSeconds(double solveSeconds, double intervalSeconds, double checkpointSeconds,
                           double restartSeconds, double mtbfSeconds) {
    const double m = mtbfSeconds;
    return m * std::exp(restartSeconds / m) *
           std::expm1((intervalSeconds + checkpointSeconds) / m) * solveSeconds / intervalSeconds;
}

GoodputEstimate estimateGoodput(const model::Scenario& scenario, const PlanEstimate& estimate,
                                const ReliabilityOptions& options) {
    GoodputEstimate g;
    g.checkpoint = estimateCheckpoint(scenario, estimate.plan, options);
    g.failures = failureModel(scenario.cluster, estimate.plan.gpus());
    g.restartSeconds = options.restartSeconds + g.checkpoint.loadSeconds;
    const double delta = g.checkpoint.stallSeconds;
    const double m = g.failures.jobMtbfSeconds;
    g.youngIntervalSeconds = youngInterval(delta, m);
    g.dalyIntervalSeconds = dalyInterval(delta, m);

    // Checkpoints happen between steps; an asynchronous upload must finish before the next one
    // starts.
    const double step = estimate.time.stepSeconds;
    double tau = std::max(options.intervalSeconds.value_or(g.dalyIntervalSeconds),
                          g.checkpoint.backgroundSeconds);
    if (step > 0) {
        g.intervalSteps = std::max(1LL, std::llround(tau / step));
        if (static_cast<double>(g.intervalSteps) * step < g.checkpoint.backgroundSeconds)
            g.intervalSteps =
                static_cast<long long>(std::ceil(g.checkpoint.backgroundSeconds / step));
        tau = static_cast<double>(g.intervalSteps) * step;
    }
    g.intervalSeconds = tau;
    if (tau <= 0) return g; // nothing evaluated

    const double wallPerUseful = expectedWallSeconds(1.0, tau, delta, g.restartSeconds, m);
    g.usefulSeconds = estimate.cost.timeToTrainSeconds;
    if (!std::isfinite(wallPerUseful)) {
        // e^((τ+δ)/M) overflows: interruptions come so much more often than a checkpoint interval
        // (at least one step) that the expected wall time has no finite value.
        // goodput_json says why instead of writing null.
        const double inf = std::numeric_limits<double>::infinity();
        g.goodput = 0;
        g.expectedSeconds = g.lostWorkSeconds = g.expectedInterruptions = inf;
        g.restartOverheadSeconds = g.gpuHours = g.usd = g.energyKwh = inf;
        g.checkpointOverheadSeconds = g.usefulSeconds / tau * delta;
        return g;
    }
    g.goodput = 1.0 / wallPerUseful;
    g.expectedSeconds = g.usefulSeconds * wallPerUseful;
    g.checkpointOverheadSeconds = g.usefulSeconds / tau * delta;
    g.expectedInterruptions = g.expectedSeconds / m;
    g.restartOverheadSeconds = g.expectedInterruptions * g.restartSeconds;
    // The rest is work redone after an interruption (≈ (τ + δ)/2 per interruption to first order).
    g.lostWorkSeconds = std::max(0.0, g.expectedSeconds - g.usefulSeconds -
                                          g.checkpointOverheadSeconds - g.restartOverheadSeconds);

    const double gpus = static_cast<double>(g.failures.gpus);
    g.gpuHours = g.expectedSeconds * gpus / kSecondsPerHour;
    g.usd = g.gpuHours * estimate.cost.usdPerGpuHour; // the estimate's resolved price
    // Redone work draws the training power of the estimate; checkpoint stalls and restarts the idle
    // floor.
    const double idleKw = gpus * scenario.cluster.gpu.tdpWatts * kIdlePowerFraction *
                          facilityPue(scenario.cluster) / 1000.0;
    const double trainingKwhPerSecond =
        g.usefulSeconds > 0 ? estimate.cost.energyKwh / g.usefulSeconds : 0.0;
    g.energyKwh =
        trainingKwhPerSecond * (g.usefulSeconds + g.lostWorkSeconds) +
        idleKw * (g.checkpointOverheadSeconds + g.restartOverheadSeconds) / kSecondsPerHour;
    return g;
}

} // namespace trainplan::sim
