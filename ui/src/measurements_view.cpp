#include <trainplan/ui/measurements_view.h>

#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario_json.h>
#include <trainplan/model/units.h>
#include <trainplan/store/run_import.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/error_text.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/measured_runs_model.h>
#include <trainplan/ui/planner_controller.h>
#include <trainplan/ui/view_text.h>

#include <QComboBox>
#include <QDate>
#include <QDateEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleValidator>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <map>
#include <memory>
#include <set>

namespace trainplan::ui {

MeasurementsView::MeasurementsView(QWidget* parent)
    : QWidget(parent)
    , m_model(new MeasuredRunsModel(this))
    , m_table(new QTableView)
    , m_message(new QLabel)
    , m_add(new QPushButton(tr("Add run…")))
    , m_import(new QPushButton(tr("Import CSV…")))
    , m_delete(new QPushButton(tr("Delete")))
    , m_fitCluster(new QPushButton(tr("Fit this cluster…")))
    , m_checkSummary(new QLabel) {
    setObjectName(QStringLiteral("measurementsView"));
    setAcceptDrops(true); // training logs (measurements_log_drop.cpp)
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto* bar = new QHBoxLayout;
    m_add->setObjectName(QStringLiteral("measurementsAdd"));
    m_add->setToolTip(runsText(services::RunText::AddTip));
    m_import->setObjectName(QStringLiteral("measurementsImport"));
    m_import->setToolTip(runsText(services::RunText::ImportTip));
    m_delete->setObjectName(QStringLiteral("measurementsDelete"));
    m_delete->setToolTip(runsText(services::RunText::DeleteTip));
    bar->addWidget(m_add);
    bar->addWidget(m_import);
    bar->addWidget(m_delete);
    m_fitCluster->setObjectName(QStringLiteral("measurementsFitCluster"));
    m_fitCluster->setToolTip(runsText(services::RunText::FitClusterTip));
    bar->addWidget(m_fitCluster);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_message->setObjectName(QStringLiteral("measurementsMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    m_checkSummary->setObjectName(QStringLiteral("measurementsCheckSummary"));
    m_checkSummary->setWordWrap(true);
    layout->addWidget(m_checkSummary);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(TableModelBase::SortRole);
    m_table->setModel(proxy);
    m_table->setObjectName(QStringLiteral("measurementsTable"));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(MeasuredRunsModel::IdColumn, Qt::DescendingOrder); // newest first
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (const int column : {MeasuredRunsModel::ScenarioColumn, MeasuredRunsModel::PlanColumn}) {
        m_table->horizontalHeader()->setSectionResizeMode(column, QHeaderView::Interactive);
        m_table->horizontalHeader()->resizeSection(
            column, column == MeasuredRunsModel::PlanColumn ? 320 : 220);
    }
    layout->addWidget(m_table, 1);

    connect(m_add, &QPushButton::clicked, this, &MeasurementsView::addDialog);
    connect(m_import, &QPushButton::clicked, this, &MeasurementsView::importDialog);
    connect(m_delete, &QPushButton::clicked, this, &MeasurementsView::deleteSelected);
    connect(m_fitCluster, &QPushButton::clicked, this, [this] {
        const QString cluster = selectedCluster();
        if (!cluster.isEmpty()) emit fitClusterRequested(cluster);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MeasurementsView::updateButtons);
    reload();
}

void MeasurementsView::setLibrary(LibraryStore* library,
                                  std::function<std::optional<model::Plan>()> selectedPlan) {
    m_library = library;
    m_selectedPlan = std::move(selectedPlan);
    if (m_library) {
        connect(m_library, &LibraryStore::changed, this, &MeasurementsView::reload);
        connect(m_library, &LibraryStore::runsChanged, this, &MeasurementsView::reload);
    }
    reload();
}

QString MeasurementsView::messageText() const {
    return m_message->text();
}

QString MeasurementsView::checkSummaryText() const {
    return m_checkSummary->text();
}

QString MeasurementsView::selectedCluster() const {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) return {};
    auto* proxy = static_cast<QSortFilterProxyModel*>(m_table->model());
    const services::RunCheck* c =
        m_model->check(m_model->runId(proxy->mapToSource(rows.front()).row()));
    return c ? QString::fromStdString(c->cluster) : QString();
}

void MeasurementsView::startChecks(store::Store& store) {
    // Read on this thread (SQLite); the runs made and predicted off it: a published row's plan is
    // searched as `validate` does, and the public runs' residuals are validated the first time.
    auto records =
        std::make_shared<const services::StoredRunRecords>(services::readStoredRunRecords(store));
    m_checkSummary->setText(runsText(services::RunText::Predicting));
    m_checkJob.start(
        [records](const JobControl&) {
            CheckOutcome out;
            const services::StoredCalibrationRuns loaded = services::calibrationRunsOf(*records);
            out.problems = loaded.problemNotes;
            out.checks = services::checkRuns(loaded, referenceResiduals(records->catalog));
            return out;
        },
        [this](CheckOutcome out) {
            if (!out.error.isEmpty()) {
                m_model->setChecks({}, {});
                m_checkSummary->setText(
                    runsText(services::RunText::PredictionFailed, {qArg(out.error)}));
                updateButtons();
                emit checksShown();
                return;
            }
            services::RunChecks& c = out.checks;
            std::map<std::int64_t, std::string> unchecked;
            for (const services::StoredRunNote& why : c.skippedNotes) // in the window's language
                unchecked[why.runId] = why.text(advisorLanguage());
            int outside = 0, far = 0;
            for (const services::RunCheck& r : c.runs) {
                far += r.flagged ? 1 : 0;
                for (const auto* m : {&r.stepSeconds, &r.tokensPerSecondPerGpu,
                                      &r.peakMemoryBytes})
                    if (*m && !(*m)->insideInterval()) {
                        ++outside;
                        break;
                    }
            }
            const int clusters = static_cast<int>(services::clustersOf(c).size());
            QString text =
                runsText(services::RunText::CheckSummary,
                         {sim::countArg(static_cast<double>(c.runs.size())),
                          sim::countArg(clusters), sim::countArg(outside), sim::countArg(far)});
            if (!unchecked.empty())
                text += (advisorLanguage() == sim::Lang::ZhCN ? QString() : QStringLiteral(" ")) +
                        runsText(services::RunText::NotPredictedCount,
                                 {sim::countArg(static_cast<double>(unchecked.size()))});
            for (const services::StoredRunNote& p : out.problems)
                text += QLatin1Char('\n') + QString::fromStdString(p.text(advisorLanguage()));
            m_checkSummary->setText(text);
            m_model->setChecks(std::move(c.runs), std::move(unchecked));
            updateButtons();
            emit checksShown();
        });
}

void MeasurementsView::showMessage(const QString& text) {
    m_message->setText(text);
}

void MeasurementsView::updateButtons() {
    const bool open = m_library && m_library->store();
    m_add->setEnabled(open);
    m_import->setEnabled(open);
    m_delete->setEnabled(open && m_table->selectionModel()->hasSelection());
    m_fitCluster->setEnabled(open && !selectedCluster().isEmpty());
}

void MeasurementsView::reload() {
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) {
        m_model->setRuns({});
        m_checkJob.cancel();
        m_checkSummary->clear();
        const QString why =
            m_library && !m_library->openError().isEmpty() ? m_library->openError() : QString();
        showMessage(why.isEmpty() ? runsText(services::RunText::NoLibraryRuns)
                                  : runsText(services::RunText::NoLibraryRunsWhy, {qArg(why)}));
        m_message->setProperty("noLibraryMessage", true);
    } else {
        try {
            m_model->setRuns(st->runs());
            if (m_message->property("noLibraryMessage").toBool()) {
                m_message->clear();
                m_message->setProperty("noLibraryMessage", false);
            }
            if (m_model->runs().empty()) {
                m_checkJob.cancel();
                m_checkSummary->clear();
            } else {
                startChecks(*st);
            }
        } catch (const std::exception& e) {
            showMessage(runsText(services::RunText::RunsUnreadable, {sim::textArg(errorText(e))}));
        }
    }
    updateButtons();
}

MeasurementsView::ImportOutcome MeasurementsView::importCsv(const QString& file) {
    ImportOutcome out;
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) {
        out.problems << runsText(services::RunText::NoLibrary);
        showMessage(out.problems.front());
        return out;
    }
    const model::PublishedRunsLoad load = model::loadPublishedRuns(file.toStdString());
    for (const auto& issue : load.issues)
        out.problems << QString::fromStdString(issue.text(advisorLanguage()));
    if (!load.runs.empty()) {
        try {
            const store::ImportSummary summary =
                st->importRuns(store::measuredRunsFromPublished(load.runs));
            out.added = summary.added;
            out.skipped = summary.skipped;
        } catch (const std::exception& e) {
            out.problems << errorQText(e);
        }
    }
    // The same words as `trainplan-cli runs import`.
    QString text = runsText(services::RunText::Imported,
                            {sim::countArg(static_cast<double>(out.added)), qArg(file)});
    if (out.skipped > 0)
        text = runsText(
            services::RunText::Parenthesized,
            {qArg(text), qArg(runsText(services::RunText::AlreadyStored,
                                       {sim::countArg(static_cast<double>(out.skipped))}))});
    if (!out.problems.isEmpty())
        text += QLatin1Char('\n') +
                runsText(services::RunText::ImportProblems,
                         {sim::countArg(static_cast<double>(out.problems.size()))}) +
                QLatin1Char('\n') + out.problems.join(QLatin1Char('\n'));
    showMessage(text);
    emit m_library->runsChanged();
    return out;
}

bool MeasurementsView::addRun(const store::NewMeasuredRun& run, QString* error) {
    store::Store* st = m_library ? m_library->store() : nullptr;
    try {
        if (!st)
            throw std::runtime_error(
                services::runText(services::RunText::NoLibrary, advisorLanguage()));
        const std::int64_t id = st->addRun(run);
        showMessage(runsText(services::RunText::Added, {sim::countArg(static_cast<double>(id)),
                                                        sim::textArg(run.scenarioName)}));
    } catch (const std::exception& e) {
        if (error) *error = errorQText(e);
        return false;
    }
    emit m_library->runsChanged();
    return true;
}

bool MeasurementsView::deleteRuns(const std::vector<std::int64_t>& ids, QString* error) {
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) {
        if (error) *error = runsText(services::RunText::NoLibrary);
        return false;
    }
    bool ok = true;
    for (const std::int64_t id : ids) {
        try {
            st->deleteRun(id);
        } catch (const std::exception& e) {
            ok = false;
            if (error) *error = errorQText(e);
        }
    }
    showMessage(
        runsText(services::RunText::Deleted, {sim::countArg(static_cast<double>(ids.size()))}));
    emit m_library->runsChanged();
    return ok;
}

void MeasurementsView::deleteSelected() {
    std::set<std::int64_t> ids;
    auto* proxy = static_cast<QSortFilterProxyModel*>(m_table->model());
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
        ids.insert(m_model->runId(proxy->mapToSource(index).row()));
    ids.erase(0);
    QString error;
    if (!deleteRuns({ids.begin(), ids.end()}, &error)) showMessage(error);
}

void MeasurementsView::importDialog() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Import measured runs"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!file.isEmpty()) importCsv(file);
}

namespace {

// A positive number typed in the user's locale, or nullopt (empty); `bad` when not a positive
// number.
std::optional<double> positive(const QLineEdit* edit, bool& bad) {
    const QString text = edit->text().trimmed();
    if (text.isEmpty()) return std::nullopt;
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok) v = text.toDouble(&ok);
    if (!ok || !(v > 0)) {
        bad = true;
        return std::nullopt;
    }
    return v;
}

} // namespace

void MeasurementsView::fillPlanChoices(QComboBox& plan, std::vector<nlohmann::json>& plans,
                                       const QString& scenarioName) const {
    plan.clear();
    plans.clear();
    const model::ScenarioLoad load = m_library->load(scenarioName);
    if (load.scenario)
        for (const auto& p : load.scenario->plans) {
            plan.addItem(QString::fromStdString(p.label()));
            plans.push_back(model::toJson(p));
        }
    if (m_selectedPlan)
        if (const auto selected = m_selectedPlan()) {
            plan.addItem(
                runsText(services::RunText::CompareSelection, {sim::textArg(selected->label())}));
            plans.push_back(model::toJson(*selected));
        }
}

void MeasurementsView::addDialog() {
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Add measured run"));
    auto* form = new QFormLayout(&dialog);
    auto* scenario = new QComboBox;
    for (const auto& s : st->scenarios())
        scenario->addItem(QString::fromStdString(s.name));
    auto* plan = new QComboBox;
    auto* step = new QLineEdit;
    auto* tokens = new QLineEdit;
    auto* memory = new QLineEdit;
    step->setPlaceholderText(tr("seconds per step"));
    tokens->setPlaceholderText(viewText(services::PlanViewText::TokensPerSecondPerGpu));
    memory->setPlaceholderText(tr("GiB (optional)"));
    auto* date = new QDateEdit(QDate::currentDate());
    date->setCalendarPopup(true);
    date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    auto* notes = new QLineEdit;
    auto* problem = new QLabel;
    problem->setWordWrap(true);
    problem->setObjectName(QStringLiteral("addRunProblem"));
    problem->hide();
    // Plans: the chosen scenario's, plus the Compare tab's selected plan.
    std::vector<nlohmann::json> plans;
    auto fillPlans = [&, this] { fillPlanChoices(*plan, plans, scenario->currentText()); };
    fillPlans();
    connect(scenario, &QComboBox::currentIndexChanged, &dialog, [&] { fillPlans(); });
    form->addRow(runsText(services::RunText::ColScenario), scenario);
    form->addRow(calText(sim::CalText::ColPlan), plan);
    form->addRow(runsText(services::RunText::ColStepTime), step);
    form->addRow(runsText(services::RunText::ColTokens), tokens);
    form->addRow(runsText(services::RunText::ColPeakMemory), memory);
    form->addRow(runsText(services::RunText::ColMeasuredOn), date);
    form->addRow(runsText(services::RunText::ColNotes), notes);
    form->addRow(problem);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&, this] {
        QStringList problems;
        bool badStep = false, badTokens = false, badMemory = false;
        store::NewMeasuredRun run;
        run.scenarioName = scenario->currentText().toStdString();
        run.stepSeconds = positive(step, badStep);
        run.tokensPerSecondPerGpu = positive(tokens, badTokens);
        run.peakMemoryBytes = positive(memory, badMemory);
        if (run.peakMemoryBytes) *run.peakMemoryBytes *= model::units::kGiB;
        if (scenario->currentIndex() < 0) problems << runsText(services::RunText::NeedScenario);
        if (plan->currentIndex() < 0) problems << runsText(services::RunText::NeedPlan);
        if (badStep) problems << runsText(services::RunText::BadStep);
        if (badTokens) problems << runsText(services::RunText::BadTokens);
        if (badMemory) problems << runsText(services::RunText::BadMemory);
        if (!badStep && !badTokens && !run.stepSeconds && !run.tokensPerSecondPerGpu)
            problems << runsText(services::RunText::NeedMeasurement);
        step->setStyleSheet(badStep ? QStringLiteral("border: 1px solid #d33") : QString());
        tokens->setStyleSheet(badTokens ? QStringLiteral("border: 1px solid #d33") : QString());
        memory->setStyleSheet(badMemory ? QStringLiteral("border: 1px solid #d33") : QString());
        if (problems.isEmpty()) {
            run.plan = plans[static_cast<std::size_t>(plan->currentIndex())];
            run.measuredOn = date->date().toString(Qt::ISODate).toStdString();
            run.notes = notes->text().toStdString();
            run.source = tr("entered in TrainPlan").toStdString();
            QString error;
            if (addRun(run, &error)) {
                dialog.accept();
                return;
            }
            problems << error;
        }
        problem->setText(problems.join(QLatin1Char('\n')));
        problem->show();
    });
    dialog.exec();
}

} // namespace trainplan::ui
