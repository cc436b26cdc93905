#pragma once

// Internal: what evaluatePlan derives from part of a plan, computed once per context and reused.
// - ShapeTable: the layer times of every plan shape (layerTimes depends only on the shape and the
//   context's compute signature); the searches keep one per GPU and framework, evaluatePlan one
//   per thread.
// - LayoutTable: the uneven bounding stage slots of every pipeline layout (unevenBoundingSlots
//   depends only on the layout and the model); evaluatePlan keeps one per thread.

#include "estimate_detail.h"

#include <array>
#include <cstddef>
#include <unordered_map>
#include <vector>

namespace trainplan::sim {

namespace detail {

// What of a plan layerTimes reads (compute_model.cpp).
struct ShapeKey {
    int framework, tp, cp, ep, etp, microBatch, recompute, gradAccum;
    bool sequenceParallel;
    bool operator==(const ShapeKey&) const = default;
};

struct ShapeKeyHash {
    std::size_t operator()(const ShapeKey& k) const;
};

// Everything layerTimes reads besides the plan's shape: when two contexts agree on it, they agree
// on every layer time.
inline constexpr std::size_t kComputeSignatureSize = 47;
using ComputeSignature = std::array<double, kComputeSignatureSize>;
[[nodiscard]] ComputeSignature computeSignature(const PlanContext& ctx);

// What of a plan unevenBoundingSlots reads (estimate.cpp, stage_layout.cpp, pipelineChunks):
// DeepSpeed's "parameters" partition weighs layers by their parameters after the tp and ep split.
struct LayoutKey {
    int framework, pp, vpp, tp, ep;
    model::PipelineLayout layout;
    bool operator==(const LayoutKey&) const = default;
};

struct LayoutKeyHash {
    std::size_t operator()(const LayoutKey& k) const;
};

// Everything unevenBoundingSlots reads of the context: the compute signature (layers, precision,
// MoE sizes), where the MoE layers sit, and every parameter count the partition may weigh.
inline constexpr std::size_t kLayoutSignatureExtra = 15;
struct LayoutSignature {
    ComputeSignature compute{};
    std::array<double, kLayoutSignatureExtra> layout{};
    bool operator==(const LayoutSignature&) const = default;
};
[[nodiscard]] LayoutSignature layoutSignature(const PlanContext& ctx,
                                              const ComputeSignature& compute);

} // namespace detail

class ShapeTable {
public:
    // Keeps the table when ctx computes layers as the last bound context did, else empties it.
    void bind(const PlanContext& ctx);
    // The same from a signature already computed.
    void bind(const detail::ComputeSignature& signature);
    // layerTimes(ctx, p, gradAccum) of a bound ctx; the reference stays valid until the next bind
    // that empties the table.
    const detail::LayerTimes& layerTimesOf(const PlanContext& ctx, const model::Plan& p,
                                           int gradAccum);
    // Empties a table that grew past `maxShapes` (a long-lived per-thread table; a search's table
    // holds references into itself and is never trimmed).
    void trim(std::size_t maxShapes);

private:
    detail::ComputeSignature m_signature{};
    bool m_bound = false;
    std::unordered_map<detail::ShapeKey, detail::LayerTimes, detail::ShapeKeyHash> m_times;
};

class LayoutTable {
public:
    // Keeps the table when ctx lays out stages as the last bound context did, else empties it;
    // `compute` is computeSignature(ctx).
    void bind(const PlanContext& ctx, const detail::ComputeSignature& compute);
    // unevenBoundingSlots(ctx, p) of a bound ctx; valid until the next bind or trim that empties
    // the table.
    const std::vector<detail::StageSlot>& unevenSlotsOf(const PlanContext& ctx,
                                                        const model::Plan& p);
    void trim(std::size_t maxLayouts);

private:
    detail::LayoutSignature m_signature{};
    bool m_bound = false;
    std::unordered_map<detail::LayoutKey, std::vector<detail::StageSlot>, detail::LayoutKeyHash>
        m_slots;
};

namespace detail {

// The layer times and uneven slots of `p` from this thread's tables (bound to ctx on each call),
// for evaluatePlan; the reference stays valid until the thread's next call.
[[nodiscard]] Precomputed threadTables(const PlanContext& ctx, const model::Plan& p, int gradAccum);
// unevenBoundingSlots(ctx, p) from this thread's layout table, for evaluateMemory.
[[nodiscard]] const std::vector<StageSlot>& threadUnevenSlots(const PlanContext& ctx,
                                                              const model::Plan& p);

} // namespace detail

} // namespace trainplan::sim
