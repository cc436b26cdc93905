#pragma once

// Everything a planning report shows, computed once from a scenario: plain values (no Qt), so the
// GUI can compute it on a worker thread and every output format renders the same numbers.

#include <trainplan/model/catalog.h>
#include <trainplan/model/published_run.h>
#include <trainplan/model/scenario.h>
#include <trainplan/services/planning.h>
#include <trainplan/services/run_checks.h>
#include <trainplan/services/scenario_comparison.h>
#include <trainplan/simulator/advisor.h>
#include <trainplan/simulator/efficiency.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/explain.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/search.h>
#include <trainplan/simulator/sizing.h>
#include <trainplan/simulator/timeline.h>
#include <trainplan/simulator/uncertainty.h>
#include <trainplan/simulator/validation.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::report {

// One row of the framework comparison: the best plan of a framework, its closest plan when nothing
// fits, or a plan the scenario fixes.
struct ComparedPlan {
    enum class Origin { Best, Closest, Pinned };
    Origin origin = Origin::Best;
    model::Framework framework = model::Framework::Ddp;
    int pinnedIndex = -1;       // index into scenario.plans for Origin::Pinned
    sim::EstimateResult result; // estimate + valid + errors
    bool recommended = false;   // the advisor's recommended plan
    double missBytes = 0;       // Closest: how far over the usable memory

    [[nodiscard]] bool fits() const { return result.valid && result.estimate.memory.fits; }
    [[nodiscard]] const sim::PlanEstimate& estimate() const { return result.estimate; }
};

// One framework at one x of a sweep (GPU count or model size).
struct SweepSample {
    double x = 0; // GPUs, or parameters
    bool fits = false;
    double mfu = 0;
    double stepSeconds = 0;
    double tokensPerSecond = 0;
    double peakBytes = 0;
    std::string plan; // the plan's label (the closest one when nothing fits)
};

struct SweepSeries {
    model::Framework framework = model::Framework::Ddp;
    std::vector<SweepSample> samples; // by increasing x
};

// A published source behind a number of the report.
struct SourceEntry {
    enum class Kind { Catalog, Formula, Parameter, Reference };
    Kind kind = Kind::Formula;
    std::string subject; // what it is the source of ("GPU A100-SXM4-80GB", "weights", ...)
    std::string source;
    // The same in Simplified Chinese where TrainPlan words them (empty: shown as above; formula
    // subjects are derivation term names, translated by sim::derivationTermName).
    std::string subjectZh;
    std::string sourceZh;
};

struct ReportData {
    model::Scenario scenario;
    model::ParameterCount parameters;
    std::string version; // the tool's version
    std::string date;    // ISO date the report was generated on

    sim::SearchResult search;          // with every evaluated plan (plan space, Pareto)
    std::optional<sim::Advice> advice; // recommendation, reasons, break points, roadmap
    // The roadmap on a calendar (sim::roadmapTimeline of advice->stages), weeks from `date`.
    std::optional<sim::RoadmapTimeline> timeline;
    std::vector<ComparedPlan>
        compared;           // per framework (best or closest), then the scenario's plans
    int headlineIndex = -1; // index into compared of the plan the report leads with

    std::optional<sim::Explanation> headline; // the derivation of the headline plan
    std::optional<sim::GoodputEstimate>
        goodput; // checkpoints, failures and goodput of the headline plan

    std::vector<SweepSeries> scaling;   // x = GPUs, the scenario's global batch
    std::vector<SweepSeries> crossover; // x = parameters, the scenario's cluster
    double mfuThreshold = 0.35;

    std::vector<sim::EfficiencySource> efficiency;
    std::optional<sim::ValidationReport> validation;
    // The validation's residuals by family, for each plan's error bar (empty without validation).
    sim::ResidualTable residuals;
    std::vector<SourceEntry> sources;
    // The what-if sizing (sim::sizeCluster) when the scenario has a deadline or a budget: the
    // answer, its candidate GPUs with the prices used, and the CNY/USD rate of those prices.
    std::optional<sim::SizingResult> sizing;
    std::vector<model::GpuSpec> sizingGpus;
    long long sizingMaxGpus = 0;
    double cnyPerUsd = model::kDefaultCnyPerUsd;
    // The library's measured runs on this scenario's cluster (services::clusterKey), each against
    // its prediction with its error bar (issue 23): "predicted against measured".
    std::string cluster;
    std::vector<services::RunCheck> measured;
    bool measuredChecked = false; // the library's runs were given (ReportInputs::measuredRuns)
    // This scenario (first) side by side with ReportInputs::compareWith (issue 21).
    std::optional<services::ScenarioComparison> sideBySide;

    [[nodiscard]] const ComparedPlan* headlinePlan() const {
        return headlineIndex >= 0 && headlineIndex < static_cast<int>(compared.size())
                   ? &compared[headlineIndex]
                   : nullptr;
    }
    [[nodiscard]] long long gpus() const { return scenario.planGpus(); }
    // The memory each GPU can use: the search's, else the scenario's (sim::usableGpuBytes).
    [[nodiscard]] double usableBytes() const {
        return search.usableBytes > 0 ? search.usableBytes : sim::usableGpuBytes(scenario);
    }
};

struct ReportInputs {
    const model::Catalog* catalog = nullptr; // required: resolves sweeps and stage targets
    const std::vector<model::PublishedRun>* publishedRuns =
        nullptr; // accuracy section; nullptr skips it
    std::string version;
    std::string date;
    bool breakPoints = true;              // the advisor's break-point searches (the slowest part)
    bool crossover = true;                // the model-size sweep
    // The sizing section when the scenario has a deadline or a budget (minutes for a large model
    // over the whole catalog); off for the presentation, which has no sizing page.
    bool sizing = true;
    // GPU prices for the sizing section (the library's price table, as the CLI's `size` uses);
    // nullptr: the catalog's prices.
    const model::PriceTable* prices = nullptr;
    int threads = 0;                      // 0 = all cores
    // The library's measured runs (services::loadStoredCalibrationRuns, read by the caller on the
    // thread that owns the store); those on the scenario's cluster are checked against the model
    // in the report. nullptr: no measured-runs section.
    const services::StoredCalibrationRuns* measuredRuns = nullptr;
    // The planning cache the other surfaces share (the GUI's); nullptr plans without one.
    services::Planner* planner = nullptr;
    // Up to three other scenarios, resolved as the report's own is (calibration profile and GPU
    // prices applied), shown side by side with it (services::compareScenarios); empty: no
    // side-by-side section.
    std::vector<model::Scenario> compareWith;
    std::function<void(double)> progress; // 0..1
    std::function<bool()> cancelled;
};

// Runs the search, the advisor, the sweeps, the derivation of the headline plan and the
// validation against published runs. Pure apart from the work it does; throws nothing for a valid
// scenario (invalid fixed plans become rows with their errors).
[[nodiscard]] ReportData computeReportData(const model::Scenario& scenario,
                                           const ReportInputs& inputs);

} // namespace trainplan::report
