#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/scenario.h>
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

// The decoder layers on each of the plan's pp·vpp pipeline chunks (model::pipelineChunks: the
// framework's own split, even or uneven). Throws std::invalid_argument naming the field when the
// layout is invalid (validatePlan rejects such plans first).
[[nodiscard]] std::vector<int> chunkLayers(const model::Scenario& s, const model::Plan& p);

// Stage `stage` of a pipeline cut into `chunks` (chunk i = v·pp + s; stage s holds chunks s, s+p,
// …, s+(v−1)p, Narayanan et al. 2021 §2.2.2), the layers running in chunk order. Which layers are
// MoE follows TransformerSpec::isMoeLayer.
[[nodiscard]] StageLayers stageLayers(const model::TransformerSpec& m,
                                      const std::vector<int>& chunks, int pp, int stage);
[[nodiscard]] StageLayers stageLayers(const model::Scenario& s, const model::Plan& p, int stage);
// Megatron-LM's even split: L/(pp·vpp) layers per chunk. Throws std::invalid_argument naming the
// field when pp, vpp or the stage index are out of range or the layers do not divide.
[[nodiscard]] StageLayers stageLayers(const model::TransformerSpec& m, int pp, int vpp, int stage);

// True when every stage holds the same layers and the same MoE layers: then L/p and MoE/p are
// exact and the first and last stages bound every other one.
[[nodiscard]] bool stagesEven(const model::TransformerSpec& m, const std::vector<int>& chunks,
                              int pp);
[[nodiscard]] bool stagesEven(const model::Scenario& s, const model::Plan& p);
// True when the plan is known even without computing its chunks: pp = 1, or Megatron's default
// split (also DeepSpeed's and DDP's) of a model whose MoE layers fall evenly. False means "look at
// the chunks" (stagesEven), not "uneven".
[[nodiscard]] bool evenWithoutChunks(const model::Scenario& s, const model::Plan& p);
// The same for the even split (dense models, every-layer MoE, and patterns whose period divides
// the chunk answer without looking at every stage).
[[nodiscard]] bool moeLayersEvenOverStages(const model::TransformerSpec& m, int pp, int vpp);

// The distinct stage compositions of a pipeline, in stage order: the first stage (embeddings),
// the middle stages grouped by their (layers, MoE layers) counts, the last stage (LM head); one
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
[[nodiscard]] std::vector<StageGroup> stageGroups(const model::TransformerSpec& m,
                                                  const std::vector<int>& chunks, int pp);
[[nodiscard]] std::vector<StageGroup> stageGroups(const model::Scenario& s, const model::Plan& p);
[[nodiscard]] std::vector<StageGroup> stageGroups(const model::TransformerSpec& m, int pp, int vpp);

// "0", "1–6", "1, 3, 5–7": a compact list of stage indices.
[[nodiscard]] std::string formatStageIndices(const std::vector<int>& stages);

} // namespace trainplan::sim
