// DeepSpeed's throughput timer, FLOPS profiler and memory lines.
//
// Written from the code that prints them (microsoft/DeepSpeed @ 38327e07f6cd):
// - deepspeed/utils/timer.py, ThroughputTimer.stop(): every steps_per_print optimizer steps
//   "epoch={}/micro_step={}/global_step={}, RunningAvgSamplesPerSec={}, CurrSamplesPerSec={},
//   MemAllocated={}GB, MaxMemAllocated={}GB" where batch_size is train_batch_size (the whole job's
//   samples per step, deepspeed/runtime/engine.py), CurrSamplesPerSec = batch_size / the last
//   step's time, RunningAvg… = the average since start_step (2); memory is
//   torch.cuda.memory_allocated / max_memory_allocated in GiB (/ 1024**3, rounded to 2 places);
// - deepspeed/runtime/utils.py, see_memory_usage(): "MA {} GB  Max_MA {} GB  CA {} GB
//   Max_CA {} GB" (allocated, max allocated, reserved — "cached" — and max reserved, the last
//   rounded to whole GiB);
// - deepspeed/profiling/flops_profiler/profiler.py, print_model_profile(): "Profile Summary at
//   step N:", "FLOPS per GPU = 3 * fwd flops per GPU / iter latency: 123.45 TFLOPS" (units by
//   number_to_string: T, G, M, K), "iter latency: 1.23 s" — one profiled step with hooks on;
// - deepspeed/__init__.py logs "DeepSpeed info: version=…" at every initialize(): a (re)start.
// Lines go through "[%(asctime)s] [%(levelname)s] [%(filename)s:%(lineno)d:%(funcName)s]
// %(message)s" (deepspeed/utils/logging.py); log_dist adds "[Rank N] ".

#include "log_text.h"

#include <trainplan/model/units.h>

#include <cmath>

namespace trainplan::model::io {

namespace {

using logs::contains;
using logs::numberAfter;
using logs::rankOf;

double prefixScale(char c) {
    switch (c) {
    case 'T':
        return 1e12;
    case 'G':
        return 1e9;
    case 'M':
        return 1e6;
    case 'K':
        return 1e3;
    case 'm':
        return 1e-3;
    case 'u':
        return 1e-6;
    default:
        return 1;
    }
}

// "123.45 TFLOPS" / "823.4 ms" starting at pos: value × unit prefix (number_to_string).
std::optional<double> scaledAt(const std::string& t, std::size_t pos) {
    auto v = logs::readNumber(t, pos);
    if (!v) return std::nullopt;
    while (pos < t.size() && t[pos] == ' ')
        ++pos;
    return *v * (pos < t.size() ? prefixScale(t[pos]) : 1.0);
}

} // namespace

ParsedLog parseDeepSpeedLog(std::string_view text, std::string_view file) {
    ParsedLog log;
    log.file = std::string(file);
    log.format = LogFormat::DeepSpeed;
    const auto lines = logs::splitLogLines(text);
    log.lines = lines.size();
    long long lastStep = 0;
    std::optional<long long> profileStep;
    for (const auto& line : lines) {
        const std::string& t = line.text;
        if (contains(t, "DeepSpeed info: version=")) {
            log.starts.push_back(line.number);
            continue;
        }
        if (contains(t, "CurrSamplesPerSec=")) {
            const auto step = numberAfter(t, "global_step=");
            const auto samples = numberAfter(t, "CurrSamplesPerSec=");
            const auto maxAlloc = numberAfter(t, "MaxMemAllocated=");
            if (!step || !samples || !line.complete || !contains(t, "GB")) {
                logs::skip(log, line, ImportTextId::SkipDsIncomplete);
                continue;
            }
            if (*samples <= 0) {
                logs::skip(log, line, ImportTextId::SkipDsNotPositive);
                continue;
            }
            LogRecord r;
            r.line = line.number;
            r.iteration = static_cast<long long>(*step);
            r.span = 1; // CurrSamplesPerSec times the last step only
            r.rank = rankOf(line);
            r.samplesPerSecond = *samples;
            log.records.push_back(r);
            lastStep = r.iteration;
            if (maxAlloc && *maxAlloc > 0)
                log.memory.push_back(
                    {line.number, r.rank, MemoryKind::MaxAllocated, *maxAlloc * units::kGiB});
            continue;
        }
        if (contains(t, "Max_MA ") && contains(t, "Max_CA ")) {
            if (auto ca = numberAfter(t, "Max_CA "); ca && *ca > 0 && line.complete)
                log.memory.push_back(
                    {line.number, rankOf(line), MemoryKind::MaxReserved, *ca * units::kGiB});
            else if (auto ma = numberAfter(t, "Max_MA "); ma && *ma > 0)
                log.memory.push_back(
                    {line.number, rankOf(line), MemoryKind::MaxAllocated, *ma * units::kGiB});
            else
                logs::skip(log, line, ImportTextId::SkipDsMemory);
            continue;
        }
        if (contains(t, "Profile Summary at step")) {
            if (auto s = numberAfter(t, "Profile Summary at step"))
                profileStep = static_cast<long long>(*s);
            continue;
        }
        if (t.rfind("FLOPS per GPU = ", 0) == 0 && contains(t, "iter latency:")) {
            const std::size_t colon = t.rfind(':');
            auto flops = scaledAt(t, colon + 1);
            if (!flops || *flops <= 0) {
                logs::skip(log, line, ImportTextId::SkipDsFlops);
                continue;
            }
            LogRecord r;
            r.kind = LogRecordKind::Profile;
            r.span = 1;
            r.line = line.number;
            r.iteration = profileStep.value_or(lastStep);
            r.rank = rankOf(line);
            r.flopsPerSecondPerGpu = *flops;
            log.records.push_back(r);
        }
    }
    logs::requireRecords(log, ImportTextId::LookedDeepSpeed);
    return log;
}

} // namespace trainplan::model::io
