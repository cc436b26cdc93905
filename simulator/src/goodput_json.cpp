#include <trainplan/simulator/goodput_json.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace trainplan::sim {

namespace {

std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g s", s);
    return buf;
}

// The expected time to train diverges (estimateGoodput sets it to +inf): interruptions come far
// more often than a checkpoint interval.
std::string neverCompletesReason(const GoodputEstimate& g) {
    return "never completes: the job is interrupted every " +
           seconds(g.failures.jobMtbfSeconds) + " on average (" +
           std::to_string(g.failures.gpus) + " GPUs), far less than one checkpoint interval of " +
           seconds(g.intervalSeconds) + " plus its " + seconds(g.checkpoint.stallSeconds) +
           " save, so the expected time to train has no finite value";
}

} // namespace

nlohmann::json toJson(const GoodputEstimate& g) {
    const CheckpointEstimate& c = g.checkpoint;
    // JSON has no infinity (nlohmann writes null): a figure without a finite value says why.
    const bool completes = std::isfinite(g.expectedSeconds);
    const std::string why =
        completes ? std::string("has no finite value") : neverCompletesReason(g);
    auto figure = [&](double v) -> nlohmann::json {
        if (std::isfinite(v)) return v;
        return why;
    };
    return {{"checkpoint",
             {{"layout", std::string(toString(c.layout))},
              {"mode", std::string(toString(c.mode))},
              {"bytes", c.bytes},
              {"weights_bytes", c.weightsBytes},
              {"optimizer_bytes", c.optimizerBytes},
              {"writers", c.writers},
              {"largest_writer_bytes", c.largestWriterBytes},
              {"storage_bytes_per_s", c.storageBytesPerSecond},
              {"default_storage", c.defaultStorage},
              {"save_s", c.saveSeconds},
              {"load_s", c.loadSeconds},
              {"host_copy_s", c.hostCopySeconds},
              {"local_save_s", c.localSaveSeconds},
              {"stall_s", c.stallSeconds},
              {"background_s", c.backgroundSeconds}}},
            {"checkpoint_bytes", c.bytes},
            {"save_s", c.saveSeconds},
            {"gpu_mtbf_hours", g.failures.gpuMtbfHours},
            {"default_mtbf", g.failures.defaultMtbf},
            {"job_mtbf_s", figure(g.failures.jobMtbfSeconds)},
            {"interruptions_per_day", figure(g.failures.interruptionsPerDay)},
            {"restart_s", g.restartSeconds},
            {"young_interval_s", figure(g.youngIntervalSeconds)},
            {"daly_interval_s", figure(g.dalyIntervalSeconds)},
            {"interval_s", figure(g.intervalSeconds)},
            {"interval_steps", g.intervalSteps},
            {"goodput", figure(g.goodput)},
            {"expected_interruptions", figure(g.expectedInterruptions)},
            {"checkpoint_overhead_s", figure(g.checkpointOverheadSeconds)},
            {"lost_work_s", figure(g.lostWorkSeconds)},
            {"restart_overhead_s", figure(g.restartOverheadSeconds)},
            {"effective_time_to_train_s", figure(g.expectedSeconds)},
            {"effective_gpu_hours", figure(g.gpuHours)},
            {"effective_usd", figure(g.usd)},
            {"effective_energy_kwh", figure(g.energyKwh)},
            {"completes", completes}};
}

} // namespace trainplan::sim
