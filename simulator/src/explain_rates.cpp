// The derivation of the rates and totals a user clicks in a comparison — MFU, tokens/s, time to
// train, GPU-hours, cost — each ending in the estimate's own number (estimate.cpp computes them;
// these terms only show the formula and its inputs).
#include <trainplan/simulator/explain_rates.h>

namespace trainplan::sim {

std::vector<DerivationTerm> rateTerms(const PlanContext& ctx, const PlanEstimate& e) {
    const model::Scenario& s = *ctx.scenario;
    const double gpus = static_cast<double>(e.plan.gpus());
    const double step = e.time.stepSeconds;
    const double tokensPerStep = static_cast<double>(s.training.globalBatch) * s.model.seqLen;
    std::vector<DerivationTerm> out;
    out.push_back(
        DerivationTerm::leaf("MFU", e.throughput.mfu, "fraction",
                             "model FLOPs per step / (step time × GPUs × dense peak)",
                             {{"model FLOPs per step", e.modelFlopsPerStep},
                              {"step time (s)", step},
                              {"GPUs", gpus},
                              {"dense peak per GPU (FLOP/s)", ctx.peakFlopsPerSecond}},
                             "Chowdhery et al. 2022 (PaLM) App. B: model FLOPs, no recompute"));
    out.push_back(DerivationTerm::leaf(
        "tokens/s", e.throughput.tokensPerSecond, "tokens/s",
        "global batch × sequence length / step time",
        {{"global batch (sequences)", static_cast<double>(s.training.globalBatch)},
         {"sequence length", static_cast<double>(s.model.seqLen)},
         {"tokens per step", tokensPerStep},
         {"step time (s)", step}},
        "definition"));
    out.push_back(DerivationTerm::leaf(
        "time to train", e.cost.timeToTrainSeconds, "duration",
        "training tokens / tokens per second",
        {{"training tokens", s.training.trainTokens}, {"tokens/s", e.throughput.tokensPerSecond}},
        "definition (no failures; goodput is separate)"));
    out.push_back(DerivationTerm::leaf(
        "GPU-hours", e.cost.gpuHours, "GPU-h", "time to train × GPUs / 3600",
        {{"time to train (s)", e.cost.timeToTrainSeconds}, {"GPUs", gpus}}, "definition"));
    out.push_back(DerivationTerm::leaf(
        "cost", e.cost.usd, "USD", "GPU-hours × price per GPU-hour",
        {{"GPU-hours", e.cost.gpuHours}, {"price per GPU-hour (USD)", s.cluster.gpuHourUsd}},
        "scenario cluster.gpu_hour_usd"));
    return out;
}

} // namespace trainplan::sim
