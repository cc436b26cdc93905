#include <trainplan/ui/plan_scatter_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/point_tool_tips.h>
#include <trainplan/ui/view_text.h>

#include <QCoreApplication>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

using services::ChartText;

namespace {
constexpr std::size_t kMaxPointsPerSeries = 700; // Qt Charts draws one item per scatter point

QString planText(const sim::PlanSummary& p) {
    return QStringLiteral("<b>%1</b><br>%2<br>%3%4")
        .arg(frameworkName(p.plan.framework),
             QString::fromStdString(p.plan.label()).toHtmlEscaped(),
             chartsText(ChartText::PlanPoint,
                        {secondsArg(p.stepSeconds), qArg(formatBytes(p.peakBytes)),
                         sim::percentArg(p.mfu)}),
             p.fits ? QString()
                    : QStringLiteral("<br><i>%1</i>").arg(chartsText(ChartText::PointDoesNotFit)));
}
} // namespace

PlanScatterChart::PlanScatterChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("planScatterChart"));
    setChartTitle(chartsText(ChartText::PlanSpaceTitle));
    setToolTip(chartsText(ChartText::PlanSpaceTip));
    setPlaceholder(calText(sim::CalText::Computing));
}

void PlanScatterChart::setOutcome(const ExploreOutcome& outcome) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    m_plotted = 0;
    const auto& all = outcome.search.all;
    double capacity = outcome.scenario.cluster.gpu.memoryBytes;
    double tMin = 1e30, tMax = 0, mMax = 0;
    for (const auto& p : all) {
        if (!p.fits) continue;
        tMin = std::min(tMin, p.stepSeconds);
        tMax = std::max(tMax, p.stepSeconds);
        mMax = std::max(mMax, p.peakBytes);
    }
    if (all.empty() || tMax <= 0) {
        setPlaceholder(all.empty() ? chartsText(ChartText::NoValidPlanOnCluster)
                                   : chartsText(ChartText::NoPlanFitsMemory));
        return;
    }
    setPlaceholder({});
    const double yMax = bytesToMemoryUnit(std::max(capacity, mMax) * 1.25);
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setTitleText(tr("Step time (s)"));
    x->setRange(tMin / 1.3, tMax * 1.6);
    x->setMinorTickCount(8);
    x->setMinorGridLineVisible(false);
    auto* y = new QValueAxis;
    y->setTitleText(chartsText(ChartText::PeakMemoryAxis, {qArg(memoryUnitName())}));
    y->setRange(0, yMax);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.0f"));
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);

    auto addScatter = [&](const std::vector<std::size_t>& indices, const QString& name,
                          QColor color, double size) {
        const auto kept = thinForPlot(all, indices, kMaxPointsPerSeries);
        if (kept.empty()) return;
        QList<QPointF> points;
        QStringList texts;
        for (std::size_t i : kept) {
            const double yv = bytesToMemoryUnit(all[i].peakBytes);
            if (yv > y->max() || all[i].stepSeconds > x->max() || all[i].stepSeconds < x->min())
                continue;
            points << QPointF(all[i].stepSeconds, yv);
            texts << planText(all[i]);
        }
        if (points.isEmpty()) return;
        auto* s = new QScatterSeries;
        s->setName(name);
        s->setMarkerSize(size);
        s->setColor(color);
        s->setBorderColor(color.darker(130));
        s->replace(points);
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        m_tips->add(s, points, texts);
        m_plotted += static_cast<int>(points.size());
    };

    std::vector<std::size_t> noFit;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (!all[i].fits) noFit.push_back(i);
    addScatter(noFit, tr("Does not fit"), QColor(150, 150, 150, 90), 6);
    for (model::Framework f : model::kAllFrameworks) {
        std::vector<std::size_t> idx;
        for (std::size_t i = 0; i < all.size(); ++i)
            if (all[i].fits && all[i].plan.framework == f) idx.push_back(i);
        QColor color = frameworkColor(f);
        color.setAlpha(170);
        addScatter(idx, frameworkShortName(f), color, 8);
    }

    // Capacity line.
    auto* cap = new QLineSeries;
    cap->setName(tr("GPU memory"));
    QPen capPen(QColor(0xd3, 0x2f, 0x2f));
    capPen.setStyle(Qt::DashLine);
    capPen.setWidthF(2);
    cap->setPen(capPen);
    cap->replace(QList<QPointF>{{x->min(), bytesToMemoryUnit(capacity)},
                                {x->max(), bytesToMemoryUnit(capacity)}});
    c->addSeries(cap);
    cap->attachAxis(x);
    cap->attachAxis(y);

    // Pareto front as a staircase: each plan is the least memory available at its speed.
    if (!outcome.pareto.empty()) {
        QList<QPointF> stairs, points;
        QStringList texts;
        for (std::size_t k = 0; k < outcome.pareto.size(); ++k) {
            const auto& p = all[outcome.pareto[k]];
            const QPointF pt(p.stepSeconds, bytesToMemoryUnit(p.peakBytes));
            if (k > 0) stairs << QPointF(pt.x(), stairs.back().y());
            stairs << pt;
            points << pt;
            texts << planText(p);
        }
        stairs << QPointF(x->max(), stairs.back().y());
        auto* front = new QLineSeries;
        front->setName(tr("Pareto front"));
        QPen pen(palette().color(QPalette::Text));
        pen.setWidthF(2.0);
        front->setPen(pen);
        front->replace(stairs);
        c->addSeries(front);
        front->attachAxis(x);
        front->attachAxis(y);
        auto* marks = new QScatterSeries;
        marks->setMarkerSize(11);
        marks->setColor(Qt::transparent);
        marks->setBorderColor(palette().color(QPalette::Text));
        marks->replace(points);
        c->addSeries(marks);
        marks->attachAxis(x);
        marks->attachAxis(y);
        for (auto* m : c->legend()->markers(marks))
            m->setVisible(false);
        m_tips->add(marks, points, texts);
    }
    applyPalette();
}

} // namespace trainplan::ui
