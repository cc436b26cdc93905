#include <trainplan/ui/compare_table_model.h>

#include <trainplan/report/report_strings.h>
#include <trainplan/services/run_check_text.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/view_text.h>

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>

namespace trainplan::ui {

using services::ChartText;

namespace {

Metric metricOf(int column) {
    switch (column) {
    case CompareTableModel::FrameworkColumn:
        return Metric::Framework;
    case CompareTableModel::PlanColumn:
        return Metric::Plan;
    case CompareTableModel::FitsColumn:
        return Metric::Fits;
    case CompareTableModel::MemoryColumn:
        return Metric::PeakMemory;
    case CompareTableModel::StepColumn:
        return Metric::StepTime;
    case CompareTableModel::MfuColumn:
        return Metric::Mfu;
    case CompareTableModel::TokensColumn:
        return Metric::TokensPerSecond;
    case CompareTableModel::TimeToTrainColumn:
        return Metric::TimeToTrain;
    case CompareTableModel::GoodputColumn:
        return Metric::Goodput;
    case CompareTableModel::CostWithFailuresColumn:
        return Metric::CostWithFailures;
    case CompareTableModel::ErrorBarColumn:
        return Metric::ErrorBar;
    default:
        return Metric::Cost;
    }
}

} // namespace

void CompareTableModel::setRows(std::vector<CompareRow> rows) {
    // Same shape = same frameworks and pins in the same order: update in place.
    bool sameShape = rows.size() == m_rows.size();
    for (std::size_t i = 0; sameShape && i < rows.size(); ++i)
        sameShape = rows[i].framework == m_rows[i].framework &&
                    rows[i].pinnedIndex == m_rows[i].pinnedIndex;
    const int count = sameShape ? static_cast<int>(rows.size()) : -1;
    replaceRows(count, [&] { m_rows = std::move(rows); });
}

void CompareTableModel::clear() {
    if (m_rows.empty()) return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const CompareRow* CompareTableModel::rowAt(int row) const {
    return row >= 0 && row < rows() ? &m_rows[static_cast<std::size_t>(row)] : nullptr;
}

QVariant CompareTableModel::cell(int row, int column, int role) const {
    const CompareRow& r = m_rows[static_cast<std::size_t>(row)];
    const sim::PlanEstimate* e = r.estimate ? &*r.estimate : nullptr;
    const bool haveNumbers = e && r.kind != CompareRow::Kind::InvalidPinned;
    const bool haveSpeed = haveNumbers && r.kind != CompareRow::Kind::NoFit;

    if (role == Qt::DecorationRole && column == FrameworkColumn) return frameworkColor(r.framework);
    if (role == Qt::FontRole && r.recommended) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(column >= MemoryColumn ? Qt::AlignRight | Qt::AlignVCenter
                                                          : Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (column == FitsColumn && !r.fits()) return QBrush(QColor(0xd3, 0x2f, 0x2f));
        if (column == MemoryColumn && r.kind == CompareRow::Kind::NoFit)
            return QBrush(QColor(0xd3, 0x2f, 0x2f));
        return {};
    }
    if (role == Qt::ToolTipRole) {
        QString tip = metricToolTip(metricOf(column));
        if (column == FrameworkColumn && r.recommended)
            tip += QLatin1Char('\n') + chartsText(ChartText::RecommendationTip);
        else if (column == FrameworkColumn && !r.verdict.isEmpty())
            tip += QLatin1Char('\n') + r.verdict;
        if (column == PlanColumn || column == FrameworkColumn || column == FitsColumn) {
            if (r.evaluatedPlans > 0)
                tip += QLatin1Char('\n') +
                       chartsText(ChartText::PlansEvaluatedFit,
                                  {parametersArg(static_cast<double>(r.evaluatedPlans)),
                                   parametersArg(static_cast<double>(r.fittingPlans))});
            if (!r.notes.isEmpty()) tip += QLatin1Char('\n') + r.notes.join(QLatin1Char('\n'));
        }
        if ((column == GoodputColumn || column == CostWithFailuresColumn) && r.goodput) {
            const sim::GoodputEstimate& g = *r.goodput;
            tip += QLatin1Char('\n') + chartsText(ChartText::GoodputTip,
                                                  {sim::decimalArg(g.failures.interruptionsPerDay),
                                                   durationArg(g.intervalSeconds),
                                                   secondsArg(g.checkpoint.stallSeconds),
                                                   durationArg(g.expectedSeconds)});
        }
        return tip;
    }
    if (role == SortRole) {
        switch (column) {
        case FrameworkColumn:
            return r.label();
        case PlanColumn:
            return QString::fromStdString(r.plan.label());
        case FitsColumn:
            return r.fits();
        case MemoryColumn:
            return haveNumbers ? e->memory.peakBytes : QVariant();
        case StepColumn:
            return haveSpeed ? e->time.stepSeconds : QVariant();
        case MfuColumn:
            return haveSpeed ? e->throughput.mfu : QVariant();
        case TokensColumn:
            return haveSpeed ? e->throughput.tokensPerSecond : QVariant();
        case TimeToTrainColumn:
            return haveSpeed ? e->cost.timeToTrainSeconds : QVariant();
        case CostColumn:
            return haveSpeed ? e->cost.usd : QVariant();
        case GoodputColumn:
            return r.goodput ? r.goodput->goodput : QVariant();
        case CostWithFailuresColumn:
            return r.goodput ? r.goodput->usd : QVariant();
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case FrameworkColumn:
        return r.recommended ? QStringLiteral("★ %1").arg(r.label()) : r.label();
    case PlanColumn:
        if (r.kind == CompareRow::Kind::Excluded) return tr("no valid plan");
        return QString::fromStdString(r.plan.label());
    case FitsColumn:
        switch (r.kind) {
        case CompareRow::Kind::Best:
            return tr("yes");
        case CompareRow::Kind::NoFit:
            return tr("no");
        case CompareRow::Kind::Excluded:
            return tr("—");
        case CompareRow::Kind::Pinned:
            return r.fits() ? tr("yes") : tr("no");
        case CompareRow::Kind::InvalidPinned:
            return tr("invalid");
        }
        return {};
    case MemoryColumn:
        if (!haveNumbers) return QString();
        // The window's byte unit setting: the sizes come formatted (formatBytes).
        return report::text(
            report::Text::KOfCapacity, advisorLanguage(),
            {qArg(formatBytes(e->memory.peakBytes)), qArg(formatBytes(e->memory.capacityBytes))});
    case StepColumn:
        return haveSpeed ? formatSeconds(e->time.stepSeconds) : QString();
    case MfuColumn:
        return haveSpeed ? formatPercent(e->throughput.mfu) : QString();
    case TokensColumn:
        return haveSpeed ? formatTokensPerSecond(e->throughput.tokensPerSecond) : QString();
    case TimeToTrainColumn:
        return haveSpeed ? formatDuration(e->cost.timeToTrainSeconds) : QString();
    case CostColumn:
        return haveSpeed ? formatCost(e->cost.usd) : QString();
    case GoodputColumn:
        return r.goodput ? formatPercent(r.goodput->goodput) : QString();
    case CostWithFailuresColumn:
        return r.goodput ? formatCost(r.goodput->usd) : QString();
    case ErrorBarColumn: {
        if (!haveSpeed || !r.uncertainty) return QString();
        const sim::Uncertainty& u = *r.uncertainty;
        return chartsText(
            ChartText::Interval,
            {secondsArg(e->time.stepSeconds * u.timeLow()),
             secondsArg(e->time.stepSeconds * u.timeHigh()),
             sim::textArg(std::string(services::evidenceName(u.evidence, advisorLanguage())))});
    }
    default:
        return {};
    }
}

QVariant CompareTableModel::header(int column, int role) const {
    if (role == Qt::DisplayRole) return metricName(metricOf(column));
    if (role == Qt::ToolTipRole) return metricToolTip(metricOf(column));
    return {};
}

} // namespace trainplan::ui
