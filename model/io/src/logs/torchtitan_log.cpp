// torchtitan metrics lines.
//
// Written from torchtitan/components/metrics.py, MetricsProcessor.log() (pytorch/torchtitan @
// b5bcd76c66d0): at step 1 and every --metrics.log_freq steps each rank logs
// "{red}step: {step:2}  {green}loss: {loss:8.5f}  {orange}grad_norm: {g:7.4f}
// {turquoise}memory: {max_reserved_gib:5.2f}GiB({max_reserved_pct:.2f}%)  {blue}tps: {round(tps):,}
// {cyan}tflops: {tflops:,.2f}  {magenta}mfu: {mfu:.2f}%{reset}" through the
// "[titan] %(asctime)s - %(name)s - %(levelname)s - %(message)s" formatter
// (torchtitan/tools/logging.py), colours from torchtitan/tools/utils.py Color (ESC[31m …).
// tps = tokens since the last log / (time since the last log × non-data-parallel size): tokens per
// second per GPU; tflops = flops per token × tps / 1e12; mfu in percent ("N/A" under FP8/MX);
// memory = torch.cuda max_reserved since the last log (reset_peak_stats after each log), GiB.
// Older releases printed "wps:" for tps and no tflops. torchtitan/train.py logs "Training starts
// at step N" when the loop (re)starts.

#include "log_text.h"

#include <trainplan/model/units.h>

#include <cmath>

namespace trainplan::model::io {

namespace {

using logs::contains;
using logs::numberAfter;

} // namespace

ParsedLog parseTorchtitanLog(std::string_view text, std::string_view file) {
    ParsedLog log;
    log.file = std::string(file);
    log.format = LogFormat::Torchtitan;
    const auto lines = logs::splitLogLines(text);
    log.lines = lines.size();
    for (const auto& line : lines) {
        const std::string& t = line.text;
        if (contains(t, "Training starts at step")) {
            log.starts.push_back(line.number);
            continue;
        }
        const std::size_t at = t.find("step:");
        // A metrics line has "step:" then "loss:"; validation lines ("validate step:") are not
        // training steps.
        if (at == std::string::npos || !contains(t, "loss:") || contains(t, "validate")) continue;
        std::size_t pos = at + 5;
        const auto step = logs::readNumber(t, pos);
        if (!step || *step < 0 || *step != std::floor(*step)) {
            logs::skip(log, line, ImportTextId::SkipTtNoStep);
            continue;
        }
        const long long iteration = static_cast<long long>(*step);

        if (!line.complete || !contains(t, "mfu:") ||
            !(contains(t, "tps:") || contains(t, "wps:"))) {
            logs::skip(log, line, ImportText(ImportTextId::SkipTtIncomplete, {iteration}));
            continue;
        }
        auto tps = numberAfter(t, "tps:");
        if (!tps) tps = numberAfter(t, "wps:");
        if (!tps || *tps <= 0) {
            logs::skip(log, line, ImportText(ImportTextId::SkipTtNoTps, {iteration}));
            continue;
        }
        LogRecord r;
        r.line = line.number;
        r.iteration = iteration;
        r.rank = line.rank;
        r.tokensPerSecondPerGpu = *tps;
        if (auto f = numberAfter(t, "tflops:"); f && *f > 0)
            r.flopsPerSecondPerGpu = *f * units::kTera;
        if (auto m = numberAfter(t, "mfu:"); m && *m > 0) r.mfu = *m / 100.0;
        log.records.push_back(r);
        if (auto gib = numberAfter(t, "memory:"); gib && *gib > 0 && contains(t, "GiB"))
            log.memory.push_back(
                {line.number, line.rank, MemoryKind::MaxReserved, *gib * units::kGiB});
    }
    logs::requireRecords(log, ImportTextId::LookedTorchtitan);
    return log;
}

} // namespace trainplan::model::io
