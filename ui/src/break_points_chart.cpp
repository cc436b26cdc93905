#include <trainplan/ui/break_points_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/point_tool_tips.h>
#include <trainplan/ui/view_text.h>

#include <QAreaSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::ui {

using services::ChartText;

BreakPointsChart::BreakPointsChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("breakPointsChart"));
    setChartTitle(chartsText(ChartText::BreakPointsTitle));
    setToolTip(chartsText(ChartText::BreakPointsTip));
    setPlaceholder(calText(sim::CalText::Computing));
}

double BreakPointsChart::shadingStart(model::Framework f) const {
    for (const auto& [framework, x] : m_shadingStart)
        if (framework == f) return x;
    return 0;
}

void BreakPointsChart::setOutcome(const AdviceOutcome& outcome) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    m_shadingStart.clear();
    if (!outcome.advice) {
        setPlaceholder(outcome.error.isEmpty() ? tr("No results") : outcome.error);
        return;
    }
    const sim::BreakPoints& bp = outcome.advice->breakPoints;
    const AxisScale units = parametersScale(); // billions / 亿
    double maxMfu = 0, minX = outcome.parameters, maxX = outcome.parameters;
    for (const auto& s : outcome.modelCurve.series)
        for (const auto& p : s.points) {
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
            if (p.best) maxMfu = std::max(maxMfu, p.best->throughput.mfu);
        }
    for (const auto& b : bp.modelSize) {
        if (b.largestPlan) maxMfu = std::max(maxMfu, b.largestPlan->throughput.mfu);
        for (double x : {b.largestParameters, b.nextParameters})
            if (x > 0) {
                minX = std::min(minX, x);
                maxX = std::max(maxX, x);
            }
    }
    if (maxX <= 0) {
        setPlaceholder(tr("No results"));
        return;
    }
    setPlaceholder(QString());
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(chartsText(ChartText::ParametersAxis, {qArg(units.suffix)}));
    x->setRange(minX / units.divisor / 1.3, maxX / units.divisor * 1.3);
    x->setMinorTickCount(8);
    x->setMinorGridLineVisible(false);
    auto* y = new QValueAxis;
    y->setTitleText(tr("Best MFU (%)"));
    y->setRange(0, std::max(10.0, std::min(100.0, maxMfu * 100 * 1.15)));
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto attach = [&](QAbstractSeries* s) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };

    for (const auto& b : bp.modelSize) {
        const QColor color = frameworkColor(b.framework);
        double from = 0;
        if (b.status == sim::ModelSizeStatus::Found)
            from = b.nextParameters / units.divisor;
        else if (b.status == sim::ModelSizeStatus::NothingFits)
            from = x->min();
        if (from > 0) {
            m_shadingStart.emplace_back(b.framework, from * units.divisor);
            addNoFitBand(c, x, y, from, x->max(), y->max(), static_cast<int>(b.framework), color,
                         chartsText(ChartText::FrameworkDoesNotFit,
                                    {qArg(frameworkShortName(b.framework))}));
        }
    }
    for (const auto& s : outcome.modelCurve.series) {
        const QColor color = frameworkColor(s.framework);
        const sim::ModelSizeBreak* b = bp.modelSizeOf(s.framework);
        QList<QPointF> points;
        QStringList texts;
        for (const auto& p : s.points) {
            if (!p.best) continue;
            // The curve stops at the break point: a rung past it would contradict the bisection.
            if (b && b->status == sim::ModelSizeStatus::Found && p.x > b->largestParameters)
                continue;
            points << QPointF(p.x / units.divisor, p.best->throughput.mfu * 100);
            texts << modelPointToolTip(s.framework, p.x, *p.best);
        }
        if (b && b->largestPlan && b->largestParameters > 0) {
            // The break point itself, merged into the curve in x order.
            const QPointF at(b->largestParameters / units.divisor,
                             b->largestPlan->throughput.mfu * 100);
            auto* ring = new QScatterSeries;
            ring->setName(
                chartsText(ChartText::LargestThatFits, {qArg(frameworkShortName(s.framework))}));
            ring->setMarkerShape(QScatterSeries::MarkerShapeCircle);
            ring->setMarkerSize(13);
            ring->setColor(Qt::transparent);
            ring->setBorderColor(color);
            QPen pen(color);
            pen.setWidthF(2.5);
            ring->setPen(pen);
            ring->replace(QList<QPointF>{at});
            attach(ring);
            const QString text = chartsText(
                ChartText::LargestPoint,
                {qArg(QStringLiteral("<b>%1</b>").arg(frameworkName(s.framework))),
                 qArg(formatParameters(b->largestParameters)),
                 qArg(QString::fromStdString(b->largestPlan->plan.label()).toHtmlEscaped()),
                 sim::percentArg(b->largestPlan->throughput.mfu),
                 qArg(b->nextParameters > 0 ? formatParameters(b->nextParameters)
                                            : QStringLiteral("—"))});
            m_tips->add(ring, {at}, {text});
            if (b->status == sim::ModelSizeStatus::Found) {
                points << at;
                texts << text;
            }
        }
        if (points.isEmpty()) continue;
        QList<int> order(points.size());
        for (int i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(),
                  [&](int a, int bIdx) { return points[a].x() < points[bIdx].x(); });
        QList<QPointF> sortedPoints;
        QStringList sortedTexts;
        for (int i : order) {
            sortedPoints << points[i];
            sortedTexts << texts[i];
        }
        auto* line = new QLineSeries;
        line->setName(frameworkShortName(s.framework));
        QPen pen(color);
        pen.setWidthF(2.5);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->replace(sortedPoints);
        attach(line);
        m_tips->add(line, sortedPoints, sortedTexts);
    }
    if (outcome.parameters > 0) {
        auto* marker = new QLineSeries;
        marker->setName(tr("This model"));
        QPen pen(palette().color(QPalette::Text));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(1.5);
        marker->setPen(pen);
        marker->replace(QList<QPointF>{{outcome.parameters / units.divisor, 0},
                                       {outcome.parameters / units.divisor, y->max()}});
        attach(marker);
    }
    // Keep the legend short: frameworks and the marker, not the shading and rings.
    for (QLegendMarker* m : c->legend()->markers())
        if (qobject_cast<QAreaSeries*>(m->series()) || qobject_cast<QScatterSeries*>(m->series()))
            m->setVisible(false);
    applyPalette();
}

} // namespace trainplan::ui
