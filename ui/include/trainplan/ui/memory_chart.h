#pragma once

#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// Per-GPU memory of each row's plan by component, with the GPU's capacity as a line.
class MemoryChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit MemoryChart(QWidget* parent = nullptr);
    void setRows(const std::vector<CompareRow>& rows);
};

} // namespace trainplan::ui
