// The planning report as a Document: the summary and scenario sections, the roadmap and
// reliability sections, and buildReportDocument, which puts every section in order (the others
// come from report_comparison.cpp, report_appendix.cpp and their neighbours).
#include <trainplan/report/report_document.h>

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include "report_comparison.h"
#include "report_section_builder.h"
#include "report_measured.h"
#include "report_side_by_side.h"
#include "report_sizing.h"
#include "report_timeline.h"

#include <algorithm>

namespace trainplan::report {

namespace {

using namespace detail;

// ---------------------------------------------------------------------------------------------
Section summarySection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("summary", Text::SecSummary, lang);
    const ComparedPlan* h = d.headlinePlan();
    if (d.advice) {
        const sim::Recommendation& rec = d.advice->recommendation;
        QString body = frameworkName(rec.framework);
        if (rec.plan)
            body = s.t(Text::CommaPair, {qsArg(body), sim::MessageArg::plan(rec.plan->plan)});
        body += QStringLiteral(" — ") + statusText(rec.status, lang);
        s.callout(s.t(Text::Recommendation), body);
        if (!d.advice->reasons.empty())
            s.paragraph(qs(sim::render(d.advice->reasons.front(), lang)));
    } else {
        s.paragraph(s.t(Text::NoAdvice));
    }

    if (h && h->fits()) {
        const sim::PlanEstimate& e = h->estimate();
        s.subheading(s.t(Text::KeyNumbers));
        QList<QPair<QString, QString>> rows;
        rows << qMakePair(s.t(Text::ColPlan),
                          s.t(Text::CommaPair, {sim::MessageArg::framework(h->framework),
                                                sim::MessageArg::plan(e.plan)}));
        rows << qMakePair(s.t(Text::KStepTime), fmtSeconds(e.time.stepSeconds, lang));
        rows << qMakePair(s.t(Text::KMfu), fmtPercent(e.throughput.mfu, lang));
        rows << qMakePair(s.t(Text::KThroughput), fmtTokensPerSecond(e.throughput.tokensPerSecond, lang));
        rows << qMakePair(s.t(Text::KPeakMemory),
                          s.t(Text::KOfCapacity,
                              {bytesArg(e.memory.peakBytes), bytesArg(e.memory.capacityBytes)}));
        if (d.scenario.training.trainTokens > 0) {
            rows << qMakePair(
                s.t(Text::KTimeToTrain, {parametersArg(d.scenario.training.trainTokens)}),
                fmtDuration(e.cost.timeToTrainSeconds, lang));
            rows << qMakePair(s.t(Text::KGpuHours), fmtGpuHours(e.cost.gpuHours, lang));
            if (e.cost.usd > 0) rows << qMakePair(s.t(Text::KCost), fmtUsd(e.cost.usd, lang));
            rows << qMakePair(s.t(Text::KEnergy), fmtEnergy(e.cost.energyKwh));
        }
        if (d.goodput) rows << qMakePair(s.t(Text::KGoodput), fmtPercent(d.goodput->goodput, lang));
        s.table(keyValues(rows));
    }

    if (d.advice && d.advice->reasons.size() > 1) {
        s.subheading(s.t(Text::Why));
        QStringList items;
        for (std::size_t i = 1; i < d.advice->reasons.size(); ++i)
            items << qs(sim::render(d.advice->reasons[i], lang));
        s.bullets(items);
    }

    // Sentences computed here from the comparison (every number from the estimates).
    QStringList said;
    std::vector<const ComparedPlan*> fitting;
    const ComparedPlan* closest = nullptr;
    for (const ComparedPlan& c : d.compared) {
        if (c.origin == ComparedPlan::Origin::Best && c.fits()) fitting.push_back(&c);
        if (c.origin == ComparedPlan::Origin::Closest &&
            (!closest || c.estimate().memory.peakBytes < closest->estimate().memory.peakBytes))
            closest = &c;
    }
    said << s.t(Text::SumFitCount, {sim::countArg(static_cast<double>(fitting.size())),
                                    sim::countArg(static_cast<double>(d.search.frameworks.size())),
                                    bytesArg(d.usableBytes())});
    if (!fitting.empty()) {
        auto faster = [](const ComparedPlan* a, const ComparedPlan* b) {
            return a->estimate().time.stepSeconds < b->estimate().time.stepSeconds;
        };
        const ComparedPlan* fastest = *std::min_element(fitting.begin(), fitting.end(), faster);
        const ComparedPlan* slowest = *std::max_element(fitting.begin(), fitting.end(), faster);
        const sim::PlanEstimate& f = fastest->estimate();
        said << s.t(Text::SumFastest,
                    {sim::MessageArg::framework(fastest->framework), sim::MessageArg::plan(f.plan),
                     secondsArg(f.time.stepSeconds), sim::percentArg(f.throughput.mfu)});
        if (slowest != fastest)
            said << s.t(Text::SumSlowest,
                        {sim::MessageArg::framework(slowest->framework),
                         factorArg(slowest->estimate().time.stepSeconds / f.time.stepSeconds)});
    } else if (closest) {
        said << s.t(Text::SumNothingFits, {sim::MessageArg::framework(closest->framework),
                                           sim::MessageArg::plan(closest->estimate().plan),
                                           bytesArg(closest->estimate().memory.peakBytes)});
    }
    if (h && h->fits()) {
        const sim::PlanEstimate& e = h->estimate();
        said << s.t(Text::SumHeadlineMemory, {bytesArg(e.memory.peakBytes),
                                              sim::percentArg(e.memory.peakBytes / d.usableBytes()),
                                              bytesArg(d.usableBytes())});
        if (e.time.stepSeconds > 0) {
            said << s.t(Text::SumComm,
                        {sim::percentArg(e.time.exposedCommSeconds / e.time.stepSeconds),
                         sim::percentArg(e.time.exposedInterNodeSeconds / e.time.stepSeconds)});
            if (e.time.bubbleSeconds / e.time.stepSeconds >= 0.01)
                said << s.t(Text::SumBubble,
                            {sim::percentArg(e.time.bubbleSeconds / e.time.stepSeconds)});
        }
        if (d.scenario.training.trainTokens > 0 && e.cost.usd > 0)
            said << s.t(Text::SumTrain,
                        {parametersArg(d.scenario.training.trainTokens),
                         durationArg(e.cost.timeToTrainSeconds),
                         sim::countArg(static_cast<double>(d.gpus())), usdArg(e.cost.usd),
                         qsArg(fmtGpuHours(e.cost.gpuHours, lang))});
    }
    s.subheading(s.t(Text::WhatTheNumbersSay));
    s.bullets(said);
    return std::move(s.section);
}

// ---------------------------------------------------------------------------------------------
// The scenario's description in the report's language: description_zh in Chinese when it is set.
QString scenarioDescription(const model::Scenario& sc, Lang lang) {
    return qs(lang == Lang::ZhCN && !sc.descriptionZh.empty() ? sc.descriptionZh : sc.description);
}

Section scenarioSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("scenario", Text::SecScenario, lang);
    const model::Scenario& sc = d.scenario;
    if (const QString text = scenarioDescription(sc, lang); !text.isEmpty()) s.paragraph(text);

    const model::TransformerSpec& m = sc.model;
    s.subheading(s.t(Text::SubModel));
    QList<QPair<QString, QString>> model;
    model << qMakePair(s.t(Text::RowName), modelName(sc));
    model << qMakePair(s.t(Text::RowParameters),
                       s.t(Text::ParametersValue, {parametersArg(d.parameters.total),
                                                   parametersArg(d.parameters.active)}));
    model << qMakePair(s.t(Text::RowLayers), QString::number(m.layers));
    model << qMakePair(s.t(Text::RowHidden), QString::number(m.hidden));
    model << qMakePair(s.t(Text::RowHeads),
                       s.t(Text::HeadsValue, {sim::countArg(m.heads), sim::countArg(m.kvHeads)}));
    model << qMakePair(s.t(Text::RowFfn),
                       s.t(Text::CommaPair, {sim::textArg(std::string(model::toString(m.ffn))),
                                             qsArg(QString::number(m.ffnHidden))}));
    model << qMakePair(s.t(Text::RowVocab), QString::number(m.vocab));
    model << qMakePair(s.t(Text::RowSeqLen), QString::number(m.seqLen));
    model << qMakePair(s.t(Text::RowMoe),
                       m.moe.enabled() ? s.t(Text::MoeValue, {sim::countArg(m.moe.experts),
                                                              sim::countArg(m.moe.topK),
                                                              sim::countArg(m.moe.sharedExperts)})
                                       : s.t(Text::Dense));
    s.table(keyValues(model));

    const model::TrainingSpec& t = sc.training;
    s.subheading(s.t(Text::SubTraining));
    QList<QPair<QString, QString>> training;
    training << qMakePair(s.t(Text::RowGlobalBatch),
                          s.t(Text::GlobalBatchValue,
                              {sim::countArg(static_cast<double>(t.globalBatch)),
                               parametersArg(static_cast<double>(t.globalBatch) * m.seqLen)}));
    training << qMakePair(s.t(Text::RowPrecision), qs(model::toString(t.precision)));
    training << qMakePair(s.t(Text::RowOptimizer), qs(model::toString(t.optimizer)));
    training << qMakePair(s.t(Text::RowTokens), fmtParameters(t.trainTokens, lang));
    training << qMakePair(s.t(Text::RowFlashAttention), yesNo(t.flashAttention, lang));
    s.table(keyValues(training));

    const model::ClusterSpec& c = sc.cluster;
    s.subheading(s.t(Text::SubCluster));
    QList<QPair<QString, QString>> cluster;
    cluster << qMakePair(s.t(Text::RowGpu),
                         s.t(Text::GpuValue, {sim::textArg(c.gpu.name), bytesArg(c.gpu.memoryBytes),
                                              qsArg(fmtFlopsPerSecond(c.gpu.bf16FlopsPerSecond)),
                                              bandwidthArg(c.gpu.hbmBytesPerSecond)}));
    cluster << qMakePair(s.t(Text::RowNodes), QString::number(c.nodes));
    cluster << qMakePair(s.t(Text::RowGpus), clusterSummary(sc, lang));
    cluster << qMakePair(s.t(Text::RowIntraNode),
                         s.t(Text::IntraNodeValue, {sim::textArg(c.intraNode.name),
                                                    bandwidthArg(c.intraNode.bytesPerSecond)}));
    if (c.nodes > 1 || !c.interNode.name.empty())
        cluster << qMakePair(
            s.t(Text::RowInterNode),
            s.t(Text::InterNodeValue, {sim::textArg(c.interNode.name), sim::countArg(c.nicsPerNode),
                                       bandwidthArg(c.interNode.bytesPerSecond)}));
    cluster << qMakePair(s.t(Text::RowOversubscription), fmtFactor(c.oversubscription, lang));
    // Which price the costs use, and where it comes from (sim::resolvePrice; never "$0").
    cluster << qMakePair(s.t(Text::RowPrice), qs(sim::resolvePrice(c).describe(lang)));
    s.table(keyValues(cluster));

    s.subheading(s.t(Text::SubReadiness));
    Table r;
    r.header = {s.t(Text::ColItem), s.t(Text::ColInPlace), s.t(Text::ColWhy)};
    for (model::ReadinessItem item : model::kAllReadinessItems) {
        const sim::ReadinessItemText text = sim::readinessItemText(item, lang);
        r.rows.push_back({qs(text.label),
                          yesNo(model::isInPlace(item, sc.team, sc.platform, c), lang),
                          qs(text.why)});
    }
    r.compact = true;
    s.table(std::move(r));
    return std::move(s.section);
}

// ---------------------------------------------------------------------------------------------
QString prerequisiteText(const model::StagePrerequisite& p, Lang lang) {
    if (p.item && p.text.empty()) return qs(sim::readinessItemText(*p.item, lang).label);
    if (p.item)
        return qs(sim::readinessItemText(*p.item, lang).label) + QStringLiteral(" — ") + qs(p.text);
    return qs(p.text);
}

Section roadmapSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("roadmap", Text::SecRoadmap, lang);
    if (!d.advice) return std::move(s.section);
    s.paragraph(
        s.t(d.advice->defaultRoadmap ? Text::RoadmapDefaultIntro : Text::RoadmapScenarioIntro));
    Table t;
    t.header = {QStringLiteral("#"),   s.t(Text::ColStage),  s.t(Text::ColFramework),
                s.t(Text::ColTrigger), s.t(Text::ColTarget), s.t(Text::ColPlan),
                s.t(Text::ColStep),    s.t(Text::ColMfu)};
    t.numericColumns = {0, 6, 7};
    int index = 0;
    for (const sim::RoadmapStage& r : d.advice->stages) {
        const QString target = stageTarget(r, lang);
        const std::optional<sim::PlanEstimate>& e = r.estimate ? r.estimate : r.closest;
        t.rows.push_back(
            {QString::number(++index), qs(sim::render(r.title, lang)),
             frameworkShortName(r.framework),
             s.t(Text::WithDetail, {sim::textArg(sim::render(r.trigger, lang)),
                                    qsArg(triggerStatus(r.triggerStatus, lang))}),
             target, e ? qs(e->plan.label()) : QString(),
             // The closest plan of a stage that does not fit would not run.
             r.estimate ? fmtSeconds(r.estimate->time.stepSeconds, lang) : QStringLiteral("—"),
             r.estimate ? fmtPercent(r.estimate->throughput.mfu, lang) : QStringLiteral("—")});
    }
    t.compact = true;
    s.table(std::move(t));
    detail::addTimeline(s, d);

    index = 0;
    for (const sim::RoadmapStage& r : d.advice->stages) {
        s.subheading(QString::number(++index) + QStringLiteral(". ") +
                     qs(sim::render(r.title, lang)));
        QStringList notes;
        for (const sim::Message& n : r.notes)
            notes << qs(sim::render(n, lang));
        if (!r.stage.expectedGain.text.empty()) notes << qs(r.stage.expectedGain.text);
        if (r.missingWeeks > 0) notes << s.t(Text::MissingWeeks, {weeksArg(r.missingWeeks)});
        s.bullets(notes);
        QStringList items;
        QList<bool> done;
        for (const model::StagePrerequisite& p : r.stage.prerequisites) {
            items << prerequisiteText(p, lang);
            done << p.done;
        }
        s.checklist(items, done);
    }
    return std::move(s.section);
}

Section reliabilitySection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("reliability", Text::SecReliability, lang);
    const sim::GoodputEstimate& g = *d.goodput;
    s.paragraph(s.t(Text::ReliabilityIntro));
    QList<QPair<QString, QString>> rows;
    rows << qMakePair(s.t(Text::RowCheckpointSize), fmtBytes(g.checkpoint.bytes, lang));
    rows << qMakePair(s.t(Text::RowLayout),
                      s.t(g.checkpoint.layout == sim::CheckpointLayout::Sharded
                              ? Text::LayoutSharded
                              : Text::LayoutGathered));
    rows << qMakePair(s.t(Text::RowSaveTime), fmtSeconds(g.checkpoint.saveSeconds, lang));
    rows << qMakePair(s.t(Text::RowLoadTime), fmtSeconds(g.checkpoint.loadSeconds, lang));
    rows << qMakePair(s.t(Text::RowGpuMtbf),
                      s.t(Text::Hours, {sim::countArg(g.failures.gpuMtbfHours)}));
    rows << qMakePair(s.t(Text::RowJobMtbf), fmtDuration(g.failures.jobMtbfSeconds, lang));
    rows << qMakePair(s.t(Text::RowInterruptionsPerDay),
                      fmtFixed(g.failures.interruptionsPerDay, 2));
    rows << qMakePair(
        s.t(Text::RowInterval),
        s.t(Text::IntervalValue,
            {durationArg(g.intervalSeconds), sim::countArg(static_cast<double>(g.intervalSteps))}));
    if (g.usefulSeconds > 0) {
        rows << qMakePair(s.t(Text::RowExpectedInterruptions),
                          fmtFixed(g.expectedInterruptions, 1));
        rows << qMakePair(s.t(Text::RowGoodput), fmtPercent(g.goodput, lang));
        rows << qMakePair(s.t(Text::RowExpectedTime), fmtDuration(g.expectedSeconds, lang));
        if (g.usd > 0) rows << qMakePair(s.t(Text::RowExpectedCost), fmtUsd(g.usd, lang));
    } else {
        rows << qMakePair(s.t(Text::RowGoodput), fmtPercent(g.goodput, lang));
    }
    s.table(keyValues(rows));
    return std::move(s.section);
}

} // namespace

std::vector<ChartKind> Document::charts() const {
    std::vector<ChartKind> out;
    for (const Section& s : sections)
        for (const Block& b : s.blocks)
            if (b.kind == Block::Kind::Chart) out.push_back(b.chart);
    return out;
}

QString sectionNumber(const Document& doc, std::size_t index) {
    int body = 0, appendix = 0;
    for (std::size_t i = 0; i <= index && i < doc.sections.size(); ++i) {
        if (doc.sections[i].appendix)
            ++appendix;
        else
            ++body;
    }
    if (index < doc.sections.size() && doc.sections[index].appendix)
        return QString(QChar('A' + appendix - 1));
    return QString::number(body);
}

Document buildReportDocument(const ReportData& d, Lang lang) {
    Document doc;
    doc.lang = lang;
    doc.title = text(Text::ReportTitle, lang);
    doc.subtitle = qs(d.scenario.name);
    doc.description = scenarioDescription(d.scenario, lang);
    doc.facts << qMakePair(text(Text::FactScenario, lang), qs(d.scenario.name));
    doc.facts << qMakePair(text(Text::FactModel, lang),
                           text(Text::WithDetail, lang,
                                {qsArg(modelName(d.scenario)), parametersArg(d.parameters.total)}));
    doc.facts << qMakePair(text(Text::FactCluster, lang), clusterSummary(d.scenario, lang));
    doc.facts << qMakePair(text(Text::FactDate, lang), qs(d.date));
    doc.facts << qMakePair(text(Text::FactVersion, lang),
                           QStringLiteral("TrainPlan ") + qs(d.version));

    doc.sections.push_back(summarySection(d, lang));
    doc.sections.push_back(scenarioSection(d, lang));
    doc.sections.push_back(comparisonSection(d, lang));
    doc.sections.push_back(whereSection(d, lang));
    doc.sections.push_back(scalingSection(d, lang));
    doc.sections.push_back(tradeoffSection(d, lang));
    if (d.advice) doc.sections.push_back(roadmapSection(d, lang));
    if (d.goodput) doc.sections.push_back(reliabilitySection(d, lang));
    if (d.sizing) doc.sections.push_back(detail::sizingSection(d, lang));
    if (d.sideBySide) doc.sections.push_back(detail::sideBySideSection(d, lang));
    doc.sections.push_back(assumptionsSection(d, lang));
    doc.sections.push_back(accuracySection(d, lang));
    if (d.measuredChecked) doc.sections.push_back(detail::measuredSection(d, lang));
    doc.sections.push_back(sourcesSection(d, lang));
    doc.sections.push_back(derivationSection(d, lang));
    if (d.validation && !d.validation->rows.empty())
        doc.sections.push_back(validationRowsSection(d, lang));
    return doc;
}

} // namespace trainplan::report
