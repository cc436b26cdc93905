#include <trainplan/report/report_app.h>

#include <QDir>
#include <QFileInfo>

#include <cstdlib>
#include <stdexcept>

#include <unistd.h>

namespace trainplan::report {

namespace {

// Without XDG_RUNTIME_DIR (a headless server, cron, a container) QStandardPaths warns on stderr
// "XDG_RUNTIME_DIR not set, defaulting to …" each time the offscreen platform starts. Use the same
// per-user directory Qt would fall back to, created private (0700) as the XDG Base Directory spec
// asks, and say so in the environment, so `trainplan-cli report` prints only its own messages.
void ensureRuntimeDirectory() {
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
    const QString dir = QDir::tempPath() + QStringLiteral("/runtime-") + QString::number(getuid());
    QDir().mkpath(dir);
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const QFileInfo info(dir);
    // Someone else's directory, or one that stays shared: leave Qt to choose (and warn).
    if (!info.isDir() || info.ownerId() != getuid() ||
        (info.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                               QFile::ReadOther | QFile::WriteOther | QFile::ExeOther)))
        return;
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
}

} // namespace

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
    ensureRuntimeDirectory();
    // QApplication keeps references to argc and argv for its whole life.
    static int argc = 1;
    static char name[] = "trainplan";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace trainplan::report
