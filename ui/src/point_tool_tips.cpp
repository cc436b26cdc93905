#include <trainplan/ui/point_tool_tips.h>

#include <QCursor>
#include <QToolTip>
#include <QWidget>
#include <QXYSeries>

#include <cmath>
#include <limits>

namespace trainplan::ui {

PointToolTips::PointToolTips(QWidget* view)
    : QObject(view)
    , m_view(view) {}

void PointToolTips::clear() {
    m_entries.clear();
}

void PointToolTips::add(QXYSeries* series, QList<QPointF> points, QStringList texts) {
    m_entries[series] = {std::move(points), std::move(texts)};
    connect(series, &QXYSeries::hovered, this, [this, series](const QPointF& point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const QString text = textFor(series, point);
        if (!text.isEmpty()) QToolTip::showText(QCursor::pos(), text, m_view);
    });
}

QString PointToolTips::textFor(const QXYSeries* series, const QPointF& point) const {
    const auto it = m_entries.find(series);
    if (it == m_entries.end()) return {};
    const Entry& e = it->second;
    double bestDistance = std::numeric_limits<double>::infinity();
    qsizetype best = -1;
    for (qsizetype i = 0; i < e.points.size() && i < e.texts.size(); ++i) {
        // Relative distance: axes may be logarithmic and in very different units.
        const QPointF& p = e.points[i];
        const double dx = (p.x() - point.x()) / std::max(std::fabs(p.x()), 1e-12);
        const double dy = (p.y() - point.y()) / std::max(std::fabs(p.y()), 1e-12);
        const double d = dx * dx + dy * dy;
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best >= 0 ? e.texts[best] : QString();
}

} // namespace trainplan::ui
