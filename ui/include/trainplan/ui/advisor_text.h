#pragma once

#include <trainplan/model/readiness.h>
#include <trainplan/services/run_check_text.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/calibration_text.h>

#include <QString>

#include <initializer_list>
#include <string>
#include <string_view>

namespace trainplan::ui {

// The advisor's sentence catalogue language for the GUI's language (the default QLocale, which
// installLanguage() sets): Simplified Chinese for zh, English otherwise.
[[nodiscard]] sim::Lang advisorLanguage();
// A catalog text (a source, a reason) in the GUI's language: `zh` in Chinese when the catalog
// gives one ("source_zh"), `en` otherwise.
[[nodiscard]] QString catalogText(const std::string& en, const std::string& zh);
// An advisor sentence rendered in the GUI's language.
[[nodiscard]] QString renderMessage(const sim::Message& message);
// A readiness item's short label in the GUI's language (sim::readinessItemText).
[[nodiscard]] QString readinessItemLabel(model::ReadinessItem item);
// Why the item matters, one sentence in the GUI's language.
[[nodiscard]] QString readinessItemWhy(model::ReadinessItem item);
// A scenario field's label by its path ("cluster.nodes"), as the report names it too
// (sim::fieldLabel).
[[nodiscard]] QString fieldLabel(std::string_view path);
// What the field means, one sentence (sim::fieldHelp): the editor's tooltip.
[[nodiscard]] QString fieldHelp(std::string_view path);
// A calibration or validation sentence (sim::calibrationText) in the GUI's language: the
// Calibration and Accuracy tabs say what `trainplan-cli calibrate` and `validate` say.
[[nodiscard]] QString calText(sim::CalText id, std::initializer_list<sim::MessageArg> args = {});
// A measured-run sentence (services::runText) in the GUI's language: the Measurements tab.
[[nodiscard]] QString runsText(services::RunText id,
                               std::initializer_list<sim::MessageArg> args = {});
// A validated metric's name (sim::validationMetricName) in the GUI's language.
[[nodiscard]] QString validationMetricLabel(sim::ValidationMetric m);
// A text argument from the interface: a name, a path, an error message.
[[nodiscard]] sim::MessageArg qArg(const QString& text);

} // namespace trainplan::ui
