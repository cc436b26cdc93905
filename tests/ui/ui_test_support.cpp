#include "ui_test_support.h"

#include <trainplan/model/scenario_json.h>
#include <trainplan/ui/language.h>

#include <QDeadlineTimer>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace trainplan::ui::test {

QApplication& app() {
    static QApplication* instance = [] {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
        static QTemporaryDir config;
        qputenv("XDG_CONFIG_HOME", config.path().toUtf8());
        qputenv("TRAINPLAN_DATA_DIR", TRAINPLAN_TEST_DATA_DIR);
        static int argc = 1;
        static char name[] = "ui_tests";
        static char* argv[] = {name, nullptr};
        auto* a = new QApplication(argc, argv);
        QApplication::setOrganizationName(QStringLiteral("TrainPlanTests"));
        QApplication::setApplicationName(QStringLiteral("ui_tests"));
        installLanguage(QStringLiteral("en"));
        // A window destroyed by a test can leave a job running on the global pool (a compare
        // still validating the reference runs for its error bars); let it finish before the
        // statics it reads are destroyed at exit (a segfault after the last test otherwise,
        // seen 1 run in 20 on a loaded machine).
        std::atexit([] { QThreadPool::globalInstance()->waitForDone(); });
        return a;
    }();
    return *instance;
}

const std::shared_ptr<const model::Catalog>& catalog() {
    static const auto c = std::make_shared<const model::Catalog>(
        model::loadCatalog(std::string(TRAINPLAN_TEST_DATA_DIR) + "/catalog"));
    return c;
}

std::string examplePath(const std::string& fileName) {
    return std::string(TRAINPLAN_TEST_DATA_DIR) + "/scenarios/" + fileName;
}

model::Scenario loadExample(const std::string& fileName) {
    auto load = model::loadScenarioFile(examplePath(fileName), *catalog());
    if (!load.ok()) throw std::runtime_error("example " + fileName + " does not load");
    return *load.scenario;
}

bool waitFor(const std::function<bool()>& done, int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired()) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
    return true;
}

bool looksEnglish(QString text, QStringList allowed) {
    // Longest first, so that a name inside a longer one does not break the longer one up.
    std::sort(allowed.begin(), allowed.end(),
              [](const QString& a, const QString& b) { return a.size() > b.size(); });
    for (const QString& a : allowed)
        text.remove(a, Qt::CaseInsensitive);
    static const QRegularExpression prose(QStringLiteral("\\b[A-Za-z]{3,}\\s+[a-z]{3,}\\b"));
    return prose.match(text).hasMatch();
}

} // namespace trainplan::ui::test
