// The derivation of the rates and totals a user clicks in a comparison — MFU, tokens/s, time to
// train, GPU-hours, cost — each ending in the estimate's own number (estimate.cpp computes them
// and writes their formulas and sources; these terms only put them together with the inputs).
#include <trainplan/simulator/explain_rates.h>

#include "derivation_term.h"

namespace trainplan::sim {

using detail::ruleLeaf;

std::vector<DerivationTerm> rateTerms(const PlanContext& ctx, const PlanEstimate& e) {
    const model::Scenario& s = *ctx.scenario;
    const double gpus = static_cast<double>(e.plan.gpus());
    const double step = e.time.stepSeconds;
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * s.model.seqLen;
    std::vector<DerivationTerm> out;
    out.push_back(ruleLeaf("MFU", e.throughput.mfu, "fraction", rules::kMfuFormula,
                           {{"model FLOPs per step", e.modelFlopsPerStep},
                            {"step time (s)", step},
                            {"GPUs", gpus},
                            {"dense peak per GPU (FLOP/s)", ctx.peakFlopsPerSecond}},
                           rules::kMfuSource));
    out.push_back(ruleLeaf(
        "tokens/s", e.throughput.tokensPerSecond, "tokens/s", rules::kTokensPerSecondFormula,
        {{"global batch (sequences)", static_cast<double>(s.training.globalBatch)},
         {"sequence length", static_cast<double>(s.model.seqLen)},
         {"tokens per step", tokensPerStep},
         {"step time (s)", step}},
        rules::kDefinitionSource));
    out.push_back(ruleLeaf(
        "time to train", e.cost.timeToTrainSeconds, "duration", rules::kTimeToTrainFormula,
        {{"training tokens", s.training.trainTokens}, {"tokens/s", e.throughput.tokensPerSecond}},
        rules::kTimeToTrainSource));
    out.push_back(ruleLeaf("GPU-hours", e.cost.gpuHours, "GPU-h", rules::kGpuHoursFormula,
                           {{"time to train (s)", e.cost.timeToTrainSeconds}, {"GPUs", gpus}},
                           rules::kDefinitionSource));
    out.push_back(ruleLeaf(
        "cost", e.cost.usd, "USD", rules::kCostFormula,
        {{"GPU-hours", e.cost.gpuHours}, {"price per GPU-hour (USD)", s.cluster.gpuHourUsd}},
        rules::kCostSource));
    return out;
}

} // namespace trainplan::sim
