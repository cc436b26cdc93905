// Hugging Face Trainer speed summaries.
//
// Written from src/transformers/trainer_utils.py, speed_metrics() (huggingface/transformers @
// 007360d654f3): "{split}_runtime" (seconds, 4 places), "{split}_samples_per_second" =
// num_samples / runtime and "{split}_steps_per_second" = num_steps / runtime (3 places); the
// Trainer's _inner_training_loop calls it once at the end of training with num_train_samples (the
// whole job's samples: steps × total_train_batch_size) and max_steps, then self.log(metrics): the
// console callbacks print the dict, "{'train_runtime': 1234.5, 'train_samples_per_second': 51.8,
// 'train_steps_per_second': 0.202, 'train_loss': 2.1, 'epoch': 1.0}", and
// Trainer.log_metrics("train", metrics) prints "***** train metrics *****" then
// "  train_samples_per_second =     51.8" lines. The runtime includes start-up and warm-up, so the
// figure is a whole-run average. "***** Running training *****" opens a (re)start.

#include "log_text.h"

#include <cmath>

namespace trainplan::model::io {

namespace {

using logs::contains;

// The value of 'key' in a printed dict ("'key': 1.5") or a log_metrics block ("key = 1.5").
std::optional<double> metric(const std::string& t, const std::string& key) {
    if (auto v = logs::numberAfter(t, "'" + key + "':")) return v;
    if (auto v = logs::numberAfter(t, "\"" + key + "\":")) return v;
    const std::size_t at = t.find(key);
    if (at == std::string::npos) return std::nullopt;
    std::size_t pos = at + key.size();
    while (pos < t.size() && t[pos] == ' ')
        ++pos;
    if (pos >= t.size() || t[pos] != '=') return std::nullopt;
    ++pos;
    return logs::readNumber(t, pos);
}

} // namespace

ParsedLog parseHfTrainerLog(std::string_view text, std::string_view file) {
    ParsedLog log;
    log.file = std::string(file);
    log.format = LogFormat::HfTrainer;
    const auto lines = logs::splitLogLines(text);
    log.lines = lines.size();
    bool inMetricsBlock = false;
    for (const auto& line : lines) {
        const std::string& t = line.text;
        if (contains(t, "***** Running training *****")) {
            log.starts.push_back(line.number);
            continue;
        }
        if (contains(t, "***** train metrics *****")) {
            inMetricsBlock = true;
            continue;
        }
        if (!contains(t, "train_samples_per_second") && !contains(t, "train_steps_per_second"))
            continue;
        // log_metrics prints the same figures as the dict just above it: read one of them.
        const bool blockLine = !contains(t, "{") && contains(t, "=");
        if (blockLine && inMetricsBlock && !log.records.empty() &&
            log.records.back().kind == LogRecordKind::WholeRun && log.records.back().line > 0 &&
            line.number - log.records.back().line < 40)
            continue;
        if (!line.complete || (contains(t, "{") && !contains(t, "}"))) {
            logs::skip(log, line, ImportTextId::SkipHfIncomplete);
            continue;
        }
        const auto samples = metric(t, "train_samples_per_second");
        const auto steps = metric(t, "train_steps_per_second");
        const auto runtime = metric(t, "train_runtime");
        if ((!samples || *samples <= 0) && (!steps || *steps <= 0)) {
            logs::skip(log, line, ImportTextId::SkipHfNotReadable);
            continue;
        }
        LogRecord r;
        r.kind = LogRecordKind::WholeRun;
        r.line = line.number;
        r.rank = line.rank;
        if (samples && *samples > 0)
            r.samplesPerSecond = *samples;
        else if (steps && *steps > 0)
            r.stepSeconds = 1.0 / *steps;
        if (runtime && steps && *runtime > 0 && *steps > 0)
            r.iteration = std::llround(*runtime * *steps);
        log.records.push_back(r);
        inMetricsBlock = false;
    }
    logs::requireRecords(log, ImportTextId::LookedHfTrainer);
    return log;
}

} // namespace trainplan::model::io
