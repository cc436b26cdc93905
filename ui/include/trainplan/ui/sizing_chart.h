#pragma once

#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/sizing_outcome.h>

namespace trainplan::ui {

class PointToolTips;

// The sizing answer as a chart (issue 20 item 4): expected time to train (days, log) × expected
// cost (millions, log). Every configuration of the answer (the front and each framework's top
// list) is a point in its GPU type's colour; the Pareto front is joined by a line; the deadline
// and the budget are dashed lines and the region meeting both is shaded.
class SizingChart : public ChartView {
    Q_OBJECT
public:
    explicit SizingChart(QWidget* parent = nullptr);
    void setOutcome(const SizingOutcome& outcome);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }
    // The GPU types drawn, in legend order (for tests).
    [[nodiscard]] QStringList gpuSeries() const { return m_gpuSeries; }
    [[nodiscard]] bool showsFeasibleRegion() const { return m_feasibleShown; }

private:
    PointToolTips* m_tips;
    QStringList m_gpuSeries;
    bool m_feasibleShown = false;
};

} // namespace trainplan::ui
