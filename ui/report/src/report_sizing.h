#pragma once

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/simulator/sizing_text.h>

#include <QStringList>

namespace trainplan::report::detail {

// The sizing sentences' language and currency for a report: the budget's currency at the rate of
// the prices used.
[[nodiscard]] sim::SizingTextOptions sizingText(const ReportData& d, sim::Lang lang);
// sim::chosenClusterText with the report's framework names.
[[nodiscard]] QString chosenLine(const sim::ChosenCluster& c, const sim::SizingTextOptions& o);
// The report section "Sizing: deadline and budget" (only when d.sizing is set).
[[nodiscard]] Section sizingSection(const ReportData& d, sim::Lang lang);

} // namespace trainplan::report::detail
