#include <trainplan/ui/calibration_models.h>

#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/advisor_text.h>
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
    if (role == Qt::ToolTipRole && p.atBound) return calText(sim::CalText::AtBoundTip);
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn:
        return toQString(sim::efficiencyKey(p.parameter));
    case StartColumn:
        return number(p.start);
    case ValueColumn:
        return p.atBound ? calText(sim::CalText::AtBound, {qArg(number(p.value))})
                         : number(p.value);
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
            return calText(sim::CalText::StartTip);
        case SigmaColumn:
            return calText(sim::CalText::SigmaTip);
        case InformedColumn:
            return calText(sim::CalText::InformedByTip);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn:
        return calText(sim::CalText::ColParameter);
    case StartColumn:
        return calText(sim::CalText::ColStart);
    case ValueColumn:
        return calText(sim::CalText::ColFitted);
    case SigmaColumn:
        return calText(sim::CalText::ColSigma);
    case BoundsColumn:
        return calText(sim::CalText::ColBounds);
    case InformedColumn:
        return calText(sim::CalText::ColInformedBy);
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
    if (role == Qt::ToolTipRole && !r.fitted) return calText(sim::CalText::NotFittedTip);
    if (role != Qt::DisplayRole) return {};
    auto withError = [&](double predicted, double error) {
        return calText(sim::CalText::Parenthesized,
                       {qArg(AccuracyTableModel::formatValue(r.metric, predicted)),
                        sim::signedPercentArg(error)});
    };
    switch (column) {
    case RunColumn:
        return r.referenceLine > 0
                   ? calText(sim::CalText::RunAtLine,
                             {qArg(AccuracyTableModel::runLabel(r.modelName, r.gpus, r.label)),
                              sim::countArg(static_cast<double>(r.referenceLine))})
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
            return calText(sim::CalText::BeforeTip);
        case AfterColumn:
            return calText(sim::CalText::AfterTip);
        case LeaveOneOutColumn:
            return calText(sim::CalText::LeaveOneOutTip);
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case RunColumn:
        return calText(sim::CalText::ColRun);
    case MetricColumn:
        return calText(sim::CalText::ColMetric);
    case MeasuredColumn:
        return calText(sim::CalText::ColMeasured);
    case BeforeColumn:
        return calText(sim::CalText::ColBefore);
    case AfterColumn:
        return calText(sim::CalText::ColAfter);
    case LeaveOneOutColumn:
        return calText(sim::CalText::ColLeaveOneOut);
    }
    return {};
}

} // namespace trainplan::ui
