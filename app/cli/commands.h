#pragma once

#include "cli_context.h"

namespace trainplan::cli {

// One function per command; each parses its own arguments from ctx.args.
int cmdCheck(CliContext& ctx);
int cmdCatalog(CliContext& ctx);
int cmdCompare(CliContext& ctx);
int cmdEstimate(CliContext& ctx);
int cmdExplain(CliContext& ctx);
int cmdSweep(CliContext& ctx);
int cmdExport(CliContext& ctx);
int cmdImport(CliContext& ctx);
int cmdValidate(CliContext& ctx);

} // namespace trainplan::cli
