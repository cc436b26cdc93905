#include <trainplan/ui/stage_memory_chart.h>

#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>

#include <QChart>
#include <QLegend>
#include <QLocale>

#include <algorithm>

namespace trainplan::ui {

std::vector<BarComponent> memoryComponents() {
    const Metric ms[] = {Metric::Weights,     Metric::Gradients, Metric::OptimizerStates,
                         Metric::Activations, Metric::Transient, Metric::Buffers,
                         Metric::Overhead};
    std::vector<BarComponent> out;
    int i = 0;
    for (Metric m : ms)
        out.push_back({metricName(m), metricToolTip(m), componentColor(i++)});
    return out;
}

StageMemoryChart::StageMemoryChart(QWidget* parent)
    : StackedBarChart(memoryComponents(), parent) {
    setObjectName(QStringLiteral("stageMemoryChart"));
    setChartTitle(tr("Memory per pipeline stage"));
    // Shown beside the memory-over-step chart, whose legend names the same colours.
    chart()->legend()->hide();
    setToolTip(tr("Each pipeline stage's per-GPU memory at its own peak moment: the first stage "
                  "holds the embeddings and "
                  "the most in-flight micro-batches, the last the LM head and the loss."));
}

void StageMemoryChart::clear(const QString& placeholder) {
    m_maxPeakBytes = 0;
    clearValues(placeholder);
}

void StageMemoryChart::setExplanation(const sim::Explanation& x) {
    QStringList cats, tips;
    std::vector<QList<qreal>> v(7);
    m_maxPeakBytes = 0;
    double capacity = 0;
    for (const auto& row : x.stages) {
        const sim::MemoryBreakdown& m = row.memory;
        const sim::MemoryPhase& at = m.atPeak();
        // What coexists at this stage's peak: the sizes of the states, and of activations,
        // gradients and working memory only what is alive at that moment (docs/model.md).
        const double parts[] = {m.weightsBytes,      at.gradientsBytes, m.optimizerBytes,
                                at.activationsBytes, at.transientBytes, m.buffersBytes,
                                m.overheadBytes};
        for (std::size_t k = 0; k < 7; ++k)
            v[k] << bytesToMemoryUnit(parts[k]);
        const QString stage = pipelineStageName(row.stage);
        cats << stage;
        tips << tr("%1 stage: %2 layers, %n micro-batch(es) in flight, peak %3 at %4", nullptr,
                   row.inFlightMicroBatches)
                    .arg(stage, QLocale().toString(row.layers, 'g', 4), formatBytes(m.peakBytes),
                         memoryPhaseName(m.peakPhase));
        m_maxPeakBytes = std::max(m_maxPeakBytes, m.peakBytes);
        capacity = std::max(capacity, m.capacityBytes);
    }
    if (cats.isEmpty()) {
        clear(tr("No plan to show"));
        return;
    }
    setValues(
        cats, tips, v, tr("%1 per GPU").arg(memoryUnitName()),
        [](double g) { return formatBytes(g / bytesToMemoryUnit(1.0)); },
        bytesToMemoryUnit(capacity), tr("GPU memory"));
}

} // namespace trainplan::ui
