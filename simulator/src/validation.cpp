// Validation against published runs: each reference case predicted with its fastest fitting plan in
// the metrics its source measured, the errors summarised by source, GPU generation, framework,
// precision and software stack, and the one global GEMM-rate scale fitted with each source left
// out in turn. Reading a published row into a case is reference_case.cpp.
#include <trainplan/simulator/validation.h>

#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/flops.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trainplan::sim {

using model::PublishedRun;
using model::units::kGiB;

const char* toString(ValidationMetric m) {
    switch (m) {
    case ValidationMetric::StepSeconds:
        return "step_s";
    case ValidationMetric::NarayananTflopsPerGpu:
        return "tflops_per_gpu_eq3";
    case ValidationMetric::MfuPercent:
        return "mfu_pct";
    case ValidationMetric::TokensPerSecondPerGpu:
        return "tokens_per_s_per_gpu";
    case ValidationMetric::PeakMemoryGiB:
        return "peak_memory_gib";
    }
    return "";
}

double predictedMetric(const PlanEstimate& e, const model::Scenario& s, ValidationMetric metric) {
    const double gpus = static_cast<double>(e.plan.gpus());
    switch (metric) {
    case ValidationMetric::StepSeconds:
        return e.time.stepSeconds;
    case ValidationMetric::NarayananTflopsPerGpu:
        return narayananFlopsPerStep(s.model, static_cast<double>(s.training.globalBatch)) /
               e.time.stepSeconds / gpus / 1e12;
    case ValidationMetric::MfuPercent:
        return 100.0 * e.throughput.mfu;
    case ValidationMetric::TokensPerSecondPerGpu:
        return e.throughput.tokensPerSecondPerGpu;
    case ValidationMetric::PeakMemoryGiB:
        // Published figures are torch.cuda.max_memory_reserved() (torchtitan logs
        // max_reserved_gib): the caching allocator's segments, without the CUDA context and
        // NCCL's buffers.
        return e.memory.reservedBytes() / kGiB;
    }
    return 0.0;
}

std::optional<PlanEstimate> bestReferencePlan(const ReferenceCase& c, double gemmScale) {
    if (c.skip) return std::nullopt;
    Efficiency eff = resolveEfficiency(c.scenario);
    eff.gemmEfficiency *= gemmScale;
    eff.fp8GemmEfficiency *= gemmScale;
    const PlanContext ctx = makeContext(c.scenario, eff);
    std::optional<PlanEstimate> best;
    const std::vector<int> mbs =
        c.searchMicroBatch ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{c.plan.microBatch};
    std::vector<int> vpps{c.plan.vpp};
    if (c.searchInterleaving)
        for (int v = 2; v <= 8; ++v)
            vpps.push_back(v);
    std::optional<PlanEstimate> smallest; // when nothing fits, still predict with the least memory
    for (int mb : mbs)
        for (int v : vpps) {
            model::Plan p = c.plan;
            p.microBatch = mb;
            p.vpp = v;
            if (!model::validatePlan(c.scenario, p, "plan").empty()) continue;
            PlanEstimate e = evaluatePlan(ctx, p);
            if (!smallest || e.memory.peakBytes < smallest->memory.peakBytes) smallest = e;
            if (!e.memory.fits) continue;
            if (!best || e.time.stepSeconds < best->time.stepSeconds) best = e;
        }
    return best ? best : smallest;
}

namespace {

std::string precisionLabel(const model::Scenario& s) {
    return std::string(model::toString(s.training.precision));
}

ErrorBreakdown& breakdownOf(std::vector<ErrorBreakdown>& all, const std::string& dimension,
                            const std::string& key) {
    for (ErrorBreakdown& b : all)
        if (b.dimension == dimension && b.key == key) return b;
    all.push_back({dimension, key, 0, 0.0, 0.0, 0.0});
    return all.back();
}

bool isThroughput(ValidationMetric m) {
    return m != ValidationMetric::PeakMemoryGiB;
}

// Mean |log(predicted/measured)| over the time-like rows of the cases, with GEMM rates scaled.
double logError(const std::vector<const ReferenceCase*>& cases, double scale) {
    double sum = 0;
    int n = 0;
    for (const ReferenceCase* c : cases)
        for (const ValidationRow& r : predictReferenceCase(*c, scale)) {
            if (!isThroughput(r.metric) || r.predicted <= 0 || r.measured <= 0) continue;
            sum += std::fabs(std::log(r.predicted / r.measured));
            ++n;
        }
    return n > 0 ? sum / n : 0.0;
}

// Golden-section search for the GEMM-rate scale that minimises the mean |log error| (a robust,
// symmetric loss: over- and under-prediction by the same factor weigh the same).
double fitScale(const std::vector<const ReferenceCase*>& cases) {
    double lo = 0.6, hi = 1.5;
    const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
    double x1 = hi - phi * (hi - lo), x2 = lo + phi * (hi - lo);
    double f1 = logError(cases, x1), f2 = logError(cases, x2);
    for (int i = 0; i < 28; ++i) {
        if (f1 <= f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - phi * (hi - lo);
            f1 = logError(cases, x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + phi * (hi - lo);
            f2 = logError(cases, x2);
        }
    }
    return 0.5 * (lo + hi);
}

} // namespace

std::vector<ValidationRow> predictReferenceCase(const ReferenceCase& c, double gemmScale) {
    std::vector<ValidationRow> out;
    const std::optional<PlanEstimate> best = bestReferencePlan(c, gemmScale);
    if (!best) return out;
    const PlanEstimate& e = *best;
    const Efficiency eff = resolveEfficiency(c.scenario);
    for (const auto& [metric, measured] : c.measured) {
        const double predicted = predictedMetric(e, c.scenario, metric);
        ValidationRow row;
        row.line = c.line;
        row.group = c.group;
        row.label = c.label;
        row.modelName = c.modelName;
        row.gpus = c.gpus;
        row.plan = e.plan.label();
        row.metric = metric;
        row.measured = measured;
        row.predicted = predicted;
        row.relativeError = (predicted - measured) / measured;
        row.assumptions = c.assumptions;
        row.generation = toString(eff.generation);
        row.framework = std::string(model::toString(e.plan.framework));
        row.precision = precisionLabel(c.scenario);
        row.execution = std::string(model::toString(executionMode(c.scenario, e.plan)));
        if (!e.memory.fits) row.assumptions.push_back({RefNoteId::NothingFits, {}});
        out.push_back(std::move(row));
    }
    return out;
}

ValidationReport validatePublishedRuns(const std::vector<PublishedRun>& runs,
                                       const model::Catalog& catalog, bool leaveOneSourceOut) {
    ValidationReport report;
    std::vector<ReferenceCase> cases;
    for (const PublishedRun& run : runs) {
        ReferenceCase c = referenceCase(run, catalog);
        if (c.skip) {
            report.skipped.emplace_back(run.line, *c.skip);
            continue;
        }
        auto rows = predictReferenceCase(c);
        report.rows.insert(report.rows.end(), rows.begin(), rows.end());
        cases.push_back(std::move(c));
    }
    std::map<std::pair<std::string, int>, ValidationGroupSummary> groups;
    double total = 0;
    std::vector<double> throughputErrors;
    for (const ValidationRow& r : report.rows) {
        auto& g = groups[{r.group, static_cast<int>(r.metric)}];
        g.group = r.group;
        g.metric = r.metric;
        g.rows += 1;
        g.meanAbsError += std::fabs(r.relativeError);
        g.maxAbsError = std::max(g.maxAbsError, std::fabs(r.relativeError));
        total += std::fabs(r.relativeError);
        const std::string kind = isThroughput(r.metric) ? "speed" : "memory";
        for (const auto& [dimension, key] : {std::pair<std::string, std::string>{"source", r.group},
                                             {"gpu generation", r.generation},
                                             {"framework", r.framework},
                                             {"precision", r.precision},
                                             {"software stack", r.execution}}) {
            ErrorBreakdown& b = breakdownOf(report.breakdown, dimension + " (" + kind + ")", key);
            b.rows += 1;
            b.meanAbsError += std::fabs(r.relativeError);
            // Speed-oriented: a step time predicted too short counts as too fast.
            b.meanSignedError += r.metric == ValidationMetric::StepSeconds
                                     ? r.measured / r.predicted - 1.0
                                     : r.relativeError;
            b.maxAbsError = std::max(b.maxAbsError, std::fabs(r.relativeError));
        }
        if (isThroughput(r.metric)) throughputErrors.push_back(r.relativeError);
    }
    for (auto& [key, g] : groups) {
        g.meanAbsError /= g.rows;
        report.summary.push_back(g);
    }
    for (ErrorBreakdown& b : report.breakdown) {
        b.meanAbsError /= b.rows;
        b.meanSignedError /= b.rows;
    }
    report.totalRows = static_cast<int>(report.rows.size());
    report.meanAbsError = report.rows.empty() ? 0.0 : total / report.totalRows;
    if (!throughputErrors.empty()) {
        std::vector<double> a;
        for (double e : throughputErrors)
            a.push_back(std::fabs(e));
        std::nth_element(a.begin(), a.begin() + a.size() / 2, a.end());
        report.medianAbsSpeedError = a[a.size() / 2];
    }

    // Leave one source out: fit the one global GEMM-rate scale on every other source, then
    // predict the held-out source with it.
    if (!leaveOneSourceOut) return report;
    std::vector<const ReferenceCase*> all;
    for (const ReferenceCase& c : cases)
        all.push_back(&c);
    report.fittedGemmScale = all.empty() ? 1.0 : fitScale(all);
    std::vector<std::string> sources;
    for (const ReferenceCase& c : cases)
        if (std::find(sources.begin(), sources.end(), c.group) == sources.end())
            sources.push_back(c.group);
    if (sources.size() >= 2) {
        double sum = 0;
        int n = 0;
        for (const std::string& held : sources) {
            std::vector<const ReferenceCase*> train, test;
            for (const ReferenceCase* c : all)
                (c->group == held ? test : train).push_back(c);
            LeaveOneSourceOut l;
            l.source = held;
            l.gemmScale = fitScale(train);
            for (const ReferenceCase* c : test)
                for (const ValidationRow& r : predictReferenceCase(*c, l.gemmScale)) {
                    if (!isThroughput(r.metric)) continue;
                    l.rows += 1;
                    l.meanAbsError += std::fabs(r.relativeError);
                }
            if (l.rows == 0) continue;
            sum += l.meanAbsError;
            n += l.rows;
            l.meanAbsError /= l.rows;
            report.leaveOneSourceOut.push_back(l);
        }
        report.leaveOneSourceOutMeanAbsError = n > 0 ? sum / n : 0.0;
    }
    return report;
}

} // namespace trainplan::sim