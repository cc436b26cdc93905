// Any QChart into a painter (vector in PDF and SVG), a PNG at a chosen DPI or an SVG document,
// and the report's charts written to files (exportChart).
#include <trainplan/report/report_charts.h>

#include <trainplan/report/report_numbers.h>
#include <trainplan/report/report_strings.h>
#include <trainplan/report/save_file.h>

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

namespace trainplan::report {

namespace {

void layOut(QChart& chart, QSizeF size) {
    if (!size.isEmpty()) chart.resize(size);
    if (QGraphicsLayout* l = chart.layout()) l->activate();
    // Qt Charts positions axes and series on posted layout requests.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
}

} // namespace

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

bool writeChartPng(QChart& chart, const QString& path, QSizeF size, double dpi, QString* error,
                   sim::Lang lang) {
    const QImage image = chartImage(chart, size, dpi);
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    if (!image.save(&png, "PNG")) {
        if (error) *error = text(Text::ErrorChartNotEncoded, lang, {qsArg(path)});
        return false;
    }
    return saveReportFile(path, png.data(), lang, error);
}

bool writeChartSvg(QChart& chart, const QString& path, QSizeF size, QString* error,
                   sim::Lang lang) {
    return saveReportFile(path, chartSvg(chart, size), lang, error);
}

bool exportChart(ChartKind kind, const ReportData& data, sim::Lang lang, const QString& path,
                 double dpi, QSizeF size, QString* error) {
    ChartStyle style;
    style.lang = lang;
    style.fontPixels = std::max(9, static_cast<int>(std::lround(size.width() / 55.0)));
    style.showTitle = true;
    auto chart = makeChart(kind, data, style);
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg")) return writeChartSvg(*chart, path, size, error, lang);
    if (suffix == QLatin1String("png")) return writeChartPng(*chart, path, size, dpi, error, lang);
    if (error) *error = text(Text::ErrorChartSuffix, lang, {qsArg(path)});
    return false;
}

} // namespace trainplan::report
