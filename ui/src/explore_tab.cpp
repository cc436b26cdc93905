#include <trainplan/ui/explore_tab.h>

#include <trainplan/simulator/explain.h>
#include <trainplan/ui/derivation_dialog.h>
#include <trainplan/ui/memory_chart.h>
#include <trainplan/ui/step_time_chart.h>

#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/crossover_chart.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_legend.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/plan_scatter_chart.h>
#include <trainplan/ui/scaling_chart.h>
#include <trainplan/ui/view_text.h>
#include <trainplan/ui/what_if_panel.h>

#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace trainplan::ui {

using services::PlanViewText;

ExploreTab::ExploreTab(QWidget* parent)
    : QWidget(parent)
    , m_panel(new WhatIfPanel)
    , m_banner(new QFrame)
    , m_bannerText(new QLabel)
    , m_summary(new CompareTableModel(this))
    , m_summaryTable(new QTableView)
    , m_status(new QLabel)
    , m_progress(new QProgressBar)
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_scaling(new ScalingChart)
    , m_crossover(new CrossoverChart)
    , m_scatter(new PlanScatterChart)
    , m_memory(new MemoryChart)
    , m_step(new StepTimeChart) {
    setObjectName(QStringLiteral("exploreTab"));
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);

    // Bold values in the knobs were easy to miss: say plainly that the results are a what-if.
    auto* banner = m_banner;
    banner->setObjectName(QStringLiteral("whatIfBanner"));
    banner->setFrameShape(QFrame::StyledPanel);
    banner->setAutoFillBackground(true);
    QPalette warn = banner->palette();
    warn.setColor(QPalette::Window, QColor(0xff, 0xf3, 0xcd));
    warn.setColor(QPalette::WindowText, QColor(0x66, 0x4d, 0x03));
    banner->setPalette(warn);
    auto* bannerLayout = new QHBoxLayout(banner);
    bannerLayout->setContentsMargins(8, 4, 4, 4);
    m_bannerText->setObjectName(QStringLiteral("whatIfBannerText"));
    m_bannerText->setWordWrap(true);
    auto* bannerReset = new QPushButton(tr("Reset"));
    bannerReset->setObjectName(QStringLiteral("whatIfBannerReset"));
    bannerReset->setToolTip(viewText(PlanViewText::BackToScenario));
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(bannerReset, 0, Qt::AlignTop);
    banner->setVisible(false);
    connect(bannerReset, &QPushButton::clicked, m_panel, &WhatIfPanel::reset);
    leftLayout->addWidget(banner);
    leftLayout->addWidget(m_panel);

    auto* bestLabel = new QLabel(viewText(PlanViewText::BestPlanPerFramework));
    bestLabel->setWordWrap(true);
    leftLayout->addWidget(bestLabel);
    m_summaryTable->setObjectName(QStringLiteral("exploreSummary"));
    m_summaryTable->setModel(m_summary);
    m_summaryTable->verticalHeader()->hide();
    m_summaryTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_summaryTable->setWordWrap(false);
    for (int c : {CompareTableModel::PlanColumn, CompareTableModel::TokensColumn,
                  CompareTableModel::TimeToTrainColumn, CompareTableModel::CostColumn,
                  CompareTableModel::MemoryColumn})
        m_summaryTable->setColumnHidden(c, true);
    m_summaryTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summaryTable->horizontalHeader()->setStretchLastSection(true);
    m_summaryTable->setToolTip(viewText(PlanViewText::HoverCellTip));
    leftLayout->addWidget(m_summaryTable, 1);

    auto* sweepRow = new QHBoxLayout;
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("Sweeps %p%"));
    m_progress->setToolTip(viewText(PlanViewText::SweepProgressTip));
    m_cancel->setToolTip(viewText(PlanViewText::StopSweepsTip));
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    sweepRow->addWidget(m_progress, 1);
    sweepRow->addWidget(m_cancel);
    leftLayout->addLayout(sweepRow);
    m_status->setObjectName(QStringLiteral("exploreStatus"));
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    leftLayout->addWidget(m_status);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);

    auto* charts = new QWidget;
    auto* grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    grid->addWidget(new FrameworkLegend(viewText(PlanViewText::ExploreLegend)), 0, 0, 1, 2);
    grid->addWidget(m_scaling, 1, 0);
    grid->addWidget(m_crossover, 1, 1);
    grid->addWidget(m_scatter, 2, 0);
    // Memory and step time of each framework's best plan, moving with the knobs (the Ultra-Scale
    // Playbook's memory widget); a click on a bar opens its derivation.
    auto* bars = new QWidget;
    auto* barsLayout = new QVBoxLayout(bars);
    barsLayout->setContentsMargins(0, 0, 0, 0);
    barsLayout->addWidget(m_memory, 1);
    barsLayout->addWidget(m_step, 1);
    m_memory->setObjectName(QStringLiteral("exploreMemoryChart"));
    m_step->setObjectName(QStringLiteral("exploreStepTimeChart"));
    for (StackedBarChart* chart : {static_cast<StackedBarChart*>(m_memory),
                                   static_cast<StackedBarChart*>(m_step)})
        chart->setToolTip(viewText(PlanViewText::BestBarsTip));
    grid->addWidget(bars, 2, 1);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(2, 1);
    connect(m_memory, &StackedBarChart::rowClicked, this,
            [this](int row) { showBarDerivation(row, true); });
    connect(m_step, &StackedBarChart::rowClicked, this,
            [this](int row) { showBarDerivation(row, false); });

    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(left);
    splitter->addWidget(charts);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    left->setMinimumWidth(330);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    connect(m_panel, &WhatIfPanel::whatIfChanged, this, &ExploreTab::whatIfChanged);
    connect(m_panel, &WhatIfPanel::whatIfChanged, this, &ExploreTab::updateBanner);
    connect(m_cancel, &QPushButton::clicked, this, &ExploreTab::cancelSweepRequested);
}

void ExploreTab::setBaseScenario(const model::Scenario& s) {
    m_panel->setBase(s);
    updateBanner();
}

void ExploreTab::resetWhatIf() {
    if (m_panel->whatIf().any()) m_panel->reset();
    updateBanner();
}

QString ExploreTab::whatIfBannerText() const {
    return m_bannerText->text();
}

void ExploreTab::updateBanner() {
    const QStringList changes = m_panel->overrideSummary();
    m_banner->setVisible(!changes.isEmpty());
    m_bannerText->setText(changes.isEmpty()
                              ? QString()
                              : QStringLiteral("<b>%1</b> — %2")
                                    .arg(viewText(PlanViewText::WhatIfActive).toHtmlEscaped(),
                                         viewText(PlanViewText::WhatIfNotScenario,
                                                  {qArg(changes.join(QStringLiteral("; ")))})
                                             .toHtmlEscaped()));
}

void ExploreTab::setExploreOutcome(std::shared_ptr<const ExploreOutcome> outcome) {
    if (!outcome->error.isEmpty()) {
        m_status->setText(viewText(PlanViewText::SearchFailed, {qArg(outcome->error)}));
        return;
    }
    std::vector<CompareRow> rows = compareRows(outcome->search);
    // A framework without any valid layout says why (e.g. a global batch smaller than the
    // data-parallel degree), not just "no valid plan".
    QStringList why;
    for (const CompareRow& r : rows)
        if (r.kind == CompareRow::Kind::Excluded && !r.notes.isEmpty())
            why << viewText(PlanViewText::LabelValue,
                            {qArg(frameworkShortName(r.framework)), qArg(r.notes.front())});
    m_summary->setRows(std::move(rows));
    m_memory->setRows(m_summary->rowsData());
    m_step->setRows(m_summary->rowsData());
    m_outcome = outcome;
    m_scatter->setOutcome(*outcome);
    // An open derivation follows the what-if (or closes when its row is gone).
    if (m_derivation && m_derivation->isVisible() &&
        !showBarDerivation(m_derivationRow, m_derivationMemory))
        m_derivation->close();
    QString status = viewText(PlanViewText::ExploreStatus,
                              {parametersArg(static_cast<double>(outcome->search.evaluatedPlans)),
                               secondsArg(outcome->computeSeconds),
                               parametersArg(static_cast<double>(outcome->pareto.size()))});
    if (!why.isEmpty())
        status += QStringLiteral("\n") + viewText(PlanViewText::NoValidPlanBecause,
                                                  {qArg(why.join(QStringLiteral("\n")))});
    m_status->setText(status);
    emit exploreShown();
}

DerivationDialog* ExploreTab::showBarDerivation(int row, bool memory) {
    const auto& rows = m_summary->rowsData();
    if (!m_outcome || row < 0 || row >= static_cast<int>(rows.size())) return nullptr;
    const CompareRow& r = rows[static_cast<std::size_t>(row)];
    if (!r.estimate || r.kind == CompareRow::Kind::InvalidPinned) return nullptr;
    const sim::PlanContext ctx = sim::makeContext(m_outcome->scenario);
    const sim::Explanation x = sim::explainPlan(ctx, r.estimate->plan);
    if (!m_derivation) m_derivation = new DerivationDialog(this);
    m_derivation->setExplanation(
        x,
        viewText(PlanViewText::WhatIfDerivationTitle,
                 {qArg(r.label()), sim::textArg(r.plan.label()),
                  qArg(memory ? tr("Memory per GPU") : tr("Step time"))}),
        memory || !r.fits() ? DerivationFocus::Memory : DerivationFocus::StepTime, &ctx);
    m_derivationRow = row;
    m_derivationMemory = memory;
    m_derivation->show();
    m_derivation->raise();
    return m_derivation;
}

void ExploreTab::setSweepStarted() {
    m_progress->setValue(0);
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
}

void ExploreTab::setSweepProgress(int permille) {
    m_progress->setValue(permille);
}

void ExploreTab::setSweepOutcome(std::shared_ptr<const SweepOutcome> outcome) {
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    if (!outcome->error.isEmpty()) {
        m_status->setText(viewText(PlanViewText::SweepFailed, {qArg(outcome->error)}));
        return;
    }
    if (outcome->cancelled) {
        m_status->setText(viewText(PlanViewText::SweepsCancelled));
        return;
    }
    m_scaling->setSweep(outcome->scaling);
    m_crossover->setSweep(outcome->crossover);
    emit sweepShown();
}

} // namespace trainplan::ui
