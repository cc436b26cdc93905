#pragma once

// The report's sections over the compared plans and the search (report_comparison.cpp), which
// buildReportDocument (report_document.cpp) puts after the summary and the scenario.

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>

namespace trainplan::report::detail {

// "Comparison": the compared plans, why not the others, their error bars, the plan space.
[[nodiscard]] Section comparisonSection(const ReportData& d, sim::Lang lang);
// "Where memory and time go": the memory, step-time and communication charts and traffic table.
[[nodiscard]] Section whereSection(const ReportData& d, sim::Lang lang);
// "Scaling": the scaling and crossover charts and the break points.
[[nodiscard]] Section scalingSection(const ReportData& d, sim::Lang lang);
// "Trade-offs": the Pareto chart and its front.
[[nodiscard]] Section tradeoffSection(const ReportData& d, sim::Lang lang);

} // namespace trainplan::report::detail
