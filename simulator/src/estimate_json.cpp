#include <trainplan/simulator/estimate_json.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/goodput_json.h>

namespace trainplan::sim {

using nlohmann::json;

nlohmann::json toJson(const EstimateResult& r) {
    const PlanEstimate& e = r.estimate;
    json plan = model::toJson(e.plan);
    plan["grad_accum"] = e.gradAccum;
    json errors = json::array();
    for (const auto& issue : r.errors)
        errors.push_back(issue.text());
    json j{{"framework", std::string(model::toString(e.plan.framework))},
           {"plan", plan},
           {"label", e.plan.label()},
           {"valid", r.valid},
           {"errors", errors},
           {"fits", r.valid && e.memory.fits}};
    const MemoryBreakdown& m = e.memory;
    const MemoryPhase& peak = m.atPeak();
    // The components present at the peak moment; they add up to peak_bytes. "sizes" gives each
    // component's full size (gradients and activations do not always coexist).
    j["memory"] = {{"capacity_bytes", m.capacityBytes},
                   {"peak_bytes", m.peakBytes},
                   {"weights_bytes", m.weightsBytes},
                   {"gradients_bytes", peak.gradientsBytes},
                   {"optimizer_bytes", m.optimizerBytes},
                   {"activations_bytes", peak.activationsBytes + peak.transientBytes},
                   {"buffers_bytes", m.buffersBytes},
                   {"overhead_bytes", m.overheadBytes},
                   // overhead_bytes = cuda_context + nccl + fragmentation; reserved_bytes is what
                   // torch.cuda.max_memory_reserved() would report (docs/model.md).
                   {"cuda_context_bytes", m.cudaContextBytes},
                   {"nccl_bytes", m.ncclBytes},
                   {"nccl_communicators", m.ncclCommunicators},
                   {"fragmentation_bytes", m.fragmentationBytes},
                   {"reserved_bytes", m.reservedBytes()},
                   {"peak_phase", toString(m.peakPhase)},
                   {"worst_stage", m.stage == StageKind::Last     ? "last"
                                   : m.stage == StageKind::Only   ? "only"
                                   : m.stage == StageKind::Middle ? "middle"
                                                                  : "first"},
                   {"worst_stage_index", m.stageIndex},
                   {"in_flight_micro_batches", m.inFlightMicroBatches},
                   {"host_bytes_per_node", m.hostBytesPerNode},
                   {"host_capacity_bytes_per_node", m.hostCapacityBytesPerNode},
                   {"host_fits", m.hostFits},
                   {"sizes",
                    {{"gradients_bytes", m.gradientsBytes},
                     {"activations_bytes", m.activationsBytes},
                     {"loss_transient_bytes", m.lossTransientBytes},
                     {"recompute_transient_bytes", m.recomputeTransientBytes},
                     {"gradient_unit_transient_bytes", m.gradUnitTransientBytes}}}};
    const CommunicationBreakdown& c = e.communication;
    j["communication"] = {
        {"per_gpu_bytes", c.perGpuBytes},
        {"by_group",
         {{"dp", c.dpBytes},
          {"tp", c.tpBytes},
          {"pp", c.ppBytes},
          {"cp", c.cpBytes},
          {"ep", c.epBytes}}},
        {"by_tier", {{"intra_node", c.intraNodeBytes}, {"inter_node", c.interNodeBytes}}},
        {"seconds_by_group",
         {{"dp", c.dpSeconds},
          {"tp", c.tpSeconds},
          {"pp", c.ppSeconds},
          {"cp", c.cpSeconds},
          {"ep", c.epSeconds}}}};
    const TimeBreakdown& t = e.time;
    j["time"] = {{"step_s", t.stepSeconds},
                 {"compute_s", t.computeSeconds},
                 {"recompute_s", t.recomputeSeconds},
                 {"memory_bound_s", t.memoryBoundSeconds},
                 {"exposed_comm_s", t.exposedCommSeconds},
                 {"exposed_comm_intra_node_s", t.exposedIntraNodeSeconds},
                 {"exposed_comm_inter_node_s", t.exposedInterNodeSeconds},
                 {"bubble_s", t.bubbleSeconds},
                 {"optimizer_s", t.optimizerSeconds},
                 {"offload_s", t.offloadSeconds}};
    const Throughput& th = e.throughput;
    j["throughput"] = {{"tokens_per_s", th.tokensPerSecond},
                       {"tokens_per_s_per_gpu", th.tokensPerSecondPerGpu},
                       {"model_tflops_per_gpu", th.modelFlopsPerSecondPerGpu / 1e12},
                       {"mfu", th.mfu},
                       {"hfu", th.hfu}};
    const CostEstimate& co = e.cost;
    j["cost"] = {{"time_to_train_s", co.timeToTrainSeconds},
                 {"gpu_hours", co.gpuHours},
                 {"usd", co.usd},
                 {"energy_kwh", co.energyKwh},
                 // A compatible extension: the price in force; priced = false means usd is 0
                 // because no price is known, not because training is free.
                 {"usd_per_gpu_hour", co.usdPerGpuHour},
                 {"priced", co.priced}};
    return j;
}

nlohmann::json toJson(const Uncertainty& u, const PlanEstimate& e) {
    auto range = [](double value, double low, double high) {
        return json::array({value * low, value * high});
    };
    const double ttt = e.cost.timeToTrainSeconds, usd = e.cost.usd;
    json j{{"evidence", toString(u.evidence)},
           {"family", u.family},
           {"reference_rows", u.rows},
           {"interval", "80% prediction interval from the reference runs' residuals"},
           {"step_s", range(e.time.stepSeconds, u.timeLow(), u.timeHigh())},
           {"tokens_per_s", range(e.throughput.tokensPerSecond, u.speedLow, u.speedHigh)},
           {"mfu", range(e.throughput.mfu, u.speedLow, u.speedHigh)},
           {"peak_bytes", range(e.memory.peakBytes, u.memoryLow, u.memoryHigh)}};
    if (ttt > 0) j["time_to_train_s"] = range(ttt, u.timeLow(), u.timeHigh());
    if (usd > 0) j["usd"] = range(usd, u.timeLow(), u.timeHigh());
    return j;
}

nlohmann::json resultDocument(const model::Scenario& s, const EstimateResult& r,
                              const ResidualTable* residuals) {
    json j = toJson(r);
    // Checkpoints, failures and goodput (docs/reliability.md); a compatible extension of v1.
    if (r.valid) j["reliability"] = toJson(estimateGoodput(s, r.estimate));
    // Error bar and evidence level (docs/model.md, "Error bars"); a compatible extension.
    if (r.valid && residuals && !residuals->empty())
        j["uncertainty"] = toJson(uncertaintyFor(*residuals, s, r.estimate.plan), r.estimate);
    return j;
}

nlohmann::json estimateDocument(const model::Scenario& s,
                                const std::vector<EstimateResult>& results,
                                const ResidualTable* residuals) {
    const auto params = model::countParameters(s.model);
    json arr = json::array();
    for (const auto& r : results)
        arr.push_back(resultDocument(s, r, residuals));
    json doc{{"schema", kEstimateSchema},
             {"scenario", s.name},
             {"model", {{"parameters", params.total}, {"active_parameters", params.active}}},
             {"results", arr}};
    // Which calibration profile set the efficiency parameters (docs/calibration.md); a compatible
    // extension of v1, absent when the built-in defaults were used.
    if (s.efficiency.profile) doc["calibration_profile"] = *s.efficiency.profile;
    // Which price the costs use (docs/cli.md, "Prices"); a compatible extension of v1.
    doc["price"] = toJson(resolvePrice(s.cluster));
    return doc;
}

} // namespace trainplan::sim
