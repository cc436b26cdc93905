#include <trainplan/ui/accuracy_table_model.h>

#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/format.h>

#include <QBrush>
#include <QColor>

#include <cmath>

namespace trainplan::ui {

using sim::ValidationMetric;

void AccuracyTableModel::setReport(std::shared_ptr<const sim::ValidationReport> report) {
    const int n = report ? static_cast<int>(report->rows.size()) : 0;
    replaceRows(n, [&] { m_report = std::move(report); });
}

int AccuracyTableModel::rows() const {
    return m_report ? static_cast<int>(m_report->rows.size()) : 0;
}

QString AccuracyTableModel::runLabel(const std::string& modelName, long long gpus,
                                     const std::string& fallback) {
    return QString::fromStdString(
        sim::referenceRunLabel(modelName, gpus, fallback, advisorLanguage()));
}

QString AccuracyTableModel::metricLabel(ValidationMetric m) {
    return validationMetricLabel(m);
}

QString AccuracyTableModel::formatValue(ValidationMetric m, double v) {
    return QString::fromStdString(sim::formatValidationValue(m, v, advisorLanguage()));
}

QString AccuracyTableModel::formatError(double e) {
    return QString::fromStdString(sim::formatArg(sim::signedPercentArg(e), advisorLanguage()));
}

QVariant AccuracyTableModel::cell(int row, int column, int role) const {
    const sim::ValidationRow& r = m_report->rows[static_cast<std::size_t>(row)];
    if (role == SortRole) {
        switch (column) {
        case LineColumn:
            return static_cast<qulonglong>(r.line);
        case MeasuredColumn:
            return r.measured;
        case PredictedColumn:
            return r.predicted;
        case ErrorColumn:
            return std::abs(r.relativeError);
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
        case LineColumn:
            return static_cast<qulonglong>(r.line);
        case SourceColumn:
            return QString::fromStdString(r.group);
        case RunColumn:
            return runLabel(r.modelName, r.gpus, r.label);
        case PlanColumn:
            return QString::fromStdString(r.plan);
        case MetricColumn:
            return metricLabel(r.metric);
        case MeasuredColumn:
            return formatValue(r.metric, r.measured);
        case PredictedColumn:
            return formatValue(r.metric, r.predicted);
        case ErrorColumn:
            return formatError(r.relativeError);
        }
    }
    if (role == Qt::TextAlignmentRole && column >= MeasuredColumn)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ForegroundRole && column == ErrorColumn) {
        const double a = std::abs(r.relativeError);
        if (a > 0.20) return QBrush(QColor(0xd3, 0x2f, 0x2f));
        if (a > 0.10) return QBrush(QColor(0xef, 0x6c, 0x00));
    }
    if (role == Qt::ToolTipRole) {
        QString tip =
            calText(sim::CalText::LineTip, {sim::countArg(static_cast<double>(r.line)),
                                            qArg(runLabel(r.modelName, r.gpus, r.label))});
        for (const auto& a : r.assumptions)
            tip += QStringLiteral("\n• ") + QString::fromStdString(a.text(advisorLanguage()));
        return tip;
    }
    return {};
}

QVariant AccuracyTableModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case LineColumn:
            return calText(sim::CalText::LineColumnTip);
        case PlanColumn:
            return calText(sim::CalText::PlanColumnTip);
        case MeasuredColumn:
            return calText(sim::CalText::MeasuredColumnTip);
        case PredictedColumn:
            return calText(sim::CalText::PredictedColumnTip);
        case ErrorColumn:
            return calText(sim::CalText::ErrorColumnTip);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case LineColumn:
        return calText(sim::CalText::ColLine);
    case SourceColumn:
        return calText(sim::CalText::ColSource);
    case RunColumn:
        return calText(sim::CalText::ColRun);
    case PlanColumn:
        return calText(sim::CalText::ColPlan);
    case MetricColumn:
        return calText(sim::CalText::ColMetric);
    case MeasuredColumn:
        return calText(sim::CalText::ColMeasured);
    case PredictedColumn:
        return calText(sim::CalText::ColPredicted);
    case ErrorColumn:
        return calText(sim::CalText::ColError);
    }
    return {};
}

} // namespace trainplan::ui
