#include <trainplan/ui/command_line.h>

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trainplan::ui {

CommandLine parseCommandLine(const QStringList& arguments) {
    CommandLine out;
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "CommandLine", "TrainPlan: capacity planner for distributed LLM training."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QCoreApplication::translate("CommandLine", "Show this help."));
    const QCommandLineOption version(
        QStringLiteral("version"),
        QCoreApplication::translate("CommandLine", "Show the version and exit."));
    const QCommandLineOption lang(
        QStringLiteral("lang"),
        QCoreApplication::translate("CommandLine", "Interface language: zh_CN or en."),
        QStringLiteral("LANG"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QCoreApplication::translate(
            "CommandLine",
            "Tab to show first: compare, explore, roadmap, timeline (the roadmap's calendar), "
            "sizing, accuracy, calibration or measurements."),
        QStringLiteral("TAB"));
    const QCommandLineOption db(
        QStringLiteral("db"),
        QCoreApplication::translate("CommandLine",
                                    "Library database file (default: $TRAINPLAN_DB, else "
                                    "$XDG_DATA_HOME/trainplan/trainplan.db)."),
        QStringLiteral("PATH"));
    parser.addOption(tab);
    parser.addOption(db);
    parser.addOption(help);
    parser.addOption(version);
    parser.addOption(lang);
    parser.addPositionalArgument(
        QStringLiteral("scenario"),
        QCoreApplication::translate("CommandLine", "A trainplan.scenario.v1 JSON file to open."),
        QStringLiteral("[SCENARIO.json]"));
    out.helpText = parser.helpText();
    if (!parser.parse(arguments)) {
        out.error = parser.errorText();
        return out;
    }
    out.showHelp = parser.isSet(help);
    out.showVersion = parser.isSet(version);
    if (parser.isSet(lang)) {
        const QString l = parser.value(lang);
        if (l == QLatin1String("zh_CN") || l == QLatin1String("zh") || l == QLatin1String("en")) {
            out.language = l == QLatin1String("zh") ? QStringLiteral("zh_CN") : l;
        } else {
            out.error =
                QCoreApplication::translate("CommandLine", "--lang: '%1' is not one of zh_CN, en")
                    .arg(l);
            return out;
        }
    }
    if (parser.isSet(tab)) {
        const QString t = parser.value(tab);
        if (t == QLatin1String("compare"))
            out.tab = 0;
        else if (t == QLatin1String("explore"))
            out.tab = 1;
        else if (t == QLatin1String("roadmap"))
            out.tab = 2;
        else if (t == QLatin1String("sizing"))
            out.tab = 3;
        else if (t == QLatin1String("accuracy"))
            out.tab = 4;
        else if (t == QLatin1String("calibration"))
            out.tab = 5;
        else if (t == QLatin1String("measurements"))
            out.tab = 6;
        else if (t == QLatin1String("timeline"))
            out.tab = kTimelineTab;
        else {
            out.error = QCoreApplication::translate("CommandLine",
                                                    "--tab: '%1' is not one of compare, explore, "
                                                    "roadmap, timeline, sizing, accuracy, "
                                                    "calibration, measurements")
                            .arg(t);
            return out;
        }
    }
    if (parser.isSet(db)) {
        out.databaseFile = parser.value(db);
        if (out.databaseFile.trimmed().isEmpty()) {
            out.error = QCoreApplication::translate("CommandLine", "--db: the path is empty");
            return out;
        }
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        out.error =
            QCoreApplication::translate("CommandLine", "expected at most one scenario file, got %1")
                .arg(positional.size());
        return out;
    }
    if (!positional.isEmpty()) out.scenarioFile = positional.front();
    return out;
}

} // namespace trainplan::ui
