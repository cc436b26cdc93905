#include <trainplan/report/report_charts.h>

#include "chart_parts.h"
#include "report_timeline.h"

#include <trainplan/report/save_file.h>
#include <trainplan/report/report_fonts.h>
#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QApplication>

#include <functional>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

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

} // namespace detail

namespace {

using detail::baseChart;
using detail::pen;
using detail::styleAxis;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr std::size_t kParetoCells = 40;

using Lang = sim::Lang;

struct Component {
    Text name;
    QColor color;
};

void hideLegendMarkers(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* m : chart->legend()->markers(series))
        m->setVisible(false);
}

// Horizontal stacked bars, one bar per compared plan (top to bottom), one segment per component.
struct Bars {
    QStringList categories;                  // top to bottom
    std::vector<std::vector<double>> values; // [component][category], axis units
    std::vector<Component> components;
    QString axisTitle;
    std::optional<double> reference;
    QString referenceName;
    std::optional<double> axisMax;
    std::function<QString(double)> format; // an axis value as text, for bars cut at the edge
};

std::unique_ptr<QChart> barChart(const Bars& b, const ChartStyle& st, const QString& title) {
    auto chart = baseChart(st, title);
    auto* series = new QHorizontalStackedBarSeries;
    const int n = static_cast<int>(b.categories.size());
    double maxTotal = 0;
    std::vector<double> totals(static_cast<std::size_t>(n), 0.0);
    for (std::size_t k = 0; k < b.components.size(); ++k) {
        auto* set = new QBarSet(tr(b.components[k].name, st.lang));
        set->setColor(b.components[k].color);
        set->setBorderColor(b.components[k].color.darker(120));
        set->setPen(pen(b.components[k].color.darker(120), 0.5));
        QList<qreal> v;
        // Qt draws the first category at the bottom: reverse so the list reads top-down.
        for (int i = n - 1; i >= 0; --i) {
            const double x = b.values[k][static_cast<std::size_t>(i)];
            v << x;
            totals[static_cast<std::size_t>(i)] += x;
        }
        set->append(v);
        series->append(set);
    }
    series->setBarWidth(0.62);
    chart->addSeries(series);
    // Up to nine components: a legend row under the chart elides their names ("Optimiz…"); a
    // column beside it shows them whole.
    chart->legend()->setAlignment(Qt::AlignRight);
    for (double t : totals)
        maxTotal = std::max(maxTotal, t);

    auto* categoryAxis = new QBarCategoryAxis;
    categoryAxis->setTruncateLabels(false); // whole category names; the plot gives way
    categoryAxis->setCategories(QStringList(b.categories.rbegin(), b.categories.rend()));
    auto* valueAxis = new QValueAxis;
    chart->addAxis(categoryAxis, Qt::AlignLeft);
    chart->addAxis(valueAxis, Qt::AlignBottom);
    series->attachAxis(categoryAxis);
    series->attachAxis(valueAxis);
    styleAxis(categoryAxis, st, {});
    categoryAxis->setGridLineVisible(false);
    styleAxis(valueAxis, st, b.axisTitle);

    double axisMax = maxTotal;
    if (b.reference) {
        auto* line = new QLineSeries;
        line->setName(b.referenceName);
        line->append(*b.reference, -0.5);
        line->append(*b.reference, n - 0.5);
        line->setPen(pen(QColor(0xd3, 0x2f, 0x2f), 1.6, Qt::DashLine));
        chart->addSeries(line);
        line->attachAxis(valueAxis);
        line->attachAxis(categoryAxis);
        axisMax = std::max(axisMax, *b.reference);
    }
    if (b.axisMax && *b.axisMax > 0) axisMax = std::min(axisMax, *b.axisMax);
    valueAxis->setRange(0, axisMax > 0 ? axisMax * 1.04 : 1.0);
    valueAxis->applyNiceNumbers();
    valueAxis->setLabelFormat(QStringLiteral("%g"));
    // A bar past the axis is drawn cut at its edge: its label says so, with its real length.
    QStringList labels = b.categories;
    bool cut = false;
    for (int i = 0; i < n; ++i)
        if (totals[static_cast<std::size_t>(i)] > valueAxis->max() * (1 + 1e-9)) {
            labels[i] += QStringLiteral(" ✂ ") + (b.format ? b.format(totals[static_cast<std::size_t>(i)])
                                                           : QString::number(totals[static_cast<std::size_t>(i)], 'g', 3));
            cut = true;
        }
    if (cut) categoryAxis->setCategories(QStringList(labels.rbegin(), labels.rend()));
    // A component no plan has (no offload, no pipeline) stays out of the legend.
    const auto markers = chart->legend()->markers(series);
    for (std::size_t k = 0; k < b.components.size() && static_cast<qsizetype>(k) < markers.size();
         ++k) {
        const bool used =
            std::any_of(b.values[k].begin(), b.values[k].end(), [](double x) { return x > 0; });
        markers[static_cast<qsizetype>(k)]->setVisible(used);
    }
    return chart;
}

std::unique_ptr<QChart> memoryChart(const ReportData& d, const ChartStyle& st) {
    Bars b;
    b.components = {
        {Text::MemWeights, componentColor(0)},   {Text::MemGradients, componentColor(1)},
        {Text::MemOptimizer, componentColor(2)}, {Text::MemActivations, componentColor(3)},
        {Text::MemTransient, componentColor(4)}, {Text::MemBuffers, componentColor(5)},
        {Text::MemOverhead, componentColor(6)}};
    b.values.resize(b.components.size());
    double maxFitting = 0;
    for (const ComparedPlan& c : d.compared) {
        if (!c.result.valid) continue;
        const MemoryAtPeak m = memoryAtPeak(c.estimate().memory);
        b.categories << comparedLabel(c, st.lang);
        const double parts[] = {m.weights,   m.gradients, m.optimizer, m.activations,
                                m.transient, m.buffers,   m.overhead};
        for (std::size_t k = 0; k < b.components.size(); ++k)
            b.values[k].push_back(parts[k] / kGiB);
        if (c.fits()) maxFitting = std::max(maxFitting, m.total() / kGiB);
    }
    const double capacity = d.scenario.cluster.gpu.memoryBytes / kGiB;
    b.reference = capacity;
    b.referenceName = tr(Text::MemCapacity, st.lang);
    // Plans far over the capacity would squash the others: cut their bars at the edge.
    b.axisMax = std::max(capacity * 1.35, maxFitting * 1.1);
    b.axisTitle = tr(Text::AxisGibPerGpu, st.lang);
    b.format = [lang = st.lang](double gib) { return fmtBytes(gib * kGiB, lang); };
    return barChart(b, st, chartTitle(ChartKind::Memory, st.lang));
}

std::unique_ptr<QChart> stepTimeChart(const ReportData& d, const ChartStyle& st) {
    Bars b;
    b.components = {
        {Text::TimeForward, componentColor(0)},   {Text::TimeBackward, componentColor(1)},
        {Text::TimeRecompute, componentColor(3)}, {Text::TimeCommIntra, tierColor(false)},
        {Text::TimeCommInter, tierColor(true)}, {Text::TimeBubble, componentColor(6)},
        {Text::TimeOptimizer, componentColor(5)}, {Text::TimeOffload, componentColor(7)}};
    b.values.resize(b.components.size());
    // A plan that does not fit cannot run: it has no step time, and its bar stays empty (so it
    // cannot set the scale either).
    double maxStep = 0;
    for (const ComparedPlan& c : d.compared)
        if (c.fits()) maxStep = std::max(maxStep, c.estimate().time.stepSeconds);
    const bool ms = maxStep < 1.0;
    const double scale = ms ? 1e3 : 1.0;
    for (const ComparedPlan& c : d.compared) {
        if (!c.result.valid) continue;
        const StepParts p = c.fits() ? stepParts(c.estimate().time) : StepParts{};
        b.categories << comparedLabel(c, st.lang);
        const double parts[] = {p.forward,   p.backward, p.recompute, p.commIntra,
                                p.commInter, p.bubble,   p.optimizer, p.offload};
        for (std::size_t k = 0; k < b.components.size(); ++k)
            b.values[k].push_back(parts[k] * scale);
    }
    b.axisTitle =
        tr(Text::AxisSecondsPerStep, st.lang).arg(ms ? QStringLiteral("ms") : QStringLiteral("s"));
    return barChart(b, st, chartTitle(ChartKind::StepTime, st.lang));
}

std::unique_ptr<QChart> communicationChart(const ReportData& d, const ChartStyle& st) {
    Bars b;
    b.components = {{Text::CommIntra, tierColor(false)}, {Text::CommInter, tierColor(true)}};
    b.values.resize(b.components.size());
    for (const ComparedPlan& c : d.compared) {
        if (!c.result.valid) continue;
        const sim::CommunicationBreakdown& m = c.estimate().communication;
        b.categories << comparedLabel(c, st.lang);
        b.values[0].push_back(m.intraNodeBytes / kGiB);
        b.values[1].push_back(m.interNodeBytes / kGiB);
    }
    b.axisTitle = tr(Text::AxisGibSent, st.lang);
    return barChart(b, st, chartTitle(ChartKind::Communication, st.lang));
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

// One line per framework through the x values where it fits (a gap starts a new, unnamed segment).
void frameworkLines(QChart* chart, const std::vector<SweepSeries>& series, double xScale,
                    QAbstractAxis* x, QAbstractAxis* y, int markerPixels) {
    for (const SweepSeries& s : series) {
        QLineSeries* current = nullptr;
        bool named = false;
        for (const SweepSample& p : s.samples) {
            if (!p.fits) {
                current = nullptr;
                continue;
            }
            if (!current) {
                current = new QLineSeries;
                current->setPen(pen(frameworkColor(s.framework), 2.0));
                current->setColor(frameworkColor(s.framework));
                current->setPointsVisible(true);
                current->setMarkerSize(markerPixels);
                chart->addSeries(current);
                current->attachAxis(x);
                current->attachAxis(y);
                if (!named) {
                    current->setName(frameworkName(s.framework));
                    named = true;
                } else {
                    hideLegendMarkers(chart, current);
                }
            }
            current->append(p.x * xScale, p.mfu * 100.0);
        }
    }
}

std::pair<double, double> xRange(const std::vector<SweepSeries>& series, double scale) {
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const SweepSeries& s : series)
        for (const SweepSample& p : s.samples) {
            if (p.x <= 0) continue;
            lo = std::min(lo, p.x * scale);
            hi = std::max(hi, p.x * scale);
        }
    if (!(hi > 0)) return {1, 10};
    return {lo, hi};
}

double maxMfu(const std::vector<SweepSeries>& series) {
    double m = 0;
    for (const SweepSeries& s : series)
        for (const SweepSample& p : s.samples)
            if (p.fits) m = std::max(m, p.mfu);
    return m;
}

std::unique_ptr<QChart> scalingChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Scaling, st.lang));
    auto* x = new QLogValueAxis;
    x->setBase(2);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setMinorTickCount(0);
    auto* y = new QValueAxis;
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    styleAxis(x, st, tr(Text::AxisGpus, st.lang));
    styleAxis(y, st, tr(Text::AxisMfu, st.lang));
    const auto [lo, hi] = xRange(d.scaling, 1.0);
    x->setRange(lo / 1.25, hi * 1.25);
    const double top =
        std::min(100.0, std::max(d.mfuThreshold, maxMfu(d.scaling)) * 100.0 * 1.12 + 2.0);
    y->setRange(0, top);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    frameworkLines(chart.get(), d.scaling, 1.0, x, y, std::max(5, st.fontPixels * 2 / 3));
    const double gpus = static_cast<double>(d.gpus());
    referenceLine(chart.get(), tr(Text::ThisCluster, st.lang), {gpus, 0}, {gpus, y->max()},
                  QColor(0x55, 0x55, 0x55), Qt::DashLine, x, y);
    referenceLine(chart.get(), tr(Text::MfuThreshold, st.lang), {lo / 1.25, d.mfuThreshold * 100},
                  {hi * 1.25, d.mfuThreshold * 100}, QColor(0xd3, 0x2f, 0x2f), Qt::DotLine, x, y);
    return chart;
}

std::unique_ptr<QChart> crossoverChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Crossover, st.lang));
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setMinorTickCount(8);
    auto* y = new QValueAxis;
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    styleAxis(x, st, tr(Text::AxisParameters, st.lang));
    styleAxis(y, st, tr(Text::AxisBestMfu, st.lang));
    constexpr double kBillion = 1e-9;
    const auto [lo, hi] = xRange(d.crossover, kBillion);
    x->setRange(lo / 1.3, hi * 1.3);
    y->setRange(0, std::min(100.0, maxMfu(d.crossover) * 100.0 * 1.12 + 2.0));
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    frameworkLines(chart.get(), d.crossover, kBillion, x, y, std::max(5, st.fontPixels * 2 / 3));
    const double params = d.parameters.total * kBillion;
    referenceLine(chart.get(), tr(Text::ThisModel, st.lang), {params, 0}, {params, y->max()},
                  QColor(0x55, 0x55, 0x55), Qt::DashLine, x, y);
    return chart;
}

// Plans to draw: the 2-D front always, the rest thinned to one per cell of a grid over
// (log step time, memory), so the file stays small for searches with thousands of plans.
std::vector<std::size_t> plotted(const std::vector<sim::PlanSummary>& all,
                                 const std::vector<std::size_t>& front, std::size_t cells) {
    double tMin = std::numeric_limits<double>::infinity(), tMax = -tMin, mMax = 0;
    for (const auto& p : all) {
        if (!p.fits) continue;
        const double t = std::log(std::max(p.stepSeconds, 1e-9));
        tMin = std::min(tMin, t);
        tMax = std::max(tMax, t);
        mMax = std::max(mMax, p.peakBytes);
    }
    std::map<std::tuple<int, int, int>, std::size_t> grid;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& p = all[i];
        if (!p.fits) continue;
        const double t = std::log(std::max(p.stepSeconds, 1e-9));
        const int cx =
            tMax > tMin
                ? static_cast<int>((t - tMin) / (tMax - tMin) * static_cast<double>(cells - 1))
                : 0;
        const int cy =
            mMax > 0 ? static_cast<int>(p.peakBytes / mMax * static_cast<double>(cells - 1)) : 0;
        grid.emplace(std::make_tuple(static_cast<int>(p.plan.framework), cx, cy), i);
    }
    std::vector<std::size_t> out = front;
    for (const auto& [cell, i] : grid)
        out.push_back(i);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::unique_ptr<QChart> paretoChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Pareto, st.lang));
    const std::vector<sim::PlanSummary>& all = d.search.all;
    const std::vector<std::size_t> front = sim::paretoFront2d(all);
    const std::vector<std::size_t> shown = plotted(all, front, kParetoCells);

    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setMinorTickCount(8);
    auto* y = new QValueAxis;
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    styleAxis(x, st, tr(Text::AxisStepTime, st.lang));
    styleAxis(y, st, tr(Text::AxisPeakMemory, st.lang));

    double tLo = std::numeric_limits<double>::infinity(), tHi = 0;
    std::map<model::Framework, QScatterSeries*> scatter;
    for (model::Framework f : model::kAllFrameworks) {
        auto* s = new QScatterSeries;
        s->setName(frameworkName(f));
        s->setColor(frameworkColor(f));
        s->setBorderColor(frameworkColor(f).darker(130));
        s->setPen(pen(frameworkColor(f).darker(130), 0.4));
        s->setMarkerSize(std::max(4.0, st.fontPixels * 0.55));
        scatter[f] = s;
    }
    for (std::size_t i : shown) {
        const sim::PlanSummary& p = all[i];
        scatter[p.plan.framework]->append(p.stepSeconds, p.peakBytes / kGiB);
        tLo = std::min(tLo, p.stepSeconds);
        tHi = std::max(tHi, p.stepSeconds);
    }
    for (auto& [f, s] : scatter) {
        if (s->count() == 0) {
            delete s;
            continue;
        }
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
    }
    if (!(tHi > 0)) tLo = 1, tHi = 10;
    // A decade at least, so the log axis has labels at both ends.
    const double mid = std::sqrt(tLo * tHi);
    const double span = std::max(std::sqrt(tHi / tLo) * 1.15, std::sqrt(10.0));
    x->setRange(mid / span, mid * span);

    auto* line = new QLineSeries;
    line->setName(tr(Text::ParetoFront, st.lang));
    line->setPen(pen(QColor(0x22, 0x22, 0x22), 1.5));
    for (std::size_t i : front)
        line->append(all[i].stepSeconds, all[i].peakBytes / kGiB);
    chart->addSeries(line);
    line->attachAxis(x);
    line->attachAxis(y);

    const double usable =
        (d.search.usableBytes > 0 ? d.search.usableBytes : d.scenario.cluster.gpu.memoryBytes) /
        kGiB;
    y->setRange(0, usable * 1.08);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    referenceLine(chart.get(), tr(Text::MemUsable, st.lang), {x->min(), usable}, {x->max(), usable},
                  QColor(0xd3, 0x2f, 0x2f), Qt::DashLine, x, y);
    return chart;
}

std::unique_ptr<QChart> emptyChart(ChartKind kind, const ChartStyle& st) {
    ChartStyle s = st;
    s.showTitle = true;
    auto chart = baseChart(s, chartTitle(kind, st.lang));
    chart->setTitle(chartTitle(kind, st.lang) + QStringLiteral(": ") + tr(Text::NoData, st.lang));
    return chart;
}

void layOut(QChart& chart, QSizeF size) {
    if (!size.isEmpty()) chart.resize(size);
    if (QGraphicsLayout* l = chart.layout()) l->activate();
    // Qt Charts positions axes and series on posted layout requests.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
}

} // namespace


std::size_t paretoPointsDrawn(const ReportData& data) {
    return plotted(data.search.all, sim::paretoFront2d(data.search.all), kParetoCells).size();
}

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
        return tr(Text::ChartMemory, lang);
    case ChartKind::StepTime:
        return tr(Text::ChartStepTime, lang);
    case ChartKind::Communication:
        return tr(Text::ChartCommunication, lang);
    case ChartKind::Scaling:
        return tr(Text::ChartScaling, lang);
    case ChartKind::Crossover:
        return tr(Text::ChartCrossover, lang);
    case ChartKind::Pareto:
        return tr(Text::ChartPareto, lang);
    case ChartKind::Timeline:
        return tr(Text::ChartTimeline, lang);
    case ChartKind::Scenarios:
        return tr(Text::ChartScenarios, lang);
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
        return memoryChart(data, style);
    case ChartKind::StepTime:
        return stepTimeChart(data, style);
    case ChartKind::Communication:
        return communicationChart(data, style);
    case ChartKind::Scaling:
        return scalingChart(data, style);
    case ChartKind::Crossover:
        return crossoverChart(data, style);
    case ChartKind::Pareto:
        return paretoChart(data, style);
    case ChartKind::Timeline:
        return timelineChart(data.advice->stages, *data.timeline, detail::timelineStart(data),
                             style);
    case ChartKind::Scenarios:
        return scenariosChart(*data.sideBySide, style);
    }
    return emptyChart(kind, style);
}

void renderChart(QChart& chart, QPainter& painter, const QRectF& target, QSizeF size) {
    QGraphicsScene scene;
    const bool borrowed = chart.scene() == nullptr;
    if (borrowed) scene.addItem(&chart);
    const QSizeF before = chart.size();
    layOut(chart, size);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    chart.scene()->render(&painter, target, chart.sceneBoundingRect(), Qt::IgnoreAspectRatio);
    painter.restore();
    if (borrowed) {
        scene.removeItem(&chart);
    } else if (!size.isEmpty() && before != size) {
        layOut(chart, before); // a chart shown in a view goes back to its size
    }
}

QImage chartImage(QChart& chart, QSizeF size, double dpi) {
    if (size.isEmpty()) size = chart.size();
    const double scale = dpi / 72.0;
    QImage image(std::max(1, static_cast<int>(std::lround(size.width() * scale))),
                 std::max(1, static_cast<int>(std::lround(size.height() * scale))),
                 QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QPainter p(&image);
    renderChart(chart, p, QRectF(0, 0, image.width(), image.height()), size);
    p.end();
    return image;
}

QByteArray chartSvg(QChart& chart, QSizeF size, const QString& title) {
    if (size.isEmpty()) size = chart.size();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setSize(size.toSize());
    gen.setViewBox(QRectF(QPointF(0, 0), size));
    gen.setResolution(72);
    gen.setTitle(title.isEmpty() ? chart.title() : title);
    gen.setDescription(QStringLiteral("TrainPlan chart"));
    QPainter p(&gen);
    renderChart(chart, p, QRectF(QPointF(0, 0), size), size);
    p.end();
    return buffer.data();
}

bool writeChartPng(QChart& chart, const QString& path, QSizeF size, double dpi, QString* error) {
    const QImage image = chartImage(chart, size, dpi);
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    if (!image.save(&png, "PNG")) {
        if (error) *error = QStringLiteral("%1: the chart could not be encoded as PNG").arg(path);
        return false;
    }
    return saveFile(path, png.data(), error);
}

bool writeChartSvg(QChart& chart, const QString& path, QSizeF size, QString* error) {
    return saveFile(path, chartSvg(chart, size), error);
}

bool exportChart(ChartKind kind, const ReportData& data, sim::Lang lang, const QString& path,
                 double dpi, QSizeF size, QString* error) {
    ChartStyle style;
    style.lang = lang;
    style.fontPixels = std::max(9, static_cast<int>(std::lround(size.width() / 55.0)));
    style.showTitle = true;
    auto chart = makeChart(kind, data, style);
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg")) return writeChartSvg(*chart, path, size, error);
    if (suffix == QLatin1String("png")) return writeChartPng(*chart, path, size, dpi, error);
    if (error) *error = QStringLiteral("%1: a chart is written as .png or .svg").arg(path);
    return false;
}

} // namespace trainplan::report
