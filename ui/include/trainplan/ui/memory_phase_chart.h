#pragma once

#include <trainplan/simulator/estimate.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// Memory over one training step for one pipeline stage: what is allocated at each moment (step
// start, end of forward, start / middle / end of backward, optimizer step) by component, plus the
// allocator overhead at that moment; the peak moment is marked and summarised (the "max vs sum"
// question answered explicitly).
class MemoryPhaseChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit MemoryPhaseChart(QWidget* parent = nullptr);
    void setMemory(const sim::MemoryBreakdown& memory, const QString& stage);
    void clear(const QString& placeholder);
    // The largest moment shown, in bytes (equals memory.peakBytes).
    [[nodiscard]] double maxBytes() const { return m_maxBytes; }
    // One sentence: when the peak occurs and which components coexist then.
    [[nodiscard]] QString peakSummary() const { return m_summary; }

private:
    double m_maxBytes = 0;
    QString m_summary;
};

} // namespace trainplan::ui
