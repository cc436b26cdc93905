#pragma once

// Megatron-LM's attention-variant flags (split out of megatron_args.cpp): sliding windows
// (--window-size, --window-attn-skip-freq) and multi-head latent attention
// (--multi-latent-attention and its ranks).
#include "shell_args.h"

#include <trainplan/model/io/imported_fields.h>

#include <optional>

namespace trainplan::model::io::detail {

// --window-size and --window-attn-skip-freq into the model's sliding window; `layers` is
// --num-layers when given (a list pattern must cover every layer).
void readSlidingWindow(const ParsedArgs& args, ArgReader& a, const std::optional<int>& layers,
                       ImportedFields& f);

// The MLA ranks and widths, with Megatron's defaults where --multi-latent-attention is given.
void readLatentAttention(const ParsedArgs& args, ArgReader& a, ImportedFields& f);

} // namespace trainplan::model::io::detail
