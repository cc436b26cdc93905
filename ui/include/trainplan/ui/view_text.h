#pragma once

// The planning tabs', the scenario editor's and the charts' sentences (services::planViewText,
// editorText, chartText) in the GUI's language, and the typed arguments they take.

#include <trainplan/services/chart_text.h>
#include <trainplan/services/editor_text.h>
#include <trainplan/services/plan_view_text.h>
#include <trainplan/ui/advisor_text.h>

#include <QString>

#include <initializer_list>

namespace trainplan::ui {

[[nodiscard]] inline QString viewText(services::PlanViewText id,
                                      std::initializer_list<sim::MessageArg> args = {}) {
    return QString::fromStdString(services::planViewText(id, advisorLanguage(), args));
}

[[nodiscard]] inline QString editText(services::EditorText id,
                                      std::initializer_list<sim::MessageArg> args = {}) {
    return QString::fromStdString(services::editorText(id, advisorLanguage(), args));
}

[[nodiscard]] inline QString chartsText(services::ChartText id,
                                        std::initializer_list<sim::MessageArg> args = {}) {
    return QString::fromStdString(services::chartText(id, advisorLanguage(), args));
}

// A step-scale time (sim::formatSeconds: 12.3 ms / 12.3 毫秒).
[[nodiscard]] inline sim::MessageArg timeArg(double seconds) {
    return sim::MessageArg::number(sim::ArgKind::Seconds, seconds);
}
// A run-scale time (sim::formatDuration: 5.00 hours / 5.00 小时).
[[nodiscard]] inline sim::MessageArg durationArg(double seconds) {
    return sim::MessageArg::number(sim::ArgKind::Duration, seconds);
}
// Weeks of work: "3 weeks" / "3 周".
[[nodiscard]] inline sim::MessageArg weeksArg(double weeks) {
    return sim::MessageArg::number(sim::ArgKind::Weeks, weeks);
}
// A speed-up: "1.35×".
[[nodiscard]] inline sim::MessageArg factorArg(double factor) {
    return sim::MessageArg::number(sim::ArgKind::Factor, factor);
}
// A count in the one count style (sim::formatCount): parameters, plans searched: 1234, 466k,
// 70.6B / 1234, 46.6万, 706亿.
[[nodiscard]] inline sim::MessageArg formattedCountArg(double n) {
    return sim::MessageArg::number(sim::ArgKind::Parameters, n);
}

} // namespace trainplan::ui
