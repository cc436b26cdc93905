#include <trainplan/ui/export_report_dialog.h>

#include <trainplan/services/stored_calibration_runs.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/scenario_document.h>
#include <trainplan/ui/view_text.h>
#include <trainplan/ui/window_text.h>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

#include <optional>

namespace trainplan::ui {

namespace {

using report::OutputFormat;
using services::WindowText;

QString suffixOf(OutputFormat f) {
    switch (f) {
    case OutputFormat::Pdf:
        return QStringLiteral("pdf");
    case OutputFormat::Html:
        return QStringLiteral("html");
    case OutputFormat::Markdown:
        return QStringLiteral("md");
    case OutputFormat::Csv:
        return QStringLiteral("csv");
    case OutputFormat::Json:
        return QStringLiteral("json");
    }
    return QStringLiteral("pdf");
}

// A file name from the scenario's name: letters, digits, '-', '_' and '.' kept.
QString fileStem(const QString& name) {
    QString stem;
    for (const QChar c : name)
        stem += (c.isLetterOrNumber() || c == u'-' || c == u'_' || c == u'.') ? c : QChar(u'-');
    while (stem.contains(QStringLiteral("--")))
        stem.replace(QStringLiteral("--"), QStringLiteral("-"));
    stem = stem.trimmed();
    while (stem.startsWith(u'-'))
        stem.remove(0, 1);
    while (stem.endsWith(u'-'))
        stem.chop(1);
    return stem.isEmpty() ? QStringLiteral("report") : stem;
}

} // namespace

ExportReportDialog::ExportReportDialog(ScenarioDocument* doc, QWidget* parent)
    : QDialog(parent)
    , m_doc(doc)
    , m_format(new QComboBox)
    , m_deck(new QCheckBox(winText(WindowText::ExportDeckOption)))
    , m_lang(new QComboBox)
    , m_path(new QLineEdit)
    , m_browse(new QPushButton(tr("Browse…")))
    , m_progress(new QProgressBar)
    , m_status(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Close))
    , m_export(m_buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole))
    , m_job(this) {
    setObjectName(QStringLiteral("exportReportDialog"));
    setWindowTitle(tr("Export report"));
    m_format->addItem(winText(WindowText::ExportFormatPdf),
                      QVariant::fromValue(static_cast<int>(OutputFormat::Pdf)));
    m_format->addItem(winText(WindowText::ExportFormatHtml),
                      QVariant::fromValue(static_cast<int>(OutputFormat::Html)));
    m_format->addItem(winText(WindowText::ExportFormatMarkdown),
                      QVariant::fromValue(static_cast<int>(OutputFormat::Markdown)));
    m_format->addItem(winText(WindowText::ExportFormatCsv),
                      QVariant::fromValue(static_cast<int>(OutputFormat::Csv)));
    m_format->addItem(winText(WindowText::ExportFormatJson),
                      QVariant::fromValue(static_cast<int>(OutputFormat::Json)));
    m_format->setToolTip(winText(WindowText::ExportFormatTip));
    m_deck->setToolTip(winText(WindowText::ExportDeckTip));
    m_lang->addItem(QStringLiteral("English"),
                    QVariant::fromValue(static_cast<int>(sim::Lang::En)));
    m_lang->addItem(QStringLiteral("简体中文"),
                    QVariant::fromValue(static_cast<int>(sim::Lang::ZhCN)));
    m_lang->setToolTip(winText(WindowText::ExportLanguageTip));
    m_path->setMinimumWidth(420);
    m_path->setToolTip(winText(WindowText::ExportPathTip));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setText(winText(WindowText::ExportScope));

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("Format"), m_format);
    form->addRow(QString(), m_deck);
    form->addRow(tr("Language"), m_lang);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    form->addRow(tr("Save to"), pathRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    m_export->setDefault(true);
    m_buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));

    setLanguage(advisorLanguage());
    m_path->setText(defaultPath());
    formatChanged();

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportReportDialog::formatChanged);
    connect(m_browse, &QPushButton::clicked, this, &ExportReportDialog::browse);
    connect(m_export, &QPushButton::clicked, this, &ExportReportDialog::startExport);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExportReportDialog::reject);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { m_progress->setValue(m_job.control().progressPermille()); });
}

ExportReportDialog::~ExportReportDialog() {
    m_job.cancel();
}

void ExportReportDialog::setFormat(report::OutputFormat format) {
    m_format->setCurrentIndex(m_format->findData(QVariant::fromValue(static_cast<int>(format))));
}

report::OutputFormat ExportReportDialog::format() const {
    return static_cast<report::OutputFormat>(m_format->currentData().toInt());
}

void ExportReportDialog::setDeck(bool deck) {
    m_deck->setChecked(deck && format() == report::OutputFormat::Pdf);
}
bool ExportReportDialog::deck() const {
    return m_deck->isChecked() && format() == report::OutputFormat::Pdf;
}

void ExportReportDialog::setLanguage(sim::Lang lang) {
    m_lang->setCurrentIndex(m_lang->findData(QVariant::fromValue(static_cast<int>(lang))));
}

sim::Lang ExportReportDialog::language() const {
    return static_cast<sim::Lang>(m_lang->currentData().toInt());
}

void ExportReportDialog::setPath(const QString& path) {
    m_path->setText(path);
}
QString ExportReportDialog::path() const {
    return m_path->text().trimmed();
}

QString ExportReportDialog::defaultPath() const {
    // Beside the scenario file, unless that folder is read-only (an installed example): home.
    QString dir = QDir::homePath();
    if (!m_doc->filePath().isEmpty()) {
        const QFileInfo folder(QFileInfo(m_doc->filePath()).absolutePath());
        if (folder.isDir() && folder.isWritable()) dir = folder.absoluteFilePath();
    }
    return QDir(dir).filePath(fileStem(m_doc->displayName()) + QStringLiteral(".") +
                              suffixOf(format()));
}

void ExportReportDialog::formatChanged() {
    const bool pdf = format() == report::OutputFormat::Pdf;
    m_deck->setEnabled(pdf);
    if (!pdf) m_deck->setChecked(false);
    // The suffix follows the format.
    QString p = path();
    if (p.isEmpty()) return;
    const QFileInfo info(p);
    const auto current = report::formatFromPath(p);
    if (current && *current == format()) return;
    const QString base = current ? info.completeBaseName() : info.fileName();
    m_path->setText(QDir(info.path()).filePath(base + QStringLiteral(".") + suffixOf(format())));
}

void ExportReportDialog::browse() {
    const QStringList filters = {tr("PDF files (*.pdf)"), tr("HTML files (*.html *.htm)"),
                                 tr("Markdown files (*.md *.markdown)"), tr("CSV files (*.csv)"),
                                 tr("JSON files (*.json)")};
    QString selected = filters.value(m_format->currentIndex());
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export report to"), path(), filters.join(QStringLiteral(";;")), &selected);
    if (chosen.isEmpty()) return;
    m_path->setText(QDir::toNativeSeparators(chosen));
    if (const auto f = report::formatFromPath(chosen))
        setFormat(*f);
    else
        formatChanged();
}

void ExportReportDialog::setRunning(bool running) {
    m_export->setEnabled(!running);
    m_format->setEnabled(!running);
    m_lang->setEnabled(!running);
    m_path->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_deck->setEnabled(!running && format() == report::OutputFormat::Pdf);
    m_buttons->button(QDialogButtonBox::Close)->setText(running ? tr("Cancel") : tr("Close"));
    m_progress->setVisible(running);
    if (running) {
        m_progress->setValue(0);
        m_progressTimer.start();
    } else {
        m_progressTimer.stop();
    }
}

void ExportReportDialog::startExport() {
    if (m_job.isRunning()) return;
    m_result = {};
    const QString target = QDir::fromNativeSeparators(path());
    if (target.isEmpty()) {
        fail(winText(WindowText::ExportNeedFile));
        return;
    }
    const auto suffixFormat = report::formatFromPath(target);
    if (!suffixFormat) {
        fail(winText(WindowText::ExportBadSuffix));
        return;
    }
    if (*suffixFormat != format()) setFormat(*suffixFormat);
    const QFileInfo info(target);
    const QFileInfo dir(info.absolutePath());
    if (!dir.exists() || !dir.isDir()) {
        fail(winText(WindowText::ExportNoFolder,
                     {qArg(QDir::toNativeSeparators(dir.absoluteFilePath()))}));
        return;
    }
    if (!dir.isWritable()) {
        fail(winText(WindowText::ExportFolderReadOnly,
                     {qArg(QDir::toNativeSeparators(dir.absoluteFilePath()))}));
        return;
    }
    if (info.exists() && !info.isWritable()) {
        fail(winText(WindowText::ExportFileReadOnly));
        return;
    }
    if (!m_doc->canEstimate()) {
        fail(winText(WindowText::ExportScenarioBlocked));
        return;
    }
    m_runningPath = info.absoluteFilePath();
    m_runningOptions = {};
    m_runningOptions.lang = language();
    m_runningOptions.deck = deck();
    setRunning(true);
    m_status->setText(winText(WindowText::ExportComputing));
    // The editor's state, unsaved edits included, with its calibration profile applied as in
    // Compare and the CLI's report (resolveProfile).
    const model::Scenario scenario = m_doc->planningScenario().scenario;
    auto catalog = m_doc->sharedCatalog();
    const model::PriceTable prices = m_doc->priceTable();
    // The library's run records, read here on the GUI thread (SQLite); the runs on this cluster
    // are made and checked in the job.
    std::shared_ptr<const services::StoredRunRecords> records;
    try {
        records = m_doc->measuredRunRecords();
    } catch (const std::exception&) {
        records = nullptr; // an unreadable library: the report leaves the section out
    }
    m_job.start(
        [scenario, catalog, prices, records, others = m_compareWith,
         planner = m_doc->sharedPlanner()](const JobControl& control) {
            std::optional<services::StoredCalibrationRuns> measured;
            if (records)
                measured = services::calibrationRunsOf(
                    *records, {std::nullopt, std::nullopt, services::clusterKey(scenario)});
            return computeReport(scenario, catalog, prices, ReportDepth::Full, control,
                                 planner.get(), measured ? &*measured : nullptr, others);
        },
        [this](ReportOutcome outcome) { computed(std::move(outcome)); });
}

void ExportReportDialog::setCompareWith(std::vector<model::Scenario> others) {
    m_compareWith = std::move(others);
    QStringList names;
    for (const model::Scenario& s : m_compareWith)
        names << QString::fromStdString(s.name);
    m_status->setText(names.isEmpty() ? winText(WindowText::ExportScope)
                                      : winText(WindowText::ExportScopeSideBySide,
                                                {qArg(names.join(QStringLiteral(", ")))}));
}

void ExportReportDialog::cancelExport() {
    if (!m_job.isRunning()) return;
    m_job.cancel();
    setRunning(false);
    m_status->setText(winText(WindowText::ExportCancelled));
}

void ExportReportDialog::reject() {
    if (m_job.isRunning()) {
        cancelExport();
        return;
    }
    QDialog::reject();
}

void ExportReportDialog::computed(ReportOutcome outcome) {
    if (outcome.cancelled || (!outcome.data && outcome.error.isEmpty())) {
        setRunning(false);
        m_status->setText(winText(WindowText::ExportCancelled));
        return;
    }
    if (!outcome.data) {
        setRunning(false);
        fail(outcome.error);
        return;
    }
    m_progress->setValue(1000);
    m_status->setText(
        winText(WindowText::ExportWriting, {qArg(QDir::toNativeSeparators(m_runningPath))}));
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QElapsedTimer clock;
    clock.start();
    m_result = report::writeReport(*outcome.data, m_runningPath, m_runningOptions);
    const double writeSeconds = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    QApplication::restoreOverrideCursor();
    setRunning(false);
    if (!m_result.ok) {
        fail(m_result.error.isEmpty() ? winText(WindowText::ExportNoReason) : m_result.error);
        return;
    }
    m_status->setText(winText(WindowText::ExportTimes,
                              {secondsArg(outcome.computeSeconds), secondsArg(writeSeconds)}));
    succeed();
}

void ExportReportDialog::fail(const QString& reason) {
    m_result.ok = false;
    m_result.error = reason;
    const QString shown = QDir::toNativeSeparators(
        path().isEmpty() ? QStringLiteral("—") : QDir::fromNativeSeparators(path()));
    m_status->setText(winText(WindowText::ExportNotWritten, {qArg(reason)}));
    if (m_message) m_message->close();
    m_message = new QMessageBox(QMessageBox::Warning, tr("Export report"),
                                winText(WindowText::ExportFailed, {qArg(shown), qArg(reason)}),
                                QMessageBox::Ok, this);
    m_message->setAttribute(Qt::WA_DeleteOnClose);
    m_message->open();
    emit exportFinished(m_result);
}

void ExportReportDialog::succeed() {
    const QString file = m_result.files.value(0, m_runningPath);
    const sim::MessageArg shownFile = qArg(QDir::toNativeSeparators(file));
    QString text = m_result.pages > 0 ? winText(WindowText::ExportWrotePages,
                                                {shownFile, sim::countArg(m_result.pages)})
                                      : winText(WindowText::ExportWrote, {shownFile});
    if (m_result.files.size() > 1)
        text += QLatin1Char('\n') +
                winText(WindowText::ExportMoreFiles,
                        {sim::countArg(static_cast<double>(m_result.files.size() - 1))});
    emit exportFinished(m_result);
    if (!m_offerToOpen) {
        accept();
        return;
    }
    // The message outlives the dialog: it belongs to the main window.
    QWidget* owner = parentWidget() ? parentWidget() : this;
    if (m_message) m_message->close();
    m_message = new QMessageBox(QMessageBox::Information, tr("Export report"), text,
                                QMessageBox::NoButton, owner);
    m_message->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton* open = m_message->addButton(tr("Open"), QMessageBox::AcceptRole);
    m_message->addButton(QMessageBox::Close);
    m_message->setDefaultButton(open);
    connect(open, &QPushButton::clicked, m_message,
            [file] { QDesktopServices::openUrl(QUrl::fromLocalFile(file)); });
    m_message->open();
    accept();
}

} // namespace trainplan::ui
