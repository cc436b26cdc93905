// Format detection, dispatch and the steady-state summary of training logs.

#include "log_text.h"

#include <trainplan/model/units.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace trainplan::model::io {

std::string_view toString(LogFormat f) {
    switch (f) {
    case LogFormat::Megatron:
        return "megatron";
    case LogFormat::Torchtitan:
        return "torchtitan";
    case LogFormat::DeepSpeed:
        return "deepspeed";
    case LogFormat::HfTrainer:
        return "hf-trainer";
    case LogFormat::MetricsTable:
        return "metrics-table";
    }
    return "?";
}

std::string_view displayName(LogFormat f) {
    switch (f) {
    case LogFormat::Megatron:
        return "Megatron-LM / NeMo";
    case LogFormat::Torchtitan:
        return "torchtitan";
    case LogFormat::DeepSpeed:
        return "DeepSpeed";
    case LogFormat::HfTrainer:
        return "Hugging Face Trainer";
    case LogFormat::MetricsTable:
        return "metrics export";
    }
    return "?";
}

std::string_view toString(MemoryKind k) {
    switch (k) {
    case MemoryKind::MaxReserved:
        return "max reserved";
    case MemoryKind::Reserved:
        return "reserved";
    case MemoryKind::MaxAllocated:
        return "max allocated";
    case MemoryKind::Allocated:
        return "allocated";
    }
    return "?";
}

double LogStatistic::relativeSpread() const {
    return median > 0 ? (p75 - p25) / median : 0;
}

std::optional<LogFormat> detectLogFormat(std::string_view text) {
    // Report lines of each format; a Megatron-DeepSpeed log has both Megatron's iteration lines and
    // DeepSpeed's timer lines, and Megatron's give the step time directly, so ties go in this
    // order.
    static constexpr std::pair<LogFormat, std::string_view> kMarkers[] = {
        {LogFormat::Megatron, "elapsed time per iteration (ms)"},
        {LogFormat::Megatron, "train_step_timing in s"},
        {LogFormat::Megatron, "memory (MB) | allocated:"},
        {LogFormat::Torchtitan, "tps:"},
        {LogFormat::Torchtitan, "wps:"},
        {LogFormat::DeepSpeed, "CurrSamplesPerSec="},
        {LogFormat::DeepSpeed, "DeepSpeed Flops Profiler"},
        {LogFormat::HfTrainer, "train_samples_per_second"},
    };
    std::map<LogFormat, std::size_t> hits;
    for (const auto& [format, marker] : kMarkers) {
        std::size_t pos = 0;
        while ((pos = text.find(marker, pos)) != std::string_view::npos) {
            ++hits[format];
            pos += marker.size();
        }
    }
    std::optional<LogFormat> best;
    std::size_t most = 0;
    for (const auto& [format, n] : hits) // map order = enum order = the tie order
        if (n > most) {
            most = n;
            best = format;
        }
    return best;
}

ParsedLog parseTrainingLog(std::string_view text, std::string_view file,
                           const LogMapping* mapping) {
    if (mapping) return parseMetricsTable(text, file, *mapping);
    const auto format = detectLogFormat(text);
    if (!format) {
        ParsedLog log;
        log.file = std::string(file);
        log.lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) +
                    (text.empty() || text.back() == '\n' ? 0 : 1);
        log.issues.emplace_back(Severity::Error, log.file, "", ImportTextId::LogNotRecognised,
                                std::vector<IssueArg>{log.lines});
        return log;
    }
    switch (*format) {
    case LogFormat::Megatron:
        return parseMegatronLog(text, file);
    case LogFormat::Torchtitan:
        return parseTorchtitanLog(text, file);
    case LogFormat::DeepSpeed:
        return parseDeepSpeedLog(text, file);
    case LogFormat::HfTrainer:
        return parseHfTrainerLog(text, file);
    case LogFormat::MetricsTable:
        break;
    }
    return parseMegatronLog(text, file);
}

namespace {

double quantile(const std::vector<double>& sorted, double q) {
    // Linear interpolation between order statistics (Hyndman & Fan 1996, definition 7).
    const double h = (static_cast<double>(sorted.size()) - 1) * q;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

std::optional<LogStatistic> statistic(std::vector<double> values) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end());
    LogStatistic s;
    s.count = values.size();
    s.median = quantile(values, 0.5);
    s.p25 = quantile(values, 0.25);
    s.p75 = quantile(values, 0.75);
    s.min = values.front();
    s.max = values.back();
    return s;
}

// One step's figures over the ranks that reported it: the slowest rank.
struct Step {
    std::optional<double> stepSeconds, tokensPerSecondPerGpu, tokensPerSecond, samplesPerSecond,
        flopsPerSecondPerGpu, mfu;
    long long covers = 0;
    std::optional<long long> globalBatch;
};

void slowest(std::optional<double>& into, const std::optional<double>& v, bool larger) {
    if (!v) return;
    if (!into || (larger ? *v > *into : *v < *into)) into = v;
}

void merge(Step& s, const LogRecord& r, long long covers) {
    slowest(s.stepSeconds, r.stepSeconds, true);
    slowest(s.tokensPerSecondPerGpu, r.tokensPerSecondPerGpu, false);
    slowest(s.tokensPerSecond, r.tokensPerSecond, false);
    slowest(s.samplesPerSecond, r.samplesPerSecond, false);
    slowest(s.flopsPerSecondPerGpu, r.flopsPerSecondPerGpu, false);
    slowest(s.mfu, r.mfu, false);
    s.covers = std::max(s.covers, covers);
    if (r.globalBatch) s.globalBatch = r.globalBatch;
}

ImportTextId memoryKindText(MemoryKind k) {
    switch (k) {
    case MemoryKind::MaxReserved:
        return ImportTextId::MemMaxReserved;
    case MemoryKind::Reserved:
        return ImportTextId::MemReserved;
    case MemoryKind::MaxAllocated:
        return ImportTextId::MemMaxAllocated;
    case MemoryKind::Allocated:
        return ImportTextId::MemAllocated;
    }
    return ImportTextId::MemMaxReserved;
}

std::string formatBytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / units::kGiB);
    return buf;
}

} // namespace

LogSummary summarizeLogs(const std::vector<ParsedLog>& logs, const LogSummaryOptions& options) {
    LogSummary sum;
    // Steps keyed by (start ordinal, iteration): ranks of one job (re)start together.
    std::map<std::pair<std::size_t, long long>, Step> steps;
    std::map<std::size_t, std::vector<const LogRecord*>> wholeRun, profiles;
    std::set<int> ranks;
    std::size_t maxSegments = 0;
    std::vector<std::pair<long long, long long>> warmupDropped; // iteration, line
    for (const auto& log : logs) {
        sum.files.push_back(log.file);
        if (log.format) sum.formats.push_back(*log.format);
        for (const auto& i : log.issues)
            sum.issues.push_back(i);
        // Streams: one per rank (records without a rank form one stream).
        std::map<int, std::vector<const LogRecord*>> streams;
        for (const auto& r : log.records) {
            sum.records += r.kind == LogRecordKind::Interval ? 1 : 0;
            streams[r.rank.value_or(-1)].push_back(&r);
            if (r.rank) ranks.insert(*r.rank);
        }
        std::size_t fileWarmup = 0;
        for (auto& [rank, records] : streams) {
            std::sort(records.begin(), records.end(),
                      [](const LogRecord* a, const LogRecord* b) { return a->line < b->line; });
            std::vector<std::vector<const LogRecord*>> segments(1);
            const LogRecord* prev = nullptr;
            for (const LogRecord* r : records) {
                if (r->kind == LogRecordKind::WholeRun) {
                    wholeRun[segments.size() - 1].push_back(r);
                    continue;
                }
                if (r->kind == LogRecordKind::Profile) {
                    profiles[segments.size() - 1].push_back(r);
                    continue;
                }
                const bool startBetween =
                    prev && std::any_of(log.starts.begin(), log.starts.end(),
                                        [&](int s) { return s > prev->line && s < r->line; });
                if (prev && (startBetween || r->iteration <= prev->iteration))
                    segments.emplace_back();
                segments.back().push_back(r);
                prev = r;
            }
            maxSegments = std::max(maxSegments, segments.size());
            for (std::size_t seg = 0; seg < segments.size(); ++seg) {
                const auto& recs = segments[seg];
                if (recs.empty()) continue;
                std::vector<long long> gaps;
                for (std::size_t i = 1; i < recs.size(); ++i)
                    gaps.push_back(recs[i]->iteration - recs[i - 1]->iteration);
                long long spacing = 1;
                if (!gaps.empty()) {
                    std::nth_element(gaps.begin(),
                                     gaps.begin() + static_cast<long>(gaps.size() / 2), gaps.end());
                    spacing = std::max(1LL, gaps[gaps.size() / 2]);
                }
                // The first iteration this start ran: iterations count from 1 (Megatron,
                // torchtitan, DeepSpeed's global_step); a resumed job starts one interval before
                // its first report.
                const long long startIteration =
                    std::max(1LL, recs.front()->iteration - spacing + 1);
                const long long firstSteady = startIteration + options.warmupIterations;
                for (std::size_t i = 0; i < recs.size(); ++i) {
                    const LogRecord* r = recs[i];
                    const long long firstCovered =
                        r->span > 0 ? r->iteration - r->span + 1
                                    : (i == 0 ? startIteration : recs[i - 1]->iteration + 1);
                    if (i == 0 || firstCovered < firstSteady) {
                        ++fileWarmup;
                        warmupDropped.emplace_back(r->iteration, r->line);
                        continue;
                    }
                    merge(steps[{seg, r->iteration}], *r, r->iteration - firstCovered + 1);
                }
            }
        }
        sum.warmupRecords += fileWarmup;
        // What was read and skipped, per file.
        const ImportText format = !log.format ? ImportText::verbatim("?")
                                  : *log.format == LogFormat::MetricsTable
                                      ? ImportText(ImportTextId::LogMetricsExport)
                                      : ImportText::verbatim(std::string(displayName(*log.format)));
        if (log.starts.empty())
            sum.issues.emplace_back(Severity::Note, log.file, "",
                                    ImportText(ImportTextId::LogRead,
                                               {log.lines, log.records.size(), log.memory.size(),
                                                fileWarmup, log.skipped.size()},
                                               {format}));
        else
            sum.issues.emplace_back(Severity::Note, log.file, "",
                                    ImportText(ImportTextId::LogReadStarts,
                                               {log.lines, log.records.size(), log.memory.size(),
                                                log.starts.size(), fileWarmup, log.skipped.size()},
                                               {format}));
        const std::size_t shown = std::min<std::size_t>(log.skipped.size(), 10);
        for (std::size_t i = 0; i < shown; ++i)
            sum.issues.push_back(ImportIssue::atLine(
                Severity::Warning, log.file, log.skipped[i].line,
                ImportText(ImportTextId::LogSkipped, {}, {log.skipped[i].why})));
        if (log.skipped.size() > shown)
            sum.issues.emplace_back(Severity::Warning, log.file, "", ImportTextId::LogMoreSkipped,
                                    std::vector<IssueArg>{log.skipped.size() - shown});
    }
    sum.starts = std::max<std::size_t>(1, maxSegments);
    sum.ranks = ranks.size();

    // The steady global batch: the last one printed; other values are a batch-size ramp-up.
    for (const auto& [key, s] : steps)
        if (s.globalBatch) sum.globalBatch = s.globalBatch;
    std::vector<const Step*> used;
    for (const auto& [key, s] : steps) {
        if (sum.globalBatch && s.globalBatch && *s.globalBatch != *sum.globalBatch) {
            ++sum.otherBatchRecords;
            continue;
        }
        used.push_back(&s);
        sum.iterationsUsed += s.covers;
        if (sum.firstIteration == 0 || key.second - s.covers + 1 < sum.firstIteration)
            sum.firstIteration = key.second - s.covers + 1;
        sum.lastIteration = std::max(sum.lastIteration, key.second);
    }
    if (sum.otherBatchRecords > 0)
        sum.issues.push_back(ImportIssue::withKey(
            Severity::Note, "", ImportText(ImportTextId::KeyGlobalBatchSize),
            ImportText(ImportTextId::LogOtherBatch, {sum.otherBatchRecords, *sum.globalBatch})));
    sum.steadyRecords = used.size();
    auto collect = [&](std::optional<double> Step::*field) {
        std::vector<double> v;
        for (const Step* s : used)
            if (s->*field) v.push_back(*(s->*field));
        return statistic(v);
    };
    if (!used.empty()) {
        sum.stepSeconds = collect(&Step::stepSeconds);
        sum.tokensPerSecondPerGpu = collect(&Step::tokensPerSecondPerGpu);
        sum.tokensPerSecond = collect(&Step::tokensPerSecond);
        sum.samplesPerSecond = collect(&Step::samplesPerSecond);
        sum.flopsPerSecondPerGpu = collect(&Step::flopsPerSecondPerGpu);
        sum.mfu = collect(&Step::mfu);
    } else if (!wholeRun.empty()) {
        // Only whole-run averages: their warm-up cannot be dropped.
        std::vector<double> samples, stepTimes;
        for (const auto& [seg, recs] : wholeRun)
            for (const LogRecord* r : recs) {
                if (r->samplesPerSecond) samples.push_back(*r->samplesPerSecond);
                if (r->stepSeconds) stepTimes.push_back(*r->stepSeconds);
                sum.iterationsUsed += r->iteration;
                ++sum.steadyRecords;
            }
        sum.samplesPerSecond = statistic(samples);
        sum.stepSeconds = statistic(stepTimes);
        sum.wholeRunOnly = true;
        sum.issues.emplace_back(Severity::Warning, "", "train_samples_per_second",
                                ImportTextId::LogWholeRunOnly);
    }
    if (!sum.flopsPerSecondPerGpu && !profiles.empty()) {
        std::vector<double> v;
        for (const auto& [seg, recs] : profiles)
            for (const LogRecord* r : recs)
                if (r->flopsPerSecondPerGpu) v.push_back(*r->flopsPerSecondPerGpu);
        sum.flopsPerSecondPerGpu = statistic(v);
        if (sum.flopsPerSecondPerGpu)
            sum.issues.emplace_back(Severity::Note, "", "FLOPS per GPU",
                                    ImportTextId::LogFlopsProfiler,
                                    std::vector<IssueArg>{v.size()});
    }
    const bool anySpeed = sum.stepSeconds || sum.tokensPerSecondPerGpu || sum.tokensPerSecond ||
                          sum.samplesPerSecond || sum.flopsPerSecondPerGpu || sum.mfu;
    if (!anySpeed && sum.records > 0 && !hasErrors(sum.issues)) {
        long long last = 0;
        for (const auto& [it, line] : warmupDropped)
            last = std::max(last, it);
        sum.issues.emplace_back(Severity::Error, "", "", ImportTextId::LogAllWarmup,
                                std::vector<IssueArg>{sum.records, options.warmupIterations, last});
    }
    if (sum.steadyRecords > 0 && sum.steadyRecords < 3 && !sum.wholeRunOnly)
        sum.issues.emplace_back(Severity::Warning, "", "", ImportTextId::LogFewSteady,
                                std::vector<IssueArg>{sum.steadyRecords});
    if (sum.starts > 1)
        sum.issues.emplace_back(Severity::Note, "", "", ImportTextId::LogRestarts,
                                std::vector<IssueArg>{sum.starts});
    if (ranks.size() > 1)
        sum.issues.emplace_back(Severity::Note, "", "", ImportTextId::LogSlowestRank,
                                std::vector<IssueArg>{ranks.size()});

    // Peak memory: the largest reading of any rank. A reserved figure is never below an allocated
    // one taken at the same time, so the largest reading is the best bound on the peak reserved.
    std::set<int> memoryRanks;
    for (const auto& log : logs)
        for (const auto& m : log.memory) {
            memoryRanks.insert(m.rank.value_or(-1));
            if (!sum.peakMemory || m.bytes > sum.peakMemory->bytes) {
                sum.peakMemory = m;
                sum.peakMemoryFile = log.file;
            }
        }
    sum.ranksWithMemory = memoryRanks.size();
    if (sum.peakMemory) {
        const ImportText kind(memoryKindText(sum.peakMemory->kind));
        if (sum.peakMemory->rank)
            sum.issues.push_back(ImportIssue::withKey(
                Severity::Note, "", ImportText(ImportTextId::KeyPeakMemory),
                ImportText(ImportTextId::LogPeakMemoryRank,
                           {formatBytes(sum.peakMemory->bytes), sum.peakMemoryFile,
                            sum.peakMemory->line, *sum.peakMemory->rank, memoryRanks.size()},
                           {kind})));
        else
            sum.issues.push_back(ImportIssue::withKey(
                Severity::Note, "", ImportText(ImportTextId::KeyPeakMemory),
                ImportText(ImportTextId::LogPeakMemory,
                           {formatBytes(sum.peakMemory->bytes), sum.peakMemoryFile,
                            sum.peakMemory->line, memoryRanks.size()},
                           {kind})));
        if (sum.peakMemory->kind == MemoryKind::MaxAllocated ||
            sum.peakMemory->kind == MemoryKind::Allocated)
            sum.issues.push_back(
                ImportIssue::withKey(Severity::Warning, "", ImportText(ImportTextId::KeyPeakMemory),
                                     ImportText(ImportTextId::LogAllocatedNotReserved)));
    }
    if (!anySpeed && !sum.peakMemory && !hasErrors(sum.issues))
        sum.issues.emplace_back(Severity::Error, "", "", ImportTextId::LogNoMeasurement);
    return sum;
}

nlohmann::json toJson(const LogSummary& s) {
    auto stat = [](const std::optional<LogStatistic>& v) -> nlohmann::json {
        if (!v) return nullptr;
        return {{"count", v->count},
                {"median", v->median},
                {"p25", v->p25},
                {"p75", v->p75},
                {"min", v->min},
                {"max", v->max},
                {"relative_spread", v->relativeSpread()}};
    };
    nlohmann::json files = nlohmann::json::array();
    for (std::size_t i = 0; i < s.files.size(); ++i)
        files.push_back(
            {{"file", s.files[i]},
             {"format", i < s.formats.size() ? std::string(toString(s.formats[i])) : ""}});
    nlohmann::json j = {{"files", files},
                        {"step_time_s", stat(s.stepSeconds)},
                        {"tokens_per_s_per_gpu", stat(s.tokensPerSecondPerGpu)},
                        {"tokens_per_s", stat(s.tokensPerSecond)},
                        {"samples_per_s", stat(s.samplesPerSecond)},
                        {"flops_per_s_per_gpu", stat(s.flopsPerSecondPerGpu)},
                        {"mfu", stat(s.mfu)},
                        {"reports", s.records},
                        {"warmup_reports", s.warmupRecords},
                        {"steady_reports", s.steadyRecords},
                        {"other_batch_reports", s.otherBatchRecords},
                        {"starts", s.starts},
                        {"ranks", s.ranks},
                        {"iterations_used", s.iterationsUsed},
                        {"first_iteration", s.firstIteration},
                        {"last_iteration", s.lastIteration},
                        {"whole_run_only", s.wholeRunOnly}};
    j["global_batch"] = s.globalBatch ? nlohmann::json(*s.globalBatch) : nlohmann::json(nullptr);
    if (s.peakMemory) {
        j["peak_memory"] = {{"bytes", s.peakMemory->bytes},
                            {"kind", std::string(toString(s.peakMemory->kind))},
                            {"file", s.peakMemoryFile},
                            {"line", s.peakMemory->line},
                            {"ranks", s.ranksWithMemory}};
        j["peak_memory"]["rank"] =
            s.peakMemory->rank ? nlohmann::json(*s.peakMemory->rank) : nlohmann::json(nullptr);
    } else {
        j["peak_memory"] = nullptr;
    }
    return j;
}

} // namespace trainplan::model::io
