#pragma once

#include <trainplan/model/efficiency_spec.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/advice_text.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/validation.h>

#include <Eigen/Core>

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace trainplan::sim {

// The efficiency parameters a calibration can fit (a subset of Efficiency).
enum class CalibrationParameter {
    GemmEfficiency,               // Efficiency::gemmEfficiency
    IntraNodeBandwidthEfficiency, // Efficiency::intraNodeBandwidthEfficiency
    InterNodeBandwidthEfficiency, // Efficiency::interNodeBandwidthEfficiency
    LatencyScale,                 // Efficiency::latencyScale
    MemoryOverheadFraction,       // Efficiency::memoryOverheadFraction
};

inline constexpr std::array<CalibrationParameter, 5> kAllCalibrationParameters{
    CalibrationParameter::GemmEfficiency, CalibrationParameter::IntraNodeBandwidthEfficiency,
    CalibrationParameter::InterNodeBandwidthEfficiency, CalibrationParameter::LatencyScale,
    CalibrationParameter::MemoryOverheadFraction};

// Short name used on the command line: "gemm", "intra_bw", "inter_bw", "latency", "mem_overhead".
[[nodiscard]] std::string_view shortName(CalibrationParameter p);
// The scenario's `efficiency` key: "gemm_efficiency", "intra_node_bandwidth_efficiency", ...
[[nodiscard]] std::string_view efficiencyKey(CalibrationParameter p);
// Accepts the short name or the efficiency key.
[[nodiscard]] std::optional<CalibrationParameter>
calibrationParameterFromString(std::string_view s);

[[nodiscard]] double get(const Efficiency& e, CalibrationParameter p);
void set(Efficiency& e, CalibrationParameter p, double value);
void set(model::EfficiencySpec& e, CalibrationParameter p, double value);

struct ParameterBounds {
    double lower = 0;
    double upper = 1;
};
// gemm [0.2, 1], bandwidth fractions [0.05, 1], latency scale [0.05, 50], memory overhead [0, 0.6].
[[nodiscard]] ParameterBounds defaultBounds(CalibrationParameter p);

// A measured run: the scenario and plan it ran, and what was measured (in the units of
// ValidationMetric: seconds, TFLOP/s per GPU in Narayanan's eq. 3 convention, MFU percent,
// tokens/s per GPU, peak GiB of the caching allocator without the CUDA context). The plan is used
// as given; its micro-batch and interleaving must be known (calibrationRun() settles a published
// row's unpublished ones).
struct CalibrationRun {
    std::string label;
    // For a published row: its model, GPU count and CSV line (the label's parts); empty and 0
    // for a stored run, whose label is the user's.
    std::string modelName;
    long long gpus = 0;
    std::size_t referenceLine = 0;
    model::Scenario scenario;
    model::Plan plan;
    std::vector<std::pair<ValidationMetric, double>> measured;
};

// A published row as a calibration run: knobs the source left out are chosen as `validate` does
// (the fastest fitting choice with the case's default efficiency), then held fixed during the fit.
// nullopt when the case was skipped or no candidate plan is valid.
[[nodiscard]] std::optional<CalibrationRun> calibrationRun(const ReferenceCase& c);

struct CalibrationOptions {
    std::vector<CalibrationParameter>
        parameters; // what to fit (distinct); the rest stay as resolved per run
    std::array<ParameterBounds, kAllCalibrationParameters.size()> bounds{
        defaultBounds(CalibrationParameter::GemmEfficiency),
        defaultBounds(CalibrationParameter::IntraNodeBandwidthEfficiency),
        defaultBounds(CalibrationParameter::InterNodeBandwidthEfficiency),
        defaultBounds(CalibrationParameter::LatencyScale),
        defaultBounds(CalibrationParameter::MemoryOverheadFraction)};
    // Start values; unset: the mean of the runs' resolved values.
    std::optional<Efficiency> start;
    bool useMemory = true; // fit peak-memory measurements too (they inform memory overhead only)
    bool leaveOneOut = true;
    int maxIterations = 200;
    // Smallest singular value of the column-normalised Jacobian, relative to the largest, below
    // which the runs are taken not to tell parameters apart.
    double rankTolerance = 1e-6;
};

// One fitted measurement. Errors are relative, (predicted − measured) / measured.
struct CalibrationResidual {
    std::size_t run = 0; // index into the runs
    std::string label;
    std::string modelName; // the run's (CalibrationRun)
    long long gpus = 0;
    std::size_t referenceLine = 0;
    ValidationMetric metric = ValidationMetric::StepSeconds;
    double measured = 0;
    double before = 0; // predicted with each run's resolved efficiency
    double after = 0;  // predicted with the fitted parameters
    std::optional<double>
        leaveOneOut;     // predicted by a fit without this run (unset: that fit was refused)
    bool fitted = false; // used in the fit (false: it depends on none of the fitted parameters)
    [[nodiscard]] double errorBefore() const { return (before - measured) / measured; }
    [[nodiscard]] double errorAfter() const { return (after - measured) / measured; }
    [[nodiscard]] std::optional<double> errorLeaveOneOut() const;
};

struct FittedParameter {
    CalibrationParameter parameter = CalibrationParameter::GemmEfficiency;
    double start = 0;
    double value = 0;
    double sigma = 0; // 1-sigma from σ²·(JᵀJ)⁻¹; NaN when there are no degrees of freedom left
    ParameterBounds bounds;
    bool atBound = false; // the fit pushed it to a bound: its sigma is not meaningful
    int informativeMeasurements = 0;
};

struct ErrorSummary {
    int count = 0;
    double meanAbs = 0;
    double rms = 0;
    double maxAbs = 0;
};

// Why a fit was refused, for surfaces that word it in their own language (the refusal text is
// English, with the technical detail).
enum class CalibrationRefusal {
    None,
    Undetermined,      // no run depends on a parameter (indistinguishable lists them)
    Underdetermined,   // fewer informative measurements than parameters
    Indistinguishable, // parameters move predictions together (indistinguishable lists them)
    NothingToFit,      // no parameter chosen
    NoMeasurements,    // no run has a usable measurement
    EmptyBounds,       // a parameter's bounds are empty
    RaisesError,       // the fit raises the mean |error| on its own runs (before, after)
};

struct CalibrationResult {
    // Non-empty when the fit was refused (underdetermined, no data, ...); nothing else is then
    // meaningful except `residuals[].before` and `indistinguishable`.
    std::string refusal;
    CalibrationRefusal refusalKind = CalibrationRefusal::None;
    // Parameters the runs cannot tell apart (or that no run depends on), when that caused the
    // refusal.
    std::vector<CalibrationParameter> indistinguishable;
    std::vector<Message> warnings; // notes on the fit (sim::render in either language)

    std::vector<FittedParameter> parameters;
    Eigen::MatrixXd correlation; // of the fitted parameters, in `parameters` order
    std::vector<CalibrationResidual> residuals;
    ErrorSummary before, after, leaveOneOut;
    double residualSigma = 0; // √(SSR / dof), the relative error the fit leaves
    int degreesOfFreedom = 0;
    int iterations = 0;
    bool converged = false;

    [[nodiscard]] bool ok() const { return refusal.empty(); }
    // The fitted values as scenario efficiency overrides (only the fitted fields are set).
    [[nodiscard]] model::EfficiencySpec efficiencySpec() const;
};

// The efficiency a run is predicted with before calibration: resolveEfficiency(scenario.efficiency)
// with the GPU's catalog GEMM efficiency, as makeContext(scenario) does.
[[nodiscard]] Efficiency runEfficiency(const model::Scenario& scenario);
// The measured quantity predicted for one run with the given efficiency.
[[nodiscard]] double predictMetric(const CalibrationRun& run, const Efficiency& eff,
                                   ValidationMetric metric);

// Bounded nonlinear least squares (Levenberg–Marquardt, numerical Jacobian, bounds by a logistic
// change of variables) of relative residuals. Per run, one time-like measurement is used (step
// time, else tokens/s, else MFU, else TFLOP/s: they measure the same thing) plus peak memory when
// `useMemory`. Pure: no I/O; safe to call from many threads.
[[nodiscard]] CalibrationResult calibrate(const std::vector<CalibrationRun>& runs,
                                          const CalibrationOptions& options);

} // namespace trainplan::sim
