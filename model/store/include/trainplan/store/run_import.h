#pragma once

#include <trainplan/model/published_run.h>
#include <trainplan/store/records.h>

#include <vector>

namespace trainplan::store {

// A row of published_runs.csv as a measured run: scenario = the model name; plan = the layout
// columns in scenario-plan keys (framework and recompute only when recognisable: "Megatron-LM
// (PTD-P)" -> "megatron", "torchtitan (FSDP2/...)" -> "fsdp"); measurements converted to SI
// (measured_peak_mem_gb is read as GiB, the unit the reference rows were published in; MFU percent
// -> fraction); source = the row's source; details = every non-empty cell, verbatim.
[[nodiscard]] NewMeasuredRun measuredRunFromPublished(const model::PublishedRun& row);
[[nodiscard]] std::vector<NewMeasuredRun>
measuredRunsFromPublished(const std::vector<model::PublishedRun>& rows);

} // namespace trainplan::store
