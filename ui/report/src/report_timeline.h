#pragma once

#include "report_section_builder.h"

#include <QDate>

namespace trainplan::report::detail {

// The roadmap section's timeline (issue 21): the calendar table, the chart and the totals of
// ReportData::timeline. Nothing when there is no timeline.
void addTimeline(SectionBuilder& s, const ReportData& d);

// The first day of the timeline: the report's date, else today.
[[nodiscard]] QDate timelineStart(const ReportData& d);

} // namespace trainplan::report::detail
