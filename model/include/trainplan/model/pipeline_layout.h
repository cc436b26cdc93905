#pragma once

#include <trainplan/model/plan.h>
#include <trainplan/model/training_spec.h>
#include <trainplan/model/transformer_spec.h>
#include <trainplan/model/validation_issue.h>

#include <string>
#include <vector>

namespace trainplan::model {

// The decoder layers on every pipeline chunk under a plan's PipelineLayout. Chunk i = v·pp + s is
// virtual stage v of pipeline rank s — Megatron-LM's model-chunk order and torchtitan's "loop"
// stage order — and the layers run in chunk order, so chunk i holds the layers after those of
// chunks 0…i−1. The embedding is on chunk 0 (rank 0), the LM head and loss on the last chunk
// (rank pp−1), in every layout accepted here.
struct ChunkLayout {
    std::vector<int> layers; // pp·vpp entries when valid
    std::string field;       // on error: the plan field at fault, e.g. "pipeline_layout.layout"
    std::string error;       // empty when the layout is valid; else the English of `issue`
    IssueId issue{};         // on error: the reason, a catalogue entry (issue_text.h)
    std::vector<IssueArg> args;

    [[nodiscard]] bool ok() const { return error.empty(); }
    [[nodiscard]] bool even() const; // every chunk holds the same number of layers
    // Layers of pipeline rank `stage` over its vpp chunks.
    [[nodiscard]] int stageLayers(int pp, int stage) const;
};

// Megatron-LM: --decoder-first/last-pipeline-num-layers, --account-for-{embedding,loss}-in-
// pipeline-split and --pipeline-model-parallel-layout with the checks of TransformerConfig
// (megatron/core/transformer/transformer_config.py, transformer_block.py, transformer_layer.py,
// pipeline_parallel_layer_layout.py at NVIDIA/Megatron-LM d98e8a6); otherwise L/(pp·vpp) each.
// DeepSpeed: PipelineModule._partition_layers (deepspeed/runtime/pipe/module.py,
// ds_utils.partition_uniform / partition_balanced at microsoft/DeepSpeed 38327e0) over the layer
// specs of Megatron-DeepSpeed's GPTModelPipe; unset = L/pp each. FSDP with pp > 1 is torchtitan:
// _generate_llm_fqn_per_model_part (torchtitan/distributed/pipeline_parallel.py at
// pytorch/torchtitan b5bcd76), which counts the embedding and the norm + output as layers.
// Never throws: an invalid layout comes back with `field` and `error` set.
[[nodiscard]] ChunkLayout pipelineChunks(const TransformerSpec& m, Precision precision,
                                         const Plan& p);

// Megatron-LM's --pipeline-model-parallel-layout grammar (PipelineParallelLayerLayout.
// parse_str_to_list): commas dropped, "(…)*n" then "x*n" unrolled, stages split at '|'. Returns
// the stages' layer letters (E, t, m, L), or an error message in `error`.
struct ParsedMegatronLayout {
    std::vector<std::string> stages;
    std::string error; // English; `issue` and `args` are the same for both languages
    IssueId issue{};
    std::vector<IssueArg> args;
};
[[nodiscard]] ParsedMegatronLayout parseMegatronLayout(const std::string& layout);

} // namespace trainplan::model
