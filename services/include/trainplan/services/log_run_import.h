#pragma once

// A measured run from a job's training logs, tied to a stored scenario and the plan it ran
// (`trainplan-cli runs import-log`, the Measurements tab's log drop): the logs are parsed and
// summarised (model::io::summarizeLogs), the measurements completed from the scenario where the log
// prints only some (tokens/s from the step time, or back), checked against it (the global batch),
// and stored with their provenance — all or nothing.

#include <trainplan/model/io/training_log.h>
#include <trainplan/store/store.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace trainplan::services {

struct LogInput {
    std::string name;  // as the user gave it (messages, provenance)
    std::string bytes; // the file's content
};

struct LogRunRequest {
    std::vector<LogInput> logs;
    std::optional<LogInput> mapping;    // trainplan.log_mapping.v1 for CSV / JSON metrics exports
    std::string scenarioName;           // a stored scenario
    std::optional<nlohmann::json> plan; // the layout measured; unset: planIndex, else the only plan
    std::optional<int> planIndex;       // 1-based index into the scenario's plans
    model::io::LogSummaryOptions summary;
    std::optional<std::string> measuredOn; // YYYY-MM-DD
    std::string notes;
    std::string source; // empty: "training log FILE…"
};

// Today's date in UTC, YYYY-MM-DD: the date a measured run is recorded under when none is given
// (`runs add`, `runs log`, the Measurements tab's log drop).
[[nodiscard]] std::string todayUtc();

struct LogRunImport {
    model::io::LogSummary summary;
    model::io::ImportIssues issues; // the summary's findings, then the scenario's (plan, batch)
    std::optional<store::NewMeasuredRun> run; // what is (or would be) stored
    std::vector<std::string> derived;         // measurements computed from others, with the rule
    std::optional<std::int64_t> storedId;

    [[nodiscard]] bool ok() const { return run.has_value() && !model::io::hasErrors(issues); }
};

// Parses, summarises and checks; writes nothing. Store errors other than "no such scenario" throw.
[[nodiscard]] LogRunImport prepareLogRun(store::Store& store, const LogRunRequest& request);

// prepareLogRun, then stores the run when it is ok (one transaction: nothing half-written). An
// identical run already stored (the same files, hashes and figures) is an error issue.
[[nodiscard]] LogRunImport importLogRun(store::Store& store, const LogRunRequest& request);

// Reads a file for a LogInput: missing, a directory, unreadable or over 1 GiB → an error naming it.
[[nodiscard]] std::optional<LogInput> readLogInput(const std::filesystem::path& file,
                                                   model::io::ImportIssues& issues);

} // namespace trainplan::services
