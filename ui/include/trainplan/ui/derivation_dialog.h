#pragma once

#include <trainplan/simulator/explain.h>

#include <QDialog>

class QLabel;
class QTreeView;
class QTreeWidget;

namespace trainplan::ui {

class DerivationTreeModel;

// Which number the user clicked: its tree is expanded and selected, the others stay collapsed.
enum class DerivationFocus { Memory, StepTime, Communication, Flops, Throughput };

// "Show the work" for one plan: the derivation trees of its peak memory, step time, communication
// and model FLOPs (formulas, inputs, sources), and the assumptions the estimate relied on.
class DerivationDialog : public QDialog {
    Q_OBJECT
public:
    explicit DerivationDialog(QWidget* parent = nullptr);

    void setExplanation(const sim::Explanation& explanation, const QString& title,
                        DerivationFocus focus);

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
