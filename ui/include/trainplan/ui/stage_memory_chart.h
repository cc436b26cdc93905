#pragma once

#include <trainplan/simulator/explain.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// The memory components in the order and colours of every memory chart (weights, gradients,
// optimizer states, activations, working memory, buffers, overhead).
[[nodiscard]] std::vector<BarComponent> memoryComponents();

// Per-GPU memory of each pipeline stage of one plan (first with the embeddings, middle, last with
// the LM head), each stage as the components alive at its own peak moment, so a bar's length is
// that stage's peak; the GPU's capacity as a line.
class StageMemoryChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit StageMemoryChart(QWidget* parent = nullptr);
    void setExplanation(const sim::Explanation& explanation);
    void clear(const QString& placeholder);
    // The largest stage peak shown, in bytes (equals the plan's reported peak).
    [[nodiscard]] double maxPeakBytes() const { return m_maxPeakBytes; }

private:
    double m_maxPeakBytes = 0;
};

} // namespace trainplan::ui
