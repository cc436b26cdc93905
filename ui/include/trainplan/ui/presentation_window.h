#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/report_job.h>
#include <trainplan/ui/what_if.h>

#include <QWidget>

#include <memory>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace trainplan::ui {

class Debouncer;

// Presentation mode (View → Present, F11): full screen, one summary or chart per page — the
// recommendation, the comparison table, memory, step time, communication, scaling, the roadmap —
// in type that scales with the screen height. Arrow keys, PageUp/PageDown, space, Home/End move;
// Esc leaves. A what-if strip (GPU count, inter-node bandwidth per NIC) re-runs the report data in
// the background (applyWhatIf, like the Explore tab) so the slides update live; the scenario
// itself is a copy and never changes.
class PresentationWindow : public QWidget {
    Q_OBJECT
public:
    enum class Page { Summary, Comparison, Memory, StepTime, Communication, Scaling, Roadmap };
    static constexpr int kPageCount = 7;

    // `planner`: the window's shared planning cache (ScenarioDocument::sharedPlanner), so that the
    // slides read the search and advice Compare and the Roadmap show; none: one of its own.
    PresentationWindow(model::Scenario scenario, std::shared_ptr<const model::Catalog> catalog,
                       sim::Lang lang, std::shared_ptr<services::Planner> planner = {},
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    [[nodiscard]] int pageCount() const { return kPageCount; }
    [[nodiscard]] int currentPage() const { return m_page; }
    void setPage(int page);
    void nextPage();
    void previousPage();

    [[nodiscard]] const WhatIf& whatIf() const { return m_whatIf; }
    void setWhatIf(const WhatIf& whatIf);
    [[nodiscard]] const model::Scenario& baseScenario() const { return m_base; }
    // The data the slides show (null until the first result arrives).
    [[nodiscard]] const report::ReportData* data() const { return m_data.get(); }
    [[nodiscard]] bool isComputing() const { return m_job.isRunning(); }
    // The pixel size of body text: proportional to the window's height.
    [[nodiscard]] int bodyPixels() const;

    [[nodiscard]] QSpinBox* gpuSpin() const { return m_gpus; }
    [[nodiscard]] QDoubleSpinBox* bandwidthSpin() const { return m_bandwidth; }
    [[nodiscard]] QLabel* pageIndicator() const { return m_indicator; }
    [[nodiscard]] QWidget* pageWidget(int page) const;

signals:
    void pageChanged(int page);
    void slidesUpdated(); // a new result is on the slides

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void compute();
    void rebuild();
    void showStatus();
    void whatIfEdited();
    [[nodiscard]] bool handleKey(int key);

    [[nodiscard]] QWidget* summaryPage();
    [[nodiscard]] QWidget* comparisonPage();
    [[nodiscard]] QWidget* chartPage(report::ChartKind kind);
    [[nodiscard]] QWidget* roadmapPage();
    [[nodiscard]] QWidget* frame(const QString& title, QWidget* body);

    model::Scenario m_base;
    std::shared_ptr<const model::Catalog> m_catalog;
    std::shared_ptr<services::Planner> m_planner;
    sim::Lang m_lang;
    WhatIf m_whatIf;
    std::shared_ptr<const report::ReportData> m_data;
    QString m_error;
    int m_page = 0;
    int m_builtForPixels = 0;

    QStackedWidget* m_stack;
    QSpinBox* m_gpus;
    QDoubleSpinBox* m_bandwidth;
    QPushButton* m_reset;
    QLabel* m_status;
    QLabel* m_hint;
    QLabel* m_indicator;
    Debouncer* m_debounce;
    LatestJob<ReportOutcome> m_job;
};

} // namespace trainplan::ui
