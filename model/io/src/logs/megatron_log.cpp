// Megatron-LM / Megatron-Core training logs, and NeMo 2's ProgressPrinter lines.
//
// Written from the code that prints them:
// - megatron/training/training.py, training_log() (NVIDIA/Megatron-LM @ d98e8a64ddf3): every
//   --log-interval iterations the last rank prints
//   " [YYYY-MM-DD hh:mm:ss.ffffff] iteration {:8d}/{:8d} | consumed samples: {:12d} |
//   elapsed time per iteration (ms): {:.1f} | throughput per GPU (TFLOP/s/GPU): {:.1f} |
//   learning rate: … | global batch size: {:5d} | lm loss: … | loss scale: … | grad norm: … |
//   number of skipped iterations: {:3d} | number of nan iterations: {:3d} |"; elapsed time is the
//   interval's wall time divided by the iterations in it (timers('interval-time'));
// - megatron/training/utils/common_utils.py, report_memory(): each data-parallel rank 0 prints
//   "[Rank N] (after K iterations) memory (MB) | allocated: … | max allocated: … | reserved: … |
//   max reserved: …" (MB = 1024² bytes, torch.cuda.memory_* / max_memory_*);
// - megatron/training/theoretical_memory_usage.py: "Theoretical memory footprints: weight and
//   optimizer=… MB, activation=… MB, total=… MB" (Megatron's own estimate, reported as a note);
// - training.py prints "training ..." before the loop: a (re)start;
// - NeMo 2, nemo/lightning/pytorch/callbacks/progress_printer.py (NVIDIA/NeMo @ 01f7dbc537d7):
//   "Training epoch E, iteration N/M | lr: … | global_batch_size: B | global_step: … |
//   reduced_train_loss: … | train_step_timing in s: T | consumed_samples: …", metrics averaged
//   over the log interval; FLOPsMeasurementCallback adds "tflops_per_sec_per_gpu: X".

#include "log_text.h"

#include <trainplan/model/units.h>

#include <cmath>
#include <string>

namespace trainplan::model::io {

namespace {

using logs::contains;
using logs::numberAfter;
using logs::rankOf;

constexpr double kMiB = 1024.0 * 1024.0; // report_memory's "MB": mega_bytes = 1024.0 * 1024.0

std::optional<long long> iterationOf(const std::string& text, std::string_view label) {
    std::size_t at = text.find(label);
    if (at == std::string::npos) return std::nullopt;
    std::size_t pos = at + label.size();
    auto v = logs::readNumber(text, pos);
    if (!v || *v < 0 || *v != std::floor(*v)) return std::nullopt;
    while (pos < text.size() && text[pos] == ' ')
        ++pos;
    if (pos >= text.size() || text[pos] != '/') return std::nullopt;
    return static_cast<long long>(*v);
}

void readMegatronIteration(ParsedLog& log, const logs::LogLine& line, long long iteration) {
    const auto elapsedMs = numberAfter(line.text, "elapsed time per iteration (ms):");
    // The line ends with the nan-iterations count; without it the line was cut or another rank's
    // output was written into it.
    if (!contains(line.text, "number of nan iterations:") || !elapsedMs) {
        logs::skip(log, line, ImportText(ImportTextId::SkipMegIncomplete, {iteration}));
        return;
    }
    if (*elapsedMs <= 0) {
        logs::skip(log, line, ImportText(ImportTextId::SkipMegNotPositive, {iteration}));
        return;
    }
    LogRecord r;
    r.line = line.number;
    r.iteration = iteration;
    r.rank = line.rank;
    r.stepSeconds = *elapsedMs * 1e-3;
    if (auto t = numberAfter(line.text, "throughput per GPU (TFLOP/s/GPU):"); t && *t > 0)
        r.flopsPerSecondPerGpu = *t * units::kTera;
    if (auto b = numberAfter(line.text, "global batch size:"); b && *b > 0)
        r.globalBatch = static_cast<long long>(*b);
    log.records.push_back(r);
}

void readNemoIteration(ParsedLog& log, const logs::LogLine& line, long long iteration) {
    const auto seconds = numberAfter(line.text, "train_step_timing in s:");
    if (!seconds || *seconds <= 0) {
        logs::skip(log, line, ImportText(ImportTextId::SkipNemoNotPositive, {iteration}));
        return;
    }
    LogRecord r;
    r.line = line.number;
    r.iteration = iteration;
    r.rank = line.rank;
    r.stepSeconds = *seconds;
    if (auto t = numberAfter(line.text, "tflops_per_sec_per_gpu:"); t && *t > 0)
        r.flopsPerSecondPerGpu = *t * units::kTera;
    if (auto b = numberAfter(line.text, "global_batch_size:"); b && *b > 0)
        r.globalBatch = static_cast<long long>(*b);
    log.records.push_back(r);
}

void readMemory(ParsedLog& log, const logs::LogLine& line) {
    const std::size_t first = line.text.find("memory (MB)");
    if (line.text.find("memory (MB)", first + 1) != std::string::npos) {
        logs::skip(log, line, ImportTextId::SkipMegInterleaved);
        return;
    }
    // Best figure first (MemoryKind order). "max allocated:" contains "allocated:", so each label
    // is matched with the separator in front of it.
    struct Label {
        const char* text;
        MemoryKind kind;
    };
    static constexpr Label kLabels[] = {{"| max reserved:", MemoryKind::MaxReserved},
                                        {"| reserved:", MemoryKind::Reserved},
                                        {"| max allocated:", MemoryKind::MaxAllocated},
                                        {"| allocated:", MemoryKind::Allocated}};
    for (const auto& label : kLabels) {
        auto mb = numberAfter(line.text, label.text);
        if (!mb) continue;
        if (*mb <= 0) break;
        if (!line.complete && label.kind == MemoryKind::MaxReserved) break; // may be cut digits
        log.memory.push_back({line.number, rankOf(line), label.kind, *mb * kMiB});
        return;
    }
    logs::skip(log, line, ImportTextId::SkipMegMemory);
}

} // namespace

ParsedLog parseMegatronLog(std::string_view text, std::string_view file) {
    ParsedLog log;
    log.file = std::string(file);
    log.format = LogFormat::Megatron;
    const auto lines = logs::splitLogLines(text);
    log.lines = lines.size();
    for (const auto& line : lines) {
        const std::string& t = line.text;
        if (t == "training ..." || contains(t, "[before the start of training step]")) {
            log.starts.push_back(line.number);
            continue;
        }
        if (contains(t, "memory (MB)") && contains(t, "allocated:")) {
            readMemory(log, line);
            continue;
        }
        if (contains(t, "Theoretical memory footprints:")) {
            if (auto total = numberAfter(t, "total=")) {
                log.issues.push_back(
                    ImportIssue::atLine(Severity::Note, log.file, line.number,
                                        ImportText(ImportTextId::LogMegatronMemoryEstimate,
                                                   {static_cast<long long>(std::lround(*total))})));
            }
            continue;
        }
        if (contains(t, "elapsed time per iteration (ms)") || contains(t, "consumed samples:")) {
            const auto it = iterationOf(t, " iteration");
            if (!it) {
                logs::skip(log, line, ImportTextId::SkipMegNoIteration);
                continue;
            }
            if (!line.complete) {
                logs::skip(log, line, ImportText(ImportTextId::SkipIteration, {*it}));
                continue;
            }
            readMegatronIteration(log, line, *it);
            continue;
        }
        if (contains(t, "train_step_timing in s") ||
            (contains(t, "Training epoch") && contains(t, ", iteration"))) {
            const auto it = iterationOf(t, ", iteration");
            if (!it) {
                logs::skip(log, line, ImportTextId::SkipNemoNoIteration);
                continue;
            }
            if (!line.complete) {
                logs::skip(log, line, ImportText(ImportTextId::SkipIteration, {*it}));
                continue;
            }
            readNemoIteration(log, line, *it);
        }
    }
    logs::requireRecords(log, ImportTextId::LookedMegatron);
    return log;
}

} // namespace trainplan::model::io
