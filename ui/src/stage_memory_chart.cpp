#include <trainplan/ui/stage_memory_chart.h>

#include <trainplan/simulator/explain_text.h>
#include <trainplan/ui/advisor_text.h>
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

std::vector<BarComponent> stageMemoryComponents() {
    // The weights, gradients and optimizer states of memoryComponents() each split into a dense
    // segment (the component's colour) and a routed-expert segment (a lighter shade of it).
    const std::vector<BarComponent> base = memoryComponents();
    std::vector<BarComponent> out;
    for (std::size_t i = 0; i < base.size(); ++i) {
        if (i < 3) {
            out.push_back({StageMemoryChart::tr("%1 (dense)").arg(base[i].name),
                           StageMemoryChart::tr("%1 Dense part: attention, norms, dense FFN, "
                                                "shared experts, router, embeddings and LM head.")
                               .arg(base[i].toolTip),
                           base[i].color});
            out.push_back({StageMemoryChart::tr("%1 (routed experts)").arg(base[i].name),
                           StageMemoryChart::tr("%1 Routed experts: split over the "
                                                "expert-parallel group (ep), their states "
                                                "sharded over dp·cp/ep.")
                               .arg(base[i].toolTip),
                           base[i].color.lighter(150)});
        } else {
            out.push_back(base[i]);
        }
    }
    return out;
}

QString stageRowLabel(const sim::StageMemoryRow& row, bool evenLayout, bool moeModel) {
    QString name;
    const QString indices = QString::fromStdString(sim::formatStageIndices(row.stageIndices));
    if (evenLayout) {
        name = pipelineStageName(row.stage);
        if (row.kind == sim::StageKind::Middle)
            name = StageMemoryChart::tr("%1 (stages %2)").arg(name, indices);
    } else {
        name = QString::fromStdString(
            sim::stageRowName(row.kind, row.stageIndices, advisorLanguage()));
    }
    if (!moeModel) return name;
    return StageMemoryChart::tr("%1: %2 dense + %3 MoE")
        .arg(name, QLocale().toString(row.denseLayers), QLocale().toString(row.moeLayers));
}

QString rankKindName(sim::RankKind kind) {
    return kind == sim::RankKind::DenseOnly ? StageMemoryChart::tr("dense only")
                                            : StageMemoryChart::tr("expert + dense");
}

StageMemoryChart::StageMemoryChart(QWidget* parent)
    : StackedBarChart(stageMemoryComponents(), parent) {
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
    constexpr std::size_t kParts = 10;
    std::vector<QList<qreal>> v(kParts);
    m_maxPeakBytes = 0;
    double capacity = 0;
    const bool moeModel = std::any_of(x.stages.begin(), x.stages.end(),
                                      [](const auto& r) { return r.moeLayers > 0; });
    m_categoryLabels.clear();
    for (const auto& row : x.stages) {
        const sim::MemoryBreakdown& m = row.memory;
        const sim::MemoryPhase& at = m.atPeak();
        // What coexists at this stage's peak: the sizes of the states, and of activations,
        // gradients and working memory only what is alive at that moment (docs/model.md). The
        // gradients alive at the peak keep the dense/expert proportion of their full size.
        const double expertGrads =
            m.gradientsBytes > 0 ? at.gradientsBytes * m.expertGradientsBytes / m.gradientsBytes
                                 : 0.0;
        const double parts[kParts] = {
            m.denseWeightsBytes(), m.expertWeightsBytes,    at.gradientsBytes - expertGrads,
            expertGrads,           m.denseOptimizerBytes(), m.expertOptimizerBytes,
            at.activationsBytes,   at.transientBytes,       m.buffersBytes,
            m.overheadBytes};
        for (std::size_t k = 0; k < kParts; ++k)
            v[k] << bytesToMemoryUnit(parts[k]);
        const QString stage = stageRowLabel(row, x.evenStageLayout, moeModel);
        // Axis labels are rich text: the layer counts go on a second line so they are not cut.
        cats << stageRowLabel(row, x.evenStageLayout, false) +
                    (moeModel
                         ? QStringLiteral("<br>") + tr("%1 dense + %2 MoE")
                                                        .arg(QLocale().toString(row.denseLayers),
                                                             QLocale().toString(row.moeLayers))
                         : QString());
        m_categoryLabels << stage;
        tips << tr("%1: %2 layers (%3 dense, %4 MoE; ranks %5), %n micro-batch(es) in flight, "
                   "peak %6 at %7",
                   nullptr, row.inFlightMicroBatches)
                    .arg(stage, QLocale().toString(row.layers, 'g', 4),
                         QLocale().toString(row.denseLayers), QLocale().toString(row.moeLayers),
                         rankKindName(row.rankKind), formatBytes(m.peakBytes),
                         memoryPhaseName(m.peakPhase));
        m_maxPeakBytes = std::max(m_maxPeakBytes, m.peakBytes);
        capacity = std::max(capacity, m.capacityBytes);
    }
    if (cats.isEmpty()) {
        clear(tr("No plan to show"));
        return;
    }
    setChartTitle(moeModel ? tr("Memory per stage (light: experts)")
                           : tr("Memory per pipeline stage"));
    setValues(
        cats, tips, v, tr("%1 per GPU").arg(memoryUnitName()),
        [](double g) { return formatBytes(g / bytesToMemoryUnit(1.0)); },
        bytesToMemoryUnit(capacity), tr("GPU memory"));
}

} // namespace trainplan::ui
