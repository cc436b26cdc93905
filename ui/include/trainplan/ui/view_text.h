#pragma once

// The planning tabs', the scenario editor's and the charts' sentences (services::planViewText,
// editorText, chartText) in the GUI's language, and the typed arguments they take.

#include <trainplan/services/chart_text.h>
#include <trainplan/services/editor_text.h>
#include <trainplan/services/plan_view_text.h>
#include <trainplan/simulator/text_catalogue.h>
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

// The sentences' typed arguments: the catalogues' one set (sim/text_catalogue.h).
using sim::durationArg;
using sim::factorArg;
using sim::parametersArg;
using sim::secondsArg;
using sim::weeksArg;

} // namespace trainplan::ui
