#pragma once

#include <trainplan/simulator/estimate.h>
#include <trainplan/ui/table_model_base.h>

#include <QString>

#include <vector>

namespace trainplan::ui {

// Ranked plans of one framework (the best and its runners-up).
class PlanListModel : public TableModelBase {
    Q_OBJECT
public:
    enum Column {
        RankColumn,
        PlanColumn,
        MemoryColumn,
        StepColumn,
        MfuColumn,
        CostColumn,
        ColumnCount
    };
    using TableModelBase::TableModelBase;

    void setPlans(std::vector<sim::PlanEstimate> plans);
    [[nodiscard]] const sim::PlanEstimate* planAt(int row) const;
    // The knobs every listed plan shares ("TP4 PP2 SP sel"); the Plan column shows only what
    // differs from row to row ("DP32 mb2"), the whole label in its tooltip.
    [[nodiscard]] const QString& sharedKnobs() const { return m_shared; }

protected:
    [[nodiscard]] int rows() const override { return static_cast<int>(m_plans.size()); }
    [[nodiscard]] int columns() const override { return ColumnCount; }
    [[nodiscard]] QVariant cell(int row, int column, int role) const override;
    [[nodiscard]] QVariant header(int column, int role) const override;

private:
    std::vector<sim::PlanEstimate> m_plans;
    std::vector<QString> m_differing; // per plan
    QString m_shared;
};

} // namespace trainplan::ui
