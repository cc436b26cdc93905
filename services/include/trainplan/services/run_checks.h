#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/uncertainty.h>
#include <trainplan/store/store.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::services {

// The speed and memory residuals of the public reference runs (data/reference/published_runs.csv
// validated against `catalog`), by family: the error bars of every prediction. Empty when the file
// is missing. Takes seconds: callers keep the table (the CLI per command, the GUI per process).
[[nodiscard]] sim::ResidualTable referenceResiduals(const model::Catalog& catalog);

// One measured quantity against its prediction. Time-like and speed-like values alike: the error
// is relative, (predicted − measured) / measured, as `validate` and the calibration count it.
struct MetricCheck {
    double measured = 0;
    double predicted = 0;
    // The prediction's 80% interval (sim::Uncertainty of the run's family), in the metric's units.
    double low = 0;
    double high = 0;
    [[nodiscard]] double error() const { return (predicted - measured) / measured; }
    [[nodiscard]] bool insideInterval() const { return measured >= low && measured <= high; }
    // Outside the interval by more than its half-width: below low − (high − low)/2 or above
    // high + (high − low)/2. The interval is 80% (±1.28σ of a normal error); this far out is
    // beyond ±2.56σ, about one run in a hundred by chance. (The interval is centred on the
    // family's bias, so the prediction itself may lie outside it.)
    [[nodiscard]] bool farOutside() const;
};

// A part of the prediction a large error most likely comes from: the parts of the predicted step
// (or peak memory) the model estimates rather than counts.
enum class LikelyCause {
    ExposedTensorParallel, // TP/SP collectives not hidden behind compute
    ExposedContextParallel,
    ExposedExpertParallel, // MoE all-to-all
    ExposedDataParallel,   // gradient reduce / parameter gather
    ExposedPipeline,       // pipeline send/receive
    Bubble,                // pipeline fill and drain
    MemoryBoundOps,        // norms, activations, rotary, casts, cross-entropy at HBM bandwidth
    Optimizer,
    Offload,               // host transfers
    Recompute,
    Activations,           // peak memory: stored activations
    Transients,            // peak memory: short-lived working sets (logits gradient, ...)
    CommunicationBuffers,  // peak memory: buckets, prefetch, unsharded layers, NCCL
    AllocatorReserve,      // peak memory: caching-allocator fragmentation
};
[[nodiscard]] const char* toString(LikelyCause c); // "exposed data-parallel communication", ...
// The cause's name in `lang`, as the window, the report and the CLI print it.
[[nodiscard]] std::string_view likelyCauseName(LikelyCause c, sim::Lang lang);
// A part of the peak memory (activations, transients, buffers, allocator reserve), not of the step.
[[nodiscard]] bool isMemoryCause(LikelyCause c);

struct CauseShare {
    LikelyCause cause = LikelyCause::Bubble;
    double share = 0; // of the predicted step time (or peak memory), 0..1
};

// One stored run checked against the model: what was measured, what the model predicts for the
// same scenario and plan, and why a large miss may have happened.
struct RunCheck {
    std::int64_t runId = 0;
    std::string label;   // "SCENARIO #ID", or the published row's label
    std::string cluster; // clusterKey of the run's scenario
    sim::CalibrationRun run;
    sim::Uncertainty uncertainty;
    std::optional<MetricCheck> stepSeconds;
    std::optional<MetricCheck> tokensPerSecondPerGpu;
    std::optional<MetricCheck> peakMemoryBytes; // caching-allocator peak, as measured
    // Set when a measurement lies far outside its interval (MetricCheck::farOutside); `causes`
    // then names the largest estimated parts of that prediction (≥ 5% each, at most three,
    // largest first), where the gap most likely comes from: parts of the step time when a speed
    // measurement is far out, then parts of the peak memory (isMemoryCause) when the memory is.
    bool flagged = false;
    std::vector<CauseShare> causes;
};

struct RunChecks {
    std::vector<RunCheck> runs;
    std::vector<std::string> skipped;  // as StoredCalibrationRuns::skipped
    std::vector<std::int64_t> skippedIds; // the store id of each of `skipped`
    // The loaded runs' skip notes and those of the runs checkRuns cannot predict, to render in any
    // language (StoredRunNote::text); `skipped` holds the English lines.
    std::vector<StoredRunNote> skippedNotes;
    std::vector<std::string> problems; // as StoredCalibrationRuns::problems
};

// Predicts every run of `loaded` (its scenario with the calibration profile it names applied, its
// plan) and compares. Pure: no I/O.
[[nodiscard]] RunChecks checkRuns(const StoredCalibrationRuns& loaded,
                                  const sim::ResidualTable& residuals);

// loadStoredCalibrationRuns + checkRuns (SQLite: call on the thread that owns `store`).
[[nodiscard]] RunChecks checkStoredRuns(store::Store& store, const sim::ResidualTable& residuals,
                                        const StoredRunFilter& filter = {});

// The clusters of the stored runs (clusterKey), each with how many runs it has, in first-seen
// order: what "fit this cluster" offers.
struct ClusterRuns {
    std::string cluster;
    int runs = 0;
};
[[nodiscard]] std::vector<ClusterRuns> clustersOf(const RunChecks& checks);

} // namespace trainplan::services
