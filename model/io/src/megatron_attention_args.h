#pragma once

// Megatron-LM's layer-pattern strings and attention-variant flags (split out of
// megatron_args.cpp): sliding windows (--window-size, --window-attn-skip-freq) and multi-head
// latent attention (--multi-latent-attention and its ranks).
#include "shell_args.h"

#include <trainplan/model/io/imported_fields.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::model::io::detail {

// A Megatron-LM layer-pattern string ("[1,1,1,0]*3", "([0]*3+[1]*58)"; arguments.py
// _eval_pattern, which --moe-layer-freq and --window-attn-skip-freq go through; like it, anything
// but digits, commas, brackets, parentheses, + and * is refused): the list, or nullopt with the
// reason in `why`.
[[nodiscard]] std::optional<std::vector<long long>> evaluateLayerPattern(std::string_view text,
                                                                         ImportText& why);

// --window-size and --window-attn-skip-freq into the model's sliding window; `layers` is
// --num-layers when given (a list pattern must cover every layer).
void readSlidingWindow(const ParsedArgs& args, ArgReader& a, const std::optional<int>& layers,
                       ImportedFields& f);

// The MLA ranks and widths, with Megatron's defaults where --multi-latent-attention is given.
void readLatentAttention(const ParsedArgs& args, ArgReader& a, ImportedFields& f);

} // namespace trainplan::model::io::detail
