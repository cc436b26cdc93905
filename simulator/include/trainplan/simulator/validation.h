#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/reference_note.h>

#include <optional>
#include <string>
#include <vector>

namespace trainplan::sim {

// What a published run measured, in the row's own convention.
enum class ValidationMetric {
    StepSeconds,           // iteration time
    NarayananTflopsPerGpu, // Narayanan et al. 2021 eq. 3 FLOPs (recompute counted) per second per
                           // GPU
    MfuPercent, // model FLOPs utilisation, no recompute (Korthikanti et al. 2022 Table 5)
    TokensPerSecondPerGpu,
    PeakMemoryGiB, // caching-allocator peak (torch.cuda max reserved), CUDA context excluded
};

[[nodiscard]] const char* toString(ValidationMetric m);

// A published run rebuilt as a scenario and plan. Knobs the source did not publish (micro-batch,
// interleaving) are searched: the fastest fitting choice is used, as a tuned run would.
struct ReferenceCase {
    std::size_t line = 0;
    std::string group; // e.g. "Korthikanti 2022 Table 5"
    std::string source;
    std::string label; // model and GPU count, in English ("Llama 3.1 8B on 8 GPUs")
    std::string modelName; // the parts of the label, for surfaces that word it themselves
    long long gpus = 0;
    model::Scenario scenario;
    model::Plan plan;
    bool searchMicroBatch = false;
    bool searchInterleaving = false;
    std::vector<std::pair<ValidationMetric, double>> measured;
    std::vector<RefNote> assumptions;     // every choice made for a blank or ambiguous cell
    std::optional<RefSkip> skip;          // set when the row cannot be rebuilt
};

struct ValidationRow {
    std::size_t line = 0;
    std::string group;
    std::string label;
    std::string modelName; // the label's parts (ReferenceCase)
    long long gpus = 0;
    std::string plan; // the plan used (with searched knobs)
    ValidationMetric metric = ValidationMetric::StepSeconds;
    double measured = 0;
    double predicted = 0;
    double relativeError = 0; // (predicted − measured) / measured
    std::vector<RefNote> assumptions;
    std::string generation; // GPU generation the efficiency came from
    std::string framework;
    std::string precision;
    std::string execution; // software stack (execution mode)
};

struct ValidationGroupSummary {
    std::string group;
    ValidationMetric metric = ValidationMetric::StepSeconds;
    int rows = 0;
    double meanAbsError = 0;
    double maxAbsError = 0;
};

// Error by one dimension (source, GPU generation, framework, precision, software stack), for speed
// metrics and memory separately.
struct ErrorBreakdown {
    std::string dimension; // e.g. "gpu generation (speed)"
    std::string key;       // e.g. "hopper"
    int rows = 0;
    double meanAbsError = 0;
    double meanSignedError = 0; // > 0: predicted too high (too fast for throughput)
    double maxAbsError = 0;
};

// One source held out: the GEMM-rate scale fitted on every other source, and the held-out
// source's speed error when predicted with it.
struct LeaveOneSourceOut {
    std::string source;
    double gemmScale = 1;
    int rows = 0;
    double meanAbsError = 0;
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    std::vector<ErrorBreakdown> breakdown;
    std::vector<LeaveOneSourceOut> leaveOneSourceOut;
    double leaveOneSourceOutMeanAbsError = 0; // over every held-out speed row
    double fittedGemmScale = 1; // the scale a fit over all sources would apply to gemm_efficiency
    double medianAbsSpeedError = 0;
    std::vector<ValidationGroupSummary> summary;              // per group and metric
    std::vector<std::pair<std::size_t, RefSkip>> skipped;     // line, reason
    int totalRows = 0;
    double meanAbsError = 0; // over every row and metric
};

[[nodiscard]] ReferenceCase referenceCase(const model::PublishedRun& run,
                                          const model::Catalog& catalog);
// A plan's prediction of one measured quantity, in the metric's own convention (validate and
// calibrate compare with it).
[[nodiscard]] double predictedMetric(const PlanEstimate& e, const model::Scenario& s,
                                     ValidationMetric metric);
// The plan a reference case is predicted with: the published knobs, and the fastest fitting choice
// of the unpublished ones (micro-batch, interleaving), with GEMM rates scaled by gemmScale.
[[nodiscard]] std::optional<PlanEstimate> bestReferencePlan(const ReferenceCase& c,
                                                            double gemmScale = 1.0);
[[nodiscard]] std::vector<ValidationRow> predictReferenceCase(const ReferenceCase& c,
                                                              double gemmScale = 1.0);
// Every row predicted and compared; with leaveOneSourceOut, also the held-out-source errors
// (refits the GEMM-rate scale once per source: ~100× the work of the plain comparison).
[[nodiscard]] ValidationReport validatePublishedRuns(const std::vector<model::PublishedRun>& runs,
                                                     const model::Catalog& catalog,
                                                     bool leaveOneSourceOut = true);

} // namespace trainplan::sim
