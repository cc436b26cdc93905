#include <trainplan/ui/advisor_text.h>

#include <trainplan/simulator/field_text.h>

#include <trainplan/ui/format.h>

#include <QLocale>

namespace trainplan::ui {

sim::Lang advisorLanguage() {
    return QLocale().language() == QLocale::Chinese ? sim::Lang::ZhCN : sim::Lang::En;
}

QString catalogText(const std::string& en, const std::string& zh) {
    return QString::fromStdString(advisorLanguage() == sim::Lang::ZhCN && !zh.empty() ? zh : en);
}

QString renderMessage(const sim::Message& message) {
    return QString::fromStdString(sim::render(message, advisorLanguage()));
}

QString readinessItemLabel(model::ReadinessItem item) {
    return toQString(sim::readinessItemText(item, advisorLanguage()).label);
}

QString readinessItemWhy(model::ReadinessItem item) {
    return toQString(sim::readinessItemText(item, advisorLanguage()).why);
}

QString fieldLabel(std::string_view path) {
    const std::string_view label = sim::fieldLabel(path, advisorLanguage());
    return QString::fromUtf8(label.data(), static_cast<qsizetype>(label.size()));
}

QString fieldHelp(std::string_view path) {
    const std::string_view help = sim::fieldHelp(path, advisorLanguage());
    return QString::fromUtf8(help.data(), static_cast<qsizetype>(help.size()));
}

QString calText(sim::CalText id, std::initializer_list<sim::MessageArg> args) {
    return QString::fromStdString(sim::calibrationText(id, advisorLanguage(), args));
}

QString runsText(services::RunText id, std::initializer_list<sim::MessageArg> args) {
    return QString::fromStdString(services::runText(id, advisorLanguage(), args));
}

QString validationMetricLabel(sim::ValidationMetric m) {
    const std::string_view name = sim::validationMetricName(m, advisorLanguage());
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

sim::MessageArg qArg(const QString& text) {
    return sim::textArg(text.toStdString());
}

} // namespace trainplan::ui
