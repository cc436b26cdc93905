#include <trainplan/ui/accuracy_table_model.h>

#include <trainplan/ui/format.h>

#include <QBrush>
#include <QColor>
#include <QLocale>

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
    if (modelName.empty() || gpus <= 0) return QString::fromStdString(fallback);
    return tr("%1 on %2 GPUs").arg(QString::fromStdString(modelName), QLocale().toString(gpus));
}

QString AccuracyTableModel::metricLabel(ValidationMetric m) {
    switch (m) {
    case ValidationMetric::StepSeconds:
        return tr("Step time");
    case ValidationMetric::NarayananTflopsPerGpu:
        return tr("TFLOP/s per GPU (eq. 3)");
    case ValidationMetric::MfuPercent:
        return tr("MFU");
    case ValidationMetric::TokensPerSecondPerGpu:
        return tr("Tokens/s per GPU");
    case ValidationMetric::PeakMemoryGiB:
        return tr("Peak memory");
    }
    return {};
}

QString AccuracyTableModel::formatValue(ValidationMetric m, double v) {
    const QLocale l;
    switch (m) {
    case ValidationMetric::StepSeconds:
        return formatSeconds(v);
    case ValidationMetric::NarayananTflopsPerGpu:
        return tr("%1 TFLOP/s").arg(l.toString(v, 'f', 1));
    case ValidationMetric::MfuPercent:
        return QStringLiteral("%1%").arg(l.toString(v, 'f', 1));
    case ValidationMetric::TokensPerSecondPerGpu:
        return tr("%1 tok/s").arg(l.toString(v, 'f', 0));
    case ValidationMetric::PeakMemoryGiB:
        return QStringLiteral("%1 GiB").arg(l.toString(v, 'f', 1));
    }
    return {};
}

QString AccuracyTableModel::formatError(double e) {
    return QStringLiteral("%1%2%").arg(e >= 0 ? QStringLiteral("+") : QString(),
                                       QLocale().toString(e * 100, 'f', 1));
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
        QString tip = tr("Line %1 of published_runs.csv: %2.")
                          .arg(r.line)
                          .arg(runLabel(r.modelName, r.gpus, r.label));
        for (const auto& a : r.assumptions)
            tip += QStringLiteral("\n• ") + QString::fromStdString(a);
        return tip;
    }
    return {};
}

QVariant AccuracyTableModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case LineColumn:
            return tr("The row's line in data/reference/published_runs.csv.");
        case PlanColumn:
            return tr(
                "The plan rebuilt from the publication; knobs it did not publish were searched.");
        case MeasuredColumn:
            return tr("What the source measured, in its own convention.");
        case PredictedColumn:
            return tr("What TrainPlan's simulator predicts for the same model, cluster and plan.");
        case ErrorColumn:
            return tr("(predicted − measured) / measured. Orange above 10%, red above 20%.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case LineColumn:
        return tr("Line");
    case SourceColumn:
        return tr("Source");
    case RunColumn:
        return tr("Run");
    case PlanColumn:
        return tr("Plan");
    case MetricColumn:
        return tr("Metric");
    case MeasuredColumn:
        return tr("Measured");
    case PredictedColumn:
        return tr("Predicted");
    case ErrorColumn:
        return tr("Error");
    }
    return {};
}

} // namespace trainplan::ui
