// The report's charts over the sweeps: MFU against the GPU count (scaling) and against the model
// size (crossover), one line per framework through the points where it fits.
#include "chart_parts.h"

#include <trainplan/report/report_labels.h>
#include <trainplan/report/report_strings.h>

#include <trainplan/simulator/number_format.h>

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace trainplan::report {

namespace {

using detail::pen;

void hideLegendMarkers(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* m : chart->legend()->markers(series))
        m->setVisible(false);
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

} // namespace

namespace detail {

std::unique_ptr<QChart> scalingChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Scaling, st.lang));
    const auto [x, y] = logLinearAxes(chart.get(), st, 2, 0, text(Text::AxisGpus, st.lang),
                                      text(Text::AxisMfu, st.lang));
    const auto [lo, hi] = xRange(d.scaling, 1.0);
    x->setRange(lo / 1.25, hi * 1.25);
    const double top =
        std::min(100.0, std::max(d.mfuThreshold, maxMfu(d.scaling)) * 100.0 * 1.12 + 2.0);
    y->setRange(0, top);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    frameworkLines(chart.get(), d.scaling, 1.0, x, y, std::max(5, st.fontPixels * 2 / 3));
    const double gpus = static_cast<double>(d.gpus());
    referenceLine(chart.get(), text(Text::ThisCluster, st.lang), {gpus, 0}, {gpus, y->max()},
                  QColor(0x55, 0x55, 0x55), Qt::DashLine, x, y);
    referenceLine(chart.get(), text(Text::MfuThreshold, st.lang), {lo / 1.25, d.mfuThreshold * 100},
                  {hi * 1.25, d.mfuThreshold * 100}, QColor(0xd3, 0x2f, 0x2f), Qt::DotLine, x, y);
    return chart;
}

std::unique_ptr<QChart> crossoverChart(const ReportData& d, const ChartStyle& st) {
    auto chart = baseChart(st, chartTitle(ChartKind::Crossover, st.lang));
    // Billions in English, 亿 in Chinese: the grouping every count of the report uses.
    const sim::AxisUnit units = sim::parametersAxis(st.lang);
    const auto [x, y] = logLinearAxes(
        chart.get(), st, 10, 8, text(Text::AxisParameters, st.lang, {sim::textArg(units.suffix)}),
        text(Text::AxisBestMfu, st.lang));
    const double perParameter = 1.0 / units.divisor;
    const auto [lo, hi] = xRange(d.crossover, perParameter);
    x->setRange(lo / 1.3, hi * 1.3);
    y->setRange(0, std::min(100.0, maxMfu(d.crossover) * 100.0 * 1.12 + 2.0));
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%g"));
    frameworkLines(chart.get(), d.crossover, perParameter, x, y,
                   std::max(5, st.fontPixels * 2 / 3));
    const double params = d.parameters.total * perParameter;
    referenceLine(chart.get(), text(Text::ThisModel, st.lang), {params, 0}, {params, y->max()},
                  QColor(0x55, 0x55, 0x55), Qt::DashLine, x, y);
    return chart;
}

} // namespace detail

} // namespace trainplan::report
