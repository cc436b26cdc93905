#pragma once

#include <trainplan/simulator/validation.h>
#include <trainplan/ui/chart_style.h>

namespace trainplan::ui {

class PointToolTips;

// Predicted vs measured for every published row (log–log, one series per metric, each in its own
// unit) with the y = x line: points above it are over-predicted.
class AccuracyChart : public ChartView {
    Q_OBJECT
public:
    explicit AccuracyChart(QWidget* parent = nullptr);
    void setReport(const sim::ValidationReport& report);
    [[nodiscard]] PointToolTips* toolTips() const { return m_tips; }

private:
    PointToolTips* m_tips;
};

} // namespace trainplan::ui
