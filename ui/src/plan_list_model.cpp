#include <trainplan/ui/plan_list_model.h>

#include <trainplan/ui/format.h>
#include <trainplan/ui/metric_info.h>

namespace trainplan::ui {

void PlanListModel::setPlans(std::vector<sim::PlanEstimate> plans) {
    beginResetModel();
    m_plans = std::move(plans);
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
    if (role == Qt::ToolTipRole) return header(column, role);
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case RankColumn:
        return row + 1;
    case PlanColumn:
        return QString::fromStdString(e.plan.label());
    case MemoryColumn:
        return formatBytes(e.memory.peakBytes);
    case StepColumn:
        return formatSeconds(e.time.stepSeconds);
    case MfuColumn:
        return formatPercent(e.throughput.mfu);
    case CostColumn:
        return formatCurrency(e.cost.usd);
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
        return column == RankColumn ? tr("Rank by step time among the plans that fit.")
                                    : metricToolTip(metrics[column]);
    return {};
}

} // namespace trainplan::ui
