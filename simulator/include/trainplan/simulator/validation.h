#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario.h>

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
    std::string label; // model and GPU count
    model::Scenario scenario;
    model::Plan plan;
    bool searchMicroBatch = false;
    bool searchInterleaving = false;
    std::vector<std::pair<ValidationMetric, double>> measured;
    std::vector<std::string> assumptions; // every choice made for a blank or ambiguous cell
    std::string skipReason;               // non-empty when the row cannot be rebuilt
};

struct ValidationRow {
    std::size_t line = 0;
    std::string group;
    std::string label;
    std::string plan; // the plan used (with searched knobs)
    ValidationMetric metric = ValidationMetric::StepSeconds;
    double measured = 0;
    double predicted = 0;
    double relativeError = 0; // (predicted − measured) / measured
    std::vector<std::string> assumptions;
};

struct ValidationGroupSummary {
    std::string group;
    ValidationMetric metric = ValidationMetric::StepSeconds;
    int rows = 0;
    double meanAbsError = 0;
    double maxAbsError = 0;
};

struct ValidationReport {
    std::vector<ValidationRow> rows;
    std::vector<ValidationGroupSummary> summary;              // per group and metric
    std::vector<std::pair<std::size_t, std::string>> skipped; // line, reason
    int totalRows = 0;
    double meanAbsError = 0; // over every row and metric
};

[[nodiscard]] ReferenceCase referenceCase(const model::PublishedRun& run,
                                          const model::Catalog& catalog);
[[nodiscard]] std::vector<ValidationRow> predictReferenceCase(const ReferenceCase& c);
[[nodiscard]] ValidationReport validatePublishedRuns(const std::vector<model::PublishedRun>& runs,
                                                     const model::Catalog& catalog);

} // namespace trainplan::sim
