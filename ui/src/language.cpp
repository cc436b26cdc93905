#include <trainplan/ui/language.h>

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QList>
#include <QLocale>
#include <QPair>
#include <QTranslator>

namespace trainplan::ui {

QString resolveLanguage(const QString& setting) {
    const QString name = setting.isEmpty() ? QLocale::system().name() : setting;
    if (name.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString installLanguage(const QString& setting) {
    const QString language = resolveLanguage(setting);
    static QTranslator* own = nullptr;
    static QTranslator* qt = nullptr;
    for (QTranslator** t : {&own, &qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(*t);
            delete *t;
            *t = nullptr;
        }
    }
    if (language == QLatin1String("zh_CN")) {
        own = new QTranslator;
        if (own->load(QStringLiteral(":/i18n/trainplan_zh_CN.qm")))
            QCoreApplication::installTranslator(own);
        qt = new QTranslator;
        if (qt->load(QStringLiteral("qtbase_zh_CN"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qt);
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    } else {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    return language;
}

QList<QPair<QString, QString>> availableLanguages() {
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

} // namespace trainplan::ui
