#pragma once

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/validation.h>

#include <string>
#include <vector>

namespace trainplan::sim {

// How much a prediction is backed by measured runs.
enum class EvidenceLevel {
    Validated,       // reference runs of the same GPU generation, framework and software stack
    PartlyValidated, // the same GPU generation and framework or stack, not both
    Extrapolated,    // no reference run of this generation with this framework or stack
};
[[nodiscard]] const char* toString(EvidenceLevel e);

// The speed residuals of the public reference runs, by family (GPU generation × framework ×
// software stack): r = log(predicted speed / measured speed).
struct ResidualFamily {
    std::string generation, framework, execution;
    std::vector<double> speedLogErrors;
    std::vector<double> memoryLogErrors; // log(predicted / measured peak memory)
};
struct ResidualTable {
    std::vector<ResidualFamily> families;
    [[nodiscard]] bool empty() const { return families.empty(); }
};
[[nodiscard]] ResidualTable residualTable(const ValidationReport& report);

// An 80% interval around a prediction, from the residuals of its family: the true value lies in
// [predicted × low, predicted × high]. Speed covers step time's inverse, tokens/s, MFU, time and
// cost to train (time and cost scale as 1/speed); memory covers the peak per GPU.
struct Uncertainty {
    EvidenceLevel evidence = EvidenceLevel::Extrapolated;
    std::string family; // e.g. "hopper · fsdp · compile"
    int rows = 0;       // reference rows the interval rests on
    double speedLow = 1, speedHigh = 1;
    double memoryLow = 1, memoryHigh = 1;
    // Multipliers of a time-like figure (step time, time to train, cost): 1/speed.
    [[nodiscard]] double timeLow() const { return 1.0 / speedHigh; }
    [[nodiscard]] double timeHigh() const { return 1.0 / speedLow; }
};
[[nodiscard]] Uncertainty uncertaintyFor(const ResidualTable& table, const model::Scenario& s,
                                         const model::Plan& plan);

} // namespace trainplan::sim
