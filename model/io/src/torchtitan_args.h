#pragma once

// torchtitan's command-line flags (torchtitan/config/job_config.py) as imported fields: the part of
// the launcher importer that reads `--parallelism.*`, `--training.*`, `--activation_checkpoint.*`
// and the model flags after a torchtitan entry point (torchtitan_args.cpp).

#include <trainplan/model/io/imported_fields.h>

#include "shell_args.h"

namespace trainplan::model::io::detail {

void readTorchtitan(const ParsedArgs& args, ImportedFields& f);

} // namespace trainplan::model::io::detail
