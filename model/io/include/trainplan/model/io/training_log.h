#pragma once

// Measured runs from the logs training frameworks print: Megatron-LM / Megatron-Core / NeMo,
// torchtitan, DeepSpeed, the Hugging Face Trainer, and a CSV / JSON metrics export read through a
// mapping file. Each per-format parser is a total function of (text, file name) that never throws;
// summarizeLogs turns what they read into steady-state statistics (warm-up dropped, median and
// spread, memory the maximum over ranks) and says what was read and what was skipped.

#include <trainplan/model/io/import_issue.h>

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io {

enum class LogFormat { Megatron, Torchtitan, DeepSpeed, HfTrainer, MetricsTable };

[[nodiscard]] std::string_view toString(LogFormat f);    // "megatron", "torchtitan", …
[[nodiscard]] std::string_view displayName(LogFormat f); // "Megatron-LM / NeMo", …

// Which figure of the PyTorch caching allocator a memory reading is (torch.cuda.*), in the order
// of preference: the calibration's peak memory is max_memory_reserved (docs/calibration.md).
enum class MemoryKind { MaxReserved, Reserved, MaxAllocated, Allocated };

[[nodiscard]] std::string_view toString(MemoryKind k); // "max reserved", …

// Interval: the framework's periodic report (steady state once warm-up is dropped). WholeRun: an
// average over the whole run, warm-up included (HF Trainer's train_samples_per_second). Profile: a
// profiler's reading of one step with its hooks on (DeepSpeed's FLOPS profiler).
enum class LogRecordKind { Interval, WholeRun, Profile };

// One throughput report: the last iteration it covers and the values printed, in SI.
struct LogRecord {
    LogRecordKind kind = LogRecordKind::Interval;
    int line = 0;            // 1-based line in the file
    long long iteration = 0; // last optimizer step covered
    long long span = 0;      // steps the figures cover; 0: every step since the previous report
    std::optional<int> rank; // when a prefix or the text says which rank printed it
    std::optional<double> stepSeconds;
    std::optional<double> tokensPerSecondPerGpu;
    std::optional<double> tokensPerSecond;  // whole job
    std::optional<double> samplesPerSecond; // whole job (sequences per second)
    std::optional<double> flopsPerSecondPerGpu;
    std::optional<double> mfu; // fraction
    std::optional<long long> globalBatch;
};

struct MemoryReading {
    int line = 0;
    std::optional<int> rank;
    MemoryKind kind = MemoryKind::MaxReserved;
    double bytes = 0;
};

struct SkippedLine {
    int line = 0;
    std::string reason; // English, as the summary's JSON and the CLI print it
    ImportText why;     // the same as a catalogue sentence (import_text.h)
};

struct ParsedLog {
    std::string file;
    std::optional<LogFormat> format;
    std::size_t lines = 0;
    std::vector<LogRecord> records;
    std::vector<MemoryReading> memory;
    std::vector<int> starts;          // lines where the job (re)started (its start banner)
    std::vector<SkippedLine> skipped; // lines that looked like a report but could not be used
    ImportIssues issues;              // errors (nothing usable) and notes
};

// The columns of a CSV / JSON metrics export (trainplan.log_mapping.v1, docs/import-export.md).
struct MetricColumn {
    std::string column;
    double scale = 1; // to SI: 1e-3 for ms, 2^30 for GiB, 1e12 for TFLOP/s, 0.01 for percent
};

struct LogMapping {
    std::string step;                // the optimizer-step column (required)
    std::optional<std::string> rank; // optional rank column
    std::optional<MetricColumn> stepTime, tokensPerSecondPerGpu, tokensPerSecond, samplesPerSecond,
        flopsPerSecondPerGpu, mfu, memory, globalBatch;
    MemoryKind memoryKind = MemoryKind::MaxReserved;
};

// Reads a mapping document; problems name the key. `file` is used in the messages.
[[nodiscard]] std::optional<LogMapping>
parseLogMapping(std::string_view text, std::string_view file, ImportIssues& issues);

// Per-format parsers (model/io/src/logs/*.cpp). Never throw.
[[nodiscard]] ParsedLog parseMegatronLog(std::string_view text, std::string_view file);
[[nodiscard]] ParsedLog parseTorchtitanLog(std::string_view text, std::string_view file);
[[nodiscard]] ParsedLog parseDeepSpeedLog(std::string_view text, std::string_view file);
[[nodiscard]] ParsedLog parseHfTrainerLog(std::string_view text, std::string_view file);
[[nodiscard]] ParsedLog parseMetricsTable(std::string_view text, std::string_view file,
                                          const LogMapping& mapping);

// The format a log is in, from the lines each framework prints; nullopt when none matches.
[[nodiscard]] std::optional<LogFormat> detectLogFormat(std::string_view text);

// Detects the format and parses. With a mapping, CSV / JSON text is read as a metrics table.
// A text in no known format gives an error naming what was looked for.
[[nodiscard]] ParsedLog parseTrainingLog(std::string_view text, std::string_view file,
                                         const LogMapping* mapping = nullptr);

struct LogStatistic {
    std::size_t count = 0;
    double median = 0;
    double p25 = 0, p75 = 0; // quartiles (linear interpolation)
    double min = 0, max = 0;
    // (p75 − p25) / median: the interquartile spread relative to the median.
    [[nodiscard]] double relativeSpread() const;
};

struct LogSummaryOptions {
    // Iterations at the start of each (re)start that are warm-up: a report covering any of them
    // is dropped, and so is the first report after every start whatever it covers.
    long long warmupIterations = 10;
};

struct LogSummary {
    std::vector<std::string> files;
    std::vector<LogFormat> formats; // per file
    std::optional<LogStatistic> stepSeconds, tokensPerSecondPerGpu, tokensPerSecond,
        samplesPerSecond, flopsPerSecondPerGpu, mfu;
    std::optional<long long> globalBatch;    // printed by the log (the steady-state value)
    std::optional<MemoryReading> peakMemory; // the maximum over every rank and file
    std::string peakMemoryFile;
    std::size_t ranksWithMemory = 0;
    std::size_t records = 0;           // throughput reports read
    std::size_t warmupRecords = 0;     // dropped as warm-up
    std::size_t steadyRecords = 0;     // used (after combining ranks that report the same step)
    std::size_t otherBatchRecords = 0; // dropped: another global batch (batch-size ramp-up)
    std::size_t starts = 1;            // job starts seen (1 + restarts)
    std::size_t ranks = 0;             // distinct ranks that reported throughput (0: unknown)
    long long iterationsUsed = 0;      // optimizer steps the steady-state reports cover
    long long firstIteration = 0, lastIteration = 0; // of the steady-state reports
    bool wholeRunOnly = false; // only whole-run averages (warm-up could not be dropped)
    ImportIssues issues;       // per file: what was read and skipped; errors

    [[nodiscard]] bool ok() const { return !hasErrors(issues); }
};

// Steady-state statistics over the logs of one job (one or several files: ranks, restarts).
// Reports of the same step from several ranks are combined as the slowest rank (largest step
// time, smallest rate): the step ends when the last rank finishes.
[[nodiscard]] LogSummary summarizeLogs(const std::vector<ParsedLog>& logs,
                                       const LogSummaryOptions& options = {});

// The summary as JSON (for the stored run's provenance and `--format json`).
[[nodiscard]] nlohmann::json toJson(const LogSummary& summary);

} // namespace trainplan::model::io
