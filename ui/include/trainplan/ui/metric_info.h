#pragma once

#include <QString>

namespace trainplan::ui {

// Every number the GUI shows, with its name and a one-sentence explanation of what it is and
// where it comes from (used as tooltips and column headers).
enum class Metric {
    Framework,
    Plan,
    Fits,
    PeakMemory,
    StepTime,
    Mfu,
    Hfu,
    TokensPerSecond,
    TokensPerSecondPerGpu,
    ModelFlopsPerGpu,
    TimeToTrain,
    Cost,
    GpuHours,
    Energy,
    GradAccum,
    Weights,
    Gradients,
    OptimizerStates,
    Activations,
    Transient,
    Buffers,
    Overhead,
    Compute,
    ExposedIntraNode,
    ExposedInterNode,
    Bubble,
    OptimizerStep,
    Offload,
    CommDp,
    CommTp,
    CommPp,
    CommCp,
    CommEp,
    CommIntraNode,
    CommInterNode,
    Parameters,
    Goodput,
    CostWithFailures,
    ErrorBar,
};

[[nodiscard]] QString metricName(Metric m);
[[nodiscard]] QString metricToolTip(Metric m);

} // namespace trainplan::ui
