#include <trainplan/ui/compare_tab.h>

#include <trainplan/simulator/explain.h>

#include <trainplan/ui/communication_chart.h>
#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/derivation_dialog.h>
#include <trainplan/ui/derivation_text.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/memory_chart.h>
#include <trainplan/ui/memory_phase_chart.h>
#include <trainplan/ui/plan_details_view.h>
#include <trainplan/ui/stage_memory_chart.h>
#include <trainplan/ui/step_time_chart.h>
#include <trainplan/ui/view_text.h>

#include <QGridLayout>

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>
#include <limits>

namespace trainplan::ui {

using services::PlanViewText;

CompareTab::CompareTab(ScenarioDocument* doc, QWidget* parent)
    : QWidget(parent)
    , m_model(new CompareTableModel(this))
    , m_table(new QTableView)
    , m_status(new QLabel)
    , m_verdicts(new QLabel)
    , m_memory(new MemoryChart)
    , m_step(new StepTimeChart)
    , m_commGroup(new CommunicationChart(CommunicationChart::Mode::ByGroup))
    , m_commTier(new CommunicationChart(CommunicationChart::Mode::ByTier))
    , m_details(new PlanDetailsView(doc))
    , m_chartTabs(new QTabWidget)
    , m_stageMemory(new StageMemoryChart)
    , m_phases(new MemoryPhaseChart)
    , m_peakSummary(new QLabel) {
    setObjectName(QStringLiteral("compareTab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_status->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_status);
    m_verdicts->setObjectName(QStringLiteral("compareVerdicts"));
    m_verdicts->setWordWrap(true);
    m_verdicts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdicts->setToolTip(viewText(PlanViewText::VerdictsTip));
    // Everything below the status line: what setUnavailable greys.
    m_results = new QWidget;
    m_results->setObjectName(QStringLiteral("compareResults"));
    auto* resultsLayout = new QVBoxLayout(m_results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_verdicts);
    // A translucent wash over the results while they are not current (setResultsCurrent). Not in
    // the layout: it covers the whole area, resized with it (eventFilter).
    m_staleWash = new QWidget(m_results);
    m_staleWash->setObjectName(QStringLiteral("compareStaleWash"));
    m_staleWash->setAttribute(Qt::WA_StyledBackground);
    m_staleWash->setStyleSheet(QStringLiteral("background-color: rgba(255, 255, 255, 170);"));
    m_staleWash->hide();
    m_results->installEventFilter(this);

    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Every column as wide as its contents, the plan too: with the interval column the table
    // outgrew the tab and a stretched plan column was squeezed to "T…". The last column takes
    // what is left; a narrower window scrolls.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(viewText(PlanViewText::CompareTableTip));
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);

    auto* charts = new QWidget;
    auto* grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    grid->addWidget(m_memory, 0, 0);
    grid->addWidget(m_step, 0, 1);
    grid->addWidget(m_commGroup, 1, 0);
    grid->addWidget(m_commTier, 1, 1);

    // The selected plan's memory: per pipeline stage and over one step.
    auto* planCharts = new QWidget;
    auto* planGrid = new QGridLayout(planCharts);
    planGrid->setContentsMargins(0, 0, 0, 0);
    planGrid->setSpacing(6);
    planGrid->addWidget(m_stageMemory, 0, 0);
    planGrid->addWidget(m_phases, 0, 1);
    m_peakSummary->setObjectName(QStringLiteral("peakSummary"));
    m_peakSummary->setWordWrap(true);
    m_peakSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    planGrid->addWidget(m_peakSummary, 1, 0, 1, 2);
    planGrid->setRowStretch(0, 1);
    m_chartTabs->setObjectName(QStringLiteral("compareChartTabs"));
    m_chartTabs->setDocumentMode(true);
    m_chartTabs->addTab(charts, tr("All plans"));
    m_chartTabs->setTabToolTip(0, viewText(PlanViewText::AllPlansTip));
    m_chartTabs->addTab(planCharts, tr("Selected plan: memory"));
    m_chartTabs->setTabToolTip(1, viewText(PlanViewText::SelectedPlanTip));

    auto* lower = new QSplitter(Qt::Horizontal);
    lower->addWidget(m_chartTabs);
    lower->addWidget(m_details);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 1);
    lower->setChildrenCollapsible(false);
    m_details->setMinimumWidth(360);

    auto* vertical = new QSplitter(Qt::Vertical);
    vertical->addWidget(m_table);
    vertical->addWidget(lower);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 4);
    vertical->setChildrenCollapsible(false);
    const int rowHeight = m_table->verticalHeader()->defaultSectionSize();
    m_table->setMinimumHeight(rowHeight * 4 + m_table->horizontalHeader()->sizeHint().height() + 4);
    vertical->setSizes({rowHeight * 7 + 30, 800});
    resultsLayout->addWidget(vertical, 1);
    layout->addWidget(m_results, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CompareTab::showSelected);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (m_model->rowCount() > 0 && !m_table->currentIndex().isValid())
            selectRow(recommendedRow());
    });
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { showDerivation(index); });
    // A click on a memory or step-time bar opens the derivation of that plan's figure.
    connect(m_memory, &StackedBarChart::rowClicked, this, [this](int row) {
        showDerivation(m_model->index(row, CompareTableModel::MemoryColumn));
    });
    connect(m_step, &StackedBarChart::rowClicked, this, [this](int row) {
        showDerivation(m_model->index(row, CompareTableModel::StepColumn));
    });
    connect(m_table, &QTableView::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex index = m_table->indexAt(pos);
        const CompareRow* row = m_model->rowAt(index.row());
        if (!row) return;
        QMenu menu;
        QAction* show =
            menu.addAction(tr("Show derivation…"), this, [this, index] { showDerivation(index); });
        show->setEnabled(row->estimate && row->kind != CompareRow::Kind::InvalidPinned);
        menu.exec(m_table->viewport()->mapToGlobal(pos));
    });
    connect(m_details, &PlanDetailsView::pinRequested, this, &CompareTab::pinRequested);
    connect(m_details, &PlanDetailsView::unpinRequested, this, &CompareTab::unpinRequested);
    const QString computing = calText(sim::CalText::Computing);
    m_status->setText(computing);
    m_memory->setPlaceholder(computing);
    m_step->setPlaceholder(computing);
    m_commGroup->setPlaceholder(computing);
    m_commTier->setPlaceholder(computing);
}

void CompareTab::setOutcome(std::shared_ptr<const CompareOutcome> outcome) {
    m_outcome = std::move(outcome);
    // A page behind another tab draws when it is shown: a readiness tick made on the Roadmap
    // does not lay out this tab's table and four charts (issue 19: the tick in <= 50 ms).
    m_renderPending = !isWindow() && !isVisibleTo(window());
    if (!m_renderPending) render();
}

void CompareTab::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_renderPending && m_outcome) render();
}

void CompareTab::render() {
    m_renderPending = false;
    const int selected = m_table->currentIndex().row();
    if (!m_outcome->error.isEmpty()) {
        m_status->setText(viewText(PlanViewText::EstimateFailed, {qArg(m_outcome->error)}));
        setResultsCurrent(false);
        return;
    }
    setResultsCurrent(true);
    m_model->setRows(compareRows(*m_outcome));
    const auto& rows = m_model->rowsData();
    m_memory->setRows(rows);
    m_step->setRows(rows);
    m_commGroup->setRows(rows);
    m_commTier->setRows(rows);
    showVerdicts();
    const auto& s = m_outcome->scenario;
    m_status->setText(
        viewText(PlanViewText::CompareStatus,
                 {sim::textArg(s.model.displayName.empty() ? s.model.name : s.model.displayName),
                  sim::countArg(static_cast<double>(s.planGpus())),
                  sim::textArg(s.cluster.gpu.name),
                  parametersArg(static_cast<double>(m_outcome->search.evaluatedPlans)),
                  secondsArg(m_outcome->computeSeconds)}) +
        (m_outcome->profileNote.isEmpty() ? QString()
                                          : QStringLiteral(" — ") + m_outcome->profileNote));

    // An open derivation follows the new results of the same cell (or closes when the row is gone).
    if (m_derivation && m_derivation->isVisible()) {
        const int r = m_derivationCell.isValid() ? m_derivationCell.row() : -1;
        if (r < 0 || r >= m_model->rowCount() ||
            !showDerivation(m_model->index(r, m_derivationCell.column()), false))
            m_derivation->close();
    }
    if (selected >= 0 && selected < m_model->rowCount()) {
        if (m_table->currentIndex().row() != selected)
            selectRow(selected);
        else
            showSelected();
    } else if (m_model->rowCount() > 0) {
        selectRow(recommendedRow());
    }
    emit resultsShown();
}

void CompareTab::setBusy(bool busy) {
    if (busy && m_model->rowCount() == 0) m_status->setText(calText(sim::CalText::Computing));
}

void CompareTab::setUnavailable() {
    // An outcome still waiting to be drawn goes up first, so showing the tab later cannot draw
    // its status over this message.
    if (m_renderPending) render();
    m_status->setText(viewText(PlanViewText::ScenarioHasProblems));
    setResultsCurrent(false);
}

// Issue 19: a stale answer is never shown as current. Results that no longer answer the scenario
// stay visible for reference, washed out and disabled (no derivation, pin or selection of a stale
// row).
void CompareTab::setResultsCurrent(bool current) {
    m_results->setEnabled(current);
    m_staleWash->setGeometry(m_results->rect());
    m_staleWash->raise();
    m_staleWash->setVisible(!current);
}

bool CompareTab::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_results && event->type() == QEvent::Resize)
        m_staleWash->setGeometry(m_results->rect());
    return QWidget::eventFilter(watched, event);
}

bool CompareTab::resultsCurrent() const {
    return m_results->isEnabled();
}

void CompareTab::selectRow(int row) {
    m_table->selectRow(row);
    showSelected();
}

int CompareTab::recommendedRow() const {
    int best = 0;
    double bestStep = std::numeric_limits<double>::infinity();
    const auto& rows = m_model->rowsData();
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].recommended) return static_cast<int>(i);
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (rows[i].fits() && rows[i].estimate && rows[i].estimate->time.stepSeconds < bestStep) {
            bestStep = rows[i].estimate->time.stepSeconds;
            best = static_cast<int>(i);
        }
    return best;
}

void CompareTab::showVerdicts() {
    QString html;
    QStringList others;
    for (const CompareRow& r : m_model->rowsData()) {
        if (r.recommended)
            html = QStringLiteral("<b>%1</b>%2")
                       .arg(viewText(r.fits() ? PlanViewText::Recommended
                                              : PlanViewText::NothingFitsClosest,
                                     {qArg(r.label())})
                                .toHtmlEscaped(),
                            viewText(r.fits() ? PlanViewText::RecommendedWith
                                              : PlanViewText::ClosestWith,
                                     {sim::textArg(r.plan.label())})
                                .toHtmlEscaped());
        else if (!r.verdict.isEmpty())
            others << r.verdict.toHtmlEscaped();
    }
    // One line per other framework, each naming it: "Megatron-LM: 1.4% faster, but …".
    for (const QString& line : others)
        html += QStringLiteral("<br>&nbsp;·&nbsp;") + line;
    // Without a price every cost would read $0.00: say why the cost cells are empty instead.
    if (m_outcome && m_outcome->scenario.cluster.gpuHourUsd <= 0)
        html += QStringLiteral("<br><span style='color:#b35900'>%1</span>")
                    .arg(viewText(PlanViewText::NoGpuPrice).toHtmlEscaped());
    m_verdicts->setText(html);
    m_verdicts->setVisible(!html.isEmpty());
}

QString CompareTab::verdictText() const {
    QTextDocument doc;
    doc.setHtml(m_verdicts->text());
    return doc.toPlainText();
}

DerivationDialog* CompareTab::showDerivation(const QModelIndex& index, bool raise) {
    const CompareRow* row = m_model->rowAt(index.row());
    if (!m_outcome || !row || !row->estimate || row->kind == CompareRow::Kind::InvalidPinned)
        return nullptr;
    DerivationFocus focus = DerivationFocus::StepTime;
    switch (index.column()) {
    case CompareTableModel::FitsColumn:
    case CompareTableModel::MemoryColumn:
        focus = DerivationFocus::Memory;
        break;
    case CompareTableModel::StepColumn:
        focus = DerivationFocus::StepTime;
        break;
    case CompareTableModel::MfuColumn:
        focus = DerivationFocus::Mfu;
        break;
    case CompareTableModel::TokensColumn:
        focus = DerivationFocus::TokensPerSecond;
        break;
    case CompareTableModel::TimeToTrainColumn:
        focus = DerivationFocus::TimeToTrain;
        break;
    case CompareTableModel::CostColumn:
        focus = DerivationFocus::Cost;
        break;
    default:
        focus = row->fits() ? DerivationFocus::StepTime : DerivationFocus::Memory;
        break;
    }
    const sim::PlanContext ctx = sim::makeContext(m_outcome->scenario);
    const sim::Explanation x = sim::explainPlan(ctx, row->estimate->plan);
    if (!m_derivation) m_derivation = new DerivationDialog(this);
    const QString column = m_model->headerData(index.column(), Qt::Horizontal).toString();
    m_derivation->setExplanation(
        x,
        viewText(PlanViewText::DerivationTitle,
                 {qArg(row->label()), sim::textArg(row->plan.label()), qArg(column)}),
        focus, &ctx);
    m_derivationCell = index;
    if (raise) {
        m_derivation->show();
        m_derivation->raise();
        m_derivation->activateWindow();
    }
    return m_derivation;
}

void CompareTab::showSelected() {
    const CompareRow* row = m_model->rowAt(m_table->currentIndex().row());
    m_details->setRow(row);
    if (!m_outcome || !row || !row->estimate || row->kind == CompareRow::Kind::InvalidPinned) {
        m_stageMemory->clear(viewText(PlanViewText::SelectRowWithPlan));
        m_phases->clear(viewText(PlanViewText::SelectRowWithPlan));
        m_peakSummary->clear();
        return;
    }
    // One plan's stages (cheap: a handful of evaluations), computed when the selection changes.
    const sim::Explanation x =
        sim::explainPlan(sim::makeContext(m_outcome->scenario), row->estimate->plan);
    m_stageMemory->setExplanation(x);
    // The worst stage: its kind, and with MoE layers spread unevenly its index too.
    QString stage;
    for (const auto& s : x.stages)
        if (s.memory.stageIndex == x.estimate.memory.stageIndex) {
            stage = x.evenStageLayout
                        ? pipelineStageName(s.stage)
                        : viewText(PlanViewText::StageIndex,
                                   {qArg(pipelineStageName(
                                        s.kind == sim::StageKind::First  ? "first (embeddings)"
                                        : s.kind == sim::StageKind::Last ? "last (LM head)"
                                                                         : "middle")),
                                    sim::countArg(s.memory.stageIndex)});
        }
    m_phases->setMemory(x.estimate.memory, stage);
    m_peakSummary->setText(m_phases->peakSummary());
}

} // namespace trainplan::ui
