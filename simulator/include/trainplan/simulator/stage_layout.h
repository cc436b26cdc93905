#pragma once

#include <trainplan/model/transformer_spec.h>

#include <string>
#include <vector>

namespace trainplan::sim {

enum class StageKind { First, Middle, Last, Only };

// What a stage's ranks hold: only dense layers (attention, norms, dense FFN), or routed experts as
// well (every rank of a Megatron stage with MoE layers holds its ep-th share of the experts).
enum class RankKind { DenseOnly, ExpertAndDense };

[[nodiscard]] const char* toString(RankKind k); // "dense only", "expert + dense"

// The transformer layers one pipeline stage holds.
struct StageLayers {
    int stage = 0;     // pipeline stage index, 0 = first
    int layers = 0;    // all virtual chunks of the stage
    int moeLayers = 0; // of which MoE layers (the rest are dense)
    [[nodiscard]] int denseLayers() const { return layers - moeLayers; }
};

// Megatron-LM assigns each pipeline stage a contiguous block of L/p layers; with the interleaved
// schedule the model is cut into p·v chunks of L/(p·v) layers and stage s holds chunks s, s+p, …,
// s+(v−1)p (Narayanan et al. 2021 §2.2.2). Which layers are MoE follows
// TransformerSpec::isMoeLayer. Throws std::invalid_argument naming the field when pp, vpp or the
// stage index are out of range or the layers do not divide into pp·vpp chunks (validatePlan rejects
// such plans first).
[[nodiscard]] StageLayers stageLayers(const model::TransformerSpec& m, int pp, int vpp, int stage);

// True when every stage holds the same number of MoE layers (dense models, every-layer MoE, and
// patterns whose period divides the chunk): then the first and last stages bound every other one.
[[nodiscard]] bool moeLayersEvenOverStages(const model::TransformerSpec& m, int pp, int vpp);

// The distinct stage compositions of a pipeline, in stage order: the first stage (embeddings),
// the middle stages grouped by their (dense, MoE) layer counts, the last stage (LM head); one
// group of kind Only when pp = 1. Within a group the lowest index holds the most in-flight
// micro-batches under 1F1B, so it is the group's worst stage.
struct StageGroup {
    StageKind kind = StageKind::Only;
    std::vector<int> stages; // ascending pipeline stage indices
    int layers = 0;
    int moeLayers = 0;
    [[nodiscard]] int denseLayers() const { return layers - moeLayers; }
    [[nodiscard]] RankKind rankKind() const {
        return moeLayers > 0 ? RankKind::ExpertAndDense : RankKind::DenseOnly;
    }
};
[[nodiscard]] std::vector<StageGroup> stageGroups(const model::TransformerSpec& m, int pp, int vpp);

// "0", "1–6", "1, 3, 5–7": a compact list of stage indices.
[[nodiscard]] std::string formatStageIndices(const std::vector<int>& stages);

} // namespace trainplan::sim
