#pragma once

#include <trainplan/ui/advice_outcome.h>
#include <trainplan/ui/latest_job.h>

#include <QWidget>

#include <memory>
#include <optional>

class QChartView;
class QLabel;
class QPushButton;
class QTabWidget;
class QTextBrowser;

namespace trainplan::ui {

class BreakPointsChart;
class Debouncer;
class RoadmapView;
class ScenarioDocument;

// The Roadmap tab (issue 7): the advisor's recommendation and its reasons, the migration stages as
// an editable swimlane and the model-size break points. The advisor runs off the GUI thread on the
// current scenario, debounced, latest request wins; stage edits go through the document's undo
// stack and are stored with the scenario (`stages`).
class RoadmapTab : public QWidget {
    Q_OBJECT
public:
    explicit RoadmapTab(ScenarioDocument* doc, QWidget* parent = nullptr);

    // Runs the advisor now (otherwise it runs debounced after each scenario change).
    void recomputeNow();
    // The scenario's calibration profile changed in the library: recompute as after an edit.
    void planningInputChanged() { scenarioChanged(); }
    [[nodiscard]] const AdviceOutcome& outcome() const { return m_outcome; }
    // The advice or its model-size curve (computed after the advice is shown).
    [[nodiscard]] bool isComputing() const { return m_job.isRunning() || m_curveJob.isRunning(); }
    [[nodiscard]] bool isComputingAdvice() const { return m_job.isRunning(); }
    [[nodiscard]] quint64 resultsShown() const { return m_resultsShown; }
    [[nodiscard]] RoadmapView* roadmapView() const { return m_roadmap; }
    [[nodiscard]] BreakPointsChart* breakPointsChart() const { return m_chart; }
    // The stages on a calendar (sim::roadmapTimeline, drawn by report::timelineChart), under the
    // "Timeline" tab beside the stage lane, with its totals below.
    [[nodiscard]] QChartView* timelineView() const { return m_timeline; }
    [[nodiscard]] QString timelineSummaryText() const;
    void showTimeline(); // brings the Timeline tab to the front
    // Cancels the advice and its curve (their results are dropped); for the window's destruction.
    void cancelJobs() {
        m_job.cancel();
        m_curveJob.cancel();
    }
    [[nodiscard]] QString headlineText() const; // plain text of the recommendation headline
    // True while what is shown no longer answers the edited scenario (greyed until the new
    // advice arrives; after a switch to another scenario the old answer is removed instead).
    [[nodiscard]] bool isShowingStaleAdvice() const { return m_showingStale; }

signals:
    void adviceShown();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void scenarioChanged();
    void scenarioReplaced();
    void setAdviceStale(bool stale);
    void start();
    void showOutcome(AdviceOutcome outcome);
    void startCurve(CurveRequest request);
    void showAdvice();
    void editStage(int stage, const QString& field, const QString& what,
                   const std::function<void(model::MigrationStage&)>& change);

    ScenarioDocument* m_doc;
    Debouncer* m_debounce;
    LatestJob<AdviceOutcome> m_job;
    LatestJob<AdviceOutcome> m_curveJob;        // the model-size curve of m_outcome's advice
    std::optional<CurveRequest> m_curveRequest; // of the curve computing or kept in m_curve
    std::optional<Sweep> m_curve;               // the finished curve of m_curveRequest
    AdviceOutcome m_outcome;
    quint64 m_resultsShown = 0;
    bool m_stale = true;
    bool m_showingStale = true;
    QLabel* m_badge;
    QLabel* m_headline;
    QTextBrowser* m_reasons;
    QString m_reasonsHtml; // what m_reasons shows
    QLabel* m_status;
    QPushButton* m_reset;
    RoadmapView* m_roadmap;
    BreakPointsChart* m_chart;
    QTabWidget* m_lowerTabs = nullptr;
    QChartView* m_timeline = nullptr;
    QLabel* m_timelineSummary = nullptr;
};

} // namespace trainplan::ui
