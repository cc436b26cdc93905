#pragma once

#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <nlohmann/json_fwd.hpp>

#include <string_view>

namespace trainplan::model::io {

// Reads a DeepSpeed ds_config.json: ZeRO stage, optimizer/parameter offload, batch sizes
// (train_batch_size = micro × gradient_accumulation_steps × dp), bf16/fp16, optimizer type,
// bucket sizes and activation checkpointing. "auto" values (filled in by the Hugging Face Trainer
// at launch) are left for the other files to supply. Unknown keys give one warning listing them.
// Total: never throws.
[[nodiscard]] ImportedFields importDeepSpeedConfig(std::string_view text,
                                                   std::string_view fileName);

// A ds_config.json for the plan, with keys as DeepSpeed documents them. What DeepSpeed cannot
// express (fp8, selective recompute, context parallelism) is reported in `issues` as warnings.
[[nodiscard]] nlohmann::json exportDeepSpeedConfig(const Scenario& s, const Plan& p,
                                                   ImportIssues& issues);

} // namespace trainplan::model::io
