#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario.h>
#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>

#include <QImage>
#include <QString>
#include <QStringList>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::report::test {

// A QApplication on the offscreen platform exists for the whole test program (see the .cpp).

[[nodiscard]] std::filesystem::path dataDir();
[[nodiscard]] const model::Catalog& catalog();
[[nodiscard]] const std::vector<model::PublishedRun>& publishedRuns();
[[nodiscard]] std::vector<std::filesystem::path>
builtInScenarios(); // data/scenarios/*.json, sorted
[[nodiscard]] model::Scenario loadScenario(const std::filesystem::path& file);
// full: break points and the crossover sweep; sizing: the sizing section (when the scenario has
// a deadline or a budget).
[[nodiscard]] ReportData computeFor(const model::Scenario& s, bool full = true, bool sizing = true);

// The document's section with this id (Section::id), or nullptr.
[[nodiscard]] const Section* findSection(const Document& doc, const char* id);

// A fresh directory under the build tree for one test's files.
[[nodiscard]] QString outputDir(const QString& name);

// poppler-utils; empty optional when the tool is not installed.
[[nodiscard]] bool hasPoppler();
[[nodiscard]] std::optional<QString> run(const QString& program, const QStringList& args);
[[nodiscard]] QString pdfText(const QString& pdf);    // whitespace collapsed to single spaces
[[nodiscard]] QString rawPdfText(const QString& pdf); // pdftotext's output as it is
[[nodiscard]] int pdfPages(const QString& pdf);
[[nodiscard]] QStringList renderPages(const QString& pdf, int dpi,
                                      const QString& prefix); // PNG paths
[[nodiscard]] double inkFraction(const QImage& image); // share of pixels that are not (near) white
[[nodiscard]] QString collapse(const QString& s);

} // namespace trainplan::report::test
