#pragma once

#include <QString>
#include <QStringList>

namespace trainplan::ui {

// `trainplan [SCENARIO.json] [--lang zh_CN|en] [--tab compare|explore|roadmap|accuracy|calibration]
// [--db PATH] [--version]`
inline constexpr int kTimelineTab = 7;

struct CommandLine {
    QString scenarioFile;
    QString language;     // empty = the saved setting
    // 0 Compare, 1 Explore, 2 Roadmap, 3 Sizing, 4 Accuracy, 5 Calibration, 6 Measurements,
    // kTimelineTab the Roadmap with its Timeline in front.
    int tab = 0;
    QString databaseFile; // --db PATH: the library database (empty = $TRAINPLAN_DB, else the XDG
                          // location)
    bool showVersion = false;
    bool showHelp = false;
    QString error; // usage error, exit code 2
    QString helpText;
};

// The help text and usage errors are in the --lang language when it names one, else in
// `savedLanguage` (the interface language setting).
[[nodiscard]] CommandLine parseCommandLine(const QStringList& arguments,
                                           const QString& savedLanguage = QStringLiteral("en"));

} // namespace trainplan::ui
