#pragma once

// The house style of the report's charts (report_charts.cpp), shared with the charts drawn in
// other files (report_timeline.cpp).

#include <trainplan/report/report_charts.h>

#include <QChart>
#include <QColor>
#include <QPen>

#include <memory>

class QAbstractAxis;

namespace trainplan::report::detail {

[[nodiscard]] QPen pen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine);
// A white chart with the style's fonts, no animation, the legend below; titled when showTitle.
[[nodiscard]] std::unique_ptr<QChart> baseChart(const ChartStyle& st, const QString& title);
void styleAxis(QAbstractAxis* axis, const ChartStyle& st, const QString& title);

} // namespace trainplan::report::detail
