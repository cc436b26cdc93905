#pragma once

#include <trainplan/ui/chart_style.h>
#include <trainplan/ui/explore_compute.h>

namespace trainplan::ui {

class PointToolTips;

// Model size (log) vs the best MFU each framework reaches on the cluster; where a framework no
// longer fits, its colour shades the rest of the axis.
class CrossoverChart : public ChartView {
    Q_OBJECT
public:
    explicit CrossoverChart(QWidget* parent = nullptr);
    void setSweep(const Sweep& sweep);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }

private:
    PointToolTips* m_tips;
};

} // namespace trainplan::ui
