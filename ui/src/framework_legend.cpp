#include <trainplan/ui/framework_legend.h>

#include <trainplan/ui/framework_style.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace trainplan::ui {

FrameworkLegend::FrameworkLegend(const QString& key, QWidget* parent)
    : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(6);
    const int side = fontMetrics().height() - 2;
    const qreal dpr = devicePixelRatioF();
    for (model::Framework f : model::kAllFrameworks) {
        QPixmap swatch(QSize(side, side) * dpr);
        swatch.setDevicePixelRatio(dpr);
        swatch.fill(Qt::transparent);
        QPainter p(&swatch);
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(frameworkColor(f));
        p.setPen(frameworkColor(f).darker(130));
        p.drawRoundedRect(QRectF(0.5, 0.5, side - 1, side - 1), 2, 2);
        p.end();
        auto* icon = new QLabel;
        icon->setPixmap(swatch);
        layout->addWidget(icon);
        auto* name = new QLabel(frameworkName(f));
        layout->addWidget(name);
        layout->addSpacing(8);
    }
    auto* keyLabel = new QLabel(key);
    keyLabel->setForegroundRole(QPalette::PlaceholderText);
    keyLabel->setWordWrap(true);
    layout->addWidget(keyLabel, 1);
}

} // namespace trainplan::ui
