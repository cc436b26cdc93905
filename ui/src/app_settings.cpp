#include <trainplan/ui/app_settings.h>

#include <QSettings>

namespace trainplan::ui {

QString AppSettings::language() {
    return QSettings().value(QStringLiteral("ui/language")).toString();
}
void AppSettings::setLanguage(const QString& language) {
    QSettings().setValue(QStringLiteral("ui/language"), language);
}

Theme AppSettings::theme() {
    const QString t = QSettings().value(QStringLiteral("ui/theme")).toString();
    if (t == QLatin1String("light")) return Theme::Light;
    if (t == QLatin1String("dark")) return Theme::Dark;
    return Theme::System;
}

void AppSettings::setTheme(Theme theme) {
    const char* names[] = {"system", "light", "dark"};
    QSettings().setValue(QStringLiteral("ui/theme"), QLatin1String(names[static_cast<int>(theme)]));
}

DisplayUnits AppSettings::units() {
    QSettings s;
    DisplayUnits u;
    u.memory = s.value(QStringLiteral("units/memory")).toString() == QLatin1String("decimal")
                   ? MemoryUnit::Decimal
                   : MemoryUnit::Binary;
    u.currencySymbol = s.value(QStringLiteral("units/currencySymbol"), u.currencySymbol).toString();
    u.currencyPerUsd = s.value(QStringLiteral("units/currencyPerUsd"), u.currencyPerUsd).toDouble();
    if (!(u.currencyPerUsd > 0)) u.currencyPerUsd = 1.0;
    return u;
}

void AppSettings::setUnits(const DisplayUnits& u) {
    QSettings s;
    s.setValue(QStringLiteral("units/memory"), u.memory == MemoryUnit::Decimal
                                                   ? QStringLiteral("decimal")
                                                   : QStringLiteral("binary"));
    s.setValue(QStringLiteral("units/currencySymbol"), u.currencySymbol);
    s.setValue(QStringLiteral("units/currencyPerUsd"), u.currencyPerUsd);
}

QStringList AppSettings::recentFiles() {
    return QSettings().value(QStringLiteral("files/recent")).toStringList();
}

void AppSettings::addRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecent)
        files.removeLast();
    QSettings().setValue(QStringLiteral("files/recent"), files);
}

void AppSettings::removeRecentFile(const QString& path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    QSettings().setValue(QStringLiteral("files/recent"), files);
}

QString AppSettings::lastScenario() {
    return QSettings().value(QStringLiteral("files/last")).toString();
}
void AppSettings::setLastScenario(const QString& path) {
    QSettings().setValue(QStringLiteral("files/last"), path);
}

QByteArray AppSettings::windowGeometry() {
    return QSettings().value(QStringLiteral("window/geometry")).toByteArray();
}
QByteArray AppSettings::windowState() {
    return QSettings().value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state) {
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), geometry);
    s.setValue(QStringLiteral("window/state"), state);
}

} // namespace trainplan::ui
