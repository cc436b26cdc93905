#include <trainplan/ui/chart_style.h>

#include <QAbstractAxis>
#include <QApplication>
#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>

namespace trainplan::ui {

ChartView::ChartView(QWidget* parent)
    : QChartView(new QChart, parent) {
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 220);
    QChart* c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->legend()->setShowToolTips(true);
    c->setMargins(QMargins(4, 4, 4, 4));
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setBackgroundRoundness(0);
    applyPalette();
}

void ChartView::setChartTitle(const QString& title) {
    chart()->setTitle(title);
    QFont f = font();
    f.setBold(true);
    chart()->setTitleFont(f);
}

void ChartView::setPlaceholder(const QString& text) {
    if (text == m_placeholder) return;
    m_placeholder = text;
    viewport()->update();
}

void ChartView::applyPalette() {
    const QPalette p = palette();
    QChart* c = chart();
    c->setBackgroundBrush(p.base());
    c->setPlotAreaBackgroundVisible(false);
    c->setTitleBrush(p.text());
    c->legend()->setLabelColor(p.color(QPalette::Text));
    c->legend()->setFont(font());
    QColor grid = p.color(QPalette::Text);
    grid.setAlpha(40);
    QColor line = p.color(QPalette::Text);
    line.setAlpha(120);
    for (QAbstractAxis* axis : c->axes()) {
        axis->setLabelsColor(p.color(QPalette::Text));
        axis->setTitleBrush(p.text());
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(grid);
        axis->setLinePenColor(line);
        axis->setLabelsFont(font());
        QFont titleFont = font();
        titleFont.setPointSizeF(font().pointSizeF() * 0.95);
        axis->setTitleFont(titleFont);
    }
    setBackgroundBrush(p.base());
}

void ChartView::changeEvent(QEvent* event) {
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyPalette();
}

void ChartView::paintEvent(QPaintEvent* event) {
    QChartView::paintEvent(event);
    if (m_placeholder.isEmpty()) return;
    QPainter painter(viewport());
    QColor c = palette().color(QPalette::Text);
    c.setAlpha(170);
    painter.setPen(c);
    painter.drawText(viewport()->rect().adjusted(16, 16, -16, -16),
                     Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
}

void clearChart(QChart* chart) {
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
}

QAreaSeries* addNoFitBand(QChart* chart, QAbstractAxis* x, QAbstractAxis* y, double fromX,
                          double toX, double yMax, int lane, const QColor& color,
                          const QString& name) {
    constexpr double kLane = 0.05; // of the plot's height
    const double top = yMax * (1.0 - kLane * lane), bottom = yMax * (1.0 - kLane * (lane + 1));
    auto* upper = new QLineSeries;
    auto* lower = new QLineSeries;
    upper->replace(QList<QPointF>{{fromX, top}, {toX, top}});
    lower->replace(QList<QPointF>{{fromX, bottom}, {toX, bottom}});
    auto* bar = new QAreaSeries(upper, lower);
    bar->setName(name);
    QColor fill = color;
    fill.setAlpha(150);
    bar->setBrush(fill);
    bar->setPen(Qt::NoPen);
    auto* edge = new QLineSeries;
    edge->setName(name);
    edge->replace(QList<QPointF>{{fromX, 0.0}, {fromX, yMax}});
    QPen pen(color);
    pen.setWidthF(1.1);
    pen.setStyle(Qt::DashLine);
    edge->setPen(pen);
    for (QAbstractSeries* s : {static_cast<QAbstractSeries*>(bar), static_cast<QAbstractSeries*>(edge)}) {
        chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        for (QLegendMarker* m : chart->legend()->markers(s))
            m->setVisible(false); // the legend names the frameworks, not their regions
    }
    return bar;
}

} // namespace trainplan::ui
