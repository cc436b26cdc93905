// The report's sections over the compared plans and the search: the comparison table with its
// error bars and plan space, where memory, time and traffic go, scaling with the break points, and
// the trade-offs (Pareto front). buildReportDocument (report_document.cpp) puts them in order.
#include "report_comparison.h"

#include "report_section_builder.h"

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/simulator/break_points.h>

#include <algorithm>

namespace trainplan::report {

namespace {

using namespace detail;
constexpr QChar kStar(0x2605);

QString frameworkCell(const ComparedPlan& c, Lang lang) {
    QString name = frameworkName(c.framework);
    if (c.origin == ComparedPlan::Origin::Pinned)
        name = text(
            Text::WithDetail, lang,
            {qsArg(name), qsArg(text(Text::RowPinned, lang, {sim::countArg(c.pinnedIndex + 1)}))});
    if (c.recommended) name += QLatin1Char(' ') + kStar;
    return name;
}

Table comparisonTable(const ReportData& d, Lang lang) {
    Table t;
    t.header = {text(Text::ColFramework, lang), text(Text::ColPlan, lang),
                text(Text::ColFits, lang),      text(Text::ColPeakMemory, lang),
                text(Text::ColStep, lang),      text(Text::ColMfu, lang),
                text(Text::ColTokens, lang),    text(Text::ColTimeToTrain, lang),
                text(Text::ColCost, lang)};
    t.numericColumns = {3, 4, 5, 6, 7, 8};
    for (const ComparedPlan& c : d.compared) {
        const sim::PlanEstimate& e = c.estimate();
        QStringList row{frameworkCell(c, lang), qs(e.plan.label())};
        if (!c.result.valid) {
            row << text(Text::RowInvalid, lang) << QString() << QString() << QString() << QString()
                << QString() << QString();
        } else {
            if (c.origin == ComparedPlan::Origin::Closest)
                row << text(Text::RowClosest, lang, {bytesArg(c.missBytes)});
            else
                row << yesNo(c.fits(), lang);
            row << fmtBytes(e.memory.peakBytes, lang);
            // A plan that does not fit would not run: no time, MFU or cost.
            if (c.fits())
                row << fmtSeconds(e.time.stepSeconds, lang) << fmtPercent(e.throughput.mfu, lang)
                    << fmtTokensPerSecond(e.throughput.tokensPerSecond, lang)
                    << fmtDuration(e.cost.timeToTrainSeconds, lang) << fmtCost(e.cost.usd, lang);
            else
                for (int k = 0; k < 5; ++k)
                    row << QStringLiteral("—");
        }
        t.rows.push_back(row);
        t.rowEmphasis.push_back(c.recommended);
    }
    return t;
}

// Each fitting plan's 80% interval and evidence level (docs/model.md, "Error bars").
Table errorBarTable(const ReportData& d, Lang lang) {
    Table t;
    t.header = {text(Text::ColFramework, lang), text(Text::ColEvidence, lang),
                text(Text::ColErrorBar, lang), text(Text::ColTimeToTrain, lang),
                text(Text::ColCost, lang)};
    t.numericColumns = {2, 3, 4};
    for (const ComparedPlan& c : d.compared) {
        if (!c.result.valid || !c.fits()) continue;
        const sim::PlanEstimate& e = c.estimate();
        const sim::Uncertainty u = sim::uncertaintyFor(d.residuals, d.scenario, e.plan);
        const Text level = u.evidence == sim::EvidenceLevel::Validated ? Text::EvidenceValidated
                           : u.evidence == sim::EvidenceLevel::PartlyValidated
                               ? Text::EvidencePartlyValidated
                               : Text::EvidenceExtrapolated;
        auto range = [](const QString& low, const QString& high) {
            return low + QStringLiteral("–") + high;
        };
        t.rows.push_back({frameworkCell(c, lang), text(level, lang),
                          range(fmtSeconds(e.time.stepSeconds * u.timeLow(), lang),
                                fmtSeconds(e.time.stepSeconds * u.timeHigh(), lang)),
                          range(fmtDuration(e.cost.timeToTrainSeconds * u.timeLow(), lang),
                                fmtDuration(e.cost.timeToTrainSeconds * u.timeHigh(), lang)),
                          e.cost.usd > 0 ? range(fmtUsd(e.cost.usd * u.timeLow(), lang),
                                                 fmtUsd(e.cost.usd * u.timeHigh(), lang))
                                         : fmtCost(0, lang)});
        t.rowEmphasis.push_back(c.recommended);
    }
    t.compact = true;
    return t;
}

bool isBreakPointMessage(sim::MessageId id) {
    return id >= sim::MessageId::StopsFittingAbove && id <= sim::MessageId::BandwidthNeverExceeds;
}

} // namespace

namespace detail {

Section comparisonSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("comparison", Text::SecComparison, lang);
    s.paragraph(s.t(Text::CompareIntro, {sim::countArg(static_cast<double>(d.gpus()))}));
    s.table(comparisonTable(d, lang));
    if (std::any_of(d.compared.begin(), d.compared.end(),
                    [](const ComparedPlan& c) { return c.recommended; }))
        s.note(s.t(Text::MarkRecommended));
    // One line per other framework, each naming it: why it is not the ★ plan.
    s.bullets(whyNotLines(d, lang));
    if (!d.residuals.empty()) {
        Table bars = errorBarTable(d, lang);
        if (!bars.rows.empty()) {
            s.paragraph(s.t(Text::ErrorBarIntro));
            s.table(std::move(bars));
        }
    }
    QStringList invalid;
    for (const ComparedPlan& c : d.compared) {
        if (c.result.valid) continue;
        QStringList errors;
        for (const model::ValidationIssue& i : c.result.errors)
            errors << qs(i.text(lang));
        invalid << s.t(Text::InvalidPlanNote,
                       {sim::countArg(c.pinnedIndex + 1), sim::MessageArg::plan(c.estimate().plan),
                        qsArg(joined(errors, Text::GroupPair, lang))});
    }
    s.bullets(invalid);

    s.subheading(s.t(Text::SubPlanSpace));
    Table space;
    space.header = {s.t(Text::ColFramework), s.t(Text::ColValidPlans), s.t(Text::ColFitPlans),
                    s.t(Text::ColTimedPlans)};
    space.numericColumns = {1, 2, 3};
    QStringList reasons;
    for (const sim::FrameworkResult& fr : d.search.frameworks) {
        space.rows.push_back({frameworkName(fr.framework), QString::number(fr.evaluatedPlans),
                              QString::number(fr.fittingPlans), QString::number(fr.timedPlans)});
        if (!fr.best)
            for (const sim::Message& why : fr.exclusionReasons)
                reasons << s.t(Text::LabelledValue, {sim::MessageArg::framework(fr.framework),
                                                     sim::textArg(sim::render(why, lang))});
    }
    s.table(std::move(space));
    s.bullets(reasons);
    return std::move(s.section);
}

// ---------------------------------------------------------------------------------------------
Section whereSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("breakdown", Text::SecWhere, lang);
    s.subheading(chartTitle(ChartKind::Memory, lang));
    s.chart(ChartKind::Memory, chartCaption(ChartKind::Memory, d, lang));
    s.subheading(chartTitle(ChartKind::StepTime, lang));
    s.chart(ChartKind::StepTime, chartCaption(ChartKind::StepTime, d, lang));
    s.subheading(chartTitle(ChartKind::Communication, lang));
    s.chart(ChartKind::Communication, chartCaption(ChartKind::Communication, d, lang));

    Table comm;
    comm.header = {s.t(Text::ColFramework), QStringLiteral("DP"), QStringLiteral("TP"),
                   QStringLiteral("PP"),    QStringLiteral("CP"), QStringLiteral("EP"),
                   s.t(Text::CommIntra),    s.t(Text::CommInter)};
    comm.numericColumns = {1, 2, 3, 4, 5, 6, 7};
    for (const ComparedPlan& c : d.compared) {
        if (!c.result.valid) continue;
        const sim::CommunicationBreakdown& m = c.estimate().communication;
        auto gib = [&](double bytes) {
            return bytes > 0 ? fmtBytes(bytes, lang) : QStringLiteral("–");
        };
        comm.rows.push_back({comparedLabel(c, lang), gib(m.dpBytes), gib(m.tpBytes), gib(m.ppBytes),
                             gib(m.cpBytes), gib(m.epBytes), gib(m.intraNodeBytes),
                             gib(m.interNodeBytes)});
    }
    comm.compact = true;
    s.table(std::move(comm));
    return std::move(s.section);
}

Section scalingSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("scaling", Text::SecScaling, lang);
    s.subheading(chartTitle(ChartKind::Scaling, lang));
    s.chart(ChartKind::Scaling, chartCaption(ChartKind::Scaling, d, lang));
    if (!d.crossover.empty()) {
        s.subheading(chartTitle(ChartKind::Crossover, lang));
        s.chart(ChartKind::Crossover, chartCaption(ChartKind::Crossover, d, lang));
    }
    if (!d.advice) return std::move(s.section);
    const sim::BreakPoints& bp = d.advice->breakPoints;
    if (bp.modelSize.empty() && bp.gpuCount.empty() && bp.bandwidth.empty())
        return std::move(s.section);

    s.subheading(s.t(Text::SubBreakPoints));
    Table t;
    t.header = {s.t(Text::ColFramework), s.t(Text::ColLargestModel),
                s.t(Text::ColMfuUpTo, {sim::percentArg(bp.mfuThreshold)}),
                s.t(Text::ColDpCommBelow, {sim::percentArg(bp.dpCommThreshold)})};
    t.numericColumns = {1, 2, 3};
    const QString na = s.t(Text::NotApplicable);
    for (const sim::FrameworkFit& f : d.advice->frameworks) {
        QString size = na, scale = na, bandwidth = na;
        if (const auto* b = bp.modelSizeOf(f.framework)) {
            if (b->status == sim::ModelSizeStatus::Found)
                size = fmtParameters(b->largestParameters, lang);
            else if (b->status == sim::ModelSizeStatus::AllFit)
                size = QStringLiteral("≥ ") + fmtParameters(b->largestParameters, lang);
            else
                size = QStringLiteral("< ") + fmtParameters(b->nextParameters, lang);
        }
        if (const auto* b = bp.gpuCountOf(f.framework)) {
            switch (b->status) {
            case sim::GpuScaleStatus::Found:
            case sim::GpuScaleStatus::NoPlanAt:
                scale = QString::number(b->lastGpus);
                break;
            case sim::GpuScaleStatus::NotReached:
                scale = QStringLiteral("≥ ") + QString::number(b->lastGpus);
                break;
            case sim::GpuScaleStatus::AlwaysBelow:
                scale = s.t(Text::None);
                break;
            case sim::GpuScaleStatus::NeverFits:
                break;
            }
        }
        if (const auto* b = bp.bandwidthOf(f.framework)) {
            switch (b->status) {
            case sim::BandwidthStatus::Found:
                bandwidth = fmtBandwidth(b->bytesPerSecondPerNic, lang);
                break;
            case sim::BandwidthStatus::AlwaysExceeds:
                bandwidth = QStringLiteral("> ") + fmtBandwidth(b->bytesPerSecondPerNic, lang);
                break;
            case sim::BandwidthStatus::NeverExceeds:
                bandwidth = QStringLiteral("< ") + fmtBandwidth(b->bytesPerSecondPerNic, lang);
                break;
            case sim::BandwidthStatus::NotApplicable:
                break;
            }
        }
        t.rows.push_back({frameworkName(f.framework), size, scale, bandwidth});
    }
    s.table(std::move(t));
    QStringList sentences;
    for (const sim::Message& m : d.advice->reasons)
        if (isBreakPointMessage(m.id)) sentences << qs(sim::render(m, lang));
    s.bullets(sentences);
    return std::move(s.section);
}

Section tradeoffSection(const ReportData& d, Lang lang) {
    SectionBuilder s = start("tradeoffs", Text::SecTradeoffs, lang);
    s.chart(ChartKind::Pareto, chartCaption(ChartKind::Pareto, d, lang));
    // The table lists the front the chart draws (step time × peak memory, sim::paretoFront2d), so
    // that every row is a point on the black line.
    const std::vector<std::size_t> front = sim::paretoFront2d(d.search.all);
    if (!front.empty()) {
        s.subheading(s.t(Text::SubPareto));
        Table t;
        t.header = {s.t(Text::ColFramework), s.t(Text::ColPlan), s.t(Text::ColStep),
                    s.t(Text::ColMemory),    s.t(Text::ColCost), s.t(Text::ColMfu)};
        t.numericColumns = {2, 3, 4, 5};
        const std::size_t n = std::min<std::size_t>(front.size(), 15);
        for (std::size_t i = 0; i < n; ++i) {
            const sim::PlanSummary& p = d.search.all[front[i]];
            t.rows.push_back({frameworkName(p.plan.framework), qs(p.plan.label()),
                              fmtSeconds(p.stepSeconds, lang), fmtBytes(p.peakBytes, lang),
                              fmtUsd(p.usd, lang), fmtPercent(p.mfu, lang)});
        }
        t.compact = true;
        s.table(std::move(t));
    }
    return std::move(s.section);
}

} // namespace detail

} // namespace trainplan::report
