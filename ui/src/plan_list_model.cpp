#include <trainplan/ui/plan_list_model.h>

#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/view_text.h>

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace trainplan::ui {

namespace {

QStringList knobs(const sim::PlanEstimate& e) {
    // "TP8·PP8·DP16 mb1 ZeRO-1 SP sel" → TP8, PP8, DP16, mb1, ZeRO-1, SP, sel
    static const QRegularExpression separators(QStringLiteral("[ ·]+"));
    return QString::fromStdString(e.plan.label()).split(separators, Qt::SkipEmptyParts);
}

} // namespace

void PlanListModel::setPlans(std::vector<sim::PlanEstimate> plans) {
    beginResetModel();
    m_plans = std::move(plans);
    // Ranked plans of one framework mostly share their knobs, so an elided label cut exactly the
    // part that differs: list the shared knobs once and each row's own ones.
    std::vector<QStringList> all;
    for (const auto& e : m_plans)
        all.push_back(knobs(e));
    QStringList shared = all.empty() ? QStringList() : all.front();
    for (const QStringList& k : all)
        shared.erase(std::remove_if(shared.begin(), shared.end(),
                                    [&](const QString& t) { return !k.contains(t); }),
                     shared.end());
    m_shared = all.size() > 1 ? shared.join(QLatin1Char(' ')) : QString();
    m_differing.clear();
    for (const QStringList& k : all) {
        QStringList own;
        for (const QString& t : k)
            if (all.size() < 2 || !shared.contains(t)) own << t;
        m_differing.push_back(own.isEmpty() ? k.join(QLatin1Char(' ')) : own.join(QLatin1Char(' ')));
    }
    endResetModel();
}

const sim::PlanEstimate* PlanListModel::planAt(int row) const {
    return row >= 0 && row < rows() ? &m_plans[static_cast<std::size_t>(row)] : nullptr;
}

QVariant PlanListModel::cell(int row, int column, int role) const {
    const sim::PlanEstimate& e = m_plans[static_cast<std::size_t>(row)];
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column == PlanColumn ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (column) {
        case RankColumn:
            return row + 1;
        case PlanColumn:
            return QString::fromStdString(e.plan.label());
        case MemoryColumn:
            return e.memory.peakBytes;
        case StepColumn:
            return e.time.stepSeconds;
        case MfuColumn:
            return e.throughput.mfu;
        case CostColumn:
            return e.cost.usd;
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole)
        return column == PlanColumn ? QVariant(QString::fromStdString(e.plan.label()))
                                    : header(column, role);
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case RankColumn:
        return row + 1;
    case PlanColumn:
        return m_differing[static_cast<std::size_t>(row)];
    case MemoryColumn:
        return formatBytes(e.memory.peakBytes);
    case StepColumn:
        return formatSeconds(e.time.stepSeconds);
    case MfuColumn:
        return formatPercent(e.throughput.mfu);
    case CostColumn:
        return formatCost(e.cost.usd);
    default:
        return {};
    }
}

QVariant PlanListModel::header(int column, int role) const {
    static const Metric metrics[] = {Metric::Plan,     Metric::Plan, Metric::PeakMemory,
                                     Metric::StepTime, Metric::Mfu,  Metric::Cost};
    if (role == Qt::DisplayRole)
        return column == RankColumn ? tr("#") : metricName(metrics[column]);
    if (role == Qt::ToolTipRole)
        return column == RankColumn ? chartsText(services::ChartText::RankTip)
                                    : metricToolTip(metrics[column]);
    return {};
}

} // namespace trainplan::ui
