#pragma once

#include <trainplan/model/catalog.h>
#include <trainplan/model/gpu_price.h>
#include <trainplan/store/connection.h>
#include <trainplan/store/records.h>
#include <trainplan/store/store_error.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace trainplan::store {

inline constexpr const char* kLibrarySchema = "trainplan.library.v1";

struct StoreOptions {
    OpenMode mode = OpenMode::ReadWrite;
    // How long a write waits for another process's write lock before failing
    // (StoreErrorKind::Busy).
    std::chrono::milliseconds busyTimeout{5000};
    // The built-in catalog (data/catalog) to seed and keep in sync; unset: loaded from
    // model::dataDirectory()/catalog.
    std::optional<model::Catalog> builtinCatalog;
    // Upper bound on the file size in pages (PRAGMA max_page_count); tests use it to simulate a
    // full disk.
    std::optional<std::int64_t> maxPageCount;
    // Run PRAGMA quick_check when opening a file, so corruption is reported before anything is
    // written to it.
    bool verifyOnOpen = true;
    // Opening a file read-write purges the scenarios deleted longer ago than this (unset: never),
    // so the trash does not grow for ever. A month leaves any undo or `scenario undelete` time.
    std::optional<std::chrono::seconds> purgeDeletedAfter = std::chrono::days(30);
};

// The user's library: catalog, scenarios with their history, measured runs, saved comparisons and
// calibration profiles, in one SQLite file.
//
// Opening a file checks it before writing anything: a file that is not SQLite, an SQLite file of
// another application, a corrupt file and a file from a newer TrainPlan are refused with a
// StoreError naming the path, and the file is left untouched. An older schema is migrated after a
// copy is written beside it (<file>.bak-v<N>). Every write below is one transaction: it is
// complete or absent, also when the process is killed half-way. Not thread-safe; one Store per
// thread (SQLite connections may not be shared).
class Store {
public:
    static Store open(const std::filesystem::path& file, StoreOptions options = {});
    static Store openInMemory(StoreOptions options = {});

    Store(Store&&) noexcept = default;
    Store& operator=(Store&&) noexcept = default;
    ~Store() = default;

    [[nodiscard]] const std::string& location() const { return m_connection.location(); }
    [[nodiscard]] int schemaVersion() const { return m_schemaVersion; }
    // The copy written before migrating an older file at open; unset when none was needed.
    [[nodiscard]] const std::optional<std::filesystem::path>& backupPath() const {
        return m_backupPath;
    }
    // What the upgrade at open changed that the user should know, one sentence each (e.g. a
    // stored measurement that was not a number, moved to its run's details by schema v4): the
    // catalogue messages, and the same rendered in `lang` (English as the CLI prints them).
    [[nodiscard]] const std::vector<StoreMessage>& upgradeMessages() const {
        return m_upgradeNotes;
    }
    [[nodiscard]] std::vector<std::string> upgradeNotes(model::Lang lang = model::Lang::En) const;
    // How many deleted scenarios opening purged (StoreOptions::purgeDeletedAfter).
    [[nodiscard]] int purgedOnOpen() const { return m_purgedOnOpen; }

    // --- Catalog
    // Built-in entries (in data/catalog order) followed by the user's, as one model::Catalog.
    [[nodiscard]] model::Catalog catalog();
    [[nodiscard]] std::vector<CatalogEntry> catalogEntries(CatalogKind kind);
    // Adds a user entry, or replaces the user entry of the same name (case-insensitive). The body
    // is validated like a data/catalog entry; a built-in name is a Conflict. `source` overrides the
    // body's "source" when not empty. Returns true when an entry was added, false when replaced.
    bool putCatalogEntry(CatalogKind kind, const nlohmann::json& body,
                         const std::string& source = {});
    // Removes a user entry. Built-ins are read-only (Conflict); an entry a stored scenario refers
    // to by name is kept (Conflict, naming the scenarios).
    void removeCatalogEntry(CatalogKind kind, const std::string& name);

    // --- Prices (store_prices.cpp; docs/store.md "Prices")
    // Every row and the exchange rate (the default, dated, until the user sets one).
    [[nodiscard]] model::PriceTable priceTable();
    // Adds the row, or replaces the row of the same GPU, cloud, region and contract
    // (case-insensitive). Invalid (with every issue) for an unknown GPU, a price that is not
    // positive, a date that is not YYYY-MM-DD. Returns true when a row was added.
    bool putPrice(const model::PriceTableEntry& entry);
    // NotFound when no row has that GPU, cloud, region and contract.
    void removePrice(const std::string& gpu, const std::string& cloud = {},
                     const std::string& region = {}, const std::string& contract = {});
    // Invalid unless 0 < cnyPerUsd < 1000 and `date` is YYYY-MM-DD.
    void setExchangeRate(double cnyPerUsd, const std::string& date);

    // --- Scenarios
    // Validates the trainplan.scenario.v1 document with model::parseScenario against catalog();
    // invalid documents are rejected (Invalid, with every validator issue). Creates the scenario or
    // adds a version to it; every save is a new version. The text overload stores the document with
    // the key order it was written in.
    SaveResult saveScenarioText(std::string_view jsonText, const SaveScenarioOptions& options = {});
    SaveResult saveScenario(const nlohmann::json& document,
                            const SaveScenarioOptions& options = {});
    [[nodiscard]] std::vector<ScenarioSummary> scenarios();
    [[nodiscard]] std::optional<ScenarioRecord> findScenario(const std::string& name);
    [[nodiscard]] ScenarioRecord scenario(const std::string& name); // NotFound when absent
    [[nodiscard]] std::vector<ScenarioVersion> history(const std::string& name);
    [[nodiscard]] ScenarioVersion scenarioVersion(const std::string& name, int version);
    // Saves an old version's body (re-validated) as the newest version; the history is kept.
    SaveResult restoreScenario(const std::string& name, int version);
    // Renames a stored scenario in place: the same id, versions (the name inside each version's
    // body is rewritten, nothing else), tags and times; its measured runs and comparisons follow
    // the new name. Renaming back restores it exactly. Invalid when the new name is empty or does
    // not validate as a scenario name, Conflict when another stored scenario has it (a deleted one
    // holding it is purged, as for a save), NotFound when `name` is not stored.
    ScenarioSummary renameScenario(const std::string& name, const std::string& newName);
    // Soft delete: the scenario disappears from scenarios(), findScenario(), history() and every
    // lookup by name, but keeps its id, every version, its tags and the links of its measured runs
    // and comparisons until it is purged, so undeleteScenario() brings it back exactly. Meanwhile
    // runs() reports its runs as unlinked (scenarioId unset), as after a purge. Saving, importing
    // or renaming another scenario under its name purges it. Returns its number of versions.
    int deleteScenario(const std::string& name);
    // Brings a deleted scenario back exactly as it was. NotFound when no deleted scenario has that
    // name (never deleted, already purged, or a scenario of that name was saved since).
    ScenarioSummary undeleteScenario(const std::string& name);
    // The deleted scenarios not yet purged, most recently deleted first (deletedAt set).
    [[nodiscard]] std::vector<ScenarioSummary> deletedScenarios();
    // Deletes for good, with their history and tags, the scenarios deleted at least `olderThan`
    // ago (zero: all of them); their measured runs and comparisons stay, unlinked. Returns how
    // many were purged. Store::open does this with StoreOptions::purgeDeletedAfter.
    int purgeDeletedScenarios(std::chrono::seconds olderThan = std::chrono::seconds(0));

    // --- Measured runs
    // The scenario must be stored. An identical run already stored is a Conflict.
    std::int64_t addRun(const NewMeasuredRun& run);
    // All or nothing: every run is validated first (Invalid lists each problem, "runs[i]....").
    // A run links to the stored scenario of its name when there is one; identical runs already
    // stored are skipped.
    ImportSummary importRuns(const std::vector<NewMeasuredRun>& runs);
    [[nodiscard]] std::vector<MeasuredRun>
    runs(const std::optional<std::string>& scenarioName = std::nullopt);
    void deleteRun(std::int64_t id);

    // --- Saved comparison results
    std::int64_t saveComparison(const std::string& name,
                                const std::optional<std::string>& scenarioName,
                                const nlohmann::json& result);
    [[nodiscard]] std::vector<ComparisonRecord> comparisons();
    [[nodiscard]] ComparisonRecord comparison(std::int64_t id);
    void deleteComparison(std::int64_t id);

    // --- Calibration profiles
    // Creates or replaces the profile of that name. `parameters` must be a JSON object.
    void saveCalibrationProfile(const std::string& name, const nlohmann::json& parameters,
                                const std::string& notes = {});
    [[nodiscard]] std::vector<CalibrationProfile> calibrationProfiles();
    [[nodiscard]] std::optional<CalibrationProfile> findCalibrationProfile(const std::string& name);
    void deleteCalibrationProfile(const std::string& name);

    // --- Whole library
    // One "trainplan.library.v1" document: user catalog entries, scenarios with every version,
    // runs, comparisons and calibration profiles (built-ins are not exported).
    [[nodiscard]] nlohmann::ordered_json exportLibrary();
    // Merges a library document in one transaction; nothing stored is overwritten or lost:
    // identical items are skipped, a scenario that exists gets the imported versions it lacks
    // appended as new versions, a catalog entry or profile whose name is taken by different
    // content is a Conflict (and nothing is imported).
    LibraryImportSummary importLibrary(const nlohmann::ordered_json& library);

    // PRAGMA integrity_check + foreign_key_check on this connection.
    [[nodiscard]] IntegrityReport checkIntegrity();

    // The underlying connection, for tools and tests.
    [[nodiscard]] Connection& connection() { return m_connection; }

private:
    Store(Connection connection, int schemaVersion);
    void syncBuiltinCatalog(const model::Catalog& builtins);
    [[nodiscard]] std::optional<std::int64_t> scenarioId(const std::string& name);
    [[nodiscard]] std::int64_t requireScenarioId(const std::string& name);
    // Inside the caller's write transaction: deletes for good a deleted scenario holding `name`,
    // so the name can be used again.
    void purgeDeletedNamed(const std::string& name);
    // Inside the caller's write transaction: the stored scenario_name of the runs and comparisons
    // linked to `scenarioId` becomes `name`; run fingerprints follow.
    void relinkRunsAndComparisons(std::int64_t scenarioId, const std::string& name);
    SaveResult storeScenario(nlohmann::ordered_json document, const SaveScenarioOptions& options);
    // Inside the caller's transaction: creates the scenario or adds the next version.
    SaveResult appendScenarioVersion(const std::string& name, const std::string& body,
                                     const std::optional<std::vector<std::string>>& tags,
                                     const std::optional<std::string>& savedAt = std::nullopt);
    void setTags(std::int64_t scenarioId, const std::vector<std::string>& tags);
    bool insertRun(const NewMeasuredRun& run, std::optional<std::int64_t> scenarioId,
                   const std::optional<std::string>& createdAt = std::nullopt);
    [[nodiscard]] StoreArg closeScenarioNames(const std::string& name);

    Connection m_connection;
    int m_schemaVersion = 0;
    std::optional<std::filesystem::path> m_backupPath;
    std::vector<StoreMessage> m_upgradeNotes;
    int m_purgedOnOpen = 0;
};

// Runs integrity_check and foreign_key_check on any file without opening it as a Store (no
// migration, no writes), for `trainplan-cli db check`. Throws StoreError when the file is missing
// or not SQLite at all.
[[nodiscard]] IntegrityReport checkDatabaseFile(const std::filesystem::path& file);

} // namespace trainplan::store
