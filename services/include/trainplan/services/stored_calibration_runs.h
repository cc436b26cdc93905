#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/scenario.h>
#include <trainplan/model/text_template.h>
#include <trainplan/model/validation_issue.h>
#include <trainplan/simulator/calibrate.h>
#include <trainplan/simulator/reference_note.h>
#include <trainplan/store/store.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace trainplan::services {

// A problem of one stored run, structured so each language words it: text(Lang::En) is the line
// of StoredCalibrationRuns::problems or ::skipped, "run ID (scenario): field: why[; ...]".
struct StoredRunNote {
    std::int64_t runId = 0;
    std::string scenarioName;
    model::ValidationIssues issues; // one for a profile problem; a skip may have several
    std::optional<sim::RefSkip> rowSkip; // an unlinked published row that cannot be rebuilt

    StoredRunNote() = default;
    StoredRunNote(std::int64_t id, std::string scenario, model::ValidationIssues why,
                  std::optional<sim::RefSkip> row = std::nullopt)
        : runId(id)
        , scenarioName(std::move(scenario))
        , issues(std::move(why))
        , rowSkip(std::move(row)) {}

    [[nodiscard]] std::string text(model::Lang lang) const;
};

// Measured runs of the library, made ready to fit (sim::calibrate): each run's stored scenario
// with the plan it measured and its measurements in the calibration's units. Used by
// `trainplan-cli calibrate --from-store` and the GUI Calibration view, so both fit the same runs.
struct StoredCalibrationRuns {
    std::vector<sim::CalibrationRun> runs;
    std::vector<std::int64_t> runIds; // the store id of each of `runs`, same order
    // Runs that cannot be fitted, each "run ID (scenario): why" (no plan, no usable measurement,
    // not linked to a scenario, the stored scenario no longer valid, ...).
    std::vector<std::string> skipped;
    std::vector<std::int64_t> skippedIds;    // the store id of each of `skipped`, same order
    std::vector<StoredRunNote> skippedNotes; // the same as `skipped`, to render in any language
    // Input the user must fix before fitting (a selected calibration profile that is missing or
    // holds an out-of-range value), each "run ID (scenario): field: why".
    std::vector<std::string> problems;
    std::vector<StoredRunNote> problemNotes; // the same as `problems`, to render in any language
};

struct StoredRunFilter {
    std::optional<std::string> scenarioName; // only the runs of this stored scenario
    std::optional<std::string> source;       // only runs whose source contains this (any case)
    std::optional<std::string> cluster;      // only runs on this cluster (clusterKey)
};

// The cluster a scenario runs on, as runs are grouped and fitted by ("fit this cluster"): the GPU,
// GPUs per node, the intra- and inter-node links and the NICs per node, e.g. "H100-SXM5-80GB ·
// 8/node · NVLink4 · InfiniBand NDR400 ×8". Not the node count: one cluster runs jobs of many
// sizes, and its efficiency (what a calibration fits) is a property of the hardware and the fabric.
[[nodiscard]] std::string clusterKey(const model::Scenario& scenario);

// Reads the runs (SQLite: call on the thread that owns `store`). A run linked to a stored
// scenario is fitted on that scenario with the run's plan (or the scenario's only plan), with the
// scenario's calibration profile applied; an unlinked run imported from published_runs.csv
// (`runs import`) is rebuilt as `validate` rebuilds that row. FLOP/s alone is not used: the FLOP
// convention of a user's own run is not known.
[[nodiscard]] StoredCalibrationRuns loadStoredCalibrationRuns(store::Store& store,
                                                              const StoredRunFilter& filter = {});

// The same in two halves, for a GUI that must not block: the library's records behind the runs,
// read on the thread that owns `store` (cheap: rows, scenario bodies, profiles), then the runs
// made from them anywhere (pure; an unlinked published row's plan is searched, as `validate`
// does, which takes time).
struct StoredRunRecords {
    std::vector<store::MeasuredRun> runs;              // as the filter's scenario and source select
    std::map<std::string, std::string> scenarioBodies; // the linked scenarios' current bodies
    std::vector<store::CalibrationProfile> profiles;
    std::string location; // the library's, for messages
    model::Catalog catalog;
};
[[nodiscard]] StoredRunRecords readStoredRunRecords(store::Store& store,
                                                    const StoredRunFilter& filter = {});
[[nodiscard]] StoredCalibrationRuns calibrationRunsOf(const StoredRunRecords& records,
                                                      const StoredRunFilter& filter = {});
// The clusters the records' usable runs ran on (clusterKey) with their run counts, first seen
// first. Cheap: no plan is searched.
[[nodiscard]] std::vector<std::pair<std::string, int>>
storedRunClusters(const StoredRunRecords& records);

// --- Building blocks shared with other run sources (a CSV of the user's runs of one scenario)

// The scenario document with `plan` as its only plan, parsed and validated; on failure nullopt and
// the problems in `why` ("plan.tp: ...; ...").
[[nodiscard]] std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document,
                                                              const nlohmann::json& plan,
                                                              const model::Catalog& catalog,
                                                              std::string& why);
// The same with the problems as issues (paths "plan.tp", ...), for any language.
[[nodiscard]] std::optional<model::Scenario> scenarioWithPlan(nlohmann::json document,
                                                              const nlohmann::json& plan,
                                                              const model::Catalog& catalog,
                                                              model::ValidationIssues& problems);

// A run of `scenario`'s only plan, labelled, with no measurements yet.
[[nodiscard]] sim::CalibrationRun calibrationRunOf(const model::Scenario& scenario,
                                                   std::string label);

// True when `haystack` contains `needle`, ignoring ASCII case.
[[nodiscard]] bool containsIgnoringCase(const std::string& haystack, const std::string& needle);

} // namespace trainplan::services
