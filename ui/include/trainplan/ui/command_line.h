#pragma once

#include <QString>
#include <QStringList>

namespace trainplan::ui {

// `trainplan [SCENARIO.json] [--lang zh_CN|en] [--tab compare|explore|roadmap|accuracy|calibration]
// [--db PATH] [--version]`
struct CommandLine {
    QString scenarioFile;
    QString language;     // empty = the saved setting
    int tab = 0;          // 0 = Compare, 1 = Explore, 2 = Roadmap, 3 = Accuracy, 4 = Calibration
    QString databaseFile; // --db PATH: the library database (empty = $TRAINPLAN_DB, else the XDG
                          // location)
    bool showVersion = false;
    bool showHelp = false;
    QString error; // usage error, exit code 2
    QString helpText;
};

[[nodiscard]] CommandLine parseCommandLine(const QStringList& arguments);

} // namespace trainplan::ui
