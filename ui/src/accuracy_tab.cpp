#include <trainplan/ui/accuracy_tab.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>
#include <trainplan/ui/accuracy_chart.h>
#include <trainplan/ui/accuracy_summary_model.h>
#include <trainplan/ui/accuracy_table_model.h>
#include <trainplan/ui/advisor_text.h>

#include <trainplan/ui/format.h>

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace trainplan::ui {

AccuracyTab::AccuracyTab(std::shared_ptr<const model::Catalog> catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(std::move(catalog))
    , m_job(this)
    , m_rows(new AccuracyTableModel(this))
    , m_summary(new AccuracySummaryModel(this))
    , m_status(new QLabel)
    , m_table(new QTableView)
    , m_summaryTable(new QTableView)
    , m_chart(new AccuracyChart) {
    setObjectName(QStringLiteral("accuracyTab"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_status->setObjectName(QStringLiteral("accuracyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    layout->addWidget(m_status);

    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_rows);
    proxy->setSortRole(TableModelBase::SortRole);
    m_table->setObjectName(QStringLiteral("accuracyTable"));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(AccuracyTableModel::LineColumn, Qt::AscendingOrder);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The plan at a width of its own (drag to widen), so that the run, which stretches, is not
    // squeezed to "…" beside long plans.
    m_table->horizontalHeader()->setSectionResizeMode(AccuracyTableModel::RunColumn,
                                                      QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(AccuracyTableModel::PlanColumn,
                                                      QHeaderView::Interactive);
    m_table->horizontalHeader()->resizeSection(AccuracyTableModel::PlanColumn, 220);

    m_summaryTable->setObjectName(QStringLiteral("accuracySummary"));
    m_summaryTable->setModel(m_summary);
    m_summaryTable->setAlternatingRowColors(true);
    m_summaryTable->verticalHeader()->hide();
    m_summaryTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summaryTable->horizontalHeader()->setSectionResizeMode(AccuracySummaryModel::SourceColumn,
                                                             QHeaderView::Stretch);

    // Chart and summary side by side on top, the rows at full width below.
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(m_chart);
    top->addWidget(m_summaryTable);
    top->setChildrenCollapsible(false);
    top->setSizes({560, 520});
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(m_table);
    split->setChildrenCollapsible(false);
    split->setSizes({400, 480});
    layout->addWidget(split, 1);
    m_status->setText(calText(sim::CalText::Computing));
}

void AccuracyTab::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_report && !m_job.isRunning()) refresh();
}

void AccuracyTab::refresh() {
    const std::shared_ptr<const model::Catalog> catalog = m_catalog;
    m_job.start(
        [catalog](const JobControl&) {
            Result r;
            const std::filesystem::path file =
                model::dataDirectory() / "reference" / "published_runs.csv";
            r.file = QString::fromStdString(file.string());
            const model::PublishedRunsLoad load = model::loadPublishedRuns(file);
            for (const auto& issue : load.issues)
                r.problems << QString::fromStdString(issue.text(advisorLanguage()));
            r.report = std::make_shared<const sim::ValidationReport>(
                sim::validatePublishedRuns(load.runs, *catalog));
            return r;
        },
        [this](Result r) {
            if (!r.report) {
                m_status->setText(
                    calText(sim::CalText::ValidationFailed, {qArg(r.error)}).toHtmlEscaped());
                m_chart->setPlaceholder(r.error);
                return;
            }
            m_report = r.report;
            m_rows->setReport(m_report);
            m_summary->setReport(m_report);
            m_chart->setReport(*m_report);
            std::set<std::size_t> lines;
            for (const auto& row : m_report->rows)
                lines.insert(row.line);
            // The data file by its place in the data directory, not an absolute path of this
            // machine (full path in the tooltip).
            QString text = calText(sim::CalText::ValidationSummary,
                                   {sim::countArg(static_cast<double>(m_report->totalRows)),
                                    sim::countArg(static_cast<double>(lines.size())),
                                    sim::textArg("reference/published_runs.csv"),
                                    sim::percentArg(m_report->meanAbsError)})
                               .toHtmlEscaped();
            QStringList skipped{QDir::toNativeSeparators(r.file)};
            for (const auto& [line, reason] : m_report->skipped)
                skipped << calText(sim::CalText::LineReason,
                                   {sim::countArg(static_cast<double>(line)),
                                    sim::textArg(reason.text(advisorLanguage()))});
            if (skipped.size() > 1)
                text += QLatin1Char(' ') +
                        calText(sim::CalText::RowsNotReproducedHover,
                                {sim::countArg(static_cast<double>(skipped.size() - 1))})
                            .toHtmlEscaped();
            m_status->setToolTip(skipped.join(QLatin1Char('\n')));
            if (!r.problems.isEmpty())
                text +=
                    QStringLiteral("<br>") + calText(sim::CalText::FileProblems,
                                                     {qArg(r.problems.join(QStringLiteral("; ")))})
                                                 .toHtmlEscaped();
            m_status->setText(text);
            emit reportShown();
        });
}

} // namespace trainplan::ui
