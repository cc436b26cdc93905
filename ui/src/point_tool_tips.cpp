#include <trainplan/ui/point_tool_tips.h>

#include <trainplan/simulator/estimate.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/view_text.h>

#include <QAbstractScrollArea>
#include <QCursor>
#include <QHelpEvent>
#include <QToolTip>
#include <QWidget>
#include <QXYSeries>

#include <cmath>
#include <limits>

namespace trainplan::ui {

namespace {

// While a point is hovered, the view's own tooltip (a description of the chart) must not replace
// the point's (issue 21: hovering a plan-space point showed the chart's description, not the
// plan): the view's QEvent::ToolTip shows the hovered point's text instead.
class HoveredPoint : public QObject {
public:
    explicit HoveredPoint(QWidget* view)
        : QObject(view)
        , m_view(view) {
        view->installEventFilter(this);
        if (auto* area = qobject_cast<QAbstractScrollArea*>(view))
            area->viewport()->installEventFilter(this);
    }
    QString text;

    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::ToolTip && !text.isEmpty()) {
            QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), text, m_view);
            return true;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget* m_view;
};

HoveredPoint* hoveredPoint(QWidget* view) {
    for (QObject* child : view->children())
        if (auto* h = dynamic_cast<HoveredPoint*>(child)) return h;
    return new HoveredPoint(view);
}

} // namespace

PointToolTips::PointToolTips(QWidget* view)
    : QObject(view)
    , m_view(view) {
    hoveredPoint(view);
}

void PointToolTips::clear() {
    m_entries.clear();
    hoveredPoint(m_view)->text.clear();
}

void PointToolTips::add(QXYSeries* series, QList<QPointF> points, QStringList texts) {
    m_entries[series] = {std::move(points), std::move(texts)};
    connect(series, &QXYSeries::hovered, this, [this, series](const QPointF& point, bool state) {
        HoveredPoint* hovered = hoveredPoint(m_view);
        if (!state) {
            hovered->text.clear();
            QToolTip::hideText();
            return;
        }
        hovered->text = textFor(series, point);
        if (!hovered->text.isEmpty()) QToolTip::showText(QCursor::pos(), hovered->text, m_view);
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

QString modelPointToolTip(model::Framework framework, double parameters,
                          const sim::PlanEstimate& best) {
    return chartsText(services::ChartText::ModelPoint,
                      {qArg(QStringLiteral("<b>%1</b>").arg(frameworkName(framework))),
                       qArg(formatParameters(parameters)),
                       qArg(QString::fromStdString(best.plan.label()).toHtmlEscaped()),
                       sim::percentArg(best.throughput.mfu), secondsArg(best.time.stepSeconds)});
}

} // namespace trainplan::ui
