#include <trainplan/report/report_app.h>

#include <cstdlib>
#include <stdexcept>

namespace trainplan::report {

std::unique_ptr<QApplication> ensureApplication() {
    if (QCoreApplication* existing = QCoreApplication::instance()) {
        if (!qobject_cast<QApplication*>(existing))
            throw std::runtime_error(
                "report rendering needs a QApplication (Qt Charts are graphics widgets)");
        return nullptr;
    }
    const bool hasDisplay =
        qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
    if (!hasDisplay && !qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // QApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "trainplan";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace trainplan::report
