#pragma once

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/simulator/sizing_text.h>

#include <QStringList>

namespace trainplan::report::detail {

// The sizing sentences' language and currency for a report: the budget's currency at the rate of
// the prices used.
[[nodiscard]] sim::SizingTextOptions sizingText(const ReportData& d, sim::Lang lang);
// One line for a chosen cluster: "16 × 8 H100-SXM5-80GB, IB NDR-400, Megatron TP8·… — 41.2 days,
// $3.1M (slack: 18.8 days, $0.4M)".
[[nodiscard]] QString chosenLine(const sim::ChosenCluster& c, const sim::SizingTextOptions& o,
                                 sim::Lang lang);
// The report section "Sizing: deadline and budget" (only when d.sizing is set).
[[nodiscard]] Section sizingSection(const ReportData& d, sim::Lang lang);

} // namespace trainplan::report::detail
