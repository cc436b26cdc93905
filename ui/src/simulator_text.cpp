#include <trainplan/ui/simulator_text.h>

#include <QCoreApplication>
#include <QRegularExpression>

#include <vector>

namespace trainplan::ui {

namespace {

// One sentence shape of simulator/src/calibrate.cpp (CalibrationResult::warnings): the pattern's
// captures are the translation's %1, %2, … in order.
struct Shape {
    const char* pattern;
    const char* translation; // source text for QCoreApplication::translate("SimulatorText", …)
};

const Shape kShapes[] = {
    // Calibration.
    {R"(^run '(.+)' left out: (.+)$)", QT_TRANSLATE_NOOP("SimulatorText", "run “%1” left out: %2")},
    {R"(^run '(.+)': (.+) (\S+) is not a positive number; left out$)",
     QT_TRANSLATE_NOOP("SimulatorText", "run “%1”: %2 %3 is not a positive number; left out")},
    {R"(^(\d+) redundant speed measurement\(s\) not fitted: .*$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 redundant speed measurement(s) not fitted: a run's step time, "
                       "tokens/s, MFU and TFLOP/s measure the same quantity, so one per run is "
                       "used (step time first)")},
    {R"(^(\d+) measurement\(s\) depend on none of the fitted parameters and were not fitted$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 measurement(s) depend on none of the fitted parameters and were not "
                       "fitted")},
    {R"(^the fit stopped after (\d+) iterations without converging$)",
     QT_TRANSLATE_NOOP("SimulatorText", "the fit stopped after %1 iterations without converging")},
    {R"(^(\S+) ended at its bound \[(.+), (.+)\]: .*$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 ended at its bound [%2, %3]: the runs want a value outside the "
                       "plausible range, so the model misses something they measure")},
    {R"(^(\S+) and (\S+) are strongly correlated \((.+)\): .*$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 and %2 are strongly correlated (%3): the runs barely tell them apart; "
                       "their sum or ratio is better known than either")},
    {R"(^the Jacobian at the solution is singular: uncertainties are not available$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "the Jacobian at the solution is singular: uncertainties are not "
                       "available")},
    {R"(^as many measurements as parameters: .*$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "as many measurements as parameters: the fit is exact, so uncertainty and "
                       "leave-one-out error need more runs")},
    {R"(^(\d+) measurement\(s\) have no leave-one-out prediction: .*$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 measurement(s) have no leave-one-out prediction: without their run "
                       "the remaining runs cannot determine the parameters")},
};

} // namespace

QString simulatorText(const std::string& english) {
    const QString text = QString::fromStdString(english);
    static const std::vector<QRegularExpression> patterns = [] {
        std::vector<QRegularExpression> out;
        for (const Shape& s : kShapes)
            out.emplace_back(QString::fromUtf8(s.pattern));
        return out;
    }();
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        const QRegularExpressionMatch m = patterns[i].match(text);
        if (!m.hasMatch()) continue;
        QString out = QCoreApplication::translate("SimulatorText", kShapes[i].translation);
        for (int k = 1; k <= m.lastCapturedIndex(); ++k)
            out = out.arg(m.captured(k));
        return out;
    }
    return text;
}

} // namespace trainplan::ui
