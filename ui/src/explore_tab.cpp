#include <trainplan/ui/explore_tab.h>

#include <trainplan/ui/compare_table_model.h>
#include <trainplan/ui/crossover_chart.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_legend.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/plan_scatter_chart.h>
#include <trainplan/ui/scaling_chart.h>
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
    , m_scatter(new PlanScatterChart) {
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
    bannerReset->setToolTip(tr("Back to the values of the edited scenario."));
    bannerLayout->addWidget(m_bannerText, 1);
    bannerLayout->addWidget(bannerReset, 0, Qt::AlignTop);
    banner->setVisible(false);
    connect(bannerReset, &QPushButton::clicked, m_panel, &WhatIfPanel::reset);
    leftLayout->addWidget(banner);
    leftLayout->addWidget(m_panel);

    auto* bestLabel = new QLabel(tr("Best plan per framework under these assumptions"));
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
    m_summaryTable->setToolTip(tr("Hover a cell for the plan and how the figure is computed."));
    leftLayout->addWidget(m_summaryTable, 1);

    auto* sweepRow = new QHBoxLayout;
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("Sweeps %p%"));
    m_progress->setToolTip(
        tr("The scaling and crossover charts need one full plan search per point."));
    m_cancel->setToolTip(tr("Stop the sweeps (Esc); the charts keep their last complete results."));
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
    grid->addWidget(
        new FrameworkLegend(tr("Solid: tokens/s · dashed: MFU · dotted: this cluster / model · "
                               "shaded: no longer fits")),
        0, 0, 1, 2);
    grid->addWidget(m_scaling, 1, 0);
    grid->addWidget(m_crossover, 1, 1);
    grid->addWidget(m_scatter, 2, 0, 1, 2);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(2, 1);

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
    m_bannerText->setText(
        changes.isEmpty()
            ? QString()
            : tr("<b>What-if active</b> — these results are not the scenario's: %1")
                  .arg(changes.join(QStringLiteral("; ")).toHtmlEscaped()));
}

void ExploreTab::setExploreOutcome(std::shared_ptr<const ExploreOutcome> outcome) {
    if (!outcome->error.isEmpty()) {
        m_status->setText(tr("The search failed: %1").arg(outcome->error));
        return;
    }
    std::vector<CompareRow> rows = compareRows(outcome->search);
    // A framework without any valid layout says why (e.g. a global batch smaller than the
    // data-parallel degree), not just "no valid plan".
    QStringList why;
    for (const CompareRow& r : rows)
        if (r.kind == CompareRow::Kind::Excluded && !r.notes.isEmpty())
            why << tr("%1: %2").arg(frameworkShortName(r.framework), r.notes.front());
    m_summary->setRows(std::move(rows));
    m_scatter->setOutcome(*outcome);
    QString status = tr("%1 plans evaluated in %2; %3 on the Pareto front.")
                         .arg(QLocale().toString(outcome->search.evaluatedPlans),
                              formatSeconds(outcome->computeSeconds),
                              QLocale().toString(static_cast<qlonglong>(outcome->pareto.size())));
    if (!why.isEmpty())
        status += QStringLiteral("\n") + tr("No valid plan — %1").arg(why.join(QStringLiteral("\n")));
    m_status->setText(status);
    emit exploreShown();
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
        m_status->setText(tr("The sweep failed: %1").arg(outcome->error));
        return;
    }
    if (outcome->cancelled) {
        m_status->setText(tr(
            "Sweeps cancelled; the scaling and crossover charts show the last complete results."));
        return;
    }
    m_scaling->setSweep(outcome->scaling);
    m_crossover->setSweep(outcome->crossover);
    emit sweepShown();
}

} // namespace trainplan::ui
