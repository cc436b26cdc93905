#include <trainplan/ui/accuracy_summary_model.h>

#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/format.h>

#include <QFont>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

void AccuracySummaryModel::setReport(std::shared_ptr<const sim::ValidationReport> report) {
    const int n = report ? static_cast<int>(report->summary.size()) + 1 : 0;
    replaceRows(n, [&] { m_report = std::move(report); });
}

int AccuracySummaryModel::rows() const {
    return m_report ? static_cast<int>(m_report->summary.size()) + 1 : 0;
}

QVariant AccuracySummaryModel::cell(int row, int column, int role) const {
    const bool total = row == static_cast<int>(m_report->summary.size());
    if (total) {
        double maxError = 0;
        for (const auto& r : m_report->rows)
            maxError = std::max(maxError, std::abs(r.relativeError));
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (role == SortRole) {
            if (column == RowsColumn) return m_report->totalRows;
            if (column == MeanColumn) return m_report->meanAbsError;
            if (column == MaxColumn) return maxError;
        }
        if (role != Qt::DisplayRole && role != SortRole) return {};
        switch (column) {
        case SourceColumn:
            return calText(sim::CalText::AllComparisons);
        case MetricColumn:
            return QString();
        case RowsColumn:
            return m_report->totalRows;
        case MeanColumn:
            return formatPercent(m_report->meanAbsError);
        case MaxColumn:
            return formatPercent(maxError);
        }
        return {};
    }
    const sim::ValidationGroupSummary& g = m_report->summary[static_cast<std::size_t>(row)];
    if (role == SortRole) {
        if (column == RowsColumn) return g.rows;
        if (column == MeanColumn) return g.meanAbsError;
        if (column == MaxColumn) return g.maxAbsError;
        role = Qt::DisplayRole;
    }
    if (role == Qt::TextAlignmentRole && column >= RowsColumn)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case SourceColumn:
        return QString::fromStdString(g.group);
    case MetricColumn:
        return AccuracyTableModel::metricLabel(g.metric);
    case RowsColumn:
        return g.rows;
    case MeanColumn:
        return formatPercent(g.meanAbsError);
    case MaxColumn:
        return formatPercent(g.maxAbsError);
    }
    return {};
}

QVariant AccuracySummaryModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        if (column == MeanColumn) return calText(sim::CalText::MeanErrorTip);
        if (column == MaxColumn) return calText(sim::CalText::MaxErrorTip);
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case SourceColumn:
        return calText(sim::CalText::ColSource);
    case MetricColumn:
        return calText(sim::CalText::ColMetric);
    case RowsColumn:
        return calText(sim::CalText::ColRows);
    case MeanColumn:
        return calText(sim::CalText::ColMeanError);
    case MaxColumn:
        return calText(sim::CalText::ColMaxError);
    }
    return {};
}

} // namespace trainplan::ui
