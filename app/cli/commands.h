#pragma once

#include "cli_context.h"

namespace trainplan::cli {

// One function per command; each parses its own arguments from ctx.args.
int cmdAdvise(CliContext& ctx);
int cmdCalibrate(CliContext& ctx);
int cmdCheck(CliContext& ctx);
int cmdCatalog(CliContext& ctx);
int cmdCompare(CliContext& ctx);
int cmdEstimate(CliContext& ctx);
int cmdExplain(CliContext& ctx);
int cmdExport(CliContext& ctx);
int cmdImport(CliContext& ctx);
int cmdSweep(CliContext& ctx);
int cmdValidate(CliContext& ctx);
int cmdScenario(CliContext& ctx);
int cmdRuns(CliContext& ctx);
int runsImportLog(CliContext& ctx); // runs import-log (cmd_runs_log.cpp)
int runsCheck(CliContext& ctx);     // runs check (cmd_runs_check.cpp)
// compare A B [C D]: scenarios side by side (cmd_compare_scenarios.cpp)
int compareScenarios(CliContext& ctx, const std::vector<std::string>& files);
int cmdDb(CliContext& ctx);
int cmdLibrary(CliContext& ctx);
int cmdPrice(CliContext& ctx); // cmd_price.cpp
int cmdSize(CliContext& ctx);  // cmd_size.cpp
int cmdReport(CliContext& ctx); // only in builds with the report renderer (TRAINPLAN_HAVE_REPORT)

} // namespace trainplan::cli
