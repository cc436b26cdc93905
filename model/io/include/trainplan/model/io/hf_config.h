#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/io/imported_fields.h>

#include <optional>
#include <string_view>

namespace trainplan::model::io {

// Reads a Hugging Face transformers `config.json` (model_type llama, mistral, mixtral, qwen2,
// gpt2, gpt_neox, gpt_oss, deepseek_v2, deepseek_v3; other types are read with Llama field names
// and a warning) into model fields, with DeepSeek's multi-head latent attention, sliding windows
// (sliding_window with layer_types, sliding_window_pattern or max_window_layers) and
// num_nextn_predict_layers. max_position_embeddings becomes seq_len only as a Guess: it is the
// longest context the checkpoint supports, not necessarily the training sequence length (see
// docs/import-export.md). Total: never throws.
[[nodiscard]] ImportedFields importHfConfig(std::string_view text, std::string_view fileName);

// The model the fields describe, or nullopt (with errors in `issues`) when a required value is
// missing. `defaults` supplies values no file gave (e.g. a base scenario's model).
[[nodiscard]] std::optional<TransformerSpec>
buildTransformer(const ImportedModel& m, ImportIssues& issues, std::string_view file = {});

// Compares the computed parameter count with the published count of the catalog model of the same
// shape (layers, hidden, heads, experts): a note when within 2 %, a warning beyond.
// `within2Percent`, when given, is set to that catalog model when the count is within 2 %.
[[nodiscard]] ImportIssues checkParameterCount(const TransformerSpec& m, const Catalog& catalog,
                                               std::string_view file,
                                               const TransformerSpec** within2Percent = nullptr);

} // namespace trainplan::model::io
