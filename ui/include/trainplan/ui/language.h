#pragma once

#include <QString>

namespace trainplan::ui {

// Resolves a language setting ("" = the system locale) to one TrainPlan ships: "zh_CN" or "en".
[[nodiscard]] QString resolveLanguage(const QString& setting);
// Installs the translators for a language (TrainPlan's own and, when present, Qt's) and makes it
// the default QLocale. Returns the language installed.
QString installLanguage(const QString& setting);
// Languages offered in Settings: code and native name.
[[nodiscard]] QList<QPair<QString, QString>> availableLanguages();

} // namespace trainplan::ui
