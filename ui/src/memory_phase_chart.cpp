#include <trainplan/ui/memory_phase_chart.h>

#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/stage_memory_chart.h>
#include <trainplan/ui/view_text.h>

#include <algorithm>

namespace trainplan::ui {

using services::ChartText;

MemoryPhaseChart::MemoryPhaseChart(QWidget* parent)
    : StackedBarChart(memoryComponents(), parent) {
    setObjectName(QStringLiteral("memoryPhaseChart"));
    setChartTitle(tr("Memory over one step"));
    setToolTip(chartsText(ChartText::MemoryPhaseTip));
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
        cats << (kind == m.peakPhase ? chartsText(ChartText::PhasePeak, {qArg(name)}) : name);
        tips << chartsText(ChartText::PhaseInUse,
                           {qArg(name), qArg(stage), qArg(formatBytes(total))});
    }
    setValues(
        cats, tips, v, chartsText(ChartText::PerGpuAxis, {qArg(memoryUnitName())}),
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
        if (bytes > 0) parts << QStringLiteral("%1 %2").arg(metricName(metric), formatBytes(bytes));
    m_summary = chartsText(ChartText::PeakSummary, {qArg(stage), qArg(memoryPhaseName(m.peakPhase)),
                                                    qArg(parts.join(QStringLiteral(" + "))),
                                                    qArg(formatBytes(m.peakBytes))});
    if (at.gradientsBytes < m.gradientsBytes)
        m_summary += QLatin1Char(' ') + chartsText(ChartText::GradientsNotAllocated,
                                                   {qArg(formatBytes(m.gradientsBytes))});
}

} // namespace trainplan::ui
