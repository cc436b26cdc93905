#pragma once

// The report as a format-neutral document: sections of paragraphs, lists, tables and charts, in
// one language. The PDF, HTML and Markdown writers render the same document, so every format says
// the same thing with the same numbers.

#include <trainplan/report/report_charts.h>
#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>

#include <QString>
#include <QStringList>

#include <vector>

namespace trainplan::report {

struct Table {
    QStringList header; // empty: a key/value table without a header row
    std::vector<QStringList> rows;
    QList<int> numericColumns;  // right-aligned
    std::vector<int> rowIndent; // per row: indentation level of the first cell (derivation trees)
    std::vector<bool> rowEmphasis; // per row: bold (e.g. the recommended plan)
    bool compact = false;          // smaller type (long reference tables)
};

struct Block {
    enum class Kind { Paragraph, Bullets, Checklist, Table, Chart, Callout, Subheading, Note };
    Kind kind = Kind::Paragraph;
    QString text;        // Paragraph, Callout (body), Subheading, Note; Chart: caption
    QString lead;        // Paragraph/Callout: bold text before the body
    QStringList items;   // Bullets, Checklist
    QList<bool> checked; // Checklist
    Table table;
    ChartKind chart = ChartKind::Memory;
};

struct Section {
    QString id;    // anchor / file-name friendly
    QString title; // numbered by the writers
    bool appendix = false;
    std::vector<Block> blocks;
};

struct Document {
    sim::Lang lang = sim::Lang::En;
    QString title;
    QString subtitle;
    QString description; // the scenario's, in the document's language (scenarioDescription)
    QList<QPair<QString, QString>> facts; // title page: label, value
    std::vector<Section> sections;

    // The charts the document shows, in order of appearance.
    [[nodiscard]] std::vector<ChartKind> charts() const;
};

[[nodiscard]] Document buildReportDocument(const ReportData& data, sim::Lang lang);

// Section number as shown ("3", "A"); appendix sections are lettered.
[[nodiscard]] QString sectionNumber(const Document& doc, std::size_t index);

} // namespace trainplan::report
