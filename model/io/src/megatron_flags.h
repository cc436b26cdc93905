#pragma once

// The Megatron-LM flags TrainPlan knows, with what each one maps to (megatron_flags.cpp).

#include "shell_args.h"

#include <vector>

namespace trainplan::model::io::detail {

// Mapped flags are interpreted by importMegatronArgs; Note flags change performance in ways the
// estimate does not model; Silent flags do not matter for planning. Value arity: 0 = switch,
// 1 = one value, 2 = one or more values.
[[nodiscard]] const std::vector<ArgSpec>& megatronFlags();

} // namespace trainplan::model::io::detail
