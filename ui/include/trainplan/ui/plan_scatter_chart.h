#pragma once

#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/planner_results.h>

namespace trainplan::ui {

class PointToolTips;

// Every evaluated plan as a point: step time (log) vs peak memory per GPU, coloured by
// framework; the Pareto front (no plan both faster and smaller) drawn as a line. Hovering a point
// shows its plan.
class PlanScatterChart : public ChartView {
    Q_OBJECT
public:
    explicit PlanScatterChart(QWidget* parent = nullptr);
    void setOutcome(const ExploreOutcome& outcome);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }
    [[nodiscard]] int plottedPoints() const { return m_plotted; }

private:
    PointToolTips* m_tips;
    int m_plotted = 0;
};

} // namespace trainplan::ui
