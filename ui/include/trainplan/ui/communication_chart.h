#pragma once

#include <trainplan/ui/compare_rows.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// Bytes each GPU sends per step, by parallel group (DP/TP/PP/CP/EP) or by network tier.
class CommunicationChart : public StackedBarChart {
    Q_OBJECT
public:
    enum class Mode { ByGroup, ByTier };
    explicit CommunicationChart(Mode mode, QWidget* parent = nullptr);
    void setRows(const std::vector<CompareRow>& rows);

private:
    Mode m_mode;
};

} // namespace trainplan::ui
