#include <trainplan/ui/sizing_tab.h>

#include <trainplan/report/report_strings.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/cluster_section.h>
#include <trainplan/ui/debouncer.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/sizing_chart.h>
#include <trainplan/ui/view_text.h>

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSplitter>
#include <QTableWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace trainplan::ui {

using services::PlanViewText;

namespace {

constexpr int kSizingDebounceMs = 200;
// Slider positions: 0 = none, then log-spaced values (100 steps per decade).
constexpr int kStepsPerDecade = 100;
constexpr double kDeadlineLowDays = 1.0;     // position 1
constexpr int kDeadlinePositions = 400;      // up to 10^4 days
constexpr double kBudgetLow = 1e4;           // position 1, in the budget's currency
constexpr int kBudgetPositions = 800;        // up to 10^12

double sliderValue(int position, double low) {
    return position <= 0 ? 0.0
                         : low * std::pow(10.0, static_cast<double>(position - 1) / kStepsPerDecade);
}

int sliderPosition(double value, double low, int positions) {
    if (!(value > 0)) return 0;
    const int p = 1 + static_cast<int>(std::lround(std::log10(value / low) * kStepsPerDecade));
    return std::clamp(p, 1, positions);
}

QTableWidgetItem* cell(const QString& text, bool number = false) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

SizingTab::SizingTab(ScenarioDocument* doc, QWidget* parent)
    : QWidget(parent)
    , m_doc(doc)
    , m_debounce(new Debouncer(kSizingDebounceMs, this))
    , m_job(this)
    , m_cache(std::make_shared<SizingCacheState>())
    , m_deadlineSlider(new QSlider(Qt::Horizontal))
    , m_deadline(new QDoubleSpinBox)
    , m_budgetSlider(new QSlider(Qt::Horizontal))
    , m_budget(new QDoubleSpinBox)
    , m_currency(new QLabel)
    , m_headline(new QLabel)
    , m_status(new QLabel)
    , m_chart(new SizingChart)
    , m_table(new QTableWidget)
    , m_use(new QPushButton(tr("Use this cluster"))) {
    setObjectName(QStringLiteral("sizingTab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto* inputs = new QGridLayout;
    m_deadlineSlider->setObjectName(QStringLiteral("sizingDeadlineSlider"));
    m_deadlineSlider->setRange(0, kDeadlinePositions);
    m_deadlineSlider->setToolTip(viewText(PlanViewText::DeadlineSliderTip));
    m_deadline->setObjectName(QStringLiteral("sizingDeadline"));
    m_deadline->setRange(0.0, 1e6);
    m_deadline->setDecimals(1);
    m_deadline->setSingleStep(5.0);
    m_deadline->setSpecialValueText(tr("none"));
    m_deadline->setSuffix(tr(" days"));
    m_deadline->setGroupSeparatorShown(true);
    m_deadline->setToolTip(viewText(PlanViewText::DeadlineTip));
    m_budgetSlider->setObjectName(QStringLiteral("sizingBudgetSlider"));
    m_budgetSlider->setRange(0, kBudgetPositions);
    m_budgetSlider->setToolTip(viewText(PlanViewText::BudgetSliderTip));
    m_budget->setObjectName(QStringLiteral("sizingBudget"));
    m_budget->setRange(0.0, 1e15);
    m_budget->setDecimals(0);
    m_budget->setSingleStep(100000.0);
    m_budget->setSpecialValueText(tr("none"));
    m_budget->setGroupSeparatorShown(true);
    m_budget->setToolTip(viewText(PlanViewText::BudgetTip));
    inputs->addWidget(new QLabel(tr("Deadline")), 0, 0);
    inputs->addWidget(m_deadlineSlider, 0, 1);
    inputs->addWidget(m_deadline, 0, 2);
    inputs->addWidget(new QLabel(tr("Budget")), 1, 0);
    inputs->addWidget(m_budgetSlider, 1, 1);
    inputs->addWidget(m_budget, 1, 2);
    inputs->addWidget(m_currency, 1, 3);
    inputs->setColumnStretch(1, 1);
    layout->addLayout(inputs);

    m_headline->setObjectName(QStringLiteral("sizingHeadline"));
    m_headline->setWordWrap(true);
    m_headline->setTextFormat(Qt::RichText);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_headline);

    m_table->setObjectName(QStringLiteral("sizingTable"));
    const QStringList headers{tr("List"),     tr("Cluster"), tr("GPUs"),
                              tr("Framework"), tr("Plan"),    tr("Expected time"),
                              tr("Cost"),      tr("Goodput"), tr("Why")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_table, 1);
    auto* bar = new QHBoxLayout;
    m_status->setObjectName(QStringLiteral("sizingStatus"));
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_use->setObjectName(QStringLiteral("useSizedCluster"));
    m_use->setToolTip(viewText(PlanViewText::UseClusterTip));
    m_use->setEnabled(false);
    m_use->setMinimumWidth(m_use->sizeHint().width());
    bar->addWidget(m_status, 1);
    bar->addWidget(m_use);
    rightLayout->addLayout(bar);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_chart);
    split->addWidget(right);
    split->setChildrenCollapsible(false);
    m_chart->setMinimumWidth(420);
    split->setSizes({560, 640});
    layout->addWidget(split, 1);
    m_headline->setText(viewText(PlanViewText::ComputingSizing));

    connect(m_debounce, &Debouncer::fired, this, &SizingTab::start);
    connect(doc, &ScenarioDocument::scenarioChanged, this, &SizingTab::scenarioChanged);
    connect(doc, &ScenarioDocument::scenarioReset, this, [this] {
        // Another scenario: its predecessor's answer must not be read as this one's.
        m_outcome = {};
        m_rows.clear();
        m_table->setRowCount(0);
        m_headline->setText(viewText(PlanViewText::ComputingSizing));
        SizingOutcome computing;
        computing.error = calText(sim::CalText::Computing);
        m_chart->setOutcome(computing);
        scenarioChanged();
    });
    connect(m_deadlineSlider, &QSlider::valueChanged, this,
            [this](int p) { setDeadline(sliderValue(p, kDeadlineLowDays)); });
    connect(m_budgetSlider, &QSlider::valueChanged, this,
            [this](int p) { setBudget(sliderValue(p, kBudgetLow)); });
    connect(m_deadline, &QDoubleSpinBox::editingFinished, this,
            [this] { setDeadline(m_deadline->value()); });
    connect(m_budget, &QDoubleSpinBox::editingFinished, this,
            [this] { setBudget(m_budget->value()); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_table->currentRow();
        m_use->setEnabled(row >= 0 && row < static_cast<int>(m_rows.size()) &&
                          !m_table->selectedItems().isEmpty());
    });
    connect(m_use, &QPushButton::clicked, this, [this] { useRow(m_table->currentRow()); });
    syncInputs();
}

void SizingTab::setPriceSource(std::function<model::PriceTable()> source) {
    m_prices = std::move(source);
    pricesChanged();
}

void SizingTab::pricesChanged() {
    scenarioChanged();
}

void SizingTab::setDeadline(double days) {
    model::Scenario s = m_doc->scenario();
    std::optional<double> next;
    if (days > 0) next = days;
    if (s.constraints.deadlineDays == next) return;
    s.constraints.deadlineDays = next;
    m_doc->edit(tr("Set the deadline"), QStringLiteral("constraints.deadline_days"), std::move(s));
}

void SizingTab::setBudget(double amount) {
    model::Scenario s = m_doc->scenario();
    std::optional<double> next;
    if (amount > 0) next = amount;
    if (s.constraints.budget == next) return;
    s.constraints.budget = next;
    m_doc->edit(tr("Set the budget"), QStringLiteral("constraints.budget"), std::move(s));
}

void SizingTab::syncInputs() {
    const model::ConstraintsSpec& k = m_doc->scenario().constraints;
    const QSignalBlocker b1(m_deadlineSlider), b2(m_deadline), b3(m_budgetSlider), b4(m_budget);
    const double days = k.deadlineDays.value_or(0.0);
    const double budget = k.budget.value_or(0.0);
    m_deadline->setValue(days);
    m_deadlineSlider->setValue(sliderPosition(days, kDeadlineLowDays, kDeadlinePositions));
    m_budget->setValue(budget);
    m_budgetSlider->setValue(sliderPosition(budget, kBudgetLow, kBudgetPositions));
    m_currency->setText(toQString(model::toString(k.budgetCurrency)));
}

void SizingTab::scenarioChanged() {
    syncInputs();
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_debounce->trigger();
}

void SizingTab::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_stale) recomputeNow();
}

void SizingTab::recomputeNow() {
    m_debounce->cancel();
    start();
}

void SizingTab::start() {
    m_stale = false;
    if (!m_doc->canEstimate()) {
        m_job.cancel();
        m_status->setText(viewText(PlanViewText::PausedFixProblems));
        return;
    }
    m_status->setText(viewText(PlanViewText::Sizing));
    const model::Scenario scenario = m_doc->planningScenario().scenario;
    const std::shared_ptr<const model::Catalog> catalog = m_doc->sharedCatalog();
    const model::PriceTable prices = m_prices ? m_prices() : model::PriceTable{};
    const std::shared_ptr<SizingCacheState> cache = m_cache;
    const sim::Lang lang = advisorLanguage();
    m_job.start(
        [scenario, catalog, prices, cache, lang](const JobControl& control) {
            return computeSizing(scenario, *catalog, prices, *cache, lang, control);
        },
        [this](SizingOutcome outcome) { showOutcome(std::move(outcome)); });
}

void SizingTab::showOutcome(SizingOutcome outcome) {
    if (!outcome.result) {
        if (outcome.error == QLatin1String("cancelled")) return;
        m_status->setText(viewText(PlanViewText::SizingFailed, {qArg(outcome.error)}));
        m_chart->setOutcome(outcome);
        return;
    }
    m_outcome = std::move(outcome);
    showAnswer();
    ++m_resultsShown;
    emit sizingShown();
}

QString SizingTab::headlineText() const {
    QTextDocument d;
    d.setHtml(m_headline->text());
    return d.toPlainText();
}

void SizingTab::showAnswer() {
    const sim::SizingResult& r = *m_outcome.result;
    const sim::SizingTextOptions& o = m_outcome.text;
    auto chosen = [&](const QString& title, const sim::ChosenCluster& c) {
        return QStringLiteral("<b>%1</b>: %2").arg(
            title.toHtmlEscaped(),
            toQString(sim::chosenClusterText(
                          c, frameworkShortName(c.best.plan.framework).toStdString(), o))
                .toHtmlEscaped());
    };
    QString headline;
    if (!r.constraints.deadlineSeconds && !r.constraints.budgetUsd)
        headline = viewText(PlanViewText::NoDeadlineOrBudget,
                            {sim::textArg(sim::groupedCount(m_outcome.maxGpus))})
                       .toHtmlEscaped();
    if (r.front.empty()) {
        headline = QStringLiteral("<b>%1</b> %2")
                       .arg(viewText(PlanViewText::NothingMeetsBoth).toHtmlEscaped(),
                            toQString(sim::bindingText(r, o)).toHtmlEscaped());
    } else {
        if (!headline.isEmpty()) headline += QStringLiteral("<br>");
        if (r.cheapestMeetingDeadline)
            headline += chosen(report::text(report::Text::SizingCheapest, advisorLanguage()),
                               *r.cheapestMeetingDeadline);
        if (r.fastestWithinBudget)
            headline += QStringLiteral("<br>") +
                        chosen(report::text(report::Text::SizingFastest, advisorLanguage()),
                               *r.fastestWithinBudget);
    }
    m_headline->setText(headline);
    m_chart->setOutcome(m_outcome);
    fillTable();
    QStringList status;
    status << viewText(
        PlanViewText::SizingStatus,
        {parametersArg(static_cast<double>(r.candidates)),
         parametersArg(static_cast<double>(r.evaluated)),
         parametersArg(
             static_cast<double>(r.prunedByDeadline + r.prunedByBudget + r.prunedByDominance)),
         parametersArg(static_cast<double>(r.cachedCandidates)), secondsArg(m_outcome.seconds)});
    // GPUs left out (no price, no system) are named here; why, and every price used, in the
    // tooltip.
    QStringList unpriced;
    for (const auto& p : r.prices)
        if (!p.priced()) unpriced << toQString(p.gpu);
    if (!unpriced.isEmpty())
        status << viewText(PlanViewText::LeftOutWithoutPrice,
                           {qArg(unpriced.join(QStringLiteral(", ")))});
    m_status->setText(status.join(QStringLiteral(" · ")));
    QStringList prices;
    for (const auto& p : r.prices)
        prices << viewText(PlanViewText::LabelValue,
                           {sim::textArg(p.gpu), sim::textArg(p.describe(advisorLanguage()))});
    QStringList notes;
    for (const auto& n : r.notes)
        notes << toQString(n);
    m_status->setToolTip(
        viewText(PlanViewText::PricesUsed, {qArg(prices.join(QLatin1Char('\n')))}) +
        (notes.isEmpty() ? QString() : QStringLiteral("\n\n") + notes.join(QLatin1Char('\n'))));
}

void SizingTab::fillTable() {
    const sim::SizingResult& r = *m_outcome.result;
    const sim::SizingTextOptions& o = m_outcome.text;
    m_rows.clear();
    m_table->setRowCount(0);
    auto add = [&](const QString& list, const sim::SizedConfig& c, const QString& why) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, cell(list));
        m_table->setItem(row, 1, cell(toQString(c.clusterLabel())));
        m_table->setItem(row, 2, cell(QLocale().toString(c.gpus), true));
        auto* fw = cell(frameworkShortName(c.plan.framework));
        fw->setForeground(frameworkColor(c.plan.framework));
        m_table->setItem(row, 3, fw);
        m_table->setItem(row, 4, cell(toQString(c.plan.label())));
        m_table->setItem(row, 5, cell(toQString(sim::formatDays(c.expectedSeconds, o)), true));
        m_table->setItem(row, 6, cell(toQString(sim::formatMoney(c.expectedUsd, o)), true));
        m_table->setItem(row, 7,
                         cell(QLocale().toString(c.goodput * 100.0, 'f', 1) + QLatin1Char('%'),
                              true));
        m_table->setItem(row, 8, cell(why));
        m_rows.push_back(c);
    };
    for (const auto& p : r.front)
        add(tr("Front"), p.config, toQString(sim::frontReasonText(p, o)));
    for (const auto& [fw, list] : r.topPerFramework)
        for (const auto& c : list)
            add(viewText(PlanViewText::TopFive, {qArg(frameworkShortName(fw))}), c, QString());
    if (r.front.empty()) {
        const auto& b = r.binding;
        if (b.cheapestMeetingDeadline)
            add(viewText(PlanViewText::OverBudget), *b.cheapestMeetingDeadline,
                viewText(PlanViewText::CheapestMeetingDeadline));
        if (b.fastestWithinBudget)
            add(viewText(PlanViewText::Late), *b.fastestWithinBudget,
                viewText(PlanViewText::FastestWithinBudget));
        if (b.fastestOverall)
            add(viewText(PlanViewText::Late), *b.fastestOverall,
                viewText(PlanViewText::FastestOfAll));
        if (b.cheapestOverall)
            add(viewText(PlanViewText::OverBudget), *b.cheapestOverall,
                viewText(PlanViewText::CheapestOfAll));
    }
    m_table->resizeColumnsToContents();
    m_use->setEnabled(false);
}

void SizingTab::useRow(int row) {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return;
    const sim::SizedConfig& c = m_rows[static_cast<std::size_t>(row)];
    model::Scenario s = m_doc->scenario();
    const model::Catalog& catalog = m_doc->catalog();
    if (const model::GpuSpec* g = catalog.findGpu(c.gpu)) {
        useCatalogGpu(s.cluster, *g); // with the new GPU's own price
    } else if (c.gpu != s.cluster.gpu.name) {
        return; // neither a catalog GPU nor the scenario's own inline one
    }
    s.cluster.nodes = c.nodes;
    s.cluster.gpusPerNode = c.gpusPerNode;
    if (const model::LinkSpec* l = catalog.findLink(c.intraNode)) {
        s.cluster.intraNode = *l;
        s.cluster.intraNodeRef = l->name;
    }
    if (const model::LinkSpec* l = catalog.findLink(c.interNode)) {
        s.cluster.interNode = *l;
        s.cluster.interNodeRef = l->name;
    }
    const auto& systems = m_outcome.gpus.size() > static_cast<std::size_t>(c.gpuIndex)
                              ? sim::systemOptions(m_outcome.gpus[static_cast<std::size_t>(c.gpuIndex)],
                                                   catalog)
                              : std::vector<sim::SystemOption>{};
    if (c.systemIndex >= 0 && c.systemIndex < static_cast<int>(systems.size()))
        s.cluster.nicsPerNode = systems[static_cast<std::size_t>(c.systemIndex)].nicsPerNode;
    if (s == m_doc->scenario()) return;
    m_doc->edit(viewText(PlanViewText::UseSizedCluster, {sim::textArg(c.clusterLabel())}),
                QStringLiteral("cluster"), std::move(s));
}

} // namespace trainplan::ui
