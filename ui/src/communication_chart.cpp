#include <trainplan/ui/communication_chart.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>

#include <trainplan/report/comparison_labels.h>
#include <trainplan/report/report_labels.h>
#include <trainplan/ui/view_text.h>

namespace trainplan::ui {

using services::ChartText;

namespace {
std::vector<BarComponent> components(CommunicationChart::Mode mode) {
    std::vector<Metric> ms;
    if (mode == CommunicationChart::Mode::ByGroup) {
        ms = {Metric::CommDp, Metric::CommTp, Metric::CommPp, Metric::CommCp, Metric::CommEp};
    } else {
        // The network tiers in the colours of every other chart and the report.
        return {{metricName(Metric::CommIntraNode), metricToolTip(Metric::CommIntraNode),
                 report::tierColor(false)},
                {metricName(Metric::CommInterNode), metricToolTip(Metric::CommInterNode),
                 report::tierColor(true)}};
    }
    std::vector<BarComponent> out;
    int i = 0;
    for (Metric m : ms)
        out.push_back({metricName(m), metricToolTip(m), componentColor(i++)});
    return out;
}
} // namespace

CommunicationChart::CommunicationChart(Mode mode, QWidget* parent)
    : StackedBarChart(components(mode), parent)
    , m_mode(mode) {
    setObjectName(mode == Mode::ByGroup ? QStringLiteral("commGroupChart")
                                        : QStringLiteral("commTierChart"));
    setChartTitle(mode == Mode::ByGroup ? chartsText(ChartText::CommunicationByGroup)
                                        : chartsText(ChartText::CommunicationByTier));
}

void CommunicationChart::setRows(const std::vector<CompareRow>& rows) {
    QStringList cats, tips;
    std::vector<QList<qreal>> v(m_mode == Mode::ByGroup ? 5 : 2);
    for (const auto& r : rows) {
        if (!r.estimate || r.kind == CompareRow::Kind::InvalidPinned) continue;
        cats << r.shortLabel();
        tips << r.label() + QStringLiteral(" — ") + QString::fromStdString(r.plan.label());
        const auto& c = r.estimate->communication;
        if (m_mode == Mode::ByGroup) {
            const double parts[] = {c.dpBytes, c.tpBytes, c.ppBytes, c.cpBytes, c.epBytes};
            for (std::size_t k = 0; k < 5; ++k)
                v[k] << bytesToMemoryUnit(parts[k]);
        } else {
            v[0] << bytesToMemoryUnit(c.intraNodeBytes);
            v[1] << bytesToMemoryUnit(c.interNodeBytes);
        }
    }
    if (cats.isEmpty()) {
        clearValues(chartsText(ChartText::NoPlanToShow));
        return;
    }
    setValues(cats, tips, v, chartsText(ChartText::SentPerGpuAxis, {qArg(memoryUnitName())}),
              [](double x) { return formatBytes(x / bytesToMemoryUnit(1.0)); });
}

} // namespace trainplan::ui
