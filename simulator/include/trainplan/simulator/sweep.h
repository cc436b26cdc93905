#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/search.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::sim {

// What a sweep varies (the KEY of `--vary KEY=…`).
enum class SweepKey {
    Gpus,  // "gpus": the cluster's GPU count (whole nodes; fewer GPUs than a node = one partial
           // node)
    Model, // "model": catalog model names
    ModelScale,      // "model_scale": the scenario's model scaled in parameters (see
                     // scaleModelParameters)
    InterNodeGbPerS, // "inter_node_gb_per_s": inter-node bandwidth per NIC per direction, GB/s
    GlobalBatch,     // "global_batch": sequences per optimizer step
    SeqLen,          // "seq_len": tokens per sequence
};

[[nodiscard]] std::string_view toString(SweepKey key);
[[nodiscard]] std::optional<SweepKey> sweepKeyFromString(std::string_view s);

struct SweepSpec {
    SweepKey key = SweepKey::Gpus;
    std::vector<double> values;      // numeric keys
    std::vector<std::string> models; // SweepKey::Model

    [[nodiscard]] std::size_t size() const {
        return key == SweepKey::Model ? models.size() : values.size();
    }
};

// The model-scale factors of the crossover sweep the GUI's Explore tab and the report draw:
// 2⁻⁶ … 2⁴ of the scenario's model.
[[nodiscard]] std::vector<double> modelScaleFactors();

struct SweepSpecParse {
    std::optional<SweepSpec> spec;
    std::string error; // set when spec is empty; names the offending part
};

// Parses "KEY=A..B", "KEY=A..B:STEP" or "KEY=V1,V2,…":
//  - A..B on gpus, global_batch and seq_len: the powers of two in [A, B] (gpus=8..4096 → 8, 16, …,
//  4096);
//    on model_scale and inter_node_gb_per_s: A, 2A, 4A, … up to B;
//  - A..B:STEP: A, A+STEP, A+2·STEP, … up to B;
//  - a comma list: exactly those values (model= takes catalog names).
[[nodiscard]] SweepSpecParse parseSweepSpec(std::string_view text);

// Scales a model to about `factor` × its parameters (break_points.h's scaleModel takes a linear
// scale instead, with parameters ≈ c³; this one keeps factor 1 the identity): depth and width each
// grow by factor^(1/3) (parameters ~ 12·layers·hidden², Kaplan et al. 2020 §2.1, so the product
// scales by `factor`), keeping the head dimension, the number of KV groups (GQA) and the FFN/hidden
// ratio. Heads, layers and FFN width are rounded to multiples that preserve the original's
// divisibility (so tp = 8 stays possible when it was), which makes factor 1 the identity;
// vocabulary, sequence length and MoE expert counts are kept.
[[nodiscard]] model::TransformerSpec scaleModelParameters(const model::TransformerSpec& m,
                                                          double factor);

struct SweepOptions {
    std::vector<model::Framework> frameworks; // empty = the scenario's constraints (or all four)
    int runnersUp = 0;
    int threads = 0;                               // per search; 0 = all cores
    std::function<void(double fraction)> progress; // 0..1 over the whole sweep
    std::function<bool()> cancelled;
};

struct SweepPoint {
    std::string label; // "64", "gpt3-175b", "0.5"
    double value = 0;  // the numeric value (model: its parameter count)
    long long gpus = 0;
    double parameters = 0;           // total parameters of the point's model
    std::vector<std::string> errors; // the varied scenario is invalid (then `search` is empty)
    SearchResult search;
};

struct SweepResult {
    SweepKey key = SweepKey::Gpus;
    std::vector<model::Framework> frameworks; // searched at every point
    std::vector<SweepPoint> points;           // in the order of the spec
    bool cancelled = false;
};

// The scenario at one sweep point (plans and max_gpus are dropped: the search decides them).
// Errors (e.g. an unknown model, a GPU count that is not whole nodes) come back as strings.
struct SweepScenario {
    std::optional<model::Scenario> scenario;
    std::string label;
    double value = 0;
    std::vector<std::string> errors;
};
[[nodiscard]] SweepScenario sweepScenario(const model::Scenario& base, const SweepSpec& spec,
                                          std::size_t index, const model::Catalog& catalog);

// For each point, the best plan per framework (or the closest when nothing fits).
[[nodiscard]] SweepResult runSweep(const model::Scenario& base, const SweepSpec& spec,
                                   const model::Catalog& catalog, const SweepOptions& options = {});

// One row per point × framework: the data behind scaling and crossover charts.
struct SweepRow {
    std::size_t point = 0;
    std::string label;
    double value = 0;
    long long gpus = 0;
    double parameters = 0;
    model::Framework framework = model::Framework::Ddp;
    bool fits = false;
    std::optional<PlanEstimate> estimate; // the best plan, or the closest when nothing fits
    double usableBytes = 0;
    double missBytes = 0;
    long long evaluatedPlans = 0;
    long long fittingPlans = 0;
    std::vector<std::string> reasons;
};
[[nodiscard]] std::vector<SweepRow> sweepRows(const SweepResult& result);

} // namespace trainplan::sim
