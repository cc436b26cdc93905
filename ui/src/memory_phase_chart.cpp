#include <trainplan/ui/memory_phase_chart.h>

#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/stage_memory_chart.h>

#include <algorithm>

namespace trainplan::ui {

MemoryPhaseChart::MemoryPhaseChart(QWidget* parent)
    : StackedBarChart(memoryComponents(), parent) {
    setObjectName(QStringLiteral("memoryPhaseChart"));
    setChartTitle(tr("Memory over one step"));
    setToolTip(tr("What is allocated at each moment of a training step on the worst stage. "
                  "Weights, optimizer states "
                  "and buffers stay all step; activations build up in forward and are freed in "
                  "backward while "
                  "gradients appear; the peak is the fullest moment, not the sum of every "
                  "component's maximum."));
}

void MemoryPhaseChart::clear(const QString& placeholder) {
    m_maxBytes = 0;
    m_summary.clear();
    clearValues(placeholder);
}

void MemoryPhaseChart::setMemory(const sim::MemoryBreakdown& m, const QString& stage) {
    // Each moment's overhead (CUDA context, NCCL buffers, fragmentation of what churns) is the
    // simulator's (MemoryPhase::overheadBytes).
    QStringList cats, tips;
    std::vector<QList<qreal>> v(7);
    m_maxBytes = 0;
    for (int k = 0; k < sim::MemoryPhase::Count; ++k) {
        const auto kind = static_cast<sim::MemoryPhase::Kind>(k);
        const sim::MemoryPhase& ph = m.phases[k];
        const double overhead = ph.overheadBytes;
        const double parts[] = {
            m.weightsBytes,    ph.gradientsBytes, m.optimizerBytes, ph.activationsBytes,
            ph.transientBytes, m.buffersBytes,    overhead};
        for (std::size_t c = 0; c < 7; ++c)
            v[c] << bytesToMemoryUnit(parts[c]);
        const double total = ph.allocatedBytes + overhead;
        m_maxBytes = std::max(m_maxBytes, total);
        const QString name = memoryPhaseName(kind);
        cats << (kind == m.peakPhase ? tr("%1 ◀ peak").arg(name) : name);
        tips << tr("%1 (%2 stage): %3 in use").arg(name, stage, formatBytes(total));
    }
    setValues(
        cats, tips, v, tr("%1 per GPU").arg(memoryUnitName()),
        [](double g) { return formatBytes(g / bytesToMemoryUnit(1.0)); },
        bytesToMemoryUnit(m.capacityBytes), tr("GPU memory"));

    const sim::MemoryPhase& at = m.atPeak();
    QStringList parts;
    const std::pair<Metric, double> components[] = {
        {Metric::Weights, m.weightsBytes},          {Metric::OptimizerStates, m.optimizerBytes},
        {Metric::Activations, at.activationsBytes}, {Metric::Gradients, at.gradientsBytes},
        {Metric::Transient, at.transientBytes},     {Metric::Buffers, m.buffersBytes},
        {Metric::Overhead, m.overheadBytes}};
    for (const auto& [metric, bytes] : components)
        if (bytes > 0) parts << tr("%1 %2").arg(metricName(metric), formatBytes(bytes));
    m_summary = tr("Peak on the %1 stage at %2: %3 = %4.")
                    .arg(stage, memoryPhaseName(m.peakPhase), parts.join(QStringLiteral(" + ")),
                         formatBytes(m.peakBytes));
    if (at.gradientsBytes < m.gradientsBytes)
        m_summary +=
            QLatin1Char(' ') +
            tr("Gradients (%1 when complete) are not all allocated yet at that moment, so they "
               "do not add in full to the stored activations.")
                .arg(formatBytes(m.gradientsBytes));
}

} // namespace trainplan::ui
