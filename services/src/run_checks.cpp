#include <trainplan/services/run_checks.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/issue_text.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/validation.h>

#include <algorithm>
#include <cmath>

namespace trainplan::services {

sim::ResidualTable referenceResiduals(const model::Catalog& catalog) {
    const model::PublishedRunsLoad load =
        model::loadPublishedRuns(model::dataDirectory() / "reference" / "published_runs.csv");
    if (load.runs.empty()) return {};
    return sim::residualTable(sim::validatePublishedRuns(load.runs, catalog, false));
}

bool MetricCheck::farOutside() const {
    const double halfWidth = 0.5 * (high - low);
    return measured < low - halfWidth || measured > high + halfWidth;
}

bool isMemoryCause(LikelyCause c) {
    return c == LikelyCause::Activations || c == LikelyCause::Transients ||
           c == LikelyCause::CommunicationBuffers || c == LikelyCause::AllocatorReserve;
}

const char* toString(LikelyCause c) {
    switch (c) {
    case LikelyCause::ExposedTensorParallel:
        return "exposed tensor-parallel communication";
    case LikelyCause::ExposedContextParallel:
        return "exposed context-parallel communication";
    case LikelyCause::ExposedExpertParallel:
        return "exposed expert-parallel all-to-all";
    case LikelyCause::ExposedDataParallel:
        return "exposed data-parallel communication";
    case LikelyCause::ExposedPipeline:
        return "exposed pipeline send/receive";
    case LikelyCause::Bubble:
        return "pipeline bubble";
    case LikelyCause::MemoryBoundOps:
        return "memory-bound ops";
    case LikelyCause::Optimizer:
        return "optimizer step";
    case LikelyCause::Offload:
        return "host offload transfers";
    case LikelyCause::Recompute:
        return "activation recompute";
    case LikelyCause::Activations:
        return "stored activations";
    case LikelyCause::Transients:
        return "transient working sets";
    case LikelyCause::CommunicationBuffers:
        return "communication buffers";
    case LikelyCause::AllocatorReserve:
        return "caching-allocator reserve";
    }
    return "?";
}

std::string_view likelyCauseName(LikelyCause c, sim::Lang lang) {
    if (lang != sim::Lang::ZhCN) return toString(c);
    switch (c) {
    case LikelyCause::ExposedTensorParallel:
        return "未被掩盖的张量并行通信";
    case LikelyCause::ExposedContextParallel:
        return "未被掩盖的上下文并行通信";
    case LikelyCause::ExposedExpertParallel:
        return "未被掩盖的专家并行 all-to-all";
    case LikelyCause::ExposedDataParallel:
        return "未被掩盖的数据并行通信";
    case LikelyCause::ExposedPipeline:
        return "未被掩盖的流水线收发";
    case LikelyCause::Bubble:
        return "流水线气泡";
    case LikelyCause::MemoryBoundOps:
        return "访存受限算子";
    case LikelyCause::Optimizer:
        return "优化器更新";
    case LikelyCause::Offload:
        return "主机卸载传输";
    case LikelyCause::Recompute:
        return "激活重计算";
    case LikelyCause::Activations:
        return "保存的激活值";
    case LikelyCause::Transients:
        return "临时工作集";
    case LikelyCause::CommunicationBuffers:
        return "通信缓冲区";
    case LikelyCause::AllocatorReserve:
        return "缓存分配器预留";
    }
    return toString(c);
}

namespace {

constexpr double kCauseShareFloor = 0.05; // a part under 5% of the prediction cannot explain a miss
constexpr std::size_t kCausesPerMetric = 3;

// The largest parts (≥ kCauseShareFloor of `total`), largest first, at most kCausesPerMetric.
void appendLargest(std::vector<CauseShare>& out, std::vector<CauseShare> parts, double total) {
    if (total <= 0) return;
    for (CauseShare& p : parts)
        p.share /= total;
    std::erase_if(parts, [](const CauseShare& p) { return !(p.share >= kCauseShareFloor); });
    std::stable_sort(parts.begin(), parts.end(),
                     [](const CauseShare& a, const CauseShare& b) { return a.share > b.share; });
    if (parts.size() > kCausesPerMetric) parts.resize(kCausesPerMetric);
    out.insert(out.end(), parts.begin(), parts.end());
}

// The estimated parts of the step time (TimeBreakdown): exposed communication by group, the
// bubble, memory-bound kernels, optimizer, offload and recompute. The GEMMs, counted from the
// model's shapes, are left out: their FLOPs are exact and their rate is the calibrated one.
std::vector<CauseShare> timeParts(const sim::TimeBreakdown& t) {
    return {{LikelyCause::ExposedTensorParallel, t.exposedTpSeconds},
            {LikelyCause::ExposedContextParallel, t.exposedCpSeconds},
            {LikelyCause::ExposedExpertParallel, t.exposedEpSeconds},
            {LikelyCause::ExposedDataParallel, t.exposedDpSeconds},
            {LikelyCause::ExposedPipeline, t.exposedPpSeconds},
            {LikelyCause::Bubble, t.bubbleSeconds},
            {LikelyCause::MemoryBoundOps, t.memoryBoundSeconds},
            {LikelyCause::Optimizer, t.optimizerSeconds},
            {LikelyCause::Offload, t.offloadSeconds},
            {LikelyCause::Recompute, t.recomputeSeconds}};
}

// The estimated parts of the peak: activations, transients, buffers and the allocator's reserve
// (weights, gradients and optimizer states are counted exactly from the parameters).
std::vector<CauseShare> memoryParts(const sim::MemoryBreakdown& m) {
    return {{LikelyCause::Activations, m.activationsBytes},
            {LikelyCause::Transients, m.transientBytes},
            {LikelyCause::CommunicationBuffers, m.buffersBytes},
            {LikelyCause::AllocatorReserve, m.fragmentationBytes}};
}

std::optional<double> measuredValue(const sim::CalibrationRun& run, sim::ValidationMetric metric) {
    for (const auto& [m, value] : run.measured)
        if (m == metric && value > 0 && std::isfinite(value)) return value;
    return std::nullopt;
}

MetricCheck check(double measured, double predicted, double lowFactor, double highFactor) {
    return {measured, predicted, predicted * lowFactor, predicted * highFactor};
}

} // namespace

RunChecks checkRuns(const StoredCalibrationRuns& loaded, const sim::ResidualTable& residuals) {
    RunChecks out;
    out.skipped = loaded.skipped;
    out.skippedIds = loaded.skippedIds;
    out.skippedNotes = loaded.skippedNotes;
    out.problems = loaded.problems;
    for (std::size_t k = 0; k < loaded.runs.size(); ++k) {
        const sim::CalibrationRun& run = loaded.runs[k];
        RunCheck c;
        c.runId = k < loaded.runIds.size() ? loaded.runIds[k] : 0;
        c.label = run.label;
        c.cluster = clusterKey(run.scenario);
        c.run = run;
        const auto issues = model::validatePlan(run.scenario, run.plan, "plan");
        if (!issues.empty()) {
            out.skipped.push_back(run.label + ": " + issues.front().text());
            out.skippedIds.push_back(c.runId);
            out.skippedNotes.push_back({c.runId, run.scenario.name, {issues.front()}});
            continue;
        }
        const sim::PlanContext ctx = sim::makeContext(run.scenario, sim::runEfficiency(run.scenario));
        const sim::PlanEstimate e = sim::evaluatePlan(ctx, run.plan);
        if (!(e.time.stepSeconds > 0) || !std::isfinite(e.time.stepSeconds)) {
            out.skipped.push_back(run.label + ": " +
                                  model::ValidationIssue("", model::IssueId::RunNoStepTime)
                                      .messageIn(model::Lang::En));
            out.skippedIds.push_back(c.runId);
            out.skippedNotes.push_back(
                {c.runId, run.scenario.name, {{"", model::IssueId::RunNoStepTime}}});
            continue;
        }
        c.uncertainty = sim::uncertaintyFor(residuals, run.scenario, run.plan);
        const sim::Uncertainty& u = c.uncertainty;
        using sim::ValidationMetric;
        if (const auto m = measuredValue(run, ValidationMetric::StepSeconds))
            c.stepSeconds = check(*m, e.time.stepSeconds, u.timeLow(), u.timeHigh());
        if (const auto m = measuredValue(run, ValidationMetric::TokensPerSecondPerGpu))
            c.tokensPerSecondPerGpu =
                check(*m, sim::predictedMetric(e, run.scenario, ValidationMetric::TokensPerSecondPerGpu),
                      u.speedLow, u.speedHigh);
        if (const auto m = measuredValue(run, ValidationMetric::PeakMemoryGiB))
            c.peakMemoryBytes =
                check(*m * model::units::kGiB,
                      sim::predictedMetric(e, run.scenario, ValidationMetric::PeakMemoryGiB) *
                          model::units::kGiB,
                      u.memoryLow, u.memoryHigh);
        const bool timeFar = (c.stepSeconds && c.stepSeconds->farOutside()) ||
                             (c.tokensPerSecondPerGpu && c.tokensPerSecondPerGpu->farOutside());
        const bool memoryFar = c.peakMemoryBytes && c.peakMemoryBytes->farOutside();
        // Without reference residuals there is no error bar to be outside of.
        c.flagged = !residuals.empty() && (timeFar || memoryFar);
        if (c.flagged && timeFar) appendLargest(c.causes, timeParts(e.time), e.time.stepSeconds);
        if (c.flagged && memoryFar) appendLargest(c.causes, memoryParts(e.memory), e.memory.peakBytes);
        out.runs.push_back(std::move(c));
    }
    return out;
}

RunChecks checkStoredRuns(store::Store& store, const sim::ResidualTable& residuals,
                          const StoredRunFilter& filter) {
    return checkRuns(loadStoredCalibrationRuns(store, filter), residuals);
}

std::vector<ClusterRuns> clustersOf(const RunChecks& checks) {
    std::vector<ClusterRuns> out;
    for (const RunCheck& r : checks.runs) {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const ClusterRuns& c) { return c.cluster == r.cluster; });
        if (it == out.end())
            out.push_back({r.cluster, 1});
        else
            ++it->runs;
    }
    return out;
}

} // namespace trainplan::services
