#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/estimate.h>

#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim {

// One named quantity of an estimate: its value and unit, the formula as text, the inputs it used
// and where the formula comes from. When a term has children its value is their sum. The formula
// and the source come in English and Simplified Chinese, as the estimator that computes the term
// writes them (simulator/src/derivation_rules.h); the name and the inputs' names are translated by
// explain_text.h.
struct DerivationTerm {
    std::string name;
    double value = 0;
    std::string unit; // "bytes", "s", "FLOP"
    std::string formula;
    std::vector<std::pair<std::string, double>> inputs;
    std::string source;
    std::vector<DerivationTerm> children;
    std::string formulaZh; // empty: the same as `formula`
    std::string sourceZh;  // empty: the same as `source`

    [[nodiscard]] const std::string& formulaIn(Lang lang) const {
        return lang == Lang::ZhCN && !formulaZh.empty() ? formulaZh : formula;
    }
    [[nodiscard]] const std::string& sourceIn(Lang lang) const {
        return lang == Lang::ZhCN && !sourceZh.empty() ? sourceZh : source;
    }

    // A term without children.
    [[nodiscard]] static DerivationTerm leaf(std::string name, double value, std::string unit,
                                             std::string formula,
                                             std::vector<std::pair<std::string, double>> inputs,
                                             std::string source) {
        return DerivationTerm{std::move(name),
                              value,
                              std::move(unit),
                              std::move(formula),
                              std::move(inputs),
                              std::move(source),
                              {},
                              {},
                              {}};
    }
};

// One distinct stage composition of the pipeline (stage_layout.h: stageGroups). With MoE layers
// spread evenly the rows are the first, middle and last stages; otherwise every composition gets
// its own row. `memory` is the row's worst stage: its lowest index, which holds the most in-flight
// micro-batches.
struct StageMemoryRow {
    // Even layouts: "first (embeddings)", "middle", "last (LM head)", "only"; uneven ones name the
    // stages and their layers, e.g. "stage 0 (embeddings, 3 dense + 0 MoE layers)".
    std::string stage;
    double layers = 0;
    int inFlightMicroBatches = 0;
    MemoryBreakdown memory;
    StageKind kind = StageKind::Only;
    std::vector<int> stageIndices; // the pipeline stages with this composition, ascending
    int denseLayers = 0;
    int moeLayers = 0;
    RankKind rankKind = RankKind::DenseOnly;
};

struct Assumption {
    std::string name;
    std::string value; // with its unit
    std::string source;
    bool defaulted = true; // the scenario did not specify it
    // The same in Simplified Chinese, for the report; empty when the English is a name or a number.
    std::string valueZh;
    std::string sourceZh;
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
    bool evenStageLayout = true; // every stage holds the same number of MoE layers
    std::vector<Assumption> assumptions;
};

[[nodiscard]] Explanation explainPlan(const PlanContext& ctx, const model::Plan& plan);

// Sum of the leaves under `t` (equals t.value for every well-formed tree).
[[nodiscard]] double sumOfLeaves(const DerivationTerm& t);

} // namespace trainplan::sim
