#pragma once

#include <trainplan/ui/planner_results.h>
#include <trainplan/ui/what_if.h>

#include <QWidget>

#include <memory>

class QFrame;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace trainplan::ui {

class CompareTableModel;
class CrossoverChart;
class DerivationDialog;
class MemoryChart;
class StepTimeChart;
class PlanScatterChart;
class ScalingChart;
class WhatIfPanel;

// The Explore tab: what-if knobs with the best plan per framework under them, the scaling and
// crossover sweeps (with progress and cancel) and the plan-space scatter.
class ExploreTab : public QWidget {
    Q_OBJECT
public:
    explicit ExploreTab(QWidget* parent = nullptr);

    void setBaseScenario(const model::Scenario& s);
    // Another scenario was opened: what-ifs made for the previous one no longer apply.
    void resetWhatIf();
    // The banner that says a what-if is active, with the knobs it changes and a reset button.
    [[nodiscard]] QFrame* whatIfBanner() const { return m_banner; }
    [[nodiscard]] QString whatIfBannerText() const;
    void setExploreOutcome(std::shared_ptr<const ExploreOutcome> outcome);
    void setSweepStarted();
    void setSweepProgress(int permille);
    void setSweepOutcome(std::shared_ptr<const SweepOutcome> outcome);

    [[nodiscard]] WhatIfPanel* whatIfPanel() const { return m_panel; }
    [[nodiscard]] CompareTableModel* summaryModel() const { return m_summary; }
    [[nodiscard]] ScalingChart* scalingChart() const { return m_scaling; }
    [[nodiscard]] CrossoverChart* crossoverChart() const { return m_crossover; }
    [[nodiscard]] PlanScatterChart* scatterChart() const { return m_scatter; }
    // Memory and step time of the best plan per framework under the what-if, as stacked bars
    // that move with the knobs; clicking a bar opens that plan's derivation (showBarDerivation).
    [[nodiscard]] MemoryChart* memoryChart() const { return m_memory; }
    [[nodiscard]] StepTimeChart* stepTimeChart() const { return m_step; }
    // The derivation of the plan of summary row `row`, memory or step time first; nullptr when
    // the row has no estimate.
    DerivationDialog* showBarDerivation(int row, bool memory);

signals:
    void whatIfChanged(const trainplan::ui::WhatIf& whatIf);
    void cancelSweepRequested();
    void exploreShown();
    void sweepShown();

private:
    void updateBanner();

    WhatIfPanel* m_panel;
    QFrame* m_banner;
    QLabel* m_bannerText;
    CompareTableModel* m_summary;
    QTableView* m_summaryTable;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    ScalingChart* m_scaling;
    CrossoverChart* m_crossover;
    PlanScatterChart* m_scatter;
    MemoryChart* m_memory;
    StepTimeChart* m_step;
    DerivationDialog* m_derivation = nullptr;
    std::shared_ptr<const ExploreOutcome> m_outcome;
    int m_derivationRow = -1;
    bool m_derivationMemory = true;
};

} // namespace trainplan::ui
