#include <trainplan/ui/roadmap_tab.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/simulator/timeline.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/break_points_chart.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/debouncer.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/report_job.h>
#include <trainplan/ui/roadmap_edits.h>
#include <trainplan/ui/roadmap_view.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QChart>
#include <QChartView>
#include <QDate>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace trainplan::ui {

using services::PlanViewText;

namespace {
constexpr int kAdviceDebounceMs = 250;
} // namespace

RoadmapTab::RoadmapTab(ScenarioDocument* doc, QWidget* parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_debounce(new Debouncer(kAdviceDebounceMs, this))
    , m_job(this)
    , m_curveJob(this)
    , m_badge(new QLabel)
    , m_headline(new QLabel)
    , m_reasons(new QTextBrowser)
    , m_status(new QLabel)
    , m_reset(new QPushButton(viewText(PlanViewText::ResetToDefaultPath)))
    , m_roadmap(new RoadmapView)
    , m_chart(new BreakPointsChart) {
    setObjectName(QStringLiteral("roadmapTab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto* head = new QHBoxLayout;
    m_badge->setObjectName(QStringLiteral("recommendationBadge"));
    m_badge->setMargin(4);
    m_badge->setAutoFillBackground(true);
    m_badge->setToolTip(viewText(PlanViewText::BadgeTip));
    m_headline->setObjectName(QStringLiteral("recommendationHeadline"));
    m_headline->setWordWrap(true);
    QFont big = m_headline->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    head->addWidget(m_badge, 0, Qt::AlignTop);
    head->addWidget(m_headline, 1);
    layout->addLayout(head);

    m_reasons->setObjectName(QStringLiteral("recommendationReasons"));
    m_reasons->setOpenLinks(false);
    m_reasons->setToolTip(viewText(PlanViewText::ReasonsTip));
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_reasons);
    top->addWidget(m_chart);
    top->setChildrenCollapsible(false);
    m_chart->setMinimumWidth(420);
    top->setSizes({620, 540});

    auto* lower = new QWidget;
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    auto* laneTitle = new QLabel(tr("<b>Migration roadmap</b>"));
    m_status->setObjectName(QStringLiteral("roadmapStatus"));
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_reset->setObjectName(QStringLiteral("resetRoadmap"));
    m_reset->setToolTip(viewText(PlanViewText::ResetRoadmapTip));
    // The status gives way to the button (its Chinese label was clipped): it wraps, the button
    // keeps its whole text.
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_reset->setMinimumWidth(m_reset->sizeHint().width());
    bar->addWidget(laneTitle);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_reset);
    lowerLayout->addLayout(bar);
    // The stages as cards, and the same stages on a calendar.
    m_lowerTabs = new QTabWidget;
    m_lowerTabs->setObjectName(QStringLiteral("roadmapTabs"));
    m_lowerTabs->addTab(m_roadmap, tr("Stages"));
    auto* timelinePane = new QWidget;
    auto* timelineLayout = new QVBoxLayout(timelinePane);
    timelineLayout->setContentsMargins(4, 4, 4, 4);
    m_timeline = new QChartView;
    m_timeline->setObjectName(QStringLiteral("timelineChart"));
    m_timeline->setRenderHint(QPainter::Antialiasing);
    m_timeline->setToolTip(viewText(PlanViewText::TimelineTip));
    m_timelineSummary = new QLabel;
    m_timelineSummary->setObjectName(QStringLiteral("timelineSummary"));
    m_timelineSummary->setWordWrap(true);
    m_timelineSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    timelineLayout->addWidget(m_timeline, 1);
    timelineLayout->addWidget(m_timelineSummary);
    m_lowerTabs->addTab(timelinePane, tr("Timeline"));
    lowerLayout->addWidget(m_lowerTabs, 1);

    auto* vertical = new QSplitter(Qt::Vertical);
    vertical->addWidget(top);
    vertical->addWidget(lower);
    vertical->setStretchFactor(0, 2);
    vertical->setStretchFactor(1, 3);
    vertical->setChildrenCollapsible(false);
    vertical->setSizes({360, 540});
    layout->addWidget(vertical, 1);

    m_headline->setText(viewText(PlanViewText::ComputingAdvice));
    m_roadmap->setMessage(calText(sim::CalText::Computing));

    connect(m_debounce, &Debouncer::fired, this, &RoadmapTab::start);
    connect(doc, &ScenarioDocument::scenarioChanged, this, &RoadmapTab::scenarioChanged);
    connect(doc, &ScenarioDocument::scenarioReset, this, &RoadmapTab::scenarioReplaced);
    connect(m_reset, &QPushButton::clicked, this, [this] {
        model::Scenario s = m_doc->scenario();
        if (s.stages.empty()) return;
        s.stages.clear();
        m_doc->edit(viewText(PlanViewText::ResetRoadmapEdit), QStringLiteral("stages"),
                    std::move(s));
    });
    connect(m_roadmap, &RoadmapView::frameworkChanged, this,
            [this](int i, std::optional<model::Framework> f) {
                editStage(i, QStringLiteral("stages[%1].framework").arg(i),
                          viewText(PlanViewText::StageFrameworkEdit, {sim::countArg(i + 1)}),
                          [f](model::MigrationStage& m) {
                              m.framework = f;
                              // A stored plan of another framework would no longer describe the
                              // stage.
                              if (m.plan && f && m.plan->framework != *f) m.plan.reset();
                          });
            });
    connect(m_roadmap, &RoadmapView::triggerChanged, this,
            [this](int i, model::TriggerKind kind, double value, bool kindChanged) {
                if (kindChanged && m_outcome.advice) {
                    const auto& stages = m_outcome.advice->stages;
                    const sim::RoadmapStage* shown = i >= 0 && i < static_cast<int>(stages.size())
                                                         ? &stages[static_cast<std::size_t>(i)]
                                                         : nullptr;
                    value = defaultTriggerValue(kind, m_doc->scenario(), shown,
                                                m_outcome.advice->options.mfuThreshold);
                }
                editStage(i, QStringLiteral("stages[%1].trigger").arg(i),
                          viewText(PlanViewText::StageTriggerEdit, {sim::countArg(i + 1)}),
                          [kind, value](model::MigrationStage& m) {
                              m.trigger = {kind, value};
                          });
            });
    connect(m_roadmap, &RoadmapView::prerequisiteToggled, this,
            [this](int stage, int prerequisite, bool done) {
                if (!m_outcome.advice) return;
                model::Scenario next = withPrerequisiteDone(
                    m_doc->scenario(), m_outcome.advice->stages, stage, prerequisite, done);
                if (next == m_doc->scenario()) return;
                m_doc->edit(viewText(done ? PlanViewText::MarkPrerequisiteDone
                                          : PlanViewText::MarkPrerequisiteMissing),
                            QString(), std::move(next));
            });
    scenarioChanged();
}

void RoadmapTab::scenarioReplaced() {
    // Another scenario: its predecessor's answer must not be read as this one's.
    m_curveJob.cancel();
    m_curveRequest.reset();
    m_curve.reset();
    m_outcome = {};
    m_badge->setText(QString());
    m_badge->setPalette(palette());
    m_headline->setText(
        viewText(PlanViewText::ComputingAdviceFor, {sim::textArg(m_doc->scenario().name)}));
    m_reasons->clear();
    m_reasonsHtml.clear();
    const QString computingText = calText(sim::CalText::Computing);
    m_roadmap->setMessage(computingText);
    AdviceOutcome computing;
    computing.error = computingText;
    m_chart->setOutcome(computing);
    QChart* previous = m_timeline->chart();
    m_timeline->setChart(new QChart);
    delete previous;
    m_timelineSummary->setText(computingText);
    scenarioChanged();
}

void RoadmapTab::setAdviceStale(bool stale) {
    m_showingStale = stale;
    // Disabled widgets draw in the palette's disabled (grey) colours and take no edits: a stage
    // edit made on stale advice would be written against the old stages.
    for (QWidget* w : std::initializer_list<QWidget*>{m_badge, m_headline, m_reasons, m_roadmap,
                                                      m_chart, m_timeline, m_timelineSummary})
        w->setEnabled(!stale);
}

void RoadmapTab::scenarioChanged() {
    setAdviceStale(true);
    m_reset->setEnabled(!m_doc->scenario().stages.empty());
    // The advisor runs only while the tab is visible; a hidden tab catches up when shown.
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_debounce->trigger();
}

void RoadmapTab::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale) recomputeNow();
}

void RoadmapTab::recomputeNow() {
    m_debounce->cancel();
    start();
}

void RoadmapTab::start() {
    m_stale = false;
    if (!m_doc->canEstimate()) {
        m_job.cancel();
        m_status->setText(viewText(PlanViewText::PausedFixProblems));
        return;
    }
    m_status->setText(m_outcome.advice ? viewText(PlanViewText::ComputingStale)
                                       : calText(sim::CalText::Computing));
    // The calibration profile applied, as in Compare and the report (resolveProfile).
    const model::Scenario scenario = m_doc->planningScenario().scenario;
    const std::shared_ptr<const model::Catalog> catalog = m_doc->sharedCatalog();
    // A curve of another search is dropped at once (it would compete with the advice for the
    // cores); one of the same search, as after a readiness tick, runs on and is kept.
    if (m_curveRequest && m_curveRequest->scenario != services::searchView(scenario)) {
        m_curveJob.cancel();
        m_curveRequest.reset();
        m_curve.reset();
    }
    // Two jobs: the advice first (shown as soon as it is known), then the model-size curve.
    m_job.start(
        [scenario, catalog, planner = m_doc->sharedPlanner()](const JobControl& control) {
            return computeAdvice(scenario, *catalog, *planner, control, 0);
        },
        [this, scenario](AdviceOutcome outcome) {
            if (!outcome.advice) {
                showOutcome(std::move(outcome));
                return;
            }
            CurveRequest request = curveRequest(scenario, *outcome.advice);
            const bool kept = m_curveRequest == request;
            if (kept && m_curve) outcome.modelCurve = *m_curve;
            showOutcome(std::move(outcome));
            // The same curve already shown or still computing: nothing to start.
            if (!kept) startCurve(std::move(request));
        });
}

void RoadmapTab::startCurve(CurveRequest request) {
    m_curveJob.cancel();
    m_curve.reset();
    m_curveRequest = request;
    m_curveJob.start(
        [request, planner = m_doc->sharedPlanner()](const JobControl& control) {
            AdviceOutcome curve; // only its modelCurve (and error) are set
            curve.modelCurve = computeModelCurve(request, *planner, control);
            return curve;
        },
        [this, request](AdviceOutcome curve) {
            // Only for the request still wanted; it then serves every advice of the same search.
            if (!curve.error.isEmpty() || curve.modelCurve.cancelled || m_curveRequest != request)
                return;
            m_curve = curve.modelCurve;
            if (!m_outcome.advice) return;
            m_outcome.modelCurve = std::move(curve.modelCurve);
            m_chart->setOutcome(m_outcome);
        });
}

void RoadmapTab::showOutcome(AdviceOutcome outcome) {
    if (!outcome.advice) {
        if (outcome.error == QLatin1String("cancelled")) return;
        m_status->setText(viewText(PlanViewText::AdvisorFailed, {qArg(outcome.error)}));
        m_chart->setOutcome(outcome);
        return;
    }
    m_outcome = std::move(outcome);
    setAdviceStale(false);
    showAdvice();
    ++m_resultsShown;
    emit adviceShown();
}

void RoadmapTab::showAdvice() {
    const sim::Advice& advice = *m_outcome.advice;
    const auto& rec = advice.recommendation;
    QString badge;
    QColor color;
    switch (rec.status) {
    case sim::RecommendationStatus::Ready:
        badge = tr("Ready");
        color = QColor(0x2e, 0x7d, 0x32);
        break;
    case sim::RecommendationStatus::NeedsPrerequisites:
        badge = tr("Needs prerequisites");
        color = QColor(0xef, 0x6c, 0x00);
        break;
    case sim::RecommendationStatus::DoesNotFit:
        badge = tr("Does not fit");
        color = QColor(0xd3, 0x2f, 0x2f);
        break;
    }
    m_badge->setText(badge);
    QPalette p = m_badge->palette();
    p.setColor(QPalette::Window, color);
    p.setColor(QPalette::WindowText, Qt::white);
    m_badge->setPalette(p);
    m_headline->setText(advice.reasons.empty() ? frameworkName(rec.framework)
                                               : renderMessage(advice.reasons.front()));

    QString html =
        QStringLiteral("<b>%1</b><ul style='margin-left:-24px'>").arg(tr("Why").toHtmlEscaped());
    for (std::size_t i = 1; i < advice.reasons.size(); ++i)
        html += QStringLiteral("<li>%1</li>").arg(renderMessage(advice.reasons[i]).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    // Each framework side by side: fit and readiness.
    html += QStringLiteral(
        "<table cellspacing='0' cellpadding='3' style='border-collapse:collapse'><tr>");
    for (const QString& h :
         {tr("Framework"), tr("Best plan"), tr("Step"), tr("MFU"), tr("Cost"), tr("Readiness")})
        html += QStringLiteral("<th align='left'>%1</th>").arg(h.toHtmlEscaped());
    html += QStringLiteral("</tr>");
    for (const auto& f : advice.frameworks) {
        QString plan, step, mfu, cost;
        if (!f.searched)
            plan = viewText(PlanViewText::ExcludedShort);
        else if (f.best) {
            plan = QString::fromStdString(f.best->plan.label());
            step = formatSeconds(f.best->time.stepSeconds);
            mfu = formatPercent(f.best->throughput.mfu);
            cost = formatCost(f.best->cost.usd);
        } else {
            plan = viewText(PlanViewText::DoesNotFit);
        }
        const QString readiness =
            f.readiness.ready
                ? viewText(PlanViewText::Ready)
                : viewText(PlanViewText::WeeksMissing, {weeksArg(f.readiness.requiredWeeks)});
        html += QStringLiteral("<tr><td><span style='color:%1'>■</span> %2</td><td>%3</td><td "
                               "align='right'>%4</td>"
                               "<td align='right'>%5</td><td align='right'>%6</td><td>%7</td></tr>")
                    .arg(frameworkColor(f.framework).name(),
                         frameworkShortName(f.framework).toHtmlEscaped(), plan.toHtmlEscaped(),
                         step, mfu, cost.toHtmlEscaped(), readiness.toHtmlEscaped());
    }
    html += QStringLiteral("</table>");
    // Laying out the table again costs a tick ~10 ms; a tick that changes no reason skips it.
    if (html != m_reasonsHtml) {
        m_reasons->setHtml(html);
        m_reasonsHtml = html;
    }

    m_roadmap->setStages(advice.stages);
    m_status->setText(advice.defaultRoadmap ? viewText(PlanViewText::DefaultPathStatus)
                                            : viewText(PlanViewText::OwnRoadmapStatus));
    m_reset->setEnabled(!m_doc->scenario().stages.empty());
    m_chart->setOutcome(m_outcome);

    // The calendar: the report's chart and sentence for the same stages, from today.
    const sim::RoadmapTimeline timeline = sim::roadmapTimeline(advice.stages);
    report::ChartStyle style;
    style.lang = advisorLanguage();
    style.fontPixels = 11;
    QChart* previous = m_timeline->chart();
    m_timeline->setChart(
        report::timelineChart(advice.stages, timeline, QDate::currentDate(), style).release());
    delete previous;
    m_timelineSummary->setText(
        report::timelineSummary(timeline, QDate::currentDate(), advisorLanguage()));
}

QString RoadmapTab::timelineSummaryText() const {
    return m_timelineSummary->text();
}

void RoadmapTab::showTimeline() {
    m_lowerTabs->setCurrentIndex(1);
}

void RoadmapTab::editStage(int stage, const QString& field, const QString& what,
                           const std::function<void(model::MigrationStage&)>& change) {
    if (!m_outcome.advice) return;
    bool ok = false;
    model::Scenario next =
        withStageEdit(m_doc->scenario(), m_outcome.advice->stages, stage, change, &ok);
    if (!ok || next == m_doc->scenario()) return;
    m_doc->edit(viewText(PlanViewText::ChangeEdit, {qArg(what)}), field, std::move(next));
}

QString RoadmapTab::headlineText() const {
    return m_headline->text();
}

} // namespace trainplan::ui
