#pragma once

// Every number TrainPlan shows, by name, with a one-sentence explanation of what it is and where
// it comes from, in English and Simplified Chinese. The GUI's column headers, chart legends and
// tooltips, the report and the CLI all take a metric's words from here, so one metric reads the
// same on every surface.

#include <trainplan/simulator/advice_text.h>

#include <string_view>

namespace trainplan::sim {

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
    ErrorBar, // keep last (kMetricCount)
};
inline constexpr int kMetricCount = static_cast<int>(Metric::ErrorBar) + 1;

// The metric's name ("Step time", "单步时间") and its explanation, in `lang`: views of string
// literals, so their data() is null-terminated.
[[nodiscard]] std::string_view metricName(Metric m, Lang lang);
[[nodiscard]] std::string_view metricHelp(Metric m, Lang lang);

} // namespace trainplan::sim
