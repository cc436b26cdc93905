#include <trainplan/ui/derivation_text.h>

#include <trainplan/simulator/explain_text.h>
#include <trainplan/ui/advisor_text.h>
#include <trainplan/ui/cost_format.h>
#include <trainplan/ui/format.h>

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

namespace trainplan::ui {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

// The names come from the simulator's one catalogue (simulator/explain_text.h), in the
// interface language, as the report and the deck render them.
QString memoryPhaseName(sim::MemoryPhase::Kind kind) {
    const int k = static_cast<int>(kind);
    if (k < 0 || k >= sim::MemoryPhase::Count) return {};
    return qs(sim::memoryPhaseName(sim::toString(kind), advisorLanguage()));
}

QString memoryPhaseName(const std::string& englishName) {
    return qs(sim::memoryPhaseName(englishName, advisorLanguage()));
}

QString pipelineStageName(const std::string& englishName) {
    return qs(sim::pipelineStageName(englishName, advisorLanguage()));
}

QString derivationTermName(const std::string& name) {
    return qs(sim::derivationTermName(name, advisorLanguage()));
}

QString derivationFormula(const sim::DerivationTerm& term) {
    return qs(term.formulaIn(advisorLanguage()));
}

QString derivationSource(const sim::DerivationTerm& term) {
    return qs(term.sourceIn(advisorLanguage()));
}

QString derivationInputName(const std::string& name) {
    return qs(sim::derivationInputName(name, advisorLanguage()));
}

QString assumptionLabel(const std::string& key) {
    return qs(sim::assumptionLabel(key, advisorLanguage()));
}

QString formatAssumptionValue(const sim::Assumption& a, const sim::EfficiencySource* number) {
    if (!number) {
        // Text assumptions ("on", "25 MB", "5e8 elements"): only a bare exponent is rewritten.
        static const QRegularExpression exponent(QStringLiteral("^([0-9.]+e[+-]?[0-9]+)(.*)$"));
        const QString text = QString::fromStdString(a.value);
        const QRegularExpressionMatch m = exponent.match(text);
        if (m.hasMatch()) return formatCount(m.captured(1).toDouble()) + m.captured(2);
        return text;
    }
    const std::string& unit = number->unit;
    const double v = number->value;
    if (unit == "factor") return QLocale().toString(v, 'g', 3) + QStringLiteral(" ×");
    if (unit == "elements")
        return QCoreApplication::translate("Assumption", "%1 elements").arg(formatCount(v));
    if (unit == "SMs")
        return QCoreApplication::translate("Assumption", "%1 SMs").arg(QLocale().toString(v, 'f', 0));
    if (unit == "parameters/s")
        return QCoreApplication::translate("Assumption", "%1 parameters/s").arg(formatCount(v));
    return formatDerivationValue(v, unit);
}

QString formatDerivationValue(double value, const std::string& unit) {
    if (unit == "bytes") return formatBytes(value);
    if (unit == "s") return formatSeconds(value);
    if (unit == "fraction") return formatPercent(value);
    if (unit == "bytes/s") return formatBytesPerSecond(value);
    if (unit == "tokens/s") return formatTokensPerSecond(value);
    if (unit == "duration") return formatDuration(value);
    if (unit == "USD") return formatCost(value);
    if (unit == "GPU-h")
        return QCoreApplication::translate("DerivationTerm", "%1 GPU-hours").arg(formatCount(value));
    if (unit == "FLOP")
        return QCoreApplication::translate("DerivationTerm", "%1 PFLOP")
            .arg(QLocale().toString(value / 1e15, 'f', 2));
    return QLocale().toString(value, 'g', 4) +
           (unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(unit));
}

} // namespace trainplan::ui
