#pragma once

#include <trainplan/report/report.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/ui/latest_job.h>
#include <trainplan/ui/report_job.h>

#include <QDialog>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace trainplan::ui {

class ScenarioDocument;

// File → Export report…: format (PDF, HTML, Markdown, CSV, JSON), review deck (PDF 16:9),
// language and path. The report's data is computed on a worker thread from the document's
// current scenario (unsaved edits included), with progress and cancel; the files are then
// rendered on the GUI thread (Qt Charts are graphics widgets, which Qt allows only there).
// Errors are shown in a message naming the path and the reason; on success it offers to open
// the file.
class ExportReportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportReportDialog(ScenarioDocument* doc, QWidget* parent = nullptr);
    ~ExportReportDialog() override;

    void setFormat(report::OutputFormat format);
    [[nodiscard]] report::OutputFormat format() const;
    void setDeck(bool deck);
    [[nodiscard]] bool deck() const;
    void setLanguage(sim::Lang lang);
    [[nodiscard]] sim::Lang language() const;
    void setPath(const QString& path);
    [[nodiscard]] QString path() const;
    // Other scenarios (resolved as the edited one is) shown side by side in the report, at most
    // three; the dialog names them. Empty: no side-by-side section.
    void setCompareWith(std::vector<model::Scenario> others);
    [[nodiscard]] const std::vector<model::Scenario>& compareWith() const { return m_compareWith; }

    // What the Export button does: checks the path, then computes and writes in the background.
    void startExport();
    void cancelExport();
    [[nodiscard]] bool isRunning() const { return m_job.isRunning(); }
    // The outcome of the last export (ok, files, PDF pages, or the error).
    [[nodiscard]] const report::WriteResult& lastResult() const { return m_result; }
    // The message box of the last outcome (success with "Open", or the error); null once closed.
    [[nodiscard]] QMessageBox* messageBox() const { return m_message; }
    // Whether success opens a message offering to open the file (off in tests).
    void setOfferToOpen(bool offer) { m_offerToOpen = offer; }

    [[nodiscard]] QComboBox* formatCombo() const { return m_format; }
    [[nodiscard]] QCheckBox* deckCheck() const { return m_deck; }
    [[nodiscard]] QComboBox* languageCombo() const { return m_lang; }
    [[nodiscard]] QLineEdit* pathEdit() const { return m_path; }
    [[nodiscard]] QProgressBar* progressBar() const { return m_progress; }

signals:
    void exportFinished(const trainplan::report::WriteResult& result);

public slots:
    void reject() override;

private:
    void browse();
    void formatChanged();
    void setRunning(bool running);
    void computed(ReportOutcome outcome);
    void fail(const QString& reason);
    void succeed();
    [[nodiscard]] QString defaultPath() const;

    ScenarioDocument* m_doc;
    QComboBox* m_format;
    QCheckBox* m_deck;
    QComboBox* m_lang;
    QLineEdit* m_path;
    QPushButton* m_browse;
    QProgressBar* m_progress;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
    QPushButton* m_export;
    QTimer m_progressTimer;
    LatestJob<ReportOutcome> m_job;
    QString m_runningPath;
    report::WriteOptions m_runningOptions;
    report::WriteResult m_result;
    QPointer<QMessageBox> m_message;
    bool m_offerToOpen = true;
    std::vector<model::Scenario> m_compareWith;
};

} // namespace trainplan::ui
