#pragma once

// Megatron-LM's memory-saving and MoE communication flags (split out of megatron_args.cpp):
// --recompute-modules, --recompute-method / --recompute-num-layers, Megatron-FSDP's
// --use-megatron-fsdp / --data-parallel-sharding-strategy, and the MoE dispatcher and overlap.
#include "shell_args.h"

#include <trainplan/model/io/imported_fields.h>

namespace trainplan::model::io::detail {

// --recompute-modules into plan.recompute_modules (with --recompute-granularity selective only).
void readRecomputeModules(const ParsedArgs& args, ImportedFields& f);

// --recompute-method block --recompute-num-layers N into plan.recompute_layers.
void readPartialRecompute(ArgReader& a, ImportedFields& f);

// --use-megatron-fsdp (or --use-custom-fsdp) with --data-parallel-sharding-strategy into
// plan.zero_stage; warns on the outer data-parallel group (HSDP), which is not modelled.
void readMegatronFsdp(ArgReader& a, ImportedFields& f);

// Megatron-Core's MoE communication: --overlap-moe-expert-parallel-comm into
// plan.ep_comm_overlap, --moe-token-dispatcher-type into plan.moe_dispatcher.
void readMoeCommunication(ArgReader& a, ImportedFields& f);

// --attention-dropout and --hidden-dropout, each 0.1 when absent (Megatron-LM arguments.py
// _add_regularization_args).
void readDropout(ArgReader& a, ImportedFields& f);

} // namespace trainplan::model::io::detail
