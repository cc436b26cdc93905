#pragma once

#include <trainplan/simulator/calibrate.h>
#include <trainplan/ui/table_model_base.h>

#include <memory>

namespace trainplan::ui {

// The fitted parameters of a calibration: start, value ± 1σ, bounds and how many measurements
// inform each (sim::CalibrationResult::parameters).
class CalibrationParameterModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        StartColumn,
        ValueColumn,
        SigmaColumn,
        BoundsColumn,
        InformedColumn,
        ColumnCount
    };
    using TableModelBase::TableModelBase;
    void setResult(std::shared_ptr<const sim::CalibrationResult> result);

protected:
    [[nodiscard]] int rows() const override;
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::shared_ptr<const sim::CalibrationResult> m_result;
};

// Before/after per measurement: measured, predicted with the default efficiency, with the fitted
// parameters and by the leave-one-out fit, with their relative errors (sim::CalibrationResidual).
class CalibrationResidualModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        RunColumn,
        MetricColumn,
        MeasuredColumn,
        BeforeColumn,
        AfterColumn,
        LeaveOneOutColumn,
        ColumnCount
    };
    using TableModelBase::TableModelBase;
    void setResult(std::shared_ptr<const sim::CalibrationResult> result);

protected:
    [[nodiscard]] int rows() const override;
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::shared_ptr<const sim::CalibrationResult> m_result;
};

} // namespace trainplan::ui
