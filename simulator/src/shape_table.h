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
#include <utility>
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
inline constexpr std::size_t kComputeSignatureSize = 50;
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

namespace detail {

// Values keyed by Key that hold for one Signature of the context: bind() empties the memo when
// the signature changes. Entries never move (node-based map), so references stay valid until the
// memo is emptied.
template <typename Signature, typename Key, typename Value, typename Hash> class SignedMemo {
public:
    void bind(const Signature& signature) {
        if (m_bound && signature == m_signature) return;
        m_signature = signature;
        m_bound = true;
        m_values.clear();
    }
    void trim(std::size_t maxEntries) {
        if (m_values.size() > maxEntries) m_values.clear();
    }
    template <typename Make> const Value& get(Key key, Make make) {
        auto it = m_values.find(key);
        if (it == m_values.end()) it = m_values.emplace(std::move(key), make()).first;
        return it->second;
    }

private:
    Signature m_signature{};
    bool m_bound = false;
    std::unordered_map<Key, Value, Hash> m_values;
};

} // namespace detail

class ShapeTable {
public:
    // Keeps the table when ctx computes layers as the last bound context did, else empties it.
    void bind(const PlanContext& ctx) { m_memo.bind(detail::computeSignature(ctx)); }
    // The same from a signature already computed.
    void bind(const detail::ComputeSignature& signature) { m_memo.bind(signature); }
    // layerTimes(ctx, p, gradAccum) of a bound ctx; the reference stays valid until the next bind
    // that empties the table.
    const detail::LayerTimes& layerTimesOf(const PlanContext& ctx, const model::Plan& p,
                                           int gradAccum);
    // Empties a table that grew past `maxShapes` (a long-lived per-thread table; a search's table
    // holds references into itself and is never trimmed).
    void trim(std::size_t maxShapes) { m_memo.trim(maxShapes); }

private:
    detail::SignedMemo<detail::ComputeSignature, detail::ShapeKey, detail::LayerTimes,
                       detail::ShapeKeyHash>
        m_memo;
};

class LayoutTable {
public:
    // Keeps the table when ctx lays out stages as the last bound context did, else empties it;
    // `compute` is computeSignature(ctx).
    void bind(const PlanContext& ctx, const detail::ComputeSignature& compute) {
        m_memo.bind(detail::layoutSignature(ctx, compute));
    }
    // unevenBoundingSlots(ctx, p) of a bound ctx; valid until the next bind or trim that empties
    // the table.
    const std::vector<detail::StageSlot>& unevenSlotsOf(const PlanContext& ctx,
                                                        const model::Plan& p);
    void trim(std::size_t maxLayouts) { m_memo.trim(maxLayouts); }

private:
    detail::SignedMemo<detail::LayoutSignature, detail::LayoutKey, std::vector<detail::StageSlot>,
                       detail::LayoutKeyHash>
        m_memo;
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
