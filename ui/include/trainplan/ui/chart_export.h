#pragma once

// Exporting a chart shown in the GUI: to the clipboard, as PNG at a chosen DPI or as SVG. The
// chart is re-rendered at its on-screen layout (same logical size, so labels wrap the same way),
// vector for SVG, through ui/report's renderer.

#include <QImage>
#include <QString>

class QChartView;

namespace trainplan::ui {

// The resolutions offered for PNG.
inline constexpr int kChartPngDpis[] = {96, 150, 300};

// The chart at twice the view's device pixels (crisp when pasted into slides).
[[nodiscard]] QImage chartClipboardImage(QChartView* view);
void copyChartToClipboard(QChartView* view);
// PNG at `dpi`, one logical pixel of the view being 1/96 inch: 96 dpi is the screen's size,
// 300 dpi 3.125×. The DPI is stored in the file. False with a message naming the path on failure.
bool saveChartPng(QChartView* view, const QString& path, int dpi, QString* error = nullptr);
// SVG (QSvgGenerator) with a viewBox of the view's logical size.
bool saveChartSvg(QChartView* view, const QString& path, QString* error = nullptr);

// Gives the view a context menu: Copy chart, Save as PNG… (DPI 96/150/300), Save as SVG….
void installChartExportMenu(QChartView* view);

} // namespace trainplan::ui
