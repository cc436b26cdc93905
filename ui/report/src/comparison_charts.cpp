// The report's charts of the compared plans: memory at the peak, step time and communication per
// plan, as horizontal stacked bars (one bar per plan, one segment per component).
#include "chart_parts.h"

#include <trainplan/model/units.h>
#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

namespace trainplan::report {

namespace {

using detail::baseChart;
using detail::pen;
using detail::styleAxis;
using model::units::kGiB;

struct Component {
    Text name;
    QColor color;
};

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
        auto* set = new QBarSet(text(b.components[k].name, st.lang));
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
    // A bar past the axis is drawn cut at its edge: its label says so, with its real length, on
    // a second line (Qt Charts labels are HTML): on one, the label outgrew the axis's margin and
    // lost its start ("DDP (does not fit)" printed as "DP (does not fit)").
    QStringList labels = b.categories;
    bool cut = false;
    for (int i = 0; i < n; ++i)
        if (totals[static_cast<std::size_t>(i)] > valueAxis->max() * (1 + 1e-9)) {
            labels[i] += QStringLiteral("<br>✂ ") +
                         (b.format ? b.format(totals[static_cast<std::size_t>(i)])
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

} // namespace

namespace detail {

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
    b.referenceName = text(Text::MemCapacity, st.lang);
    // Plans far over the capacity would squash the others: cut their bars at the edge.
    b.axisMax = std::max(capacity * 1.35, maxFitting * 1.1);
    b.axisTitle = text(Text::AxisGibPerGpu, st.lang);
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
    b.axisTitle = text(ms ? Text::AxisMillisecondsPerStep : Text::AxisSecondsPerStep, st.lang);
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
    b.axisTitle = text(Text::AxisGibSent, st.lang);
    return barChart(b, st, chartTitle(ChartKind::Communication, st.lang));
}

} // namespace detail

} // namespace trainplan::report
