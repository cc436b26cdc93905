// The migration timeline (issue 21): the roadmap's stages on a calendar, as a table and a chart
// (sim::roadmapTimeline holds the rules and the numbers; this file only lays them out).
#include "report_timeline.h"

#include "chart_parts.h"

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QDate>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QValueAxis>

#include <cmath>

namespace trainplan::report {

namespace {

constexpr double kSecondsPerWeek = 7.0 * 24.0 * 3600.0;

QString dateAfter(const QDate& start, double weeks) {
    return start.addDays(static_cast<qint64>(std::llround(weeks * 7.0))).toString(Qt::ISODate);
}

QString span(const QDate& start, double fromWeeks, double toWeeks) {
    return QStringLiteral("%1 – %2").arg(dateAfter(start, fromWeeks), dateAfter(start, toWeeks));
}

} // namespace

std::unique_ptr<QChart> timelineChart(const std::vector<sim::RoadmapStage>& stages,
                                      const sim::RoadmapTimeline& t, const QDate& start,
                                      const ChartStyle& st) {
    auto chart = detail::baseChart(st, text(Text::ChartTimeline, st.lang));
    auto* series = new QHorizontalStackedBarSeries;
    // Segments per stage: idle before its work, its work, waiting for the cluster, its run.
    const QColor clear(0, 0, 0, 0);
    const QColor amber(0xf2, 0xa5, 0x41);
    const QColor blue(0x3b, 0x7d, 0xd8);
    QBarSet* before = new QBarSet(QString());
    QBarSet* work = new QBarSet(text(Text::TimelinePrerequisites, st.lang));
    QBarSet* wait = new QBarSet(QString());
    QBarSet* run = new QBarSet(text(Text::TimelineRun, st.lang));
    QStringList categories;
    // Qt draws the first category at the bottom: walk the stages backwards so the chart reads
    // top-down in stage order.
    for (std::size_t i = t.stages.size(); i-- > 0;) {
        const sim::TimelineStage& s = t.stages[i];
        if (!s.scheduled || s.stage >= stages.size()) continue;
        // Short labels (the number and framework): the stage titles are in the table beside it.
        categories << QStringLiteral("%1 · %2").arg(s.stage + 1).arg(
                          frameworkShortName(stages[s.stage].framework));
        const double workEnd = s.prerequisiteStartWeeks + s.prerequisiteWeeks;
        *before << s.prerequisiteStartWeeks;
        *work << s.prerequisiteWeeks;
        *wait << (s.runs ? s.runStartWeeks - workEnd : 0.0);
        *run << (s.runs ? s.runWeeks : 0.0);
    }
    for (auto [set, color] : {std::pair{before, clear}, std::pair{work, amber},
                              std::pair{wait, clear}, std::pair{run, blue}}) {
        set->setColor(color);
        set->setBorderColor(color.alpha() == 0 ? color : color.darker(120));
        set->setPen(detail::pen(color.alpha() == 0 ? color : color.darker(120), 0.5));
        series->append(set);
    }
    series->setBarWidth(0.55);
    chart->addSeries(series);
    for (QLegendMarker* m : chart->legend()->markers(series))
        if (m->label().isEmpty()) m->setVisible(false);
    auto* categoryAxis = new QBarCategoryAxis;
    categoryAxis->setTruncateLabels(false);
    categoryAxis->setCategories(categories);
    auto* valueAxis = new QValueAxis;
    chart->addAxis(categoryAxis, Qt::AlignLeft);
    chart->addAxis(valueAxis, Qt::AlignBottom);
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
    detail::styleAxis(categoryAxis, st, {});
    categoryAxis->setGridLineVisible(false);
    detail::styleAxis(
        valueAxis, st,
        text(Text::AxisWeeksFromStart, st.lang, {qsArg(start.toString(Qt::ISODate))}));
    valueAxis->setRange(0.0, std::max(1.0, t.totalWeeks * 1.03));
    valueAxis->setLabelFormat(QStringLiteral("%.0f"));
    valueAxis->applyNiceNumbers();
    return chart;
}

QString timelineSummary(const sim::RoadmapTimeline& t, const QDate& start, sim::Lang lang) {
    const sim::MessageArg work = weeksArg(t.prerequisiteWeeks);
    const sim::MessageArg weeks = sim::countArg(std::ceil(t.totalWeeks));
    const sim::MessageArg end = qsArg(dateAfter(start, t.totalWeeks));
    return t.allPriced ? text(Text::TimelineTotal, lang, {work, weeks, end, usdArg(t.totalUsd)})
                       : text(Text::TimelineTotalUnpriced, lang, {work, weeks, end});
}

namespace detail {

QDate timelineStart(const ReportData& d) {
    const QDate date = QDate::fromString(qs(d.date), Qt::ISODate);
    return date.isValid() ? date : QDate::currentDate();
}

void addTimeline(SectionBuilder& s, const ReportData& d) {
    if (!d.timeline || !d.advice) return;
    const sim::RoadmapTimeline& t = *d.timeline;
    const Lang lang = s.lang;
    const QDate start = timelineStart(d);
    s.subheading(s.t(Text::SubTimeline));
    s.paragraph(s.t(Text::TimelineIntro, {qsArg(start.toString(Qt::ISODate))}));
    Table table;
    table.header = {QStringLiteral("#"),       s.t(Text::ColStage),   s.t(Text::ColPrerequisiteWork),
                    s.t(Text::ColTrainingRun), s.t(Text::ColRunTime), s.t(Text::ColRunCost)};
    table.numericColumns = {0, 4, 5};
    for (const sim::TimelineStage& ts : t.stages) {
        if (ts.stage >= d.advice->stages.size()) continue;
        const sim::RoadmapStage& r = d.advice->stages[ts.stage];
        QStringList row = {QString::number(ts.stage + 1), qs(sim::render(r.title, lang))};
        if (!ts.scheduled) {
            row << s.t(Text::TimelineConditional) << QStringLiteral("—") << QStringLiteral("—")
                << QStringLiteral("—");
            table.rows.push_back(row);
            continue;
        }
        row << (ts.prerequisiteWeeks > 0
                    ? s.t(Text::WithDetail,
                          {weeksArg(ts.prerequisiteWeeks),
                           qsArg(span(start, ts.prerequisiteStartWeeks,
                                      ts.prerequisiteStartWeeks + ts.prerequisiteWeeks))})
                    : s.t(Text::TimelineNoWork));
        if (ts.runs) {
            row << span(start, ts.runStartWeeks, ts.runStartWeeks + ts.runWeeks)
                << fmtDuration(ts.runWeeks * kSecondsPerWeek, lang)
                << (ts.priced ? fmtUsd(ts.runUsd, lang) : s.t(Text::NoGpuPrice));
        } else {
            const bool fits = r.estimate && r.estimate->memory.fits;
            row << s.t(fits ? Text::TimelineSamePlan : Text::TimelineNoFit) << QStringLiteral("—")
                << QStringLiteral("—");
        }
        table.rows.push_back(row);
    }
    table.compact = true;
    s.table(std::move(table));
    s.chart(ChartKind::Timeline, chartCaption(ChartKind::Timeline, d, lang));
}

} // namespace detail

} // namespace trainplan::report
