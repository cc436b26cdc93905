#include <trainplan/ui/command_line.h>

#include <trainplan/services/window_text.h>

#include <QCommandLineParser>

namespace trainplan::ui {

namespace {

// The catalogue entry as a QString in `lang`.
QString text(services::WindowText id, sim::Lang lang,
             std::initializer_list<sim::MessageArg> args = {}) {
    return QString::fromStdString(services::windowText(id, lang, args));
}

// The language of the help and the usage errors: --lang when it names one, else the saved one.
sim::Lang helpLanguage(const QStringList& arguments, const QString& savedLanguage) {
    QString chosen = savedLanguage;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--lang") && i + 1 < arguments.size())
            chosen = arguments[i + 1];
        else if (a.startsWith(QLatin1String("--lang=")))
            chosen = a.mid(7);
    }
    return chosen.startsWith(QLatin1String("zh")) ? sim::Lang::ZhCN : sim::Lang::En;
}

} // namespace

CommandLine parseCommandLine(const QStringList& arguments, const QString& savedLanguage) {
    CommandLine out;
    const sim::Lang lang = helpLanguage(arguments, savedLanguage);
    using services::WindowText;
    QCommandLineParser parser;
    parser.setApplicationDescription(text(WindowText::CliDescription, lang));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  text(WindowText::CliHelp, lang));
    const QCommandLineOption version(QStringLiteral("version"), text(WindowText::CliVersion, lang));
    const QCommandLineOption langOption(QStringLiteral("lang"), text(WindowText::CliLang, lang),
                                        QStringLiteral("LANG"));
    const QCommandLineOption tab(QStringLiteral("tab"), text(WindowText::CliTab, lang),
                                 QStringLiteral("TAB"));
    const QCommandLineOption db(QStringLiteral("db"), text(WindowText::CliDb, lang),
                                QStringLiteral("PATH"));
    parser.addOption(tab);
    parser.addOption(db);
    parser.addOption(help);
    parser.addOption(version);
    parser.addOption(langOption);
    parser.addPositionalArgument(QStringLiteral("scenario"), text(WindowText::CliScenario, lang),
                                 QStringLiteral("[SCENARIO.json]"));
    out.helpText = parser.helpText();
    if (!parser.parse(arguments)) {
        out.error = parser.errorText();
        return out;
    }
    out.showHelp = parser.isSet(help);
    out.showVersion = parser.isSet(version);
    if (parser.isSet(langOption)) {
        const QString l = parser.value(langOption);
        if (l == QLatin1String("zh_CN") || l == QLatin1String("zh") || l == QLatin1String("en")) {
            out.language = l == QLatin1String("zh") ? QStringLiteral("zh_CN") : l;
        } else {
            out.error = text(WindowText::CliBadLang, lang, {sim::textArg(l.toStdString())});
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
            out.error = text(WindowText::CliBadTab, lang, {sim::textArg(t.toStdString())});
            return out;
        }
    }
    if (parser.isSet(db)) {
        out.databaseFile = parser.value(db);
        if (out.databaseFile.trimmed().isEmpty()) {
            out.error = text(WindowText::CliEmptyDb, lang);
            return out;
        }
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        out.error = text(WindowText::CliTooManyFiles, lang,
                         {sim::countArg(static_cast<double>(positional.size()))});
        return out;
    }
    if (!positional.isEmpty()) out.scenarioFile = positional.front();
    return out;
}

} // namespace trainplan::ui
