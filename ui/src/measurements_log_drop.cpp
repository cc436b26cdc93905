// The Measurements tab's training-log drop: the same use case as `trainplan-cli runs import-log`
// (services::importLogRun).

#include <trainplan/services/log_run_import.h>
#include <trainplan/store/store.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/library_store.h>
#include <trainplan/ui/measurements_view.h>

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMimeData>
#include <QUrl>

namespace trainplan::ui {

namespace {

QStringList localFiles(const QMimeData* mime) {
    QStringList files;
    if (!mime || !mime->hasUrls()) return files;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) files << url.toLocalFile();
    return files;
}

} // namespace

MeasurementsView::LogImportOutcome
MeasurementsView::importLogs(const QStringList& files, const QString& scenario,
                             const std::optional<nlohmann::json>& plan) {
    LogImportOutcome out;
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) {
        out.messages << runsText(services::RunText::NoLibrary);
        showMessage(out.messages.join(QLatin1Char('\n')));
        return out;
    }
    services::LogRunRequest req;
    req.scenarioName = scenario.toStdString();
    req.plan = plan;
    req.measuredOn = services::todayUtc();
    model::io::ImportIssues issues;
    for (const QString& f : files) {
        auto in = services::readLogInput(f.toStdString(), issues);
        if (!in) continue;
        if (in->bytes.find("trainplan.log_mapping.v1") != std::string::npos)
            req.mapping = std::move(*in);
        else
            req.logs.push_back(std::move(*in));
    }
    services::LogRunImport result;
    result.issues = issues;
    if (!model::io::hasErrors(issues)) {
        try {
            result = services::importLogRun(*st, req);
        } catch (const std::exception& e) {
            result.issues.emplace_back(model::io::Severity::Error, "", "",
                                       model::io::ImportText::verbatim(e.what()));
        }
    }
    const model::Lang lang = advisorLanguage(); // the findings in the window's language
    for (const auto& i : result.issues)
        out.messages << QString::fromStdString(i.text(lang));
    out.runId = result.storedId;
    QString head;
    if (out.runId) {
        const auto& s = result.summary;
        head = runsText(services::RunText::AddedFromLogs,
                        {sim::countArg(static_cast<double>(*out.runId)), qArg(scenario),
                         sim::countArg(static_cast<double>(req.logs.size())),
                         sim::countArg(static_cast<double>(s.iterationsUsed)),
                         sim::countArg(static_cast<double>(s.steadyRecords))});
        if (m_library) emit m_library->runsChanged();
    } else {
        head = runsText(services::RunText::NothingSaved);
    }
    showMessage(head + QLatin1Char('\n') + out.messages.join(QLatin1Char('\n')));
    return out;
}

void MeasurementsView::dragEnterEvent(QDragEnterEvent* event) {
    if (m_library && m_library->store() && !localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MeasurementsView::dropEvent(QDropEvent* event) {
    const QStringList files = localFiles(event->mimeData());
    if (files.isEmpty()) return;
    event->acceptProposedAction();
    logDropDialog(files);
}

void MeasurementsView::logDropDialog(const QStringList& files) {
    store::Store* st = m_library ? m_library->store() : nullptr;
    if (!st) return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Import training log"));
    auto* form = new QFormLayout(&dialog);
    auto* names = new QLabel(files.join(QLatin1Char('\n')));
    names->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* scenario = new QComboBox;
    for (const auto& s : st->scenarios())
        scenario->addItem(QString::fromStdString(s.name));
    auto* plan = new QComboBox;
    std::vector<nlohmann::json> plans;
    auto fillPlans = [&, this] { fillPlanChoices(*plan, plans, scenario->currentText()); };
    fillPlans();
    connect(scenario, &QComboBox::currentIndexChanged, &dialog, [&] { fillPlans(); });
    form->addRow(tr("Logs"), names);
    form->addRow(runsText(services::RunText::ColScenario), scenario);
    form->addRow(tr("Plan the job ran"), plan);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    if (scenario->count() == 0) {
        showMessage(runsText(services::RunText::SaveScenarioFirst));
        return;
    }
    if (dialog.exec() != QDialog::Accepted) return;
    std::optional<nlohmann::json> chosen;
    if (plan->currentIndex() >= 0 && static_cast<std::size_t>(plan->currentIndex()) < plans.size())
        chosen = plans[static_cast<std::size_t>(plan->currentIndex())];
    importLogs(files, scenario->currentText(), chosen);
}

} // namespace trainplan::ui
