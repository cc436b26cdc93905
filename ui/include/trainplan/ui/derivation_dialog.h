#pragma once

#include <trainplan/simulator/explain.h>

#include <QDialog>

class QLabel;
class QTreeView;
class QTreeWidget;

namespace trainplan::ui {

class DerivationTreeModel;

// Which number the user clicked: its tree is expanded and selected, the others stay collapsed.
// Which tree opens, and which term is selected: the number the user clicked.
enum class DerivationFocus {
    Memory,
    StepTime,
    Communication,
    Flops,
    Throughput, // step time and FLOPs open, MFU selected
    Mfu,
    TokensPerSecond,
    TimeToTrain,
    Cost
};

// "Show the work" for one plan: the derivation trees of its peak memory, step time, communication
// and model FLOPs (formulas, inputs, sources), and the assumptions the estimate relied on.
class DerivationDialog : public QDialog {
    Q_OBJECT
public:
    explicit DerivationDialog(QWidget* parent = nullptr);

    // With the plan's context the tree ends in the rates (MFU, tokens/s, time to train, cost)
    // and the assumptions show their numbers in user units.
    void setExplanation(const sim::Explanation& explanation, const QString& title,
                        DerivationFocus focus, const sim::PlanContext* context = nullptr);

    [[nodiscard]] DerivationTreeModel* model() const { return m_model; }
    [[nodiscard]] QTreeView* view() const { return m_view; }
    [[nodiscard]] QTreeWidget* assumptions() const { return m_assumptions; }

private:
    QLabel* m_title;
    DerivationTreeModel* m_model;
    QTreeView* m_view;
    QTreeWidget* m_assumptions;
};

} // namespace trainplan::ui
