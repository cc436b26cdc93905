#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>

#include <QApplication>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <string>

namespace trainplan::ui::test {

// The QApplication of the test process (offscreen, settings in a temporary directory, English).
QApplication& app();
// The catalog and example scenarios of the source tree.
const std::shared_ptr<const model::Catalog>& catalog();
model::Scenario loadExample(const std::string& fileName);
std::string examplePath(const std::string& fileName);
// Processes events until `done` or the timeout; returns `done()`.
bool waitFor(const std::function<bool()>& done, int timeoutMs = 20000);
// Two English words of three or more letters in a row, once the `allowed` names (frameworks,
// flags, units) are taken out: prose, not a name or a unit (the Chinese-interface tests).
bool looksEnglish(QString text, QStringList allowed);

} // namespace trainplan::ui::test
