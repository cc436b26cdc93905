#include <trainplan/ui/scaling_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/point_tool_tips.h>
#include <trainplan/ui/view_text.h>

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>

namespace trainplan::ui {

using services::ChartText;

ScalingChart::ScalingChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("scalingChart"));
    setChartTitle(tr("Scaling with GPU count"));
    setToolTip(chartsText(ChartText::ScalingTip));
    setPlaceholder(calText(sim::CalText::Computing));
    chart()->legend()->hide(); // the Explore tab shows one legend for its charts
}

void ScalingChart::setSweep(const Sweep& sweep) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    double maxTokens = 0, maxMfu = 0, minX = 1e18, maxX = 0;
    for (const auto& s : sweep.series)
        for (const auto& p : s.points) {
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
            if (!p.best) continue;
            maxTokens = std::max(maxTokens, p.best->throughput.tokensPerSecond);
            maxMfu = std::max(maxMfu, p.best->throughput.mfu);
        }
    if (maxTokens <= 0) {
        setPlaceholder(chartsText(ChartText::NoFrameworkAnyGpuCount));
        return;
    }
    setPlaceholder({});
    const AxisScale scale = tokensPerSecondScale(maxTokens);

    auto* x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("GPUs"));
    x->setRange(minX / 1.3, maxX * 1.3);
    x->setMinorTickCount(0);
    // Log–log: ideal linear scaling is a straight line at 45°.
    double minTokens = maxTokens;
    for (const auto& s : sweep.series)
        for (const auto& p : s.points)
            if (p.best) minTokens = std::min(minTokens, p.best->throughput.tokensPerSecond);
    auto* yTokens = new QLogValueAxis;
    yTokens->setBase(10);
    yTokens->setTitleText(chartsText(ChartText::ThroughputAxis, {qArg(scale.suffix)}));
    yTokens->setRange(minTokens / scale.divisor / 1.5, maxTokens / scale.divisor * 1.5);
    yTokens->setLabelFormat(QStringLiteral("%g"));
    yTokens->setMinorTickCount(0);
    auto* yMfu = new QValueAxis;
    yMfu->setTitleText(tr("MFU (%), dashed"));
    yMfu->setRange(0, std::min(100.0, maxMfu * 100 * 1.15));
    yMfu->applyNiceNumbers();
    yMfu->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(yTokens, Qt::AlignLeft);
    c->addAxis(yMfu, Qt::AlignRight);

    for (const auto& s : sweep.series) {
        QList<QPointF> tokens, mfu;
        QStringList texts;
        for (const auto& p : s.points) {
            if (!p.best) continue;
            const auto& e = *p.best;
            tokens << QPointF(p.x, e.throughput.tokensPerSecond / scale.divisor);
            mfu << QPointF(p.x, e.throughput.mfu * 100);
            texts << chartsText(
                ChartText::ScalingPoint,
                {qArg(QStringLiteral("<b>%1</b>").arg(frameworkName(s.framework))),
                 sim::countArg(p.x), qArg(QString::fromStdString(e.plan.label()).toHtmlEscaped()),
                 qArg(formatTokensPerSecond(e.throughput.tokensPerSecond)),
                 sim::percentArg(e.throughput.mfu), secondsArg(e.time.stepSeconds)});
        }
        if (tokens.isEmpty()) continue;
        const QColor color = frameworkColor(s.framework);
        auto* line = new QLineSeries;
        line->setName(frameworkShortName(s.framework));
        QPen pen(color);
        pen.setWidthF(2.5);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->replace(tokens);
        c->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(yTokens);
        m_tips->add(line, tokens, texts);

        auto* dashed = new QLineSeries;
        dashed->setName(QStringLiteral("%1 MFU").arg(frameworkShortName(s.framework)));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.8);
        dashed->setPen(pen);
        dashed->setPointsVisible(true);
        dashed->replace(mfu);
        c->addSeries(dashed);
        dashed->attachAxis(x);
        dashed->attachAxis(yMfu);
        m_tips->add(dashed, mfu, texts);
        for (auto* m : c->legend()->markers(dashed))
            m->setVisible(false);
    }
    if (sweep.currentX > 0) {
        auto* marker = new QLineSeries;
        marker->setName(tr("This cluster"));
        QPen pen(palette().color(QPalette::Text));
        pen.setStyle(Qt::DotLine);
        pen.setWidthF(1.5);
        marker->setPen(pen);
        marker->replace(
            QList<QPointF>{{sweep.currentX, yTokens->min()}, {sweep.currentX, yTokens->max()}});
        c->addSeries(marker);
        marker->attachAxis(x);
        marker->attachAxis(yTokens);
    }
    applyPalette();
}

} // namespace trainplan::ui
