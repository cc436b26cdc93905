#include <trainplan/ui/memory_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/stage_memory_chart.h>

#include <algorithm>

namespace trainplan::ui {

MemoryChart::MemoryChart(QWidget* parent)
    : StackedBarChart(memoryComponents(), parent) {
    setObjectName(QStringLiteral("memoryChart"));
    setChartTitle(tr("Memory per GPU"));
    setToolTip(metricToolTip(Metric::PeakMemory));
}

void MemoryChart::setRows(const std::vector<CompareRow>& rows) {
    QStringList cats, tips;
    std::vector<int> categoryRows; // the row behind each bar, for a click's derivation
    std::vector<QList<qreal>> v(7);
    double capacity = 0, fittingMax = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CompareRow& r = rows[i];
        if (!r.estimate || r.kind == CompareRow::Kind::InvalidPinned) continue;
        categoryRows.push_back(static_cast<int>(i));
        const auto& m = r.estimate->memory;
        cats << r.shortLabel();
        tips << r.label() + QStringLiteral(" — ") + QString::fromStdString(r.plan.label());
        const double parts[] = {m.weightsBytes,     m.gradientsBytes, m.optimizerBytes,
                                m.activationsBytes, m.transientBytes, m.buffersBytes,
                                m.overheadBytes};
        for (std::size_t k = 0; k < 7; ++k)
            v[k] << bytesToMemoryUnit(parts[k]);
        capacity = std::max(capacity, m.capacityBytes);
        if (r.fits()) fittingMax = std::max(fittingMax, m.peakBytes);
    }
    if (cats.isEmpty()) {
        clearValues(tr("No plan to show"));
        return;
    }
    setCategoryRows(std::move(categoryRows));
    setValues(
        cats, tips, v, tr("%1 per GPU").arg(memoryUnitName()),
        [](double x) { return formatBytes(x / bytesToMemoryUnit(1.0)); },
        bytesToMemoryUnit(capacity), tr("GPU memory"),
        bytesToMemoryUnit(std::max(capacity * 1.3, fittingMax)));
}

} // namespace trainplan::ui
