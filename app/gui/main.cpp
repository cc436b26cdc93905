// trainplan [SCENARIO.json] [--lang zh_CN|en] [--tab compare|explore] [--db PATH] [--version] — the
// GUI. Wiring only.
#include <trainplan/ui/app_settings.h>
#include <trainplan/ui/command_line.h>
#include <trainplan/ui/format.h>
#include <trainplan/ui/language.h>
#include <trainplan/ui/main_window.h>
#include <trainplan/ui/theme.h>

#include <QApplication>

#include <cstdio>

int main(int argc, char** argv) {
    QApplication::setApplicationName(QStringLiteral("TrainPlan"));
    QApplication::setOrganizationName(QStringLiteral("TrainPlan"));
    QApplication::setApplicationVersion(QStringLiteral(TRAINPLAN_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("trainplan"));
    QApplication app(argc, argv);

    const trainplan::ui::CommandLine cli = trainplan::ui::parseCommandLine(
        QApplication::arguments(), trainplan::ui::AppSettings::language());
    if (!cli.error.isEmpty()) {
        std::fprintf(stderr, "trainplan: %s\n\n%s", qPrintable(cli.error),
                     qPrintable(cli.helpText));
        return 2;
    }
    if (cli.showHelp) {
        std::printf("%s", qPrintable(cli.helpText));
        return 0;
    }
    if (cli.showVersion) {
        std::printf("trainplan %s\n", TRAINPLAN_VERSION);
        return 0;
    }

    using trainplan::ui::AppSettings;
    trainplan::ui::installLanguage(cli.language.isEmpty() ? AppSettings::language() : cli.language);
    trainplan::ui::setDisplayUnits(AppSettings::units());
    trainplan::ui::rememberSystemPalette();
    trainplan::ui::applyTheme(AppSettings::theme());

    trainplan::ui::MainWindow window;
    window.openLibrary(cli.databaseFile);
    window.show();
    window.openInitial(cli.scenarioFile);
    window.showTab(cli.tab);
    return QApplication::exec();
}
