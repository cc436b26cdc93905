#include <trainplan/ui/chart_export.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/report/save_file.h>
#include <trainplan/ui/window_text.h>

#include <QApplication>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

#include <cmath>

namespace trainplan::ui {

namespace {

using services::WindowText;

// The CSS reference pixel: Qt lays widgets out in logical pixels of 1/96 inch.
constexpr double kLogicalDpi = 96.0;
// report::chartImage takes the size in points (1/72 inch).
constexpr double kPointsPerInch = 72.0;

class ChartExport {
    Q_DECLARE_TR_FUNCTIONS(ChartExport)
};

QSizeF logicalSize(QChartView* view) {
    return QSizeF(view->viewport()->size());
}

QImage renderAt(QChartView* view, double scale) {
    // chartImage's scale is dpi / 72 per unit of `size`; the size here is in logical pixels.
    QImage image = report::chartImage(*view->chart(), logicalSize(view), scale * kPointsPerInch);
    return image;
}

QString suggestedPath(QChartView* view, const QString& suffix) {
    QString stem = view->chart()->title();
    if (stem.isEmpty()) stem = view->objectName();
    if (stem.isEmpty()) stem = QStringLiteral("chart");
    for (QChar& c : stem)
        if (!c.isLetterOrNumber() && c != u'-' && c != u'_') c = u'-';
    return QDir::home().filePath(stem + QStringLiteral(".") + suffix);
}

} // namespace

QImage chartClipboardImage(QChartView* view) {
    QImage image = renderAt(view, 2.0 * view->devicePixelRatioF());
    const int dotsPerMeter = static_cast<int>(std::lround(2.0 * kLogicalDpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    return image;
}

void copyChartToClipboard(QChartView* view) {
    QApplication::clipboard()->setImage(chartClipboardImage(view));
}

bool saveChartPng(QChartView* view, const QString& path, int dpi, QString* error) {
    if (dpi <= 0) {
        if (error)
            *error = winText(WindowText::ChartBadResolution,
                             {qArg(QDir::toNativeSeparators(path)), sim::countArg(dpi)});
        return false;
    }
    QImage image = renderAt(view, dpi / kLogicalDpi);
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    QString reason;
    if (!image.save(&png, "PNG"))
        reason = winText(WindowText::ChartPngFailed);
    else if (report::saveFile(path, png.data(), nullptr, &reason, advisorLanguage()))
        return true;
    if (error)
        *error = winText(WindowText::ChartNotWritten,
                         {qArg(QDir::toNativeSeparators(path)), qArg(reason)});
    return false;
}

bool saveChartSvg(QChartView* view, const QString& path, QString* error) {
    const QByteArray svg = report::chartSvg(*view->chart(), logicalSize(view));
    QString reason;
    if (report::saveFile(path, svg, nullptr, &reason, advisorLanguage())) return true;
    if (error)
        *error = winText(WindowText::ChartNotWritten,
                         {qArg(QDir::toNativeSeparators(path)), qArg(reason)});
    return false;
}

void installChartExportMenu(QChartView* view) {
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view, [view](const QPoint& pos) {
        QMenu menu(view);
        menu.addAction(ChartExport::tr("Copy chart"), view, [view] { copyChartToClipboard(view); })
            ->setToolTip(winText(WindowText::CopyChartTip));
        menu.addAction(ChartExport::tr("Save chart as PNG…"), view, [view] {
            QStringList choices;
            for (int dpi : kChartPngDpis)
                choices << winText(WindowText::ChartDpi, {sim::countArg(dpi)});
            bool ok = false;
            const QString choice =
                QInputDialog::getItem(view, ChartExport::tr("Save chart as PNG"),
                                      ChartExport::tr("Resolution"), choices, 1, false, &ok);
            if (!ok) return;
            const int dpi = kChartPngDpis[std::max<qsizetype>(0, choices.indexOf(choice))];
            QString path = QFileDialog::getSaveFileName(view, ChartExport::tr("Save chart as PNG"),
                                                        suggestedPath(view, QStringLiteral("png")),
                                                        ChartExport::tr("PNG images (*.png)"));
            if (path.isEmpty()) return;
            if (!path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive))
                path += QStringLiteral(".png");
            QString error;
            if (!saveChartPng(view, path, dpi, &error))
                QMessageBox::warning(view, ChartExport::tr("Save chart as PNG"), error);
        });
        menu.addAction(ChartExport::tr("Save chart as SVG…"), view, [view] {
            QString path = QFileDialog::getSaveFileName(view, ChartExport::tr("Save chart as SVG"),
                                                        suggestedPath(view, QStringLiteral("svg")),
                                                        ChartExport::tr("SVG images (*.svg)"));
            if (path.isEmpty()) return;
            if (!path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive))
                path += QStringLiteral(".svg");
            QString error;
            if (!saveChartSvg(view, path, &error))
                QMessageBox::warning(view, ChartExport::tr("Save chart as SVG"), error);
        });
        menu.exec(view->viewport()->mapToGlobal(pos));
    });
}

} // namespace trainplan::ui
