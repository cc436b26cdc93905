#include <trainplan/ui/simulator_text.h>

#include <QCoreApplication>
#include <QRegularExpression>

#include <vector>

namespace trainplan::ui {

namespace {

// One sentence shape of simulator/src/search.cpp (explainNoFit, explainNoPlan) or
// simulator/src/calibrate.cpp (CalibrationResult::warnings): the pattern's captures are the
// translation's %1, %2, … in order.
struct Shape {
    const char* pattern;
    const char* translation; // source text for QCoreApplication::translate("SimulatorText", …)
};

const Shape kShapes[] = {
    // Search.
    {R"(^no (.+) plan fits: the closest \((.+)\) fits on the GPU but offloads (.+) per node to host memory, over the (.+) the node has$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "no %1 plan fits: the closest (%2) fits on the GPU but offloads %3 per node "
                       "to host memory, over the %4 the node has")},
    {R"(^no (.+) plan fits: the smallest needs (.+) per GPU, (.+) over the (.+) usable$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "no %1 plan fits: the smallest needs %2 per GPU, %3 over the %4 usable")},
    {R"(^(.+) does not support tensor/pipeline parallelism or sharding, so every GPU holds the whole model: weights, gradients and optimizer states alone take (.+) per GPU$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "%1 does not support tensor/pipeline parallelism or sharding, so every GPU "
                       "holds the whole model: weights, gradients and optimizer states alone take "
                       "%2 per GPU")},
    {R"(^its smallest plan \((.+)\) holds (.+) of weights, gradients and optimizer states and (.+) of activations per GPU$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "its smallest plan (%1) holds %2 of weights, gradients and optimizer states "
                       "and %3 of activations per GPU")},
    {R"(^no valid (.+) plan on (\d+) GPUs: training\.global_batch: (\d+) is smaller than micro_batch×dp=(\d+): every data-parallel rank needs at least one sequence per step$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "no valid %1 plan on %2 GPUs: the global batch of %3 sequences is smaller "
                       "than micro-batch × data-parallel degree = %4; every data-parallel rank "
                       "needs at least one sequence per step")},
    {R"(^no valid (.+) plan on (\d+) GPUs: training\.global_batch: (\d+) is not divisible by micro_batch×dp=(\d+)$)",
     QT_TRANSLATE_NOOP("SimulatorText",
                       "no valid %1 plan on %2 GPUs: the global batch of %3 sequences is not "
                       "divisible by micro-batch × data-parallel degree = %4")},
    {R"(^no valid (.+) plan on (\d+) GPUs: (.+)$)",
     QT_TRANSLATE_NOOP("SimulatorText", "no valid %1 plan on %2 GPUs: %3")},
    {R"(^the search was cancelled before it finished$)",
     QT_TRANSLATE_NOOP("SimulatorText", "the search was cancelled before it finished")},
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
