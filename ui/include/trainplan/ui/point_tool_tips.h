#pragma once

#include <QList>
#include <QObject>
#include <QPointF>
#include <QStringList>

#include <trainplan/model/plan.h>

#include <map>

class QXYSeries;
class QWidget;

namespace trainplan::sim {
struct PlanEstimate;
}

namespace trainplan::ui {

// The tooltip of a model-size point (the break-point and crossover charts): the framework, the
// model's parameters, its best plan, that plan's MFU and step time.
[[nodiscard]] QString modelPointToolTip(model::Framework framework, double parameters,
                                        const sim::PlanEstimate& best);

// Hover tooltips for the points of line and scatter series: the text of the point nearest to
// the hovered position.
class PointToolTips : public QObject {
    Q_OBJECT
public:
    explicit PointToolTips(QWidget* view);
    void clear();
    void add(QXYSeries* series, QList<QPointF> points, QStringList texts);
    // The text that hovering `point` on `series` would show (empty when unknown).
    [[nodiscard]] QString textFor(const QXYSeries* series, const QPointF& point) const;

private:
    struct Entry {
        QList<QPointF> points;
        QStringList texts;
    };
    QWidget* m_view;
    std::map<const QXYSeries*, Entry> m_entries;
};

} // namespace trainplan::ui
