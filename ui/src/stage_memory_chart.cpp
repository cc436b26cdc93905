#include <trainplan/ui/stage_memory_chart.h>

#include <trainplan/report/report_strings.h>
#include <trainplan/simulator/explain_text.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/view_text.h>

#include <QChart>
#include <QLegend>
#include <QLocale>

#include <algorithm>

namespace trainplan::ui {

using services::ChartText;

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
            out.push_back({chartsText(ChartText::DenseComponent, {qArg(base[i].name)}),
                           chartsText(ChartText::DenseComponentTip, {qArg(base[i].toolTip)}),
                           base[i].color});
            out.push_back({chartsText(ChartText::ExpertComponent, {qArg(base[i].name)}),
                           chartsText(ChartText::ExpertComponentTip, {qArg(base[i].toolTip)}),
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
            name = chartsText(ChartText::StagesRange, {qArg(name), qArg(indices)});
    } else {
        name = QString::fromStdString(
            sim::stageRowName(row.kind, row.stageIndices, advisorLanguage()));
    }
    if (!moeModel) return name;
    return chartsText(ChartText::StageDenseMoe,
                      {qArg(name), sim::countArg(row.denseLayers), sim::countArg(row.moeLayers)});
}

QString rankKindName(sim::RankKind kind) {
    return kind == sim::RankKind::DenseOnly ? StageMemoryChart::tr("dense only")
                                            : StageMemoryChart::tr("expert + dense");
}

StageMemoryChart::StageMemoryChart(QWidget* parent)
    : StackedBarChart(stageMemoryComponents(), parent) {
    setObjectName(QStringLiteral("stageMemoryChart"));
    setChartTitle(report::text(report::Text::SubStages, advisorLanguage()));
    // Shown beside the memory-over-step chart, whose legend names the same colours.
    chart()->legend()->hide();
    setToolTip(chartsText(ChartText::StageMemoryTip));
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
                    (moeModel ? QStringLiteral("<br>") +
                                    report::text(report::Text::LayersDenseMoe, advisorLanguage(),
                                                 {sim::countArg(row.denseLayers),
                                                  sim::countArg(row.moeLayers)})
                              : QString());
        m_categoryLabels << stage;
        tips << chartsText(ChartText::StageTip,
                           {qArg(stage), qArg(QLocale().toString(row.layers, 'g', 4)),
                            sim::countArg(row.denseLayers), sim::countArg(row.moeLayers),
                            qArg(rankKindName(row.rankKind)),
                            sim::countArg(row.inFlightMicroBatches), qArg(formatBytes(m.peakBytes)),
                            qArg(memoryPhaseName(m.peakPhase))});
        m_maxPeakBytes = std::max(m_maxPeakBytes, m.peakBytes);
        capacity = std::max(capacity, m.capacityBytes);
    }
    if (cats.isEmpty()) {
        clear(chartsText(ChartText::NoPlanToShow));
        return;
    }
    setChartTitle(moeModel ? chartsText(ChartText::MemoryPerStageExperts)
                           : report::text(report::Text::SubStages, advisorLanguage()));
    setValues(
        cats, tips, v, chartsText(ChartText::PerGpuAxis, {qArg(memoryUnitName())}),
        [](double g) { return formatBytes(g / bytesToMemoryUnit(1.0)); },
        bytesToMemoryUnit(capacity), tr("GPU memory"));
}

} // namespace trainplan::ui
