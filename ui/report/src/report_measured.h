#pragma once

#include <trainplan/report/report_data.h>
#include <trainplan/report/report_document.h>
#include <trainplan/report/report_strings.h>

#include <QString>

namespace trainplan::report::detail {

// "exposed data-parallel communication 21%, pipeline bubble 12%" in the report's language.
[[nodiscard]] QString causesText(const services::RunCheck& r, sim::Lang lang);
// The report section "Measured runs: predicted against measured": the library's runs on the
// scenario's cluster (ReportData::measured), or how to get some.
[[nodiscard]] Section measuredSection(const ReportData& d, sim::Lang lang);

} // namespace trainplan::report::detail
