#include <trainplan/ui/crossover_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/point_tool_tips.h>
#include <trainplan/ui/view_text.h>

#include <QAreaSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::ui {

using services::ChartText;

CrossoverChart::CrossoverChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("crossoverChart"));
    setChartTitle(chartsText(ChartText::CrossoverTitle));
    setToolTip(chartsText(ChartText::CrossoverTip));
    setPlaceholder(calText(sim::CalText::Computing));
    chart()->legend()->hide(); // the Explore tab shows one legend for its charts
}

void CrossoverChart::setSweep(const Sweep& sweep) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    const AxisScale units = parametersScale(); // billions / 亿
    double maxMfu = 0, minX = 1e30, maxX = 0;
    for (const auto& s : sweep.series)
        for (const auto& p : s.points) {
            minX = std::min(minX, p.x / units.divisor);
            maxX = std::max(maxX, p.x / units.divisor);
            if (p.best) maxMfu = std::max(maxMfu, p.best->throughput.mfu);
        }
    if (maxX <= 0) {
        setPlaceholder(tr("No results"));
        return;
    }
    setPlaceholder(maxMfu > 0 ? QString() : chartsText(ChartText::NoFrameworkAnyModelSize));
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(chartsText(ChartText::ParametersAxis, {qArg(units.suffix)}));
    x->setRange(minX / 1.25, maxX * 1.25);
    x->setMinorTickCount(8);
    x->setMinorGridLineVisible(false);
    auto* y = new QValueAxis;
    y->setTitleText(tr("Best MFU (%)"));
    y->setRange(0, std::max(10.0, std::min(100.0, maxMfu * 100 * 1.15)));
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    for (const auto& s : sweep.series) {
        const QColor color = frameworkColor(s.framework);
        // Shade from the first size after which nothing fits any more.
        std::size_t firstNoFit = s.points.size();
        while (firstNoFit > 0 && !s.points[firstNoFit - 1].best)
            --firstNoFit;
        if (firstNoFit < s.points.size()) {
            const double from = firstNoFit == 0 ? x->min() : s.points[firstNoFit].x / units.divisor;
            addNoFitBand(c, x, y, from, x->max(), y->max(), static_cast<int>(s.framework), color,
                         chartsText(ChartText::FrameworkDoesNotFit,
                                    {qArg(frameworkShortName(s.framework))}));
        }
        QList<QPointF> points;
        QStringList texts;
        for (const auto& p : s.points) {
            if (!p.best) continue;
            points << QPointF(p.x / units.divisor, p.best->throughput.mfu * 100);
            texts << modelPointToolTip(s.framework, p.x, *p.best);
        }
        if (points.isEmpty()) continue;
        auto* line = new QLineSeries;
        line->setName(frameworkShortName(s.framework));
        QPen pen(color);
        pen.setWidthF(2.5);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->replace(points);
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
        m_tips->add(line, points, texts);
    }
    if (sweep.currentX > 0) {
        auto* marker = new QLineSeries;
        marker->setName(tr("This model"));
        QPen pen(palette().color(QPalette::Text));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(1.5);
        marker->setPen(pen);
        marker->replace(QList<QPointF>{{sweep.currentX / units.divisor, 0},
                                       {sweep.currentX / units.divisor, y->max()}});
        c->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(y);
    }
    applyPalette();
}

} // namespace trainplan::ui
