#pragma once

#include <trainplan/model/cluster_spec.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>

#include <optional>
#include <string_view>

namespace trainplan::sim {

// Who writes a checkpoint: every rank its own shard (ZeRO/DeepSpeed partitions, FSDP
// SHARDED_STATE_DICT through torch.distributed.checkpoint, Megatron distributed checkpoint), or
// rank 0 the whole gathered state (DDP `torch.save(model.state_dict())`, FSDP FULL_STATE_DICT with
// rank0_only).
enum class CheckpointLayout { Sharded, Gathered };

// How a save stalls training: synchronously to shared storage; staged to host memory and written in
// the background (torch.distributed.checkpoint.async_save, Megatron --async-save); or written to
// the node's local NVMe and uploaded in the background.
enum class CheckpointMode { Synchronous, AsyncHost, LocalNvme };

[[nodiscard]] std::string_view toString(CheckpointLayout l); // "sharded", "gathered"
[[nodiscard]] std::string_view toString(CheckpointMode m);   // "sync", "async_host", "local_nvme"
[[nodiscard]] std::optional<CheckpointLayout> checkpointLayoutFromString(std::string_view s);
[[nodiscard]] std::optional<CheckpointMode> checkpointModeFromString(std::string_view s);

// Defaults (each documented with its source in docs/reliability.md).
namespace reliability_defaults {
// Llama 3 (Dubey et al. 2024, §3.3.4): 419 unexpected interruptions in 54 days of pre-training on
// 16,384 H100 GPUs. Counting every interruption (GPU, HBM, host, network, software) against the
// GPUs gives a per-GPU mean time between interruptions of 16384·54·24/419 ≈ 50,677 h.
inline constexpr double kGpuMtbfHours = 16384.0 * 54.0 * 24.0 / 419.0;
// Llama 3 (§3.3.1): Tectonic serves the 16K-GPU cluster at 2 TB/s sustained; a job of N GPUs is
// given its share, 2 TB/s · N / 16384 (≈ 1 GB/s per 8-GPU node).
inline constexpr double kStorageBytesPerSecondPerGpu = 2.0e12 / 16384.0;
// One process serialising with torch.save and writing one file stream (assumption; measure yours).
inline constexpr double kWriterBytesPerSecond = 2.0e9;
// A node's client link to shared storage: one 100 Gb/s storage NIC (assumption).
inline constexpr double kNodeStorageBytesPerSecond = 12.5e9;
// Detect the failure, reschedule, start containers, initialise NCCL and the data loader, excluding
// the checkpoint load (assumption: ~10 min at scale; set it from your own job logs).
inline constexpr double kRestartSeconds = 600.0;
} // namespace reliability_defaults

struct ReliabilityOptions {
    std::optional<CheckpointLayout>
        layout; // unset: the framework's usual layout (DDP gathered, others sharded)
    CheckpointMode mode = CheckpointMode::Synchronous;
    double restartSeconds = reliability_defaults::kRestartSeconds;
    double writerBytesPerSecond = reliability_defaults::kWriterBytesPerSecond;
    double nodeStorageBytesPerSecond = reliability_defaults::kNodeStorageBytesPerSecond;
    std::optional<double> intervalSeconds; // a fixed checkpoint interval instead of the optimum
};

// Bytes per parameter a checkpoint holds (weights as the framework saves them, plus the optimizer:
// fp32 master weights where they are separate, and Adam's m and v or SGD's momentum).
struct CheckpointBytesPerParameter {
    double weights = 0;
    double optimizer = 0;
    [[nodiscard]] double total() const { return weights + optimizer; }
};
[[nodiscard]] CheckpointBytesPerParameter checkpointBytesPerParameter(model::Framework framework,
                                                                      model::Precision precision,
                                                                      model::Optimizer optimizer);
[[nodiscard]] CheckpointLayout defaultCheckpointLayout(model::Framework framework);

struct CheckpointEstimate {
    CheckpointLayout layout = CheckpointLayout::Sharded;
    CheckpointMode mode = CheckpointMode::Synchronous;
    double bytes = 0; // the whole checkpoint
    double weightsBytes = 0;
    double optimizerBytes = 0;
    long long writers = 0;         // ranks that write
    double largestWriterBytes = 0; // what the busiest rank writes
    double largestNodeBytes = 0;   // what the busiest node writes
    double storageBytesPerSecond =
        0; // aggregate shared-storage bandwidth used (cluster or default)
    bool defaultStorage = true;
    double saveSeconds = 0;       // synchronous save to shared storage
    double loadSeconds = 0;       // read back at a restart
    double hostCopySeconds = 0;   // GPU -> host staging of the largest shard
    double localSaveSeconds = 0;  // to the node's local NVMe
    double stallSeconds = 0;      // training stops this long per checkpoint, under `mode`
    double backgroundSeconds = 0; // the upload that continues after the stall (async modes)
};

[[nodiscard]] CheckpointEstimate estimateCheckpoint(const model::Scenario& scenario,
                                                    const model::Plan& plan,
                                                    const ReliabilityOptions& options = {});

struct FailureModel {
    double gpuMtbfHours = 0;   // per GPU
    bool defaultMtbf = true;   // false when the cluster states gpu_mtbf_hours
    long long gpus = 0;        // the job's GPUs
    double jobMtbfSeconds = 0; // M = per-GPU MTBF / GPUs (independent failures)
    double interruptionsPerDay = 0;
};

[[nodiscard]] FailureModel failureModel(const model::ClusterSpec& cluster, long long gpus);

// Young 1974: τ = √(2·δ·M) for checkpoint cost δ and mean time between failures M.
[[nodiscard]] double youngInterval(double checkpointSeconds, double mtbfSeconds);
// Daly 2006 (higher-order estimate): τ = √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ for δ < 2M, else τ =
// M.
[[nodiscard]] double dalyInterval(double checkpointSeconds, double mtbfSeconds);
// Daly 2006 (complete model: exponential failures, also during checkpoints and restarts):
// expected wall time to finish `solveSeconds` of work checkpointing every `intervalSeconds` of
// work, T_w = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ.
[[nodiscard]] double expectedWallSeconds(double solveSeconds, double intervalSeconds,
                                         double checkpointSeconds, double restartSeconds,
                                         double mtbfSeconds);

struct GoodputEstimate {
    CheckpointEstimate checkpoint;
    FailureModel failures;
    double restartSeconds = 0; // R: restart plus checkpoint load
    double youngIntervalSeconds = 0;
    double dalyIntervalSeconds = 0;
    double intervalSeconds =
        0; // used: Daly's (or the fixed one), at least one step and the async upload, whole steps
    long long intervalSteps = 0;
    double goodput = 0;         // useful time / expected wall time
    double usefulSeconds = 0;   // the failure-free time to train (PlanEstimate::cost)
    double expectedSeconds = 0; // expected wall time with checkpoints, lost work and restarts
    // expectedSeconds = usefulSeconds + checkpointOverhead + lostWork + restartOverhead.
    double checkpointOverheadSeconds = 0;
    double lostWorkSeconds = 0;
    double restartOverheadSeconds = 0;
    double expectedInterruptions = 0;
    double gpuHours = 0;
    double usd = 0;
    double energyKwh = 0;
};

// Checkpoints, failures and goodput of one evaluated plan over the scenario's token budget. When
// the budget is 0, the time and cost fields are 0 but the fractions and intervals are set.
[[nodiscard]] GoodputEstimate estimateGoodput(const model::Scenario& scenario,
                                              const PlanEstimate& estimate,
                                              const ReliabilityOptions& options = {});

} // namespace trainplan::sim
