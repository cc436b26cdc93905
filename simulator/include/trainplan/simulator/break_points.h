#pragma once

// Break points of each framework on a scenario's cluster: the largest model it can train, the GPU
// count beyond which its MFU falls below a threshold, and the inter-node bandwidth below which its
// data-parallel communication takes more than a given share of the step. Pure; every value comes
// from searchPlans / evaluatePlan. Method and definitions: docs/advisor.md.

#include <trainplan/model/scenario.h>
#include <trainplan/simulator/estimate.h>
#include <trainplan/simulator/search.h>

#include <functional>
#include <optional>
#include <vector>

namespace trainplan::sim {

// A parametric family around a model: hidden size and depth grow together, as in published model
// families. For a linear scale c: heads ← heads·c and layers ← layers·c, rounded to the grid below;
// head_dim kept, kv_heads kept (MHA: = heads), hidden = hidden·heads'/heads, ffn and expert ffn
// keep their ratio to hidden (multiples of 128). Parameters grow ≈ c³. Grid: heads in multiples of
// 8 from 32 heads up (tp ∈ {1, 2, 4, 8} stays valid), of 4 from 16, of 2 below, and of kv_heads
// under GQA; layers in multiples of 4 from 32 up, of 2 below. Catalog models on the grid are fixed
// points (c = 1).
[[nodiscard]] model::TransformerSpec scaleModel(const model::TransformerSpec& base,
                                                double linearScale);

// Members of the family between the two parameter counts, by increasing size, 2–6% apart where the
// grid allows: all grid shapes whose layers/hidden ratio is within ±30% of the base's, thinned
// outwards from the base, preferring shapes closest to its ratio. The base model itself is a rung
// (`baseIndex`).
struct ModelLadder {
    std::vector<model::TransformerSpec> models;
    std::vector<double> parameters;
    int baseIndex = -1;
};
[[nodiscard]] ModelLadder modelLadder(const model::TransformerSpec& base,
                                      double minParameters = 1e8, double maxParameters = 3e13);

struct BreakPointOptions {
    std::vector<model::Framework> frameworks; // empty: the scenario's constraints (or all four)
    double mfuThreshold = 0.35;               // GPU-count break point
    double dpCommThreshold = 0.5;             // bandwidth break point: DP time / step time
    long long maxScanGpus = 0;                // 0: four times the cluster
    double minParameters = 1e8;
    double maxParameters = 3e13;
    int threads = 0;
    std::function<bool()> cancelled;
};

enum class ModelSizeStatus { Found, NothingFits, AllFit };
enum class GpuScaleStatus { Found, NoPlanAt, NotReached, AlwaysBelow, NeverFits };
enum class BandwidthStatus { Found, AlwaysExceeds, NeverExceeds, NotApplicable };

[[nodiscard]] std::string_view toString(ModelSizeStatus s);
[[nodiscard]] std::string_view toString(GpuScaleStatus s);
[[nodiscard]] std::string_view toString(BandwidthStatus s);

// Largest rung of the ladder with a fitting plan, found by bisection (fits(largest) and
// !fits(next), next being the following rung).
struct ModelSizeBreak {
    model::Framework framework = model::Framework::Ddp;
    ModelSizeStatus status = ModelSizeStatus::NothingFits;
    model::TransformerSpec largest; // Found, AllFit
    double largestParameters = 0;
    std::optional<PlanEstimate> largestPlan;
    model::TransformerSpec next; // Found, NothingFits: the smallest rung that does not fit
    double nextParameters = 0;
    int probes = 0; // searches run
};

struct ScalingPoint {
    long long gpus = 0;
    bool fits = false;
    double mfu = 0;
    double stepSeconds = 0;
    double usd = 0;
    std::optional<model::Plan> plan;
};

// Scanned over whole-node counts 1, 2, 4, … (plus the scenario's own) up to maxScanGpus with the
// scenario's global batch. Found: MFU ≥ threshold at lastGpus and below it at nextGpus.
// NoPlanAt: as Found, but nothing fits at nextGpus (batch too small to split, or memory).
// NotReached: at or above the threshold up to the largest count. AlwaysBelow: fits somewhere but
// never reaches the threshold. NeverFits: no count fits.
struct GpuCountBreak {
    model::Framework framework = model::Framework::Ddp;
    GpuScaleStatus status = GpuScaleStatus::NeverFits;
    long long lastGpus = 0;
    double lastMfu = 0;
    long long nextGpus = 0;
    double nextMfu = 0;
    std::vector<ScalingPoint> points;
};

// For the framework's best plan on the scenario, the inter-node bandwidth per NIC below which
// communication.dpSeconds / time.stepSeconds exceeds the threshold (bisection on a log scale to 1%:
// the share is ≤ threshold at bytesPerSecondPerNic and > threshold at belowBytesPerSecondPerNic).
// NotApplicable: single node, no fitting plan, or the DP traffic never leaves a node.
struct BandwidthBreak {
    model::Framework framework = model::Framework::Ddp;
    BandwidthStatus status = BandwidthStatus::NotApplicable;
    std::optional<model::Plan> plan;
    double bytesPerSecondPerNic = 0;
    double belowBytesPerSecondPerNic = 0;
    double fractionAt = 0;
    double fractionBelow = 0;
    double currentBytesPerSecondPerNic = 0;
    double currentFraction = 0;
};

struct BreakPoints {
    double mfuThreshold = 0.35;
    double dpCommThreshold = 0.5;
    std::vector<ModelSizeBreak> modelSize;
    std::vector<GpuCountBreak> gpuCount;
    std::vector<BandwidthBreak> bandwidth;
    bool cancelled = false;

    [[nodiscard]] const ModelSizeBreak* modelSizeOf(model::Framework f) const;
    [[nodiscard]] const GpuCountBreak* gpuCountOf(model::Framework f) const;
    [[nodiscard]] const BandwidthBreak* bandwidthOf(model::Framework f) const;
};

// DP collective time (overlapped or not) as a fraction of the step.
[[nodiscard]] double dpCommFraction(const PlanEstimate& e);

// A copy of the scenario with `nodes` nodes (constraints.max_gpus dropped).
[[nodiscard]] model::Scenario withNodes(const model::Scenario& s, int nodes);
// A copy of the scenario whose inter-node link carries `bytesPerSecondPerNic`.
[[nodiscard]] model::Scenario withInterNodeBandwidth(const model::Scenario& s,
                                                     double bytesPerSecondPerNic);

[[nodiscard]] ModelSizeBreak findModelSizeBreak(const model::Scenario& s, model::Framework f,
                                                const ModelLadder& ladder,
                                                const BreakPointOptions& options,
                                                std::optional<bool> fitsAtBase = std::nullopt);
// `base`, when given, is the search on the scenario itself: the scan reuses it for the
// scenario's own node count instead of searching it again (only when constraints.max_gpus is
// unset, since the scan drops it).
[[nodiscard]] std::vector<GpuCountBreak>
findGpuCountBreaks(const model::Scenario& s, const std::vector<model::Framework>& frameworks,
                   const BreakPointOptions& options, const SearchResult* base = nullptr);
[[nodiscard]] BandwidthBreak findBandwidthBreak(const model::Scenario& s, const model::Plan& plan,
                                                const BreakPointOptions& options);

// All three for each framework. `base` is the search on the scenario itself (reused, not repeated).
[[nodiscard]] BreakPoints findBreakPoints(const model::Scenario& s, const SearchResult& base,
                                          const BreakPointOptions& options = {});

} // namespace trainplan::sim
