#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/goodput.h>
#include <trainplan/simulator/pricing.h>
#include <trainplan/simulator/search_best.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace trainplan::sim {

// What-if sizing (docs/search.md, "Sizing"): from a deadline and a budget to a cluster. Searches
// GPU types × node counts × the interconnects of that GPU's systems × every framework and layout
// the plan search knows, and ranks configurations by expected time to train (goodput model) and
// total cost.

// One interconnect choice for a GPU's systems.
struct SystemOption {
    model::LinkSpec intraNode;
    model::LinkSpec interNode;
    int nicsPerNode = 8;
};

// The systems a GPU is sold in (its vendor's reference designs), resolved against the catalog's
// links; empty when none is known (the sizing then uses the scenario's own links for it).
[[nodiscard]] std::vector<SystemOption> systemOptions(const model::GpuSpec& gpu,
                                                      const model::Catalog& catalog);

// The GPUs a sizing considers for `scenario`: every catalog GPU with the price table's price
// attached (applyPriceTable), plus the scenario's own GPU when it is written inline; the scenario's
// own GPU keeps the price it resolved to (its gpu_hour_usd, the table or the catalog). The one home
// of the candidate list: the CLI's `size` and the GUI's Sizing tab both call it.
[[nodiscard]] std::vector<model::GpuSpec> sizingCandidateGpus(const model::Scenario& scenario,
                                                              const model::Catalog& catalog,
                                                              const model::PriceTable& prices);

// The GPU limit of a sizing: constraints.max_gpus when the scenario sets it, else 16,384.
[[nodiscard]] long long sizingMaxGpus(const model::Scenario& scenario);
inline constexpr long long kDefaultSizingMaxGpus = 16384;

struct SizingConstraints {
    std::optional<double> deadlineSeconds; // expected time to train must not exceed it
    std::optional<double> budgetUsd;       // expected total cost must not exceed it
};

// The scenario's constraints.deadline_days and constraints.budget (a CNY budget converted at
// cnyPerUsd).
[[nodiscard]] SizingConstraints sizingConstraints(const model::ConstraintsSpec& k,
                                                  double cnyPerUsd);

// How one plan's expected time and cost compare with the scenario's targets (compare, sweep and
// advise report it).
struct TargetCheck {
    bool hasDeadline = false, hasBudget = false;
    bool meetsDeadline = true, meetsBudget = true;
    bool priced = true;             // false: the budget cannot be checked (no price)
    double deadlineSlackSeconds = 0; // deadline − expected time (negative: late)
    double budgetSlackUsd = 0;       // budget − expected cost (negative: over)
    [[nodiscard]] bool any() const { return hasDeadline || hasBudget; }
    [[nodiscard]] bool meetsAll() const { return meetsDeadline && meetsBudget; }
};
[[nodiscard]] TargetCheck checkTargets(const SizingConstraints& k, double expectedSeconds,
                                       double expectedUsd, bool priced);

struct SizingInputs {
    const model::Scenario* scenario = nullptr; // model, training, cluster template, constraints
    std::vector<model::GpuSpec> gpus;          // candidates with their prices attached
    const model::Catalog* catalog = nullptr;   // for the systems' links
    long long maxGpus = kDefaultSizingMaxGpus;
    std::vector<model::Framework> frameworks; // empty = the scenario's (or all four)
    ReliabilityOptions reliability;           // the goodput model's settings
    int topPerFramework = 5;
    bool prune = true; // false: evaluate every candidate (the exhaustive reference)
    int threads = 1;   // plan searches run at once (0 = every core); the answer never depends on it
};

// One sized configuration: a cluster and a plan, with expected time and cost.
struct SizedConfig {
    std::string gpu;
    int gpuIndex = 0;
    int systemIndex = 0; // into systemOptions(gpu) (or 0: the scenario's own links)
    std::string intraNode, interNode;
    int nodes = 0;
    int gpusPerNode = 0;
    long long gpus = 0;
    model::Plan plan;
    double stepSeconds = 0;
    double mfu = 0;
    double peakBytes = 0;
    double usefulSeconds = 0;   // failure-free time to train
    double expectedSeconds = 0; // with checkpoints, lost work and restarts (goodput model)
    double goodput = 0;
    double usdPerGpuHour = 0;
    double expectedUsd = 0; // expected GPU-hours × price
    double energyKwh = 0;

    [[nodiscard]] std::string clusterLabel() const; // "128 × 8 H100-SXM5-80GB, IB NDR-400"
};

// Why a configuration is on the front.
enum class FrontReason { Fastest, Cheapest, Tradeoff };

struct FrontPoint {
    SizedConfig config;
    FrontReason reason = FrontReason::Tradeoff;
    // For a trade-off point: what it saves over the next faster point, and how much longer it
    // takes.
    double savesUsd = 0;
    double extraSeconds = 0;
};

// The best plan of each framework on a chosen cluster.
struct ChosenCluster {
    SizedConfig best;                        // the configuration chosen
    std::vector<SizedConfig> perFramework;   // each framework's best plan on that cluster
    std::optional<double> deadlineSlackSeconds; // deadline − expected time
    std::optional<double> budgetSlackUsd;       // budget − expected cost
};

// Which constraint binds when nothing meets both: the deadline (no configuration meets it at any
// cost up to the GPU limit), the budget (none is within it at any speed), or both (each can be met
// alone but not together, or neither can).
enum class Binding { None, Deadline, Budget, Both };

struct BindingAnalysis {
    Binding binding = Binding::None;
    // The cheapest way to meet the deadline (over budget), and the fastest within budget (late).
    std::optional<SizedConfig> cheapestMeetingDeadline;
    std::optional<SizedConfig> fastestWithinBudget;
    double overBudgetUsd = 0;   // cheapestMeetingDeadline's cost − budget
    double lateSeconds = 0;     // fastestWithinBudget's time − deadline
    std::optional<SizedConfig> fastestOverall; // when nothing meets the deadline at all
    std::optional<SizedConfig> cheapestOverall; // when nothing is within the budget at all
};

struct SizingResult {
    SizingConstraints constraints;
    // Pareto front of expected time × cost over the configurations meeting every constraint
    // (GPUs break exact ties), fastest first.
    std::vector<FrontPoint> front;
    std::optional<ChosenCluster> cheapestMeetingDeadline; // within budget too
    std::optional<ChosenCluster> fastestWithinBudget;     // meeting the deadline too
    // Per framework (in searched order): the 5 cheapest feasible configurations.
    std::vector<std::pair<model::Framework, std::vector<SizedConfig>>> topPerFramework;
    BindingAnalysis binding; // Binding::None when something meets both
    std::vector<ResolvedPrice> prices; // of every candidate GPU, in input order
    std::vector<std::string> notes;    // GPUs left out (no price, no system, no valid count)
    long long candidates = 0;          // (GPU, system, node count) triples considered
    long long evaluated = 0;           // … whose plan search ran
    long long prunedByDeadline = 0, prunedByBudget = 0, prunedByDominance = 0;
    // Framework searches skipped because the bound of every layout of that framework on that
    // cluster already misses the deadline or the budget, or cannot reach the answer.
    long long prunedSearches = 0;
    long long searches = 0;         // framework searches run by this call
    long long cachedCandidates = 0; // reused from the cache
};

// Evaluated candidates, keyed by (GPU index, system index, nodes): what a re-answer after a
// deadline or budget change reuses. Bound to one SizingInputs (clear it when they change).
struct SizingCache {
    struct Entry {
        std::vector<std::vector<SizedConfig>> perFramework; // fastest first, ≤ topPerFramework
        std::vector<bool> searched; // per framework: false while its search was pruned
        // Per framework: the bound on its time to train here (NaN until computed).
        std::vector<double> lowerBoundSeconds;
    };
    std::map<std::tuple<int, int, int>, Entry> entries;
    // Per (GPU index, framework index): its layers' compute per shape, shared by every count and
    // network (one table per framework, so that frameworks can be searched on separate threads).
    std::map<std::pair<int, int>, std::shared_ptr<ShapeTable>> shapes;
};

// The node counts searched for a GPU: whole nodes, 1, 2, 3, 4, 6, 8, 12, … (powers of two and
// three times powers of two: the counts 3D layouts and power-of-two batches divide) up to
// maxGpus / gpusPerNode. Counts with no valid layout are searched and come back empty.
[[nodiscard]] std::vector<int> sizingNodeCounts(const model::Scenario& scenario,
                                                long long maxGpus);

// Runs the sizing search. With inputs.prune, candidates that provably cannot meet the deadline
// (compute-only lower bound), the budget (cheapest conceivable cost) or reach the answer
// (dominated on both axes by a configuration already found, and unable to enter any framework's
// top list) are skipped; the answer is the same as without pruning. `cache` (optional) keeps
// evaluated candidates for the next call with the same inputs.
[[nodiscard]] SizingResult sizeCluster(const SizingInputs& inputs,
                                       const SizingConstraints& constraints,
                                       SizingCache* cache = nullptr);

// Compute-only lower bound on the time to train of `gpus` GPUs of this type: model FLOPs of the
// token budget at the GPU's dense peak (MFU ≤ 1; Narayanan et al. 2021 eq. 3 counts the FLOPs).
[[nodiscard]] double computeLowerBoundSeconds(const model::Scenario& scenario,
                                              const model::GpuSpec& gpu, long long gpus);

[[nodiscard]] std::string_view toString(FrontReason r); // "fastest", "cheapest", "tradeoff"
[[nodiscard]] std::string_view toString(Binding b);     // "none", "deadline", "budget", "both"

} // namespace trainplan::sim
