#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/simulator/estimate.h>

#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim {

// One named quantity of an estimate: its value and unit, the formula as text, the inputs it used
// and where the formula comes from. When a term has children its value is their sum.
struct DerivationTerm {
    std::string name;
    double value = 0;
    std::string unit; // "bytes", "s", "FLOP"
    std::string formula;
    std::vector<std::pair<std::string, double>> inputs;
    std::string source;
    std::vector<DerivationTerm> children;
};

struct StageMemoryRow {
    std::string stage; // "first (embeddings)", "middle", "last (LM head)", "only"
    double layers = 0;
    int inFlightMicroBatches = 0;
    MemoryBreakdown memory;
};

struct Assumption {
    std::string name;
    std::string value; // with its unit
    std::string source;
    bool defaulted = true; // the scenario did not specify it
};

// The work behind one plan's numbers (issue 12): produced for the plans a user looks at, never in
// the search loop.
struct Explanation {
    model::Plan plan;
    PlanEstimate estimate;
    DerivationTerm memory; // worst stage's peak, as the components present at its peak moment
    DerivationTerm stepTime;
    DerivationTerm communication; // bytes per GPU per step
    DerivationTerm flops;         // model FLOPs per step
    std::vector<StageMemoryRow> stages;
    std::vector<Assumption> assumptions;
};

[[nodiscard]] Explanation explainPlan(const PlanContext& ctx, const model::Plan& plan);

// Sum of the leaves under `t` (equals t.value for every well-formed tree).
[[nodiscard]] double sumOfLeaves(const DerivationTerm& t);

} // namespace trainplan::sim
