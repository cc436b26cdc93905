#include <trainplan/ui/planner_controller.h>

#include <trainplan/services/run_checks.h>
#include <trainplan/simulator/calibration_profile.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/sweep.h>
#include <trainplan/simulator/validation.h>
#include <trainplan/ui/debouncer.h>

#include <QElapsedTimer>
#include <QStringList>

namespace trainplan::ui {

namespace {
constexpr int kDebounceMs = 150;

double secondsSince(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) * 1e-9;
}
} // namespace

PlannerController::PlannerController(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
    , m_planner(std::make_shared<services::Planner>())
    , m_compareDebounce(new Debouncer(kDebounceMs, this))
    , m_exploreDebounce(new Debouncer(kDebounceMs, this))
    , m_compare(this)
    , m_explore(this)
    , m_sweep(this) {
    connect(m_compareDebounce, &Debouncer::fired, this, &PlannerController::startCompare);
    connect(m_exploreDebounce, &Debouncer::fired, this, &PlannerController::startExplore);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { emit sweepProgress(m_sweep.control().progressPermille()); });
}

PlannerController::~PlannerController() {
    m_compare.cancel();
    m_explore.cancel();
    m_sweep.cancel();
}

void PlannerController::setScenario(const model::Scenario& s, bool computable) {
    ResolvedScenario resolved = resolveProfile(s, m_profileLookup, m_prices);
    m_scenario = std::move(resolved.scenario);
    m_profileNote = std::move(resolved.profileNote);
    m_computable = computable;
    m_exploreStale = m_sweepStale = true;
    m_compareDebounce->trigger();
    if (m_exploreActive) {
        m_sweep.cancel();
        m_exploreDebounce->trigger();
    }
    updateBusy();
}

void PlannerController::setWhatIf(const WhatIf& w) {
    if (w == m_whatIf) return;
    m_whatIf = w;
    m_exploreStale = m_sweepStale = true;
    if (m_exploreActive) {
        m_sweep.cancel();
        m_exploreDebounce->trigger();
    }
    updateBusy();
}

model::Scenario PlannerController::whatIfScenario() const {
    return applyWhatIf(m_scenario, m_whatIf);
}

void PlannerController::setExploreActive(bool active) {
    m_exploreActive = active;
    if (active && (m_exploreStale || m_sweepStale)) m_exploreDebounce->trigger();
}

void PlannerController::recomputeNow() {
    m_exploreStale = m_sweepStale = true;
    startCompare();
    if (m_exploreActive) startExplore();
}

void PlannerController::cancelAll() {
    m_compare.cancel();
    m_explore.cancel();
    m_sweep.cancel();
    m_progressTimer.stop();
}

void PlannerController::cancelSweep() {
    m_sweep.cancel();
    m_progressTimer.stop();
    auto outcome = std::make_shared<SweepOutcome>();
    outcome->cancelled = true;
    emit sweepFinished(outcome);
    updateBusy();
}

const sim::ResidualTable& referenceResiduals(const model::Catalog& catalog) {
    // The public reference runs do not change while the program runs: validate them once (thread-
    // safe static initialisation), on the first worker thread that needs them.
    static const sim::ResidualTable table = services::referenceResiduals(catalog);
    return table;
}

void PlannerController::startCompare() {
    if (!m_computable) {
        m_compare.cancel();
        emit compareUnavailable();
        updateBusy();
        return;
    }
    m_compareClock.start();
    emit compareStarted();
    m_compare.start(
        [s = m_scenario, note = m_profileNote, catalog = m_catalog,
         planner = m_planner](const JobControl& control) {
            QElapsedTimer clock;
            clock.start();
            services::PlanningOptions options;
            options.cancelled = [control] { return control.isCancelled(); };
            CompareOutcome out = compareOutcome(planner->plan(s, options));
            out.profileNote = note;
            out.residuals = referenceResiduals(*catalog);
            out.computeSeconds = secondsSince(clock);
            return out;
        },
        [this](CompareOutcome out) {
            m_lastCompareLatencyMs = static_cast<double>(m_compareClock.nsecsElapsed()) * 1e-6;
            emit compareFinished(std::make_shared<const CompareOutcome>(std::move(out)));
            updateBusy();
        });
    updateBusy();
}

void PlannerController::startExplore() {
    if (!m_computable) return;
    m_exploreStale = false;
    m_explore.start(
        [s = whatIfScenario(), planner = m_planner](const JobControl& control) {
            QElapsedTimer clock;
            clock.start();
            ExploreOutcome out;
            out.scenario = s;
            // Through the shared planner: with no what-if active this is the plan space the
            // report draws, computed once.
            services::PlanningOptions options;
            options.planSpace = true;
            options.cancelled = [control] { return control.isCancelled(); };
            const auto planned = planner->plan(out.scenario, options);
            if (planned->cancelled)
                out.search.cancelled = true;
            else
                out.search = *planned->planSpace;
            out.pareto = sim::paretoFront2d(out.search.all);
            out.computeSeconds = secondsSince(clock);
            return out;
        },
        [this](ExploreOutcome out) {
            emit exploreFinished(std::make_shared<const ExploreOutcome>(std::move(out)));
            if (m_sweepStale && m_exploreActive) startSweep();
            updateBusy();
        });
    updateBusy();
}

void PlannerController::startSweep() {
    m_sweepStale = false;
    emit sweepStarted();
    m_sweep.start(
        [s = whatIfScenario(), catalog = m_catalog](const JobControl& control) {
            QElapsedTimer clock;
            clock.start();
            SweepOutcome out;
            const std::vector<int> nodes = scalingNodeCounts(s);
            const std::vector<double> factors = sim::modelScaleFactors();
            const double total = static_cast<double>(nodes.size() + factors.size());
            const double share = static_cast<double>(nodes.size()) / total;
            SweepControl first{[control, share](double f) { control.setProgress(f * share); },
                               [control] { return control.isCancelled(); }};
            out.scaling = sweepNodes(s, nodes, *catalog, first);
            if (!out.scaling.cancelled) {
                SweepControl second{
                    [control, share](double f) { control.setProgress(share + f * (1 - share)); },
                    [control] { return control.isCancelled(); }};
                out.crossover = sweepModelScale(s, factors, *catalog, second);
            }
            out.cancelled = out.scaling.cancelled || out.crossover.cancelled;
            out.computeSeconds = secondsSince(clock);
            return out;
        },
        [this](SweepOutcome out) {
            m_progressTimer.stop();
            emit sweepProgress(1000);
            emit sweepFinished(std::make_shared<const SweepOutcome>(std::move(out)));
            updateBusy();
        });
    m_progressTimer.start();
    updateBusy();
}

void PlannerController::updateBusy() {
    if (!m_sweep.isRunning()) m_progressTimer.stop();
    const bool busy = m_compare.isRunning() || m_explore.isRunning() || m_sweep.isRunning();
    if (busy == m_busy) return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace trainplan::ui
