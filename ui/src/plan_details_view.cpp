#include <trainplan/ui/plan_details_view.h>

#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/field_binder.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/metric_info.h>
#include <trainplan/ui/plan_knobs_editor.h>
#include <trainplan/ui/plan_list_model.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace trainplan::ui {

using services::PlanViewText;

PlanDetailsView::PlanDetailsView(ScenarioDocument* doc, QWidget* parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_title(new QLabel)
    , m_notes(new QLabel)
    , m_tree(new QTreeWidget)
    , m_runnersTable(new QTableView)
    , m_runnersUp(new PlanListModel(this))
    , m_pin(new QPushButton(tr("Pin this plan")))
    , m_unpin(new QPushButton(tr("Unpin")))
    , m_knobsGroup(new QGroupBox(viewText(PlanViewText::KnobsOfPinnedPlan)))
    , m_knobs(new PlanKnobsEditor(doc)) {
    setObjectName(QStringLiteral("planDetails"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 0, 0, 0);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.1);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    m_notes->setWordWrap(true);
    m_notes->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_notes);

    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Figure"), tr("Value")});
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    layout->addWidget(m_tree, 3);

    auto* buttons = new QHBoxLayout;
    m_pin->setToolTip(viewText(PlanViewText::PinTip));
    m_pin->setShortcut(QKeySequence(QStringLiteral("Ctrl+P")));
    buttons->addWidget(m_pin);
    buttons->addWidget(m_unpin);
    buttons->addStretch();
    layout->addLayout(buttons);

    auto* runnersLabel = new QLabel(viewText(PlanViewText::RankedPlans));
    runnersLabel->setToolTip(viewText(PlanViewText::RankedPlansTip));
    layout->addWidget(runnersLabel);
    m_runnersTable->setObjectName(QStringLiteral("runnersUpTable"));
    m_runnersTable->setModel(m_runnersUp);
    m_runnersTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runnersTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runnersTable->verticalHeader()->hide();
    m_runnersTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_runnersTable->horizontalHeader()->setSectionResizeMode(PlanListModel::PlanColumn,
                                                             QHeaderView::Stretch);
    m_runnersTable->setWordWrap(false);
    m_runnersTable->setColumnHidden(PlanListModel::CostColumn, true); // in the figures above
    m_runnersTable->setTextElideMode(Qt::ElideMiddle);
    layout->addWidget(m_runnersTable, 2);
    connect(
        m_runnersTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showEstimate(m_runnersUp->planAt(current.row())); });

    auto* knobsLayout = new QVBoxLayout(m_knobsGroup);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_knobs);
    knobsLayout->addWidget(scroll);
    layout->addWidget(m_knobsGroup, 3);

    connect(m_pin, &QPushButton::clicked, this, [this] {
        if (m_shownPlan) emit pinRequested(*m_shownPlan);
    });
    connect(m_unpin, &QPushButton::clicked, this, [this] {
        if (m_pinnedIndex >= 0) emit unpinRequested(m_pinnedIndex);
    });
    connect(doc, &ScenarioDocument::scenarioChanged, m_knobs, &PlanKnobsEditor::refresh);
    connect(doc, &ScenarioDocument::issuesChanged, this,
            [this] { m_knobs->binder()->showIssues(m_doc->issues()); });
    setRow(nullptr);
}

void PlanDetailsView::setRow(const CompareRow* row) {
    m_pinnedIndex = row && (row->kind == CompareRow::Kind::Pinned ||
                            row->kind == CompareRow::Kind::InvalidPinned)
                        ? row->pinnedIndex
                        : -1;
    const bool pinned = m_pinnedIndex >= 0;
    m_knobsGroup->setVisible(pinned);
    m_runnersTable->setVisible(!pinned);
    m_unpin->setVisible(pinned);
    m_pin->setVisible(!pinned);
    m_knobs->setPlanIndex(m_pinnedIndex);
    m_knobs->binder()->showIssues(m_doc->issues());
    if (!row) {
        m_title->setText(viewText(PlanViewText::SelectRowToSeePlan));
        m_notes->clear();
        m_runnersUp->setPlans({});
        showEstimate(nullptr);
        return;
    }
    m_title->setText(
        QStringLiteral("%1 — %2").arg(row->label(), QString::fromStdString(row->plan.label())));
    m_notes->setText(row->notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!row->notes.isEmpty());
    std::vector<sim::PlanEstimate> ranked;
    if (row->kind == CompareRow::Kind::Best && row->estimate) {
        ranked.push_back(*row->estimate);
        ranked.insert(ranked.end(), row->runnersUp.begin(), row->runnersUp.end());
    }
    m_runnersUp->setPlans(std::move(ranked));
    m_runnersTable->setToolTip(
        m_runnersUp->sharedKnobs().isEmpty()
            ? QString()
            : viewText(PlanViewText::SharedKnobsTip, {qArg(m_runnersUp->sharedKnobs())}));
    if (m_runnersUp->rowCount() > 0) m_runnersTable->selectRow(0);
    showEstimate(row->estimate && row->kind != CompareRow::Kind::InvalidPinned ? &*row->estimate
                                                                               : nullptr);
}

void PlanDetailsView::showEstimate(const sim::PlanEstimate* e) {
    m_tree->clear();
    m_shownPlan.reset();
    m_pin->setEnabled(e != nullptr);
    if (!e) return;
    m_shownPlan = e->plan;
    auto group = [this](const QString& name) {
        auto* item = new QTreeWidgetItem(m_tree, {name});
        QFont f = item->font(0);
        f.setBold(true);
        item->setFont(0, f);
        item->setFirstColumnSpanned(true);
        item->setExpanded(true);
        return item;
    };
    auto add = [](QTreeWidgetItem* parent, Metric m, const QString& value,
                  const QString& name = {}) {
        auto* item = new QTreeWidgetItem(parent, {name.isEmpty() ? metricName(m) : name, value});
        item->setToolTip(0, metricToolTip(m));
        item->setToolTip(1, metricToolTip(m));
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    };
    const auto& m = e->memory;
    const auto& t = e->time;
    const auto& c = e->communication;
    const auto& th = e->throughput;
    auto* perf = group(tr("Performance"));
    add(perf, Metric::StepTime, formatSeconds(t.stepSeconds));
    add(perf, Metric::Mfu, formatPercent(th.mfu));
    add(perf, Metric::Hfu, formatPercent(th.hfu));
    add(perf, Metric::TokensPerSecond, formatTokensPerSecond(th.tokensPerSecond));
    add(perf, Metric::TokensPerSecondPerGpu, formatTokensPerSecond(th.tokensPerSecondPerGpu));
    add(perf, Metric::ModelFlopsPerGpu, formatFlopsPerSecond(th.modelFlopsPerSecondPerGpu));
    add(perf, Metric::GradAccum, QLocale().toString(e->gradAccum));

    auto* mem = group(viewText(PlanViewText::MemoryPerGpuOf, {qArg(formatBytes(m.peakBytes)),
                                                              qArg(formatBytes(m.capacityBytes))}));
    add(mem, Metric::Weights, formatBytes(m.weightsBytes));
    add(mem, Metric::Gradients, formatBytes(m.gradientsBytes));
    add(mem, Metric::OptimizerStates, formatBytes(m.optimizerBytes));
    add(mem, Metric::Activations, formatBytes(m.activationsBytes),
        viewText(PlanViewText::ActivationsInFlight,
                 {sim::countArg(static_cast<double>(m.inFlightMicroBatches))}));
    add(mem, Metric::Transient, formatBytes(m.transientBytes));
    add(mem, Metric::Buffers, formatBytes(m.buffersBytes));
    add(mem, Metric::Overhead, formatBytes(m.overheadBytes));

    auto* time = group(viewText(PlanViewText::StepTimeIs, {secondsArg(t.stepSeconds)}));
    add(time, Metric::Compute, formatSeconds(t.computeSeconds));
    add(time, Metric::Compute, formatSeconds(t.recomputeSeconds), tr("  of which recompute"));
    add(time, Metric::ExposedIntraNode, formatSeconds(t.exposedIntraNodeSeconds));
    add(time, Metric::ExposedInterNode, formatSeconds(t.exposedInterNodeSeconds));
    add(time, Metric::Bubble, formatSeconds(t.bubbleSeconds));
    add(time, Metric::OptimizerStep, formatSeconds(t.optimizerSeconds));
    add(time, Metric::Offload, formatSeconds(t.offloadSeconds));

    auto* comm =
        group(viewText(PlanViewText::CommunicationPerGpu, {qArg(formatBytes(c.perGpuBytes))}));
    const std::pair<Metric, std::pair<double, double>> groups[] = {
        {Metric::CommDp, {c.dpBytes, c.dpSeconds}},
        {Metric::CommTp, {c.tpBytes, c.tpSeconds}},
        {Metric::CommPp, {c.ppBytes, c.ppSeconds}},
        {Metric::CommCp, {c.cpBytes, c.cpSeconds}},
        {Metric::CommEp, {c.epBytes, c.epSeconds}}};
    for (const auto& [metric, v] : groups)
        if (v.first > 0)
            add(comm, metric,
                viewText(PlanViewText::BytesInSeconds,
                         {qArg(formatBytes(v.first)), secondsArg(v.second)}));
    add(comm, Metric::CommIntraNode, formatBytes(c.intraNodeBytes));
    add(comm, Metric::CommInterNode, formatBytes(c.interNodeBytes));

    auto* cost = group(tr("Run"));
    add(cost, Metric::TimeToTrain, formatDuration(e->cost.timeToTrainSeconds));
    add(cost, Metric::GpuHours, formatCount(e->cost.gpuHours));
    add(cost, Metric::Cost, formatCost(e->cost.usd));
    add(cost, Metric::Energy,
        viewText(PlanViewText::Megawatthours, {sim::decimalArg(e->cost.energyKwh / 1000.0)}));
}

} // namespace trainplan::ui
