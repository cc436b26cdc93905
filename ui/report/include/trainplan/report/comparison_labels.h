#pragma once

// What the comparison says next to its numbers, the same in the GUI, the report, the deck and the
// presentation: why each other framework is not the recommendation, and the network-tier colours.

#include <trainplan/report/report_data.h>
#include <trainplan/simulator/advice_text.h>

#include <QColor>
#include <QStringList>

namespace trainplan::report {

// For every framework the advisor did not recommend, one sentence saying why not ("Megatron-LM:
// 1.4% faster, but 45 weeks of prerequisites against 16 weeks for PyTorch FSDP."), from
// sim::frameworkVerdicts on the advice's fits; empty without advice. The GUI's Compare tab
// renders the same verdicts.
[[nodiscard]] QStringList whyNotLines(const ReportData& d, sim::Lang lang);

// The colour of a network tier (intra-node links, inter-node network), the same in every chart
// of the GUI and the report: communication by tier and the exposed communication of step time.
[[nodiscard]] QColor tierColor(bool interNode);

} // namespace trainplan::report
