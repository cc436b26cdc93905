#pragma once

#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/explore_compute.h>

namespace trainplan::ui {

class PointToolTips;

// GPUs (log₂) vs cluster tokens/s (solid, left axis) and MFU (dashed, right axis) of each
// framework's best plan; a dotted line marks the scenario's own GPU count.
class ScalingChart : public ChartView {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);
    void setSweep(const Sweep& sweep);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }

private:
    PointToolTips* m_tips;
};

} // namespace trainplan::ui
