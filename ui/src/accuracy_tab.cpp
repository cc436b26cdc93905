#include <trainplan/ui/accuracy_tab.h>

#include <trainplan/model/data_directory.h>
#include <trainplan/model/published_run.h>
#include <trainplan/ui/accuracy_chart.h>
#include <trainplan/ui/accuracy_summary_model.h>
#include <trainplan/ui/accuracy_table_model.h>

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
    m_table->horizontalHeader()->setSectionResizeMode(AccuracyTableModel::RunColumn,
                                                      QHeaderView::Stretch);

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
    m_status->setText(tr("Computing…"));
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
                r.problems << QString::fromStdString(issue.text());
            r.report = std::make_shared<const sim::ValidationReport>(
                sim::validatePublishedRuns(load.runs, *catalog));
            return r;
        },
        [this](Result r) {
            if (!r.report) {
                m_status->setText(tr("The published runs could not be validated: %1")
                                      .arg(r.error.toHtmlEscaped()));
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
            QString text = tr("%1 comparisons from %2 published runs in <code>%3</code>; mean "
                              "|error| <b>%4</b>. "
                              "The same numbers as <code>trainplan-cli validate</code>.")
                               .arg(m_report->totalRows)
                               .arg(lines.size())
                               // The data file by its place in the data directory, not an
                               // absolute path of this machine (full path in the tooltip).
                               .arg(QStringLiteral("reference/published_runs.csv"),
                                    formatPercent(m_report->meanAbsError));
            QStringList skipped{QDir::toNativeSeparators(r.file)};
            for (const auto& [line, reason] : m_report->skipped)
                skipped << tr("line %1: %2").arg(line).arg(QString::fromStdString(reason));
            if (skipped.size() > 1)
                text += QLatin1Char(' ') + tr("%n row(s) not reproduced (hover for why).", nullptr,
                                              static_cast<int>(skipped.size()) - 1);
            m_status->setToolTip(skipped.join(QLatin1Char('\n')));
            if (!r.problems.isEmpty())
                text += QStringLiteral("<br>") +
                        tr("Problems in the file: %1")
                            .arg(r.problems.join(QStringLiteral("; ")).toHtmlEscaped());
            m_status->setText(text);
            emit reportShown();
        });
}

} // namespace trainplan::ui
