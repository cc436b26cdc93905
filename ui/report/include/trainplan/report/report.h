#pragma once

// Writing planning reports and review decks (issue 8). Typical use:
//
//   ReportInputs in{&catalog, &publishedRuns, version, date};
//   const ReportData data = computeReportData(scenario, in);      // worker thread is fine
//   const WriteResult r = writeReport(data, "plan.pdf", {Lang::ZhCN}); // needs a QApplication
//
// Rendering needs a QApplication (Qt Charts are graphics widgets); report_app.h makes one on
// the offscreen platform when there is no display.

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/simulator/advice_text.h>

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

#include <optional>

namespace trainplan::report {

enum class OutputFormat { Pdf, Html, Markdown, Csv, Json };

// By suffix: .pdf, .html/.htm, .md/.markdown, .csv, .json.
[[nodiscard]] std::optional<OutputFormat> formatFromPath(const QString& path);

struct WriteOptions {
    sim::Lang lang = sim::Lang::En;
    bool deck = false;     // PDF only: the 16:9 review deck instead of the report
    double chartDpi = 144; // PNG charts beside Markdown
};

struct WriteResult {
    bool ok = false;
    QString error;     // what went wrong, naming the file
    QStringList files; // every file written (the report first)
    int pages = 0;     // PDF
    // PDF layout, per section in order: the page of its heading and the page its first block
    // after any lead paragraphs (its first table, chart or list) starts on; equal unless the
    // section opens with more text than a page holds. A heading left alone at the bottom of a
    // page would show as a heading page one less than its content page.
    std::vector<std::pair<int, int>> sectionHeadingAndContentPages;
};

[[nodiscard]] WriteResult writeReport(const ReportData& data, const QString& path,
                                      const WriteOptions& options = {});

// The writers behind writeReport.
[[nodiscard]] WriteResult writeReportPdf(const Document& doc, const ReportData& data,
                                         const QString& path);
[[nodiscard]] WriteResult writeDeckPdf(const ReportData& data, sim::Lang lang, const QString& path);
[[nodiscard]] WriteResult writeReportHtml(const Document& doc, const ReportData& data,
                                          const QString& path);
// PATH.md plus PATH_files/<chart>.png and .svg.
[[nodiscard]] WriteResult writeReportMarkdown(const Document& doc, const ReportData& data,
                                              const QString& path, double chartDpi = 144);
// PATH.csv: the comparison (one row per compared plan); PATH.sweep.csv beside it: the scaling and
// model-size sweeps (one row per point and framework). SI units, full precision, English headers;
// `lang` is the language of the error message.
[[nodiscard]] WriteResult writeReportCsv(const ReportData& data, const QString& path,
                                         sim::Lang lang = sim::Lang::En);
// trainplan.estimate.v1 (the compared plans as "results") with "advice" (trainplan.advice.v1) and
// "report" (tool version, date, language, the role of each result) added.
[[nodiscard]] WriteResult writeReportJson(const ReportData& data, const QString& path,
                                          sim::Lang lang);

// The same content in memory (tests, the GUI's clipboard).
[[nodiscard]] QString reportHtml(const Document& doc, const ReportData& data);
// The errors column of an invalid plan is in `lang` (English keeps the CLI's wording).
[[nodiscard]] QString comparisonCsv(const ReportData& data, sim::Lang lang = sim::Lang::En);
[[nodiscard]] QString sweepCsv(const ReportData& data);
[[nodiscard]] QByteArray reportJson(const ReportData& data, sim::Lang lang);

} // namespace trainplan::report
