#include <trainplan/simulator/estimate_json.h>

#include <trainplan/model/scenario_json.h>

namespace trainplan::sim {

using nlohmann::json;

nlohmann::json toJson(const EstimateResult& r) {
    const PlanEstimate& e = r.estimate;
    json plan = model::toJson(e.plan);
    plan["grad_accum"] = e.gradAccum;
    json errors = json::array();
    for (const auto& issue : r.errors) errors.push_back(issue.text());
    json j{{"framework", std::string(model::toString(e.plan.framework))},
           {"plan", plan},
           {"label", e.plan.label()},
           {"valid", r.valid},
           {"errors", errors},
           {"fits", r.valid && e.memory.fits}};
    const MemoryBreakdown& m = e.memory;
    j["memory"] = {{"capacity_bytes", m.capacityBytes},
                   {"peak_bytes", m.peakBytes},
                   {"weights_bytes", m.weightsBytes},
                   {"gradients_bytes", m.gradientsBytes},
                   {"optimizer_bytes", m.optimizerBytes},
                   {"activations_bytes", m.activationsBytes + m.transientBytes},
                   {"buffers_bytes", m.buffersBytes},
                   {"overhead_bytes", m.overheadBytes},
                   {"worst_stage", m.stage == StageKind::Last ? "last" : (m.stage == StageKind::Only ? "only" : "first")},
                   {"in_flight_micro_batches", m.inFlightMicroBatches}};
    const CommunicationBreakdown& c = e.communication;
    j["communication"] = {
        {"per_gpu_bytes", c.perGpuBytes},
        {"by_group", {{"dp", c.dpBytes}, {"tp", c.tpBytes}, {"pp", c.ppBytes}, {"cp", c.cpBytes}, {"ep", c.epBytes}}},
        {"by_tier", {{"intra_node", c.intraNodeBytes}, {"inter_node", c.interNodeBytes}}},
        {"seconds_by_group",
         {{"dp", c.dpSeconds}, {"tp", c.tpSeconds}, {"pp", c.ppSeconds}, {"cp", c.cpSeconds}, {"ep", c.epSeconds}}}};
    const TimeBreakdown& t = e.time;
    j["time"] = {{"step_s", t.stepSeconds},
                 {"compute_s", t.computeSeconds},
                 {"recompute_s", t.recomputeSeconds},
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
                 {"energy_kwh", co.energyKwh}};
    return j;
}

nlohmann::json estimateDocument(const model::Scenario& s, const std::vector<EstimateResult>& results) {
    const auto params = model::countParameters(s.model);
    json arr = json::array();
    for (const auto& r : results) arr.push_back(toJson(r));
    return json{{"schema", kEstimateSchema},
                {"scenario", s.name},
                {"model", {{"parameters", params.total}, {"active_parameters", params.active}}},
                {"results", arr}};
}

} // namespace trainplan::sim
