#include <trainplan/report/report_data.h>

#include <trainplan/services/planning.h>
#include <trainplan/simulator/explain_text.h>
#include <trainplan/simulator/sweep.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace trainplan::report {

namespace {

bool isCancelled(const ReportInputs& in) {
    return in.cancelled && in.cancelled();
}

void progress(const ReportInputs& in, double fraction) {
    if (in.progress) in.progress(std::clamp(fraction, 0.0, 1.0));
}

double tokensPerStep(const model::Scenario& s) {
    return static_cast<double>(s.training.globalBatch) * static_cast<double>(s.model.seqLen);
}

SweepSample sampleOf(double x, const sim::PlanEstimate& e, bool fits) {
    SweepSample out;
    out.x = x;
    out.fits = fits;
    out.mfu = e.throughput.mfu;
    out.stepSeconds = e.time.stepSeconds;
    out.tokensPerSecond = e.throughput.tokensPerSecond;
    out.peakBytes = e.memory.peakBytes;
    out.plan = e.plan.label();
    return out;
}

// Scaling from the advisor's GPU-count scan (the same searches the break points use).
std::vector<SweepSeries> scalingFromBreakPoints(const model::Scenario& s,
                                                const sim::BreakPoints& bp) {
    std::vector<SweepSeries> out;
    for (const sim::GpuCountBreak& b : bp.gpuCount) {
        SweepSeries series{b.framework, {}};
        for (const sim::ScalingPoint& p : b.points) {
            SweepSample sample;
            sample.x = static_cast<double>(p.gpus);
            sample.fits = p.fits;
            sample.mfu = p.mfu;
            sample.stepSeconds = p.stepSeconds;
            sample.tokensPerSecond =
                p.fits && p.stepSeconds > 0 ? tokensPerStep(s) / p.stepSeconds : 0;
            if (p.plan) sample.plan = p.plan->label();
            series.samples.push_back(std::move(sample));
        }
        out.push_back(std::move(series));
    }
    return out;
}

std::vector<SweepSeries> seriesFromSweep(const sim::SweepResult& r, bool byGpus) {
    std::vector<SweepSeries> out;
    for (model::Framework f : r.frameworks)
        out.push_back({f, {}});
    for (const sim::SweepRow& row : sim::sweepRows(r)) {
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const SweepSeries& s) { return s.framework == row.framework; });
        if (it == out.end()) continue;
        const double x = byGpus ? static_cast<double>(row.gpus) : row.parameters;
        if (row.estimate)
            it->samples.push_back(sampleOf(x, *row.estimate, row.fits));
        else
            it->samples.push_back(SweepSample{x, false, 0, 0, 0, 0, {}});
    }
    for (SweepSeries& s : out)
        std::stable_sort(s.samples.begin(), s.samples.end(),
                         [](const SweepSample& a, const SweepSample& b) { return a.x < b.x; });
    return out;
}

void collectSources(const sim::DerivationTerm& t, std::vector<SourceEntry>& out,
                    std::set<std::string>& seen) {
    if (!t.source.empty() && seen.insert(t.source).second)
        out.push_back(
            {SourceEntry::Kind::Formula, t.name, t.source, "", t.sourceIn(sim::Lang::ZhCN)});
    for (const sim::DerivationTerm& c : t.children)
        collectSources(c, out, seen);
}

} // namespace

ReportData computeReportData(const model::Scenario& scenario, const ReportInputs& in) {
    ReportData d;
    d.scenario = scenario;
    d.parameters = model::countParameters(scenario.model);
    d.version = in.version;
    d.date = in.date;
    progress(in, 0.0);

    // 1–2. The planning result (services/planning.h): the search, every plan per framework (the
    // plan-space chart and the Pareto front) and the advisor over that same search, from the
    // caller's planner when it has one, so that the report reads what the other surfaces read.
    services::PlanningOptions po;
    po.advice = true;
    po.breakPoints = in.breakPoints;
    po.planSpace = true;
    po.catalog = in.catalog;
    po.threads = in.threads;
    po.cancelled = in.cancelled;
    const std::shared_ptr<const services::PlanningResult> planned =
        in.planner ? in.planner->plan(scenario, po) : services::planScenario(scenario, po);
    if (planned->cancelled) {
        d.search.cancelled = true;
        return d;
    }
    d.search = *planned->planSpace;
    d.advice = *planned->advice;
    d.timeline = sim::roadmapTimeline(d.advice->stages);
    d.mfuThreshold = d.advice->options.mfuThreshold;
    progress(in, 0.6);

    // 3. The comparison rows: best (or closest) per framework, then the scenario's own plans.
    const sim::PlanContext ctx = sim::makeContext(scenario);
    const sim::PlanEstimate* headline = planned->headline();
    for (const sim::FrameworkResult& fr : planned->search->frameworks) {
        ComparedPlan row;
        row.framework = fr.framework;
        if (fr.best) {
            row.origin = ComparedPlan::Origin::Best;
            row.result = {*fr.best, true, {}};
            row.recommended =
                planned->recommendation.status != sim::RecommendationStatus::DoesNotFit &&
                planned->recommendation.framework == fr.framework;
        } else if (fr.closest) {
            row.origin = ComparedPlan::Origin::Closest;
            row.result = {*fr.closest, true, {}};
            row.missBytes = fr.missBytes;
        } else {
            continue; // no valid plan at all: the advisor's reasons say why
        }
        if (headline && fr.best && &*fr.best == headline)
            d.headlineIndex = static_cast<int>(d.compared.size());
        d.compared.push_back(std::move(row));
    }
    for (std::size_t i = 0; i < scenario.plans.size(); ++i) {
        ComparedPlan row;
        row.origin = ComparedPlan::Origin::Pinned;
        row.framework = scenario.plans[i].framework;
        row.pinnedIndex = static_cast<int>(i);
        row.result = planned->pinned[i];
        d.compared.push_back(std::move(row));
    }
    // Nothing searched fits: the fastest fitting pinned plan, else the first valid row.
    if (d.headlineIndex < 0) {
        double bestStep = 0;
        for (std::size_t i = 0; i < d.compared.size(); ++i) {
            const ComparedPlan& c = d.compared[i];
            if (!c.fits()) continue;
            if (d.headlineIndex < 0 || c.estimate().time.stepSeconds < bestStep) {
                d.headlineIndex = static_cast<int>(i);
                bestStep = c.estimate().time.stepSeconds;
            }
        }
    }
    if (d.headlineIndex < 0)
        for (std::size_t i = 0; i < d.compared.size(); ++i)
            if (d.compared[i].result.valid) {
                d.headlineIndex = static_cast<int>(i);
                break;
            }

    // 4. The derivation, checkpoints and goodput of the headline plan.
    if (const ComparedPlan* h = d.headlinePlan(); h && h->result.valid) {
        d.headline = sim::explainPlan(ctx, h->estimate().plan);
        d.goodput = sim::estimateGoodput(scenario, h->estimate());
    }

    // 4b. What-if sizing, when the scenario states a deadline or a budget (issue 20): the same
    // call and candidates as `trainplan-cli size`.
    if (!isCancelled(in) && in.catalog && in.sizing &&
        (scenario.constraints.deadlineDays || scenario.constraints.budget)) {
        const model::PriceTable table = in.prices ? *in.prices : model::PriceTable{};
        sim::SizingInputs sizing;
        sizing.scenario = &scenario;
        sizing.catalog = in.catalog;
        sizing.gpus = sim::sizingCandidateGpus(scenario, *in.catalog, table);
        sizing.maxGpus = sim::sizingMaxGpus(scenario);
        sizing.threads = in.threads;
        d.sizing = sim::sizeCluster(sizing,
                                    sim::sizingConstraints(scenario.constraints, table.cnyPerUsd));
        d.sizingGpus = std::move(sizing.gpus);
        d.sizingMaxGpus = sizing.maxGpus;
        d.cnyPerUsd = table.cnyPerUsd;
    }

    // 5. Scaling with the GPU count (from the advisor's scan when it ran) and with model size.
    if (!isCancelled(in)) {
        if (d.advice && !d.advice->breakPoints.gpuCount.empty()) {
            d.scaling = scalingFromBreakPoints(scenario, d.advice->breakPoints);
        } else if (in.catalog) {
            sim::SweepSpec spec;
            spec.key = sim::SweepKey::Gpus;
            const int perNode = std::max(1, scenario.cluster.gpusPerNode);
            std::set<int> nodes;
            for (int n = 1; n <= std::max(8, scenario.cluster.nodes * 4); n *= 2)
                nodes.insert(n);
            nodes.insert(scenario.cluster.nodes);
            for (int n : nodes)
                spec.values.push_back(static_cast<double>(n) * perNode);
            sim::SweepOptions o;
            o.threads = in.threads;
            o.cancelled = in.cancelled;
            d.scaling = seriesFromSweep(sim::runSweep(scenario, spec, *in.catalog, o), true);
        }
    }
    progress(in, 0.75);
    if (in.crossover && in.catalog && !isCancelled(in)) {
        sim::SweepSpec spec;
        spec.key = sim::SweepKey::ModelScale;
        spec.values = sim::modelScaleFactors();
        sim::SweepOptions o;
        o.threads = in.threads;
        o.cancelled = in.cancelled;
        o.progress = [&](double f) { progress(in, 0.75 + 0.2 * f); };
        d.crossover = seriesFromSweep(sim::runSweep(scenario, spec, *in.catalog, o), false);
    }
    progress(in, 0.95);

    // 6. Assumptions, accuracy and sources.
    d.efficiency = sim::describeEfficiency(scenario);
    if (in.publishedRuns && in.catalog && !in.publishedRuns->empty()) {
        d.validation = sim::validatePublishedRuns(*in.publishedRuns, *in.catalog);
        d.residuals = sim::residualTable(*d.validation);
    }
    // 6b. Measured runs on this cluster against their predictions, with the error bars above.
    d.cluster = services::clusterKey(scenario);
    if (in.measuredRuns) {
        services::StoredCalibrationRuns onCluster;
        for (std::size_t k = 0; k < in.measuredRuns->runs.size(); ++k)
            if (services::clusterKey(in.measuredRuns->runs[k].scenario) == d.cluster) {
                onCluster.runs.push_back(in.measuredRuns->runs[k]);
                onCluster.runIds.push_back(k < in.measuredRuns->runIds.size()
                                               ? in.measuredRuns->runIds[k]
                                               : 0);
            }
        d.measured = services::checkRuns(onCluster, d.residuals).runs;
        d.measuredChecked = true;
    }

    // 6c. The scenario side by side with others, through the same planner (issue 21).
    if (!in.compareWith.empty() && !isCancelled(in)) {
        std::vector<model::Scenario> all{scenario};
        all.insert(all.end(), in.compareWith.begin(), in.compareWith.end());
        services::PlanningOptions co;
        co.catalog = in.catalog;
        co.threads = in.threads;
        co.cancelled = in.cancelled;
        services::Planner local;
        d.sideBySide = services::compareScenarios(all, in.planner ? *in.planner : local, co);
        if (d.sideBySide->cancelled) d.sideBySide.reset();
    }

    const model::ClusterSpec& c = scenario.cluster;
    auto catalogSource = [&](const char* what, const char* whatZh, const std::string& name,
                             const std::string& source, const std::string& sourceZh) {
        if (!source.empty())
            d.sources.push_back({SourceEntry::Kind::Catalog, what + (" " + name), source,
                                 whatZh + (" " + name), sourceZh});
    };
    catalogSource("GPU", "GPU", c.gpu.name, c.gpu.source, c.gpu.sourceZh);
    catalogSource("Intra-node link", "节点内互联", c.intraNode.name, c.intraNode.source,
                  c.intraNode.sourceZh);
    catalogSource("Inter-node link", "节点间网络", c.interNode.name, c.interNode.source,
                  c.interNode.sourceZh);
    catalogSource("Model", "模型",
                  scenario.model.displayName.empty() ? scenario.model.name
                                                     : scenario.model.displayName,
                  scenario.model.source, scenario.model.sourceZh);
    std::set<std::string> seen;
    if (d.headline) {
        collectSources(d.headline->memory, d.sources, seen);
        collectSources(d.headline->stepTime, d.sources, seen);
        collectSources(d.headline->communication, d.sources, seen);
        collectSources(d.headline->flops, d.sources, seen);
    }
    for (const sim::EfficiencySource& e : d.efficiency)
        if (!e.source.empty() && seen.insert(e.source).second)
            d.sources.push_back({SourceEntry::Kind::Parameter, e.name, e.source, "", e.sourceZh});
    if (d.goodput) {
        d.sources.push_back(
            {SourceEntry::Kind::Formula, "checkpoint interval",
             "Young 1974 (τ = √(2δM)); Daly 2006 (higher-order interval and expected wall time)",
             "检查点间隔", "Young 1974（τ = √(2δM)）；Daly 2006（高阶间隔与期望墙钟时间）"});
        if (d.goodput->failures.defaultMtbf)
            d.sources.push_back({SourceEntry::Kind::Parameter,
                                 "GPU mean time between interruptions",
                                 "Dubey et al. 2024, 'The Llama 3 Herd of Models' "
                                 "(arXiv:2407.21783) §3.3.4: 419 interruptions in 54 days on "
                                 "16,384 H100 GPUs",
                                 "GPU 平均中断间隔",
                                 "Dubey 等 2024，'The Llama 3 Herd of Models'（arXiv:2407.21783）"
                                 "§3.3.4：16,384 块 H100 在 54 天内中断 419 次"});
    }
    if (in.publishedRuns) {
        std::set<std::string> refs;
        for (const model::PublishedRun& r : *in.publishedRuns)
            if (!r.sourceText.empty() && refs.insert(r.sourceText).second)
                d.sources.push_back(
                    {SourceEntry::Kind::Reference, r.modelName, r.sourceText, "", ""});
    }
    progress(in, 1.0);
    return d;
}

} // namespace trainplan::report
