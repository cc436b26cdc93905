#include <trainplan/simulator/goodput_json.h>

#include <string>

namespace trainplan::sim {

nlohmann::json toJson(const GoodputEstimate& g) {
    const CheckpointEstimate& c = g.checkpoint;
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
            {"job_mtbf_s", g.failures.jobMtbfSeconds},
            {"interruptions_per_day", g.failures.interruptionsPerDay},
            {"restart_s", g.restartSeconds},
            {"young_interval_s", g.youngIntervalSeconds},
            {"daly_interval_s", g.dalyIntervalSeconds},
            {"interval_s", g.intervalSeconds},
            {"interval_steps", g.intervalSteps},
            {"goodput", g.goodput},
            {"expected_interruptions", g.expectedInterruptions},
            {"checkpoint_overhead_s", g.checkpointOverheadSeconds},
            {"lost_work_s", g.lostWorkSeconds},
            {"restart_overhead_s", g.restartOverheadSeconds},
            {"effective_time_to_train_s", g.expectedSeconds},
            {"effective_gpu_hours", g.gpuHours},
            {"effective_usd", g.usd},
            {"effective_energy_kwh", g.energyKwh}};
}

} // namespace trainplan::sim
