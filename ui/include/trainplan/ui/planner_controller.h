#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/planner_results.h>
#include <trainplan/ui/profile_resolution.h>
#include <trainplan/ui/what_if.h>

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace trainplan::ui {

class Debouncer;

// Runs every estimate and search off the GUI thread (QtConcurrent), latest request wins.
// Three jobs: the Compare search of the edited scenario, the Explore search of the what-if
// scenario (with every plan, for the scatter), and the Explore sweeps (scaling and crossover,
// long: progress and cancel). Requests are debounced; results come back by signal.
class PlannerController : public QObject {
    Q_OBJECT
public:
    explicit PlannerController(std::shared_ptr<const model::Catalog> catalog,
                               QObject* parent = nullptr);
    ~PlannerController() override;

    // Called on the GUI thread from setScenario() (resolveProfile).
    using ProfileLookup = ui::ProfileLookup;
    void setProfileLookup(ProfileLookup lookup) { m_profileLookup = std::move(lookup); }
    void setPriceSource(PriceSource prices) { m_prices = std::move(prices); }
    // The planning cache shared with the window's other surfaces (ScenarioDocument::
    // sharedPlanner); the controller starts with one of its own.
    void setPlanner(std::shared_ptr<services::Planner> planner) { m_planner = std::move(planner); }

    // The edited scenario; `computable` false when validation blocks estimation. When it names a
    // calibration profile (efficiency.profile), the profile's values fill the efficiency overrides
    // the scenario does not set (resolveProfile, as the CLI does) before every estimate;
    // profileNote() says what was applied.
    void setScenario(const model::Scenario& s, bool computable);
    [[nodiscard]] const QString& profileNote() const { return m_profileNote; }
    void setWhatIf(const WhatIf& w);
    [[nodiscard]] const WhatIf& whatIf() const { return m_whatIf; }
    [[nodiscard]] const model::Scenario& scenario() const { return m_scenario; }
    [[nodiscard]] model::Scenario whatIfScenario() const;
    // Explore work runs only while its tab is visible; it catches up when shown.
    void setExploreActive(bool active);
    void recomputeNow();
    void cancelSweep();
    // Cancels every running job (their results are dropped); for the window's destruction.
    void cancelAll();

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
    std::shared_ptr<services::Planner> m_planner;
    ProfileLookup m_profileLookup;
    PriceSource m_prices;
    QString m_profileNote;
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

// The residuals of the public reference runs (services::referenceResiduals), validated once per
// process on the first thread that asks: the error bars of Compare and the Measurements tab.
[[nodiscard]] const sim::ResidualTable& referenceResiduals(const model::Catalog& catalog);

} // namespace trainplan::ui
