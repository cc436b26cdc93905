#pragma once

#include <trainplan/model/io/imported_fields.h>
#include <trainplan/model/scenario.h>

#include <string>
#include <string_view>

namespace trainplan::model::io {

// Reads Megatron-LM launch arguments from a `pretrain_gpt.py …` command line, a shell script that
// contains one (variables, arrays and continuations resolved as parseShellScript does), or a bare
// list of flags. Model, parallel layout, batch, precision, recompute and MoE flags are mapped;
// known flags that change performance but are not modelled give notes; unknown flags give a
// warning naming them; a needed value that is an unset variable is an error naming the variable.
// Megatron-DeepSpeed's --deepspeed/--zero-stage are understood (framework deepspeed).
// Total: never throws.
[[nodiscard]] ImportedFields importMegatronArgs(std::string_view text, std::string_view fileName);

// True when the text contains a Megatron-LM launch (a pretrain_*.py script or Megatron flags).
[[nodiscard]] bool looksLikeMegatron(std::string_view text);

// A bash script that launches pretrain_gpt.py with torchrun for the plan (flag spelling as in
// Megatron-LM's arguments.py). For a DeepSpeed plan it writes the Megatron-DeepSpeed form
// (--deepspeed --deepspeed_config ds_config.json --zero-stage N). Lossy parts go to `issues`.
[[nodiscard]] std::string exportMegatronScript(const Scenario& s, const Plan& p,
                                               ImportIssues& issues);

} // namespace trainplan::model::io
