#include <trainplan/ui/calibration_models.h>

#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/format.h>

#include <QLocale>

#include <cmath>

namespace trainplan::ui {

namespace {
QString number(double v, int decimals = 4) {
    return std::isfinite(v) ? QLocale().toString(v, 'f', decimals) : QStringLiteral("—");
}
QVariant right() {
    return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
}
} // namespace

void CalibrationParameterModel::setResult(std::shared_ptr<const sim::CalibrationResult> result) {
    const int n = result ? static_cast<int>(result->parameters.size()) : 0;
    replaceRows(n, [&] { m_result = std::move(result); });
}

int CalibrationParameterModel::rows() const {
    return m_result ? static_cast<int>(m_result->parameters.size()) : 0;
}

QVariant CalibrationParameterModel::cell(int row, int column, int role) const {
    const sim::FittedParameter& p = m_result->parameters[static_cast<std::size_t>(row)];
    if (role == SortRole) {
        switch (column) {
        case StartColumn:
            return p.start;
        case ValueColumn:
            return p.value;
        case SigmaColumn:
            return p.sigma;
        case InformedColumn:
            return p.informativeMeasurements;
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role == Qt::TextAlignmentRole && column != NameColumn) return right();
    if (role == Qt::ToolTipRole && p.atBound)
        return tr("The fit pushed this parameter to a bound; its uncertainty is not meaningful.");
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn:
        return toQString(sim::efficiencyKey(p.parameter));
    case StartColumn:
        return number(p.start);
    case ValueColumn:
        return p.atBound ? tr("%1 (at bound)").arg(number(p.value)) : number(p.value);
    case SigmaColumn:
        return QStringLiteral("± %1").arg(number(p.sigma));
    case BoundsColumn:
        return QStringLiteral("[%1, %2]").arg(number(p.bounds.lower, 2), number(p.bounds.upper, 2));
    case InformedColumn:
        return p.informativeMeasurements;
    }
    return {};
}

QVariant CalibrationParameterModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case StartColumn:
            return tr("The value before the fit (the mean of the runs' resolved values).");
        case SigmaColumn:
            return tr("One standard deviation, from σ²·(JᵀJ)⁻¹ of the least-squares fit.");
        case InformedColumn:
            return tr("Measurements whose prediction depends on this parameter.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn:
        return tr("Parameter");
    case StartColumn:
        return tr("Start");
    case ValueColumn:
        return tr("Fitted");
    case SigmaColumn:
        return tr("± 1σ");
    case BoundsColumn:
        return tr("Bounds");
    case InformedColumn:
        return tr("Informed by");
    }
    return {};
}

void CalibrationResidualModel::setResult(std::shared_ptr<const sim::CalibrationResult> result) {
    const int n = result ? static_cast<int>(result->residuals.size()) : 0;
    replaceRows(n, [&] { m_result = std::move(result); });
}

int CalibrationResidualModel::rows() const {
    return m_result ? static_cast<int>(m_result->residuals.size()) : 0;
}

QVariant CalibrationResidualModel::cell(int row, int column, int role) const {
    const sim::CalibrationResidual& r = m_result->residuals[static_cast<std::size_t>(row)];
    const bool fitted = m_result->ok();
    if (role == SortRole) {
        switch (column) {
        case MeasuredColumn:
            return r.measured;
        case BeforeColumn:
            return std::abs(r.errorBefore());
        case AfterColumn:
            return fitted ? std::abs(r.errorAfter()) : QVariant();
        case LeaveOneOutColumn: {
            const auto e = r.errorLeaveOneOut();
            return e && fitted ? QVariant(std::abs(*e)) : QVariant();
        }
        default:
            role = Qt::DisplayRole;
        }
    }
    if (role == Qt::TextAlignmentRole && column >= MeasuredColumn) return right();
    if (role == Qt::ToolTipRole && !r.fitted)
        return tr("Not used in the fit: it depends on none of the fitted parameters.");
    if (role != Qt::DisplayRole) return {};
    auto withError = [&](double predicted, double error) {
        return QStringLiteral("%1 (%2)").arg(AccuracyTableModel::formatValue(r.metric, predicted),
                                             AccuracyTableModel::formatError(error));
    };
    switch (column) {
    case RunColumn:
        return r.referenceLine > 0
                   ? tr("%1 (line %2)")
                         .arg(AccuracyTableModel::runLabel(r.modelName, r.gpus, r.label))
                         .arg(r.referenceLine)
                   : QString::fromStdString(r.label);
    case MetricColumn:
        return AccuracyTableModel::metricLabel(r.metric);
    case MeasuredColumn:
        return AccuracyTableModel::formatValue(r.metric, r.measured);
    case BeforeColumn:
        return withError(r.before, r.errorBefore());
    case AfterColumn:
        return fitted ? withError(r.after, r.errorAfter()) : QStringLiteral("—");
    case LeaveOneOutColumn: {
        const auto e = r.errorLeaveOneOut();
        return fitted && e && r.leaveOneOut ? withError(*r.leaveOneOut, *e) : QStringLiteral("—");
    }
    }
    return {};
}

QVariant CalibrationResidualModel::header(int column, int role) const {
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case BeforeColumn:
            return tr("Predicted with the default efficiency, and its relative error.");
        case AfterColumn:
            return tr("Predicted with the fitted parameters.");
        case LeaveOneOutColumn:
            return tr("Predicted by a fit that left this run out: whether the fit generalizes to "
                      "runs it has not seen.");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case RunColumn:
        return tr("Run");
    case MetricColumn:
        return tr("Metric");
    case MeasuredColumn:
        return tr("Measured");
    case BeforeColumn:
        return tr("Before");
    case AfterColumn:
        return tr("After");
    case LeaveOneOutColumn:
        return tr("Leave-one-out");
    }
    return {};
}

} // namespace trainplan::ui
