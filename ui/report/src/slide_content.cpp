// The text the review deck and the GUI's presentation mode both show: the recommendation slide's
// numbers and reasons, the comparison slide's rows and the roadmap's stage cards (deck_slides.cpp
// and presentation_pages.cpp lay them out).
#include <trainplan/report/slide_content.h>

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

namespace trainplan::report {

RecommendationSlide recommendationSlide(const ReportData& d, sim::Lang lang) {
    RecommendationSlide out;
    const ComparedPlan* h = d.headlinePlan();
    if (h && h->fits()) {
        const sim::PlanEstimate& e = h->estimate();
        out.cards = {
            {"stepTime", text(Text::KStepTime, lang), fmtSeconds(e.time.stepSeconds, lang), {}},
            {"mfu", QStringLiteral("MFU"), fmtPercent(e.throughput.mfu, lang), {}},
            {"throughput",
             text(Text::KThroughput, lang),
             fmtTokensPerSecond(e.throughput.tokensPerSecond, lang),
             {}},
            {"peakMemory", text(Text::ColPeakMemory, lang), fmtBytes(e.memory.peakBytes, lang),
             text(Text::KOfCapacity, lang, {sim::textArg({}), bytesArg(e.memory.capacityBytes)})
                 .trimmed()},
            {"timeToTrain",
             text(Text::ColTimeToTrain, lang),
             fmtDuration(e.cost.timeToTrainSeconds, lang),
             {}},
            {"cost", text(Text::KCost, lang), fmtCost(e.cost.usd, lang), {}},
        };
    }
    if (d.advice)
        for (std::size_t i = 1; i < d.advice->reasons.size() && out.reasons.size() < 3; ++i)
            out.reasons << qs(sim::render(d.advice->reasons[i], lang));
    return out;
}

std::vector<ComparisonSlideRow> comparisonSlideRows(const ReportData& d, sim::Lang lang) {
    std::vector<ComparisonSlideRow> rows;
    rows.reserve(d.compared.size());
    for (const ComparedPlan& c : d.compared) {
        const sim::PlanEstimate& e = c.estimate();
        ComparisonSlideRow row;
        row.name = comparedLabel(c, lang);
        if (c.recommended) row.name += QStringLiteral(" ★");
        row.plan = qs(e.plan.label());
        if (!c.result.valid) {
            row.fits = text(Text::RowInvalid, lang);
        } else {
            // A plan that does not fit would not run: no time, MFU or cost.
            const bool run = c.fits();
            const QString none = QStringLiteral("—");
            row.fits = text(run ? Text::Yes : Text::No, lang);
            row.peakMemory = fmtBytes(e.memory.peakBytes, lang);
            row.stepTime = run ? fmtSeconds(e.time.stepSeconds, lang) : none;
            row.mfu = run ? fmtPercent(e.throughput.mfu, lang) : none;
            row.tokensPerSecond =
                run ? fmtTokensPerSecond(e.throughput.tokensPerSecond, lang) : none;
            row.timeToTrain = run ? fmtDuration(e.cost.timeToTrainSeconds, lang) : none;
            row.cost = run ? fmtCost(e.cost.usd, lang) : none;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

StageSlideCard stageSlideCard(const sim::RoadmapStage& r, sim::Lang lang) {
    StageSlideCard card;
    card.title = qs(sim::render(r.title, lang));
    card.framework = frameworkName(r.framework);
    card.target = text(Text::LabelledValue, lang,
                       {qsArg(text(Text::ColTarget, lang)), qsArg(stageTarget(r, lang))});
    card.trigger = text(Text::LabelledValue, lang,
                        {qsArg(text(Text::ColTrigger, lang)),
                         qsArg(text(Text::WithDetail, lang,
                                    {sim::textArg(sim::render(r.trigger, lang)),
                                     qsArg(triggerStatus(r.triggerStatus, lang))}))});
    if (r.estimate)
        card.plan = qs(r.estimate->plan.label()) + QStringLiteral("\n") +
                    fmtSeconds(r.estimate->time.stepSeconds, lang) + QStringLiteral(" · MFU ") +
                    fmtPercent(r.estimate->throughput.mfu, lang);
    else if (r.closest) // it would not run: no time or MFU
        card.closest = text(Text::CategoryClosest, lang, {sim::MessageArg::plan(r.closest->plan)}) +
                       QStringLiteral(" · ") + fmtBytes(r.closest->memory.peakBytes, lang);
    if (!r.missing.empty())
        card.prerequisites =
            text(Text::LabelledValue, lang,
                 {qsArg(text(Text::Prerequisites, lang)), weeksArg(r.missingWeeks)});
    return card;
}

} // namespace trainplan::report
