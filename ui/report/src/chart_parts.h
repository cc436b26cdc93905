#pragma once

// The house style of the report's charts (report_charts.cpp), shared with the charts drawn in
// other files (comparison_charts.cpp, sweep_charts.cpp, pareto_chart.cpp, report_timeline.cpp),
// and the chart builders makeChart (report_charts.cpp) picks from.

#include <trainplan/report/report_charts.h>

#include <QChart>
#include <QColor>
#include <QPen>
#include <QPointF>

#include <memory>

class QAbstractAxis;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace trainplan::report::detail {

[[nodiscard]] QPen pen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine);
// A white chart with the style's fonts, no animation, the legend below; titled when showTitle.
[[nodiscard]] std::unique_ptr<QChart> baseChart(const ChartStyle& st, const QString& title);
void styleAxis(QAbstractAxis* axis, const ChartStyle& st, const QString& title);
// A named straight line from `a` to `b` on the axes x and y (a threshold, "this cluster").
QLineSeries* referenceLine(QChart* chart, const QString& name, QPointF a, QPointF b,
                           const QColor& color, Qt::PenStyle style, QAbstractAxis* x,
                           QAbstractAxis* y);
// A logarithmic x axis (labels "%g") over a linear y axis, both added to the chart and styled
// with their titles.
struct LogLinearAxes {
    QLogValueAxis* x;
    QValueAxis* y;
};
LogLinearAxes logLinearAxes(QChart* chart, const ChartStyle& st, double base, int minorTicks,
                            const QString& xTitle, const QString& yTitle);

// Per compared plan, as horizontal stacked bars (comparison_charts.cpp).
[[nodiscard]] std::unique_ptr<QChart> memoryChart(const ReportData& d, const ChartStyle& st);
[[nodiscard]] std::unique_ptr<QChart> stepTimeChart(const ReportData& d, const ChartStyle& st);
[[nodiscard]] std::unique_ptr<QChart> communicationChart(const ReportData& d, const ChartStyle& st);
// MFU per framework over the sweeps (sweep_charts.cpp).
[[nodiscard]] std::unique_ptr<QChart> scalingChart(const ReportData& d, const ChartStyle& st);
[[nodiscard]] std::unique_ptr<QChart> crossoverChart(const ReportData& d, const ChartStyle& st);
// Every fitting plan of the search and its front (pareto_chart.cpp).
[[nodiscard]] std::unique_ptr<QChart> paretoChart(const ReportData& d, const ChartStyle& st);

} // namespace trainplan::report::detail
