#pragma once

#include <trainplan/simulator/explain.h>
#include <trainplan/ui/stacked_bar_chart.h>

namespace trainplan::ui {

// The memory components in the order and colours of every memory chart (weights, gradients,
// optimizer states, activations, working memory, buffers, overhead).
[[nodiscard]] std::vector<BarComponent> memoryComponents();

// The stage chart's components: memoryComponents() with weights, gradients and optimizer states
// each split into a dense and a routed-expert segment (10 in all).
[[nodiscard]] std::vector<BarComponent> stageMemoryComponents();

// "first (embeddings)", "middle (stages 1–6)", or for uneven MoE layouts "stage 0 (embeddings)",
// "stages 1, 2"; MoE models add ": 3 dense + 12 MoE".
[[nodiscard]] QString stageRowLabel(const sim::StageMemoryRow& row, bool evenLayout, bool moeModel);

// Per-GPU memory of each pipeline stage of one plan (first with the embeddings, middle, last with
// the LM head; with MoE layers spread unevenly, each distinct stage composition), each stage as
// the components alive at its own peak moment, so a bar's length is that stage's peak; the GPU's
// capacity as a line. Parameter states show their routed-expert part in a lighter shade.
class StageMemoryChart : public StackedBarChart {
    Q_OBJECT
public:
    explicit StageMemoryChart(QWidget* parent = nullptr);
    void setExplanation(const sim::Explanation& explanation);
    void clear(const QString& placeholder);
    // The largest stage peak shown, in bytes (equals the plan's reported peak).
    [[nodiscard]] double maxPeakBytes() const { return m_maxPeakBytes; }
    // The category labels shown, top to bottom.
    [[nodiscard]] const QStringList& categoryLabels() const { return m_categoryLabels; }

private:
    double m_maxPeakBytes = 0;
    QStringList m_categoryLabels;
};

} // namespace trainplan::ui
