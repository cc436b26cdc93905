#include <trainplan/ui/command_line.h>

#include <QCommandLineParser>
#include <QCoreApplication>

namespace trainplan::ui {

CommandLine parseCommandLine(const QStringList& arguments) {
    CommandLine out;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("CommandLine", "TrainPlan: capacity planner for distributed LLM training."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QCoreApplication::translate("CommandLine", "Show this help."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     QCoreApplication::translate("CommandLine", "Show the version and exit."));
    const QCommandLineOption lang(QStringLiteral("lang"),
                                  QCoreApplication::translate("CommandLine", "Interface language: zh_CN or en."),
                                  QStringLiteral("LANG"));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QCoreApplication::translate("CommandLine", "Tab to show first: compare or explore."),
                                 QStringLiteral("TAB"));
    parser.addOption(tab);
    parser.addOption(help);
    parser.addOption(version);
    parser.addOption(lang);
    parser.addPositionalArgument(QStringLiteral("scenario"),
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
            out.error = QCoreApplication::translate("CommandLine", "--lang: '%1' is not one of zh_CN, en").arg(l);
            return out;
        }
    }
    if (parser.isSet(tab)) {
        const QString t = parser.value(tab);
        if (t == QLatin1String("compare")) out.tab = 0;
        else if (t == QLatin1String("explore")) out.tab = 1;
        else {
            out.error = QCoreApplication::translate("CommandLine", "--tab: '%1' is not one of compare, explore").arg(t);
            return out;
        }
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        out.error = QCoreApplication::translate("CommandLine", "expected at most one scenario file, got %1")
                        .arg(positional.size());
        return out;
    }
    if (!positional.isEmpty()) out.scenarioFile = positional.front();
    return out;
}

} // namespace trainplan::ui
