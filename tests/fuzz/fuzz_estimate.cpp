// Estimator entry point: mutated scenarios that load without issues are estimated — their own
// plans, or a plain data-parallel plan over the whole cluster when they have none. Every number the
// estimate reports must be finite and non-negative, and a valid plan's step time positive.
#include "fuzz_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/simulator/estimate.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace {

void checkValue(double v, const char* what) {
    if (!std::isfinite(v)) trainplan::fuzz::fail(what);
    if (v < 0) trainplan::fuzz::fail(what);
}

void checkEstimate(const trainplan::sim::PlanEstimate& e) {
    checkValue(e.memory.peakBytes, "memory.peakBytes");
    checkValue(e.memory.weightsBytes, "memory.weightsBytes");
    checkValue(e.memory.gradientsBytes, "memory.gradientsBytes");
    checkValue(e.memory.optimizerBytes, "memory.optimizerBytes");
    checkValue(e.memory.activationsBytes, "memory.activationsBytes");
    checkValue(e.memory.hostBytesPerNode, "memory.hostBytesPerNode");
    checkValue(e.communication.perGpuBytes, "communication.perGpuBytes");
    checkValue(e.time.stepSeconds, "time.stepSeconds");
    checkValue(e.time.computeSeconds, "time.computeSeconds");
    checkValue(e.time.exposedCommSeconds, "time.exposedCommSeconds");
    checkValue(e.time.bubbleSeconds, "time.bubbleSeconds");
    checkValue(e.throughput.tokensPerSecond, "throughput.tokensPerSecond");
    checkValue(e.throughput.mfu, "throughput.mfu");
    checkValue(e.cost.timeToTrainSeconds, "cost.timeToTrainSeconds");
    checkValue(e.cost.usd, "cost.usd");
    checkValue(e.modelFlopsPerStep, "modelFlopsPerStep");
    if (!(e.time.stepSeconds > 0)) trainplan::fuzz::fail("a valid plan with a step time of zero");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace trainplan;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const model::ScenarioLoad load = model::parseScenario(text, fuzz::catalog());
    if (!load.ok()) return 0;
    const model::Scenario& s = *load.scenario;
    std::vector<model::Plan> plans = s.plans;
    if (plans.empty()) {
        model::Plan ddp;
        ddp.framework = model::Framework::Ddp;
        ddp.dp = static_cast<int>(std::min<long long>(s.cluster.gpuCount(), 1 << 30));
        plans.push_back(ddp);
    }
    const sim::PlanContext ctx = sim::makeContext(s);
    for (const auto& p : plans) {
        const sim::EstimateResult r = sim::estimatePlan(ctx, p);
        if (r.valid)
            checkEstimate(r.estimate);
        else if (r.errors.empty())
            fuzz::fail("an invalid plan without a reason");
    }
    return 0;
}
