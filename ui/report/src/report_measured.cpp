// The report's measured-runs section (issue 23 item 3): every run the library holds for the
// scenario's cluster, predicted against measured, with its error bar and, for a run far outside
// it, the parts of the prediction the gap most likely comes from.
#include "report_measured.h"

#include "report_section_builder.h"

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <cmath>

namespace trainplan::report::detail {

QString causesText(const services::RunCheck& r, sim::Lang lang) {
    QStringList groups;
    for (const bool memory : {false, true}) {
        QStringList parts;
        for (const services::CauseShare& c : r.causes)
            if (services::isMemoryCause(c.cause) == memory)
                parts << qs(services::likelyCauseName(c.cause, lang)) + QLatin1Char(' ') +
                             fmtPercent(c.share, lang);
        if (!parts.isEmpty())
            groups << text(Text::LabelledValue, lang,
                           {qsArg(metricName(memory ? sim::ValidationMetric::PeakMemoryGiB
                                                    : sim::ValidationMetric::StepSeconds,
                                             lang)),
                            qsArg(joined(parts, Text::ListPair, lang))});
    }
    return joined(groups, Text::GroupPair, lang);
}

namespace {

QString checkText(const services::MetricCheck& m, sim::Lang lang) {
    return text(m.farOutside()       ? Text::CheckFarOutside
                : m.insideInterval() ? Text::CheckInside
                                     : Text::CheckOutside,
                lang);
}

} // namespace

Section measuredSection(const ReportData& d, sim::Lang lang) {
    SectionBuilder s = start("measured", Text::SecMeasured, lang);
    if (d.measured.empty()) {
        s.paragraph(s.t(Text::MeasuredNone, {sim::textArg(d.cluster)}));
        return std::move(s.section);
    }
    s.paragraph(s.t(Text::MeasuredIntro, {sim::countArg(static_cast<double>(d.measured.size())),
                                          sim::textArg(d.cluster)}));
    Table t;
    t.header = {s.t(Text::ColRun),      s.t(Text::ColPlan),      s.t(Text::ColMetric),
                s.t(Text::ColMeasured), s.t(Text::ColPredicted), s.t(Text::ColError),
                s.t(Text::ColInterval), s.t(Text::ColCheck)};
    t.numericColumns = {3, 4, 5};
    t.compact = true;
    double stepErrors = 0;
    int stepRuns = 0;
    for (const services::RunCheck& r : d.measured) {
        struct Row {
            sim::ValidationMetric metric;
            const std::optional<services::MetricCheck>* check;
        };
        const Row rows[] = {{sim::ValidationMetric::StepSeconds, &r.stepSeconds},
                            {sim::ValidationMetric::TokensPerSecondPerGpu,
                             &r.tokensPerSecondPerGpu},
                            {sim::ValidationMetric::PeakMemoryGiB, &r.peakMemoryBytes}};
        bool first = true;
        for (const Row& row : rows) {
            if (!*row.check) continue;
            const services::MetricCheck& m = **row.check;
            auto value = [&](double v) {
                switch (row.metric) {
                case sim::ValidationMetric::StepSeconds:
                    return fmtSeconds(v, lang);
                case sim::ValidationMetric::PeakMemoryGiB:
                    return fmtBytes(v, lang);
                default:
                    return fmtCount(std::round(v), lang);
                }
            };
            t.rows.push_back(
                {first ? qs(r.label) : QString(), first ? qs(r.run.plan.label()) : QString(),
                 metricName(row.metric, lang), value(m.measured), value(m.predicted),
                 number(sim::ArgKind::SignedPercent, m.error(), lang),
                 QStringLiteral("%1 – %2").arg(value(m.low), value(m.high)), checkText(m, lang)});
            first = false;
        }
        if (r.stepSeconds) {
            stepErrors += std::abs(r.stepSeconds->error());
            ++stepRuns;
        }
    }
    s.table(std::move(t));
    if (stepRuns > 0)
        s.paragraph(s.t(Text::MeasuredMeanError,
                        {sim::percentArg(stepErrors / stepRuns), sim::countArg(stepRuns)}));
    for (const services::RunCheck& r : d.measured)
        if (r.flagged && !r.causes.empty())
            s.callout(qs(r.label), s.t(Text::MeasuredFlagged,
                                       {sim::textArg(r.label), qsArg(causesText(r, lang))}));
    s.note(s.t(Text::MeasuredFit, {sim::textArg(d.cluster)}));
    return std::move(s.section);
}

} // namespace trainplan::report::detail
