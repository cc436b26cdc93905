#pragma once

// Plain values going in and out of the Store. Times are UTC ISO-8601 strings
// ("2025-01-31T12:00:00.000Z") as SQLite writes them; quantities are SI.

#include <trainplan/model/text_template.h>
#include <trainplan/store/store_text.h>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::store {

enum class CatalogKind { Gpu, Link, Model };

inline constexpr CatalogKind kAllCatalogKinds[] = {CatalogKind::Gpu, CatalogKind::Link,
                                                   CatalogKind::Model};

[[nodiscard]] std::string_view toString(CatalogKind kind); // "gpu", "link", "model"
// Accepts the singular and the plural ("gpu", "gpus").
[[nodiscard]] std::optional<CatalogKind> catalogKindFromString(std::string_view text);

struct CatalogEntry {
    CatalogKind kind = CatalogKind::Gpu;
    std::string name;
    bool builtin = false; // seeded from data/catalog: read-only
    std::string source;   // where the numbers come from
    nlohmann::json body;  // the entry as in data/catalog/*.json
    std::string createdAt;
    std::string updatedAt;
};

struct ScenarioSummary {
    std::int64_t id = 0;
    std::string name;
    std::vector<std::string> tags; // sorted
    int currentVersion = 0;        // the version the scenario's body is
    int versionCount = 0;
    std::string createdAt;
    std::string updatedAt;
    std::optional<std::string> deletedAt; // set for a deleted scenario (Store::deletedScenarios)
};

struct ScenarioRecord : ScenarioSummary {
    std::string body; // trainplan.scenario.v1 JSON text
};

struct ScenarioVersion {
    int version = 0;
    std::string savedAt;
    std::string body;
};

struct SaveScenarioOptions {
    std::optional<std::string> name;              // overrides the document's "name"
    std::optional<std::vector<std::string>> tags; // replaces the tags; unset keeps them
};

struct SaveResult {
    std::int64_t scenarioId = 0;
    std::string name;
    int version = 0;
    bool created = false; // a new scenario (not a new version of an existing one)
};

// A measured training run for calibration. At least one measurement must be present.
struct NewMeasuredRun {
    std::string scenarioName; // a stored scenario, or for imports the published model name
    std::optional<nlohmann::json> plan; // object: the layout the run used
    std::optional<double> stepSeconds;
    std::optional<double> tokensPerSecondPerGpu;
    std::optional<double> peakMemoryBytes;
    std::optional<double>
        flopsPerSecondPerGpu;  // achieved, as the source counts FLOPs (may include recompute)
    std::optional<double> mfu; // fraction 0-1
    std::optional<std::string> measuredOn; // YYYY-MM-DD
    std::string notes;
    std::string source;                                // who measured / where it was published
    nlohmann::json details = nlohmann::json::object(); // e.g. the imported CSV row, verbatim
};

struct MeasuredRun : NewMeasuredRun {
    std::int64_t id = 0;
    std::optional<std::int64_t> scenarioId; // set when the run belongs to a stored scenario
    std::string createdAt;
};

struct ImportSummary {
    std::size_t added = 0;
    std::size_t skipped = 0; // already stored (identical content)
};

struct ComparisonRecord {
    std::int64_t id = 0;
    std::string name;
    std::optional<std::string> scenarioName;
    nlohmann::json result; // whatever the comparison view saved
    std::string createdAt;
};

struct CalibrationProfile {
    std::int64_t id = 0;
    std::string name;
    nlohmann::json parameters = nlohmann::json::object(); // fitted efficiency parameters
    std::string notes;
    std::string createdAt;
    std::string updatedAt;
};

struct IntegrityReport {
    bool ok = false;
    // integrity_check and foreign_key_check findings, and why the file is not one this build may
    // use: catalogue messages (SQLite's own lines verbatim in English, framed in Chinese).
    std::vector<StoreMessage> problems;
    int schemaVersion = 0;             // PRAGMA user_version
    std::int64_t applicationId = 0;    // PRAGMA application_id
    bool trainplanDatabase = false;    // application_id is TrainPlan's
    std::string journalMode;
    std::int64_t pageCount = 0;
    std::int64_t pageSize = 0;

    // `problems` rendered in `lang` (English: as `db check` prints them).
    [[nodiscard]] std::vector<std::string> problemTexts(model::Lang lang = model::Lang::En) const;
};

struct LibraryImportSummary {
    ImportSummary catalog;
    ImportSummary scenarios; // whole scenarios created / already present
    ImportSummary versions;  // versions appended / already present
    ImportSummary runs;
    ImportSummary comparisons;
    ImportSummary calibrationProfiles;
};

} // namespace trainplan::store
