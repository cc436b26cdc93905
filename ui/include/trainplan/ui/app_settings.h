#pragma once

#include <trainplan/ui/format.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace trainplan::ui {

enum class Theme { System, Light, Dark };

// Everything TrainPlan remembers between sessions (QSettings, the platform's usual place).
class AppSettings {
public:
    [[nodiscard]] static QString language(); // "" = follow the system locale, else "en" or "zh_CN"
    static void setLanguage(const QString& language);
    [[nodiscard]] static Theme theme();
    static void setTheme(Theme theme);
    [[nodiscard]] static DisplayUnits units();
    static void setUnits(const DisplayUnits& units);
    [[nodiscard]] static QStringList recentFiles();
    static void addRecentFile(const QString& path);
    static void removeRecentFile(const QString& path);
    [[nodiscard]] static QString lastScenario();
    static void setLastScenario(const QString& path);
    [[nodiscard]] static QByteArray windowGeometry();
    [[nodiscard]] static QByteArray windowState();
    static void setWindow(const QByteArray& geometry, const QByteArray& state);

    static constexpr int kMaxRecent = 10;
};

} // namespace trainplan::ui
