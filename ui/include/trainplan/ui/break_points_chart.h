#pragma once

#include <trainplan/ui/advice_outcome.h>
#include <trainplan/ui/chart_style.h>

namespace trainplan::ui {

class PointToolTips;

// The advisor's model-size break points: model size (log) on x, each framework's best MFU on the
// scenario's cluster along the break points' model family; from the first size a framework no
// longer fits (ModelSizeBreak::nextParameters) its colour shades the rest of the axis, and the
// largest size that fits is marked.
class BreakPointsChart : public ChartView {
    Q_OBJECT
public:
    explicit BreakPointsChart(QWidget* parent = nullptr);
    void setOutcome(const AdviceOutcome& outcome);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }
    // Where each framework's "does not fit" shading starts (parameters), for tests; 0 = none.
    [[nodiscard]] double shadingStart(model::Framework f) const;

private:
    PointToolTips* m_tips;
    std::vector<std::pair<model::Framework, double>> m_shadingStart;
};

} // namespace trainplan::ui
