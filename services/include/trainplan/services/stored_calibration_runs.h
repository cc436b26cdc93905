#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/store/store.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::services {

// Measured runs of the library, made ready to fit (sim::calibrate): each run's stored scenario
// with the plan it measured and its measurements in the calibration's units. Used by
// `trainplan-cli calibrate --from-store` and the GUI Calibration view, so both fit the same runs.
struct StoredCalibrationRuns {
    std::vector<sim::CalibrationRun> runs;
    std::vector<std::int64_t> runIds; // the store id of each of `runs`, same order
    // Runs that cannot be fitted, each "run ID (scenario): why" (no plan, no usable measurement,
    // not linked to a scenario, the stored scenario no longer valid, ...).
    std::vector<std::string> skipped;
    // Input the user must fix before fitting (a selected calibration profile that is missing or
    // holds an out-of-range value), each "run ID (scenario): field: why".
    std::vector<std::string> problems;
};

struct StoredRunFilter {
    std::optional<std::string> scenarioName; // only the runs of this stored scenario
    std::optional<std::string> source;       // only runs whose source contains this (any case)
};

// Reads the runs (SQLite: call on the thread that owns `store`). A run linked to a stored
// scenario is fitted on that scenario with the run's plan (or the scenario's only plan), with the
// scenario's calibration profile applied; an unlinked run imported from published_runs.csv
// (`runs import`) is rebuilt as `validate` rebuilds that row. FLOP/s alone is not used: the FLOP
// convention of a user's own run is not known.
[[nodiscard]] StoredCalibrationRuns loadStoredCalibrationRuns(store::Store& store,
                                                              const StoredRunFilter& filter = {});

// --- Building blocks shared with other run sources (a CSV of the user's runs of one scenario)

// The scenario document with `plan` as its only plan, parsed and validated; on failure nullopt and
// the problems in `why` ("plan.tp: ...; ...").
[[nodiscard]] std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document,
                                                              const nlohmann::json& plan,
                                                              const model::Catalog& catalog,
                                                              std::string& why);

// A run of `scenario`'s only plan, labelled, with no measurements yet.
[[nodiscard]] sim::CalibrationRun calibrationRunOf(const model::Scenario& scenario,
                                                   std::string label);

// True when `haystack` contains `needle`, ignoring ASCII case.
[[nodiscard]] bool containsIgnoringCase(const std::string& haystack, const std::string& needle);

} // namespace trainplan::services
