#pragma once

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>

namespace trainplan::report::detail {

// The report section "Scenarios side by side" (only when ReportData::sideBySide is set): one
// column per scenario, the headline plan, its expected time and cost, and each framework's best
// step time; then the chart of time and cost relative to the best.
[[nodiscard]] Section sideBySideSection(const ReportData& d, sim::Lang lang);

} // namespace trainplan::report::detail
