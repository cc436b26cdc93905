#include <trainplan/ui/scenario_comparison_dialog.h>

#include <trainplan/report/report_charts.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/export_report_dialog.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/framework_style.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/report_job.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/window_text.h>

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace trainplan::ui {

namespace {
using services::WindowText;
constexpr int kEditedRole = Qt::UserRole + 1; // true: the edited scenario, not a library one
} // namespace

ScenarioComparisonDialog::ScenarioComparisonDialog(ScenarioDocument* document,
                                                   LibraryStore* library, QWidget* parent)
    : QDialog(parent)
    , m_doc(document)
    , m_library(library)
    , m_choices(new QListWidget)
    , m_compare(new QPushButton(tr("Compare")))
    , m_export(new QPushButton(tr("Export report…")))
    , m_message(new QLabel)
    , m_table(new QTableWidget)
    , m_chart(new QChartView) {
    setObjectName(QStringLiteral("scenarioComparisonDialog"));
    setWindowTitle(tr("Compare scenarios"));
    resize(1200, 760);
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    auto* pick = new QVBoxLayout;
    pick->addWidget(new QLabel(winText(WindowText::TickScenarios)));
    m_choices->setObjectName(QStringLiteral("comparisonChoices"));
    m_choices->setMinimumWidth(300);
    pick->addWidget(m_choices, 1);
    m_compare->setObjectName(QStringLiteral("comparisonRun"));
    pick->addWidget(m_compare);
    m_export->setObjectName(QStringLiteral("comparisonExport"));
    m_export->setToolTip(winText(WindowText::ComparisonExportTip));
    m_export->setEnabled(false);
    pick->addWidget(m_export);
    top->addLayout(pick, 0);
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(220);
    top->addWidget(m_chart, 1);
    layout->addLayout(top, 2);
    m_message->setObjectName(QStringLiteral("comparisonMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 3);

    auto* edited = new QListWidgetItem(
        winText(WindowText::EditedScenario, {qArg(m_doc ? m_doc->displayName() : QString())}));
    edited->setData(kEditedRole, true);
    edited->setFlags(edited->flags() | Qt::ItemIsUserCheckable);
    edited->setCheckState(Qt::Checked);
    m_choices->addItem(edited);
    if (store::Store* st = m_library ? m_library->store() : nullptr) {
        try {
            for (const store::ScenarioSummary& s : st->scenarios()) {
                auto* item = new QListWidgetItem(QString::fromStdString(s.name));
                item->setData(kEditedRole, false);
                item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                item->setCheckState(Qt::Unchecked);
                m_choices->addItem(item);
            }
        } catch (const std::exception& e) {
            m_message->setText(
                winText(WindowText::LibraryUnreadable, {sim::textArg(errorText(e))}));
        }
    }
    connect(m_choices, &QListWidget::itemChanged, this, &ScenarioComparisonDialog::updateButton);
    connect(m_compare, &QPushButton::clicked, this, &ScenarioComparisonDialog::compare);
    connect(m_export, &QPushButton::clicked, this, &ScenarioComparisonDialog::exportReport);
    updateButton();
}

QString ScenarioComparisonDialog::messageText() const {
    return m_message->text();
}

void ScenarioComparisonDialog::choose(const QStringList& libraryNames, bool edited) {
    for (int i = 0; i < m_choices->count(); ++i) {
        QListWidgetItem* item = m_choices->item(i);
        const bool on = item->data(kEditedRole).toBool() ? edited
                                                         : libraryNames.contains(item->text());
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

void ScenarioComparisonDialog::updateButton() {
    int ticked = 0;
    for (int i = 0; i < m_choices->count(); ++i)
        ticked += m_choices->item(i)->checkState() == Qt::Checked ? 1 : 0;
    const bool ok = ticked >= 2 && ticked <= static_cast<int>(services::kMaxComparedScenarios);
    m_compare->setEnabled(ok && m_doc);
    if (!ok)
        m_message->setText(winText(WindowText::TickedCount, {sim::countArg(ticked)}));
    else if (!isComparing())
        m_message->clear();
}

void ScenarioComparisonDialog::compare() {
    if (!m_doc) return;
    std::vector<model::Scenario> scenarios;
    QStringList problems;
    m_pendingEditedIndex = -1;
    for (int i = 0; i < m_choices->count(); ++i) {
        QListWidgetItem* item = m_choices->item(i);
        if (item->checkState() != Qt::Checked) continue;
        if (item->data(kEditedRole).toBool()) {
            m_pendingEditedIndex = static_cast<int>(scenarios.size());
            scenarios.push_back(m_doc->planningScenario().scenario);
            continue;
        }
        const model::ScenarioLoad load = m_library ? m_library->load(item->text())
                                                   : model::ScenarioLoad{};
        if (!load.ok()) {
            problems << winText(WindowText::ScenarioNotValid,
                                {qArg(item->text()),
                                 load.issues.empty()
                                     ? qArg(winText(WindowText::ScenarioUnreadable))
                                     : sim::textArg(load.issues.front().text(advisorLanguage()))});
            continue;
        }
        scenarios.push_back(m_doc->planningScenarioOf(*load.scenario).scenario);
    }
    if (!problems.isEmpty()) {
        m_message->setText(problems.join(QLatin1Char('\n')));
        return;
    }
    if (scenarios.size() < 2 || scenarios.size() > services::kMaxComparedScenarios) return;
    m_message->setText(
        winText(WindowText::PlanningCount, {sim::countArg(static_cast<double>(scenarios.size()))}));
    m_compare->setEnabled(false);
    m_job.start(
        [scenarios = std::move(scenarios), planner = m_doc->sharedPlanner()](
            const JobControl& control) {
            services::PlanningOptions options;
            options.cancelled = [control] { return control.isCancelled(); };
            Outcome out;
            out.comparison = std::make_shared<const services::ScenarioComparison>(
                services::compareScenarios(scenarios, *planner, options));
            return out;
        },
        [this](Outcome out) {
            updateButton();
            if (!out.error.isEmpty() || !out.comparison || out.comparison->cancelled) {
                m_message->setText(winText(WindowText::ComparisonFailed, {qArg(out.error)}));
                return;
            }
            m_result = out.comparison;
            m_editedIndex = m_pendingEditedIndex;
            m_export->setEnabled(m_doc != nullptr);
            showComparison(*m_result);
            emit comparisonShown();
        });
}

void ScenarioComparisonDialog::showComparison(const services::ScenarioComparison& c) {
    const int n = static_cast<int>(c.scenarios.size());
    QStringList rows = {tr("Model"),          tr("Cluster"),       tr("Recommended"),
                        tr("Plan"),           tr("Peak memory"),   tr("Step time"),
                        tr("MFU"),            tr("Expected time to train"), tr("Expected cost")};
    const auto& firstFrameworks = c.scenarios.front().frameworks;
    for (const auto& fw : firstFrameworks)
        rows << winText(WindowText::FrameworkStepTime, {qArg(frameworkShortName(fw.first))});
    m_table->clear();
    m_table->setRowCount(static_cast<int>(rows.size()));
    m_table->setColumnCount(n);
    m_table->setVerticalHeaderLabels(rows);
    QStringList columns;
    for (const auto& s : c.scenarios)
        columns << QString::fromStdString(s.scenario.name);
    m_table->setHorizontalHeaderLabels(columns);
    for (int i = 0; i < n; ++i) {
        const services::ComparedScenario& s = c.scenarios[static_cast<std::size_t>(i)];
        const bool fits = s.headline && s.headline->memory.fits;
        const QString status =
            s.recommendation.status == sim::RecommendationStatus::Ready ? tr("ready")
            : s.recommendation.status == sim::RecommendationStatus::NeedsPrerequisites
                ? tr("needs prerequisites")
                : tr("does not fit");
        QStringList cells = {
            QString::fromStdString(s.scenario.model.displayName.empty()
                                       ? s.scenario.model.name
                                       : s.scenario.model.displayName) +
                QStringLiteral(" (") + formatParameters(s.parameters) + QLatin1Char(')'),
            winText(WindowText::GpusOfType, {sim::countArg(static_cast<double>(s.gpus)),
                                             sim::textArg(s.scenario.cluster.gpu.name)}),
            winText(WindowText::NameWithDetail,
                    {qArg(frameworkName(s.recommendation.framework)), qArg(status)}),
            s.headline ? QString::fromStdString(s.headline->plan.label()) : QStringLiteral("—"),
            s.headline ? formatBytes(s.headline->memory.peakBytes) : QStringLiteral("—"),
            fits ? formatSeconds(s.headline->time.stepSeconds) : QStringLiteral("—"),
            fits ? formatPercent(s.headline->throughput.mfu) : QStringLiteral("—"),
            s.goodput ? formatDuration(s.goodput->expectedSeconds) +
                            (i == c.fastest ? tr(" ★ fastest") : QString())
                      : QStringLiteral("—"),
            !s.goodput ? QStringLiteral("—")
            : s.headline->cost.priced
                ? formatCost(s.goodput->usd) + (i == c.cheapest ? tr(" ★ cheapest") : QString())
                : tr("no GPU price")};
        for (const auto& fw : firstFrameworks) {
            QString cell = tr("excluded");
            for (const auto& [f, best] : s.frameworks)
                if (f == fw.first)
                    cell = best ? formatSeconds(best->time.stepSeconds) : tr("does not fit");
            cells << cell;
        }
        for (int r = 0; r < cells.size(); ++r) {
            auto* item = new QTableWidgetItem(cells[r]);
            item->setTextAlignment(r >= 4 ? Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter)
                                          : Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
            m_table->setItem(r, i, item);
        }
    }

    // One chart: expected time and cost of each scenario relative to the best of them (the table
    // holds the absolute figures), drawn as the report draws it.
    report::ChartStyle style;
    style.lang = advisorLanguage();
    style.fontPixels = 11;
    style.showTitle = true;
    QChart* chart = report::scenariosChart(c, style).release();
    QChart* previous = m_chart->chart();
    m_chart->setChart(chart);
    delete previous;
    m_message->setText(winText(WindowText::ComparisonNote));
}

std::vector<model::Scenario> ScenarioComparisonDialog::otherScenarios() const {
    std::vector<model::Scenario> out;
    if (!m_result) return out;
    for (std::size_t i = 0; i < m_result->scenarios.size(); ++i)
        if (static_cast<int>(i) != m_editedIndex &&
            out.size() + 1 < services::kMaxComparedScenarios)
            out.push_back(m_result->scenarios[i].scenario);
    return out;
}

void ScenarioComparisonDialog::exportReport() {
    if (!m_doc || !m_result) return;
    auto* dialog = new ExportReportDialog(m_doc, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setCompareWith(otherScenarios());
    dialog->open();
}

} // namespace trainplan::ui
