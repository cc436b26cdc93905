#include <trainplan/ui/sizing_chart.h>

#include <trainplan/simulator/number_format.h>

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
#include <cmath>
#include <limits>
#include <map>

namespace trainplan::ui {

using services::ChartText;

namespace {

constexpr double kSecondsPerDay = 86400.0;

QString pointText(const sim::SizedConfig& c, const sim::SizingTextOptions& o) {
    return QStringLiteral("%1\n%2 %3\n%4 · %5")
        .arg(toQString(c.clusterLabel()), frameworkShortName(c.plan.framework),
             toQString(c.plan.label()), toQString(sim::formatDays(c.expectedSeconds, o)),
             toQString(sim::formatMoney(c.expectedUsd, o)));
}

} // namespace

SizingChart::SizingChart(QWidget* parent)
    : ChartView(parent)
    , m_tips(new PointToolTips(this)) {
    setObjectName(QStringLiteral("sizingChart"));
    setChartTitle(chartsText(ChartText::SizingTitle));
    setToolTip(chartsText(ChartText::SizingTip));
    setPlaceholder(calText(sim::CalText::Computing));
}

void SizingChart::setOutcome(const SizingOutcome& outcome) {
    QChart* c = chart();
    clearChart(c);
    m_tips->clear();
    m_gpuSeries.clear();
    m_feasibleShown = false;
    if (!outcome.result) {
        setPlaceholder(outcome.error.isEmpty() ? tr("No results") : outcome.error);
        return;
    }
    const sim::SizingResult& r = *outcome.result;
    const sim::SizingTextOptions& o = outcome.text;
    const double currencyPerUsd = o.cny ? o.cnyPerUsd : 1.0;
    // Every configuration of the answer once, keyed by GPU type.
    std::vector<const sim::SizedConfig*> all;
    for (const auto& p : r.front)
        all.push_back(&p.config);
    for (const auto& [fw, list] : r.topPerFramework)
        for (const auto& cfg : list)
            all.push_back(&cfg);
    for (const auto* cfg : {r.binding.cheapestMeetingDeadline ? &*r.binding.cheapestMeetingDeadline
                                                               : nullptr,
                            r.binding.fastestWithinBudget ? &*r.binding.fastestWithinBudget
                                                          : nullptr,
                            r.binding.fastestOverall ? &*r.binding.fastestOverall : nullptr,
                            r.binding.cheapestOverall ? &*r.binding.cheapestOverall : nullptr})
        if (cfg) all.push_back(cfg);
    double maxAmount = 0; // in the currency shown: the axis unit is chosen from it
    for (const auto* cfg : all)
        maxAmount = std::max(maxAmount, cfg->expectedUsd * currencyPerUsd);
    const sim::AxisUnit money = sim::moneyAxis(maxAmount, advisorLanguage());
    const double moneyScale = currencyPerUsd / money.divisor; // USD → the axis unit
    double minX = std::numeric_limits<double>::infinity(), maxX = 0;
    double minY = std::numeric_limits<double>::infinity(), maxY = 0;
    auto extend = [&](double x, double y) {
        if (!(x > 0) || !(y > 0)) return;
        minX = std::min(minX, x);
        maxX = std::max(maxX, x);
        minY = std::min(minY, y);
        maxY = std::max(maxY, y);
    };
    for (const auto* cfg : all)
        extend(cfg->expectedSeconds / kSecondsPerDay, cfg->expectedUsd * moneyScale);
    const auto& k = r.constraints;
    const double deadlineX = k.deadlineSeconds ? *k.deadlineSeconds / kSecondsPerDay : 0;
    const double budgetY = k.budgetUsd ? *k.budgetUsd * moneyScale : 0;
    if (deadlineX > 0 && maxY > 0) extend(deadlineX, minY);
    if (budgetY > 0 && maxX > 0) extend(minX, budgetY);
    if (!(maxX > 0) || !(maxY > 0)) {
        setPlaceholder(r.front.empty() && !r.notes.empty() ? toQString(r.notes.front())
                                                           : tr("No configuration fits"));
        return;
    }
    setPlaceholder(QString());
    const double x0 = minX / 1.6, x1 = maxX * 1.6, y0 = minY / 1.6, y1 = maxY * 1.6;
    // Log axes when the points span more than a decade and a half, else linear ones (a log axis
    // labels only its powers of ten, which left one label on a narrow range).
    auto makeAxis = [](double lo, double hi, const QString& title) -> QAbstractAxis* {
        if (hi / lo > 30) {
            auto* a = new QLogValueAxis;
            a->setBase(10);
            a->setLabelFormat(QStringLiteral("%g"));
            a->setMinorTickCount(8);
            a->setMinorGridLineVisible(false);
            a->setRange(lo, hi);
            a->setTitleText(title);
            return a;
        }
        auto* a = new QValueAxis;
        a->setRange(lo, hi);
        a->applyNiceNumbers();
        a->setLabelFormat(QStringLiteral("%.3g"));
        a->setTitleText(title);
        return a;
    };
    const bool logX = x1 / x0 > 30, logY = y1 / y0 > 30;
    QAbstractAxis* x = makeAxis(logX ? x0 : minX * 0.8, logX ? x1 : maxX * 1.15,
                                chartsText(ChartText::TimeToTrainDaysAxis));
    QAbstractAxis* y = makeAxis(logY ? y0 : minY * 0.8, logY ? y1 : maxY * 1.15,
                                chartsText(o.cny ? ChartText::CostCnyAxis : ChartText::CostUsdAxis,
                                           {sim::textArg(money.suffix)}));
    // The plotted range, for the shaded region and the limit lines.
    auto range = [](QAbstractAxis* a, double& lo, double& hi) {
        if (auto* l = qobject_cast<QLogValueAxis*>(a)) {
            lo = l->min();
            hi = l->max();
        } else if (auto* v = qobject_cast<QValueAxis*>(a)) {
            lo = v->min();
            hi = v->max();
        }
    };
    double px0 = x0, px1 = x1, py0 = y0, py1 = y1;
    range(x, px0, px1);
    range(y, py0, py1);
    c->addAxis(x, Qt::AlignBottom);
    c->addAxis(y, Qt::AlignLeft);
    auto attach = [&](QAbstractSeries* s) {
        c->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    };

    // The region meeting both (the part of the plot left of the deadline and below the budget).
    if (deadlineX > 0 || budgetY > 0) {
        const double right = deadlineX > 0 ? std::min(deadlineX, px1) : px1;
        const double top = budgetY > 0 ? std::min(budgetY, py1) : py1;
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        upper->replace(QList<QPointF>{{px0, top}, {right, top}});
        lower->replace(QList<QPointF>{{px0, py0}, {right, py0}});
        auto* area = new QAreaSeries(upper, lower);
        area->setName(tr("Meets both"));
        area->setBrush(QColor(0x2e, 0x7d, 0x32, 28));
        area->setPen(Qt::NoPen);
        attach(area);
        m_feasibleShown = true;
    }
    auto limitLine = [&](QList<QPointF> pts, const QString& name) {
        auto* line = new QLineSeries;
        line->setName(name);
        QPen pen(palette().color(QPalette::WindowText));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.3);
        line->setPen(pen);
        line->replace(pts);
        attach(line);
    };
    if (deadlineX > 0)
        limitLine({{deadlineX, py0}, {deadlineX, py1}}, tr("Deadline"));
    if (budgetY > 0)
        limitLine({{px0, budgetY}, {px1, budgetY}}, tr("Budget"));

    // The front, fastest first: a line through its points.
    if (r.front.size() > 1) {
        auto* line = new QLineSeries;
        line->setName(tr("Pareto front"));
        QPen pen(palette().color(QPalette::WindowText));
        pen.setWidthF(1.6);
        line->setPen(pen);
        for (const auto& p : r.front)
            line->append(p.config.expectedSeconds / kSecondsPerDay,
                         p.config.expectedUsd * moneyScale);
        attach(line);
    }
    // One scatter per GPU type, in the order of the candidates.
    std::map<int, std::pair<QList<QPointF>, QStringList>> byGpu;
    for (const auto* cfg : all) {
        auto& [pts, texts] = byGpu[cfg->gpuIndex];
        const QPointF pt(cfg->expectedSeconds / kSecondsPerDay, cfg->expectedUsd * moneyScale);
        if (pts.contains(pt)) continue;
        pts.append(pt);
        texts.append(pointText(*cfg, o));
    }
    int colour = 0;
    for (auto& [gpu, data] : byGpu) {
        auto* s = new QScatterSeries;
        const QString name =
            gpu >= 0 && gpu < static_cast<int>(outcome.gpus.size())
                ? toQString(outcome.gpus[static_cast<std::size_t>(gpu)].name)
                : QStringLiteral("?");
        s->setName(name);
        s->setColor(componentColor(colour++));
        s->setBorderColor(palette().color(QPalette::Base));
        s->setMarkerSize(9);
        s->replace(data.first);
        attach(s);
        m_tips->add(s, data.first, data.second);
        m_gpuSeries.append(name);
    }
    c->legend()->setVisible(true);
    applyPalette();
}

} // namespace trainplan::ui
