#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/planner_results.h>
#include <trainplan/ui/what_if.h>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>

namespace trainplan::ui {

class Debouncer;

// Runs every estimate and search off the GUI thread (QtConcurrent), latest request wins.
// Three jobs: the Compare search of the edited scenario, the Explore search of the what-if
// scenario (with every plan, for the scatter), and the Explore sweeps (scaling and crossover,
// long: progress and cancel). Requests are debounced; results come back by signal.
class PlannerController : public QObject {
    Q_OBJECT
public:
    explicit PlannerController(std::shared_ptr<const model::Catalog> catalog, QObject* parent = nullptr);
    ~PlannerController() override;

    // The edited scenario; `computable` false when validation blocks estimation.
    void setScenario(const model::Scenario& s, bool computable);
    void setWhatIf(const WhatIf& w);
    [[nodiscard]] const WhatIf& whatIf() const { return m_whatIf; }
    [[nodiscard]] const model::Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] model::Scenario whatIfScenario() const;
    // Explore work runs only while its tab is visible; it catches up when shown.
    void setExploreActive(bool active);
    void recomputeNow();
    void cancelSweep();

    [[nodiscard]] bool isComparing() const { return m_compare.isRunning(); }
    [[nodiscard]] bool isSweeping() const { return m_sweep.isRunning(); }
    // Milliseconds from the last compare request to its result (after the debounce).
    [[nodiscard]] double lastCompareLatencyMs() const { return m_lastCompareLatencyMs; }

signals:
    void compareStarted();
    void compareFinished(std::shared_ptr<const trainplan::ui::CompareOutcome> outcome);
    void compareUnavailable(); // the scenario has blocking validation issues
    void exploreFinished(std::shared_ptr<const trainplan::ui::ExploreOutcome> outcome);
    void sweepStarted();
    void sweepProgress(int permille);
    void sweepFinished(std::shared_ptr<const trainplan::ui::SweepOutcome> outcome);
    void busyChanged(bool busy);

private:
    void startCompare();
    void startExplore();
    void startSweep();
    void updateBusy();

    std::shared_ptr<const model::Catalog> m_catalog;
    model::Scenario m_scenario;
    bool m_computable = false;
    WhatIf m_whatIf;
    bool m_exploreActive = false;
    bool m_exploreStale = true;
    bool m_sweepStale = true;
    bool m_busy = false;
    double m_lastCompareLatencyMs = 0;
    QElapsedTimer m_compareClock;

    Debouncer* m_compareDebounce;
    Debouncer* m_exploreDebounce;
    QTimer m_progressTimer;
    LatestJob<CompareOutcome> m_compare;
    LatestJob<ExploreOutcome> m_explore;
    LatestJob<SweepOutcome> m_sweep;
};

} // namespace trainplan::ui
