// The report's charts by kind (ids, titles, whether the data has anything to draw, makeChart) and
// the house style they are drawn in (chart_parts.h). The builders are in comparison_charts.cpp,
// sweep_charts.cpp and pareto_chart.cpp; rendering and files in chart_rendering.cpp.
#include <trainplan/report/report_charts.h>

#include "chart_parts.h"
#include "report_timeline.h"

#include <trainplan/report/report_fonts.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::report {

namespace detail {

QPen pen(const QColor& color, double width, Qt::PenStyle style) {
    QPen p(color);
    p.setWidthF(width);
    p.setStyle(style);
    p.setCapStyle(Qt::FlatCap);
    return p;
}

std::unique_ptr<QChart> baseChart(const ChartStyle& st, const QString& title) {
    auto c = std::make_unique<QChart>();
    c->setTheme(QChart::ChartThemeLight);
    c->setAnimationOptions(QChart::NoAnimation);
    c->setBackgroundBrush(Qt::white);
    c->setBackgroundPen(Qt::NoPen);
    c->setBackgroundRoundness(0);
    c->setDropShadowEnabled(false);
    c->setMargins(QMargins(2, 2, 2, 2));
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->legend()->setFont(chartFont(st.fontPixels));
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setLabelColor(QColor(0x22, 0x22, 0x22));
    if (st.showTitle) {
        c->setTitle(title);
        c->setTitleFont(chartFont(st.fontPixels + 3, true));
        c->setTitleBrush(QColor(0x22, 0x22, 0x22));
    }
    return c;
}

void styleAxis(QAbstractAxis* axis, const ChartStyle& st, const QString& title) {
    axis->setLabelsFont(chartFont(st.fontPixels));
    axis->setLabelsColor(QColor(0x33, 0x33, 0x33));
    axis->setTitleFont(chartFont(st.fontPixels));
    axis->setTitleBrush(QColor(0x33, 0x33, 0x33));
    axis->setTitleText(title);
    axis->setGridLinePen(pen(QColor(0xe0, 0xe0, 0xe0), 0.6));
    axis->setMinorGridLinePen(pen(QColor(0xf0, 0xf0, 0xf0), 0.4));
    axis->setLinePen(pen(QColor(0x88, 0x88, 0x88), 0.8));
}

LogLinearAxes logLinearAxes(QChart* chart, const ChartStyle& st, double base, int minorTicks,
                            const QString& xTitle, const QString& yTitle) {
    auto* x = new QLogValueAxis;
    x->setBase(base);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setMinorTickCount(minorTicks);
    auto* y = new QValueAxis;
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    styleAxis(x, st, xTitle);
    styleAxis(y, st, yTitle);
    return {x, y};
}

QLineSeries* referenceLine(QChart* chart, const QString& name, QPointF a, QPointF b,
                           const QColor& color, Qt::PenStyle style, QAbstractAxis* x,
                           QAbstractAxis* y) {
    auto* line = new QLineSeries;
    line->setName(name);
    line->append(a);
    line->append(b);
    line->setPen(pen(color, 1.4, style));
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);
    return line;
}

} // namespace detail

namespace {

using detail::baseChart;

std::unique_ptr<QChart> emptyChart(ChartKind kind, const ChartStyle& st) {
    ChartStyle s = st;
    s.showTitle = true;
    auto chart = baseChart(s, chartTitle(kind, st.lang));
    chart->setTitle(text(Text::LabelledValue, st.lang,
                         {qsArg(chartTitle(kind, st.lang)), qsArg(text(Text::NoData, st.lang))}));
    return chart;
}

} // namespace

QString chartId(ChartKind kind) {
    switch (kind) {
    case ChartKind::Memory:
        return QStringLiteral("memory");
    case ChartKind::StepTime:
        return QStringLiteral("step_time");
    case ChartKind::Communication:
        return QStringLiteral("communication");
    case ChartKind::Scaling:
        return QStringLiteral("scaling");
    case ChartKind::Crossover:
        return QStringLiteral("crossover");
    case ChartKind::Pareto:
        return QStringLiteral("pareto");
    case ChartKind::Timeline:
        return QStringLiteral("timeline");
    case ChartKind::Scenarios:
        return QStringLiteral("scenarios");
    }
    return {};
}

std::optional<ChartKind> chartKindFromId(const QString& id) {
    for (ChartKind k : kAllCharts)
        if (chartId(k) == id) return k;
    return std::nullopt;
}

QString chartTitle(ChartKind kind, sim::Lang lang) {
    switch (kind) {
    case ChartKind::Memory:
        return text(Text::ChartMemory, lang);
    case ChartKind::StepTime:
        return text(Text::ChartStepTime, lang);
    case ChartKind::Communication:
        return text(Text::ChartCommunication, lang);
    case ChartKind::Scaling:
        return text(Text::ChartScaling, lang);
    case ChartKind::Crossover:
        return text(Text::ChartCrossover, lang);
    case ChartKind::Pareto:
        return text(Text::ChartPareto, lang);
    case ChartKind::Timeline:
        return text(Text::ChartTimeline, lang);
    case ChartKind::Scenarios:
        return text(Text::ChartScenarios, lang);
    }
    return {};
}

QString chartCaption(ChartKind kind, const ReportData& d, sim::Lang lang) {
    switch (kind) {
    case ChartKind::Memory:
        return text(Text::CapMemory, lang);
    case ChartKind::StepTime:
        return text(Text::CapStepTime, lang);
    case ChartKind::Communication:
        return text(Text::CapCommunication, lang);
    case ChartKind::Scaling:
        return text(Text::CapScaling, lang, {sim::percentArg(d.mfuThreshold)});
    case ChartKind::Crossover:
        return text(Text::CapCrossover, lang);
    case ChartKind::Pareto: {
        const auto fitting = std::count_if(d.search.all.begin(), d.search.all.end(),
                                           [](const sim::PlanSummary& p) { return p.fits; });
        return text(Text::CapPareto, lang,
                    {sim::countArg(static_cast<double>(paretoPointsDrawn(d))),
                     sim::countArg(static_cast<double>(fitting))});
    }
    case ChartKind::Timeline: {
        const QDate start = detail::timelineStart(d);
        QString caption = text(Text::CapTimeline, lang, {qsArg(start.toString(Qt::ISODate))});
        if (d.timeline) caption += QLatin1Char(' ') + timelineSummary(*d.timeline, start, lang);
        return caption;
    }
    case ChartKind::Scenarios:
        return text(Text::CapScenarios, lang);
    }
    return {};
}

bool chartHasData(ChartKind kind, const ReportData& d) {
    auto anyValid = [&] {
        return std::any_of(d.compared.begin(), d.compared.end(),
                           [](const ComparedPlan& c) { return c.result.valid; });
    };
    auto anyFit = [](const std::vector<SweepSeries>& series) {
        return std::any_of(series.begin(), series.end(), [](const SweepSeries& s) {
            return std::any_of(s.samples.begin(), s.samples.end(),
                               [](const SweepSample& p) { return p.fits; });
        });
    };
    switch (kind) {
    case ChartKind::Memory:
    case ChartKind::StepTime:
    case ChartKind::Communication:
        return anyValid();
    case ChartKind::Scaling:
        return anyFit(d.scaling);
    case ChartKind::Crossover:
        return anyFit(d.crossover);
    case ChartKind::Pareto:
        return std::any_of(d.search.all.begin(), d.search.all.end(),
                           [](const sim::PlanSummary& p) { return p.fits; });
    case ChartKind::Timeline:
        return d.advice && d.timeline && d.timeline->totalWeeks > 0;
    case ChartKind::Scenarios:
        return d.sideBySide && d.sideBySide->fastest >= 0;
    }
    return false;
}

std::unique_ptr<QChart> makeChart(ChartKind kind, const ReportData& data, const ChartStyle& style) {
    if (!chartHasData(kind, data)) return emptyChart(kind, style);
    switch (kind) {
    case ChartKind::Memory:
        return detail::memoryChart(data, style);
    case ChartKind::StepTime:
        return detail::stepTimeChart(data, style);
    case ChartKind::Communication:
        return detail::communicationChart(data, style);
    case ChartKind::Scaling:
        return detail::scalingChart(data, style);
    case ChartKind::Crossover:
        return detail::crossoverChart(data, style);
    case ChartKind::Pareto:
        return detail::paretoChart(data, style);
    case ChartKind::Timeline:
        return timelineChart(data.advice->stages, *data.timeline, detail::timelineStart(data),
                             style);
    case ChartKind::Scenarios:
        return scenariosChart(*data.sideBySide, style);
    }
    return emptyChart(kind, style);
}

} // namespace trainplan::report
