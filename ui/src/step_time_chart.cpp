#include <trainplan/ui/step_time_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>

#include <algorithm>
#include <utility>

namespace trainplan::ui {

namespace {
std::vector<BarComponent> components() {
    // The report's colours for the same parts (comparison_charts.cpp stepTimeChart): the network
    // tiers as everywhere (tierColor), bubble, optimizer and offload as there.
    const std::pair<Metric, QColor> parts[] = {
        {Metric::Compute, componentColor(0)},
        {Metric::ExposedIntraNode, report::tierColor(false)},
        {Metric::ExposedInterNode, report::tierColor(true)},
        {Metric::Bubble, componentColor(6)},
        {Metric::OptimizerStep, componentColor(5)},
        {Metric::Offload, componentColor(7)}};
    std::vector<BarComponent> out;
    for (const auto& [m, color] : parts)
        out.push_back({metricName(m), metricToolTip(m), color});
    return out;
}
} // namespace

StepTimeChart::StepTimeChart(QWidget* parent)
    : StackedBarChart(components(), parent) {
    setObjectName(QStringLiteral("stepTimeChart"));
    setChartTitle(tr("Step time"));
    setToolTip(metricToolTip(Metric::StepTime));
}

void StepTimeChart::setRows(const std::vector<CompareRow>& rows) {
    QStringList cats, tips;
    std::vector<int> categoryRows; // the row behind each bar, for a click's derivation
    std::vector<QList<qreal>> v(6);
    double longest = 0;
    for (const auto& r : rows)
        if (r.estimate && r.fits()) longest = std::max(longest, r.estimate->time.stepSeconds);
    const bool ms = longest < 1.0;
    const double scale = ms ? 1e3 : 1.0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CompareRow& r = rows[i];
        if (!r.estimate || r.kind == CompareRow::Kind::InvalidPinned) continue;
        categoryRows.push_back(static_cast<int>(i));
        cats << r.shortLabel();
        tips << r.label() + QStringLiteral(" — ") + QString::fromStdString(r.plan.label());
        const auto& t = r.estimate->time;
        // Plans that do not fit have no meaningful speed: leave their bar empty.
        const bool show = r.fits();
        const double parts[] = {t.computeSeconds,          t.exposedIntraNodeSeconds,
                                t.exposedInterNodeSeconds, t.bubbleSeconds,
                                t.optimizerSeconds,        t.offloadSeconds};
        for (std::size_t k = 0; k < 6; ++k)
            v[k] << (show ? parts[k] * scale : 0.0);
    }
    if (cats.isEmpty()) {
        clearValues(tr("No plan to show"));
        return;
    }
    setCategoryRows(std::move(categoryRows));
    setValues(cats, tips, v, ms ? tr("milliseconds per step") : tr("seconds per step"),
              [scale](double x) { return formatSeconds(x / scale); });
}

} // namespace trainplan::ui
