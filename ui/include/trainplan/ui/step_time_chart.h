#pragma once

#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// Step time of each row's plan: compute, exposed communication by tier, bubble, optimizer, offload.
class StepTimeChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit StepTimeChart(QWidget* parent = nullptr);
    void setRows(const std::vector<CompareRow>& rows);
};

} // namespace trainplan::ui
