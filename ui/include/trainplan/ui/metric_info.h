#pragma once

#include <trainplan/simulator/metric_text.h>

#include <QString>

namespace trainplan::ui {

// Every number the GUI shows, with its name and a one-sentence explanation (column headers,
// chart legends, tooltips). The words are sim::metricName / sim::metricHelp, the catalogue the
// report and the CLI read too, in the interface language.
using Metric = sim::Metric;

[[nodiscard]] QString metricName(Metric m);
[[nodiscard]] QString metricToolTip(Metric m);

} // namespace trainplan::ui
