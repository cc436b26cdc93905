// Migration from the checked-in old databases (tests/fixtures/store/trainplan-v1.db,
// trainplan-v2.db and trainplan-v3.db, written by store_fixture_test.cpp) to the current schema: backup first, data
// intact, tags split out, soft delete and rename working on the migrated rows.

#include "store_test_support.h"

#include <trainplan/store/schema.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace trainplan::test {
namespace {

using store::Connection;
using store::OpenMode;

const fs::path& fixture() {
    static const fs::path f = fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store" / "trainplan-v1.db";
    return f;
}

// A copy of the fixture in a temp directory, so the checked-in file is never modified.
fs::path copyFixture(const TempDir& dir) {
    const fs::path copy = dir / "trainplan.db";
    fs::copy_file(fixture(), copy);
    return copy;
}

std::set<std::string> columns(Connection& c, const std::string& table) {
    std::set<std::string> out;
    auto q = c.prepare("SELECT name FROM pragma_table_info(?1)");
    q.bind(1, table);
    while (q.step())
        out.insert(q.text(0));
    return out;
}

std::map<std::string, std::set<std::string>> schemaOf(Connection& c) {
    std::map<std::string, std::set<std::string>> out;
    auto q = c.prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') AND name "
                       "NOT LIKE 'sqlite_%'");
    std::vector<std::string> names;
    while (q.step())
        names.push_back(q.text(0));
    for (const auto& n : names)
        out[n] = columns(c, n);
    return out;
}

TEST(storeMigration, FixtureIsAVersion1Database) {
    ASSERT_TRUE(fs::exists(fixture())) << fixture();
    Connection c =
        Connection::open(fixture().string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), 1);
    EXPECT_EQ(c.queryInt("PRAGMA application_id"), store::kApplicationId);
    EXPECT_TRUE(columns(c, "scenarios").count("tags"));
    EXPECT_FALSE(columns(c, "measured_runs").count("fingerprint"));
    EXPECT_EQ(c.queryInt("SELECT count(*) FROM scenario_versions"), 3);
}

TEST(storeMigration, Version1IsMigratedAfterABackupIsWrittenBesideIt) {
    TempDir dir;
    const fs::path db = copyFixture(dir);
    const std::string original = readFile(db);

    store::Store s = openTestStore(db);
    EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
    ASSERT_TRUE(s.backupPath().has_value());
    EXPECT_EQ(*s.backupPath(), fs::path(db.string() + ".bak-v1"));

    // The backup is the v1 database with all its rows.
    Connection backup = Connection::open(s.backupPath()->string(), OpenMode::ReadOnly,
                                         std::chrono::milliseconds(100));
    EXPECT_EQ(backup.queryInt("PRAGMA user_version"), 1);
    EXPECT_EQ(backup.queryInt("PRAGMA application_id"), store::kApplicationId);
    EXPECT_EQ(backup.queryInt("SELECT count(*) FROM scenario_versions"), 3);
    EXPECT_EQ(backup.queryInt("SELECT count(*) FROM measured_runs"), 3);
    EXPECT_EQ(backup.queryText("PRAGMA integrity_check"), "ok");

    // Scenarios and their history survived; the comma text became tags.
    const auto scenarios = s.scenarios();
    ASSERT_EQ(scenarios.size(), 2u);
    const auto llama = s.scenario("llama2-7b-pcie");
    EXPECT_EQ(llama.tags, (std::vector<std::string>{"baseline", "pcie", "small"}));
    EXPECT_EQ(llama.versionCount, 2);
    EXPECT_EQ(nlohmann::json::parse(llama.body)["description"], "bigger batch");
    EXPECT_EQ(nlohmann::json::parse(s.scenarioVersion("llama2-7b-pcie", 1).body)["description"],
              "first try");
    EXPECT_TRUE(s.scenario("lab-a100").tags.empty());

    // The user GPU is still the user's and still used.
    const auto gpus = s.catalogEntries(store::CatalogKind::Gpu);
    const auto lab = std::find_if(gpus.begin(), gpus.end(),
                                  [](const auto& e) { return e.name == "Lab-A100-SXM4-80GB"; });
    ASSERT_NE(lab, gpus.end());
    EXPECT_FALSE(lab->builtin);
    EXPECT_NE(s.catalog().findGpu("Lab-A100-SXM4-80GB"), nullptr);

    // Runs: all kept, with the v2 columns.
    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(runs[0].stepSeconds, 9.5);
    EXPECT_EQ(runs[0].tokensPerSecondPerGpu, 1720);
    EXPECT_EQ(runs[0].measuredOn, "2025-01-11");
    EXPECT_EQ(runs[0].source, "");
    EXPECT_TRUE(runs[0].details.is_object());
    EXPECT_FALSE(runs[2].scenarioId.has_value());
    EXPECT_EQ(s.connection().queryInt("SELECT count(fingerprint) FROM measured_runs"), 2)
        << "the two identical v1 runs share content, so only one of them gets the fingerprint";
    ASSERT_EQ(s.comparisons().size(), 1u);
    EXPECT_EQ(s.comparisons()[0].result["best"], "fsdp");

    const auto report = s.checkIntegrity();
    EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problemTexts().front());
    EXPECT_NE(readFile(db), original); // migrated in place
}

TEST(storeMigration, MigratedSchemaEqualsAFreshOne) {
    TempDir dir;
    const fs::path db = copyFixture(dir);
    { store::Store s = openTestStore(db); }
    store::Store fresh = openTestStore(dir / "fresh.db");
    Connection migrated =
        Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
    EXPECT_EQ(schemaOf(migrated), schemaOf(fresh.connection()));
}

TEST(storeMigration, ReopeningAMigratedDatabaseWritesNoSecondBackup) {
    TempDir dir;
    const fs::path db = copyFixture(dir);
    { store::Store s = openTestStore(db); }
    store::Store again = openTestStore(db);
    EXPECT_FALSE(again.backupPath().has_value());
    EXPECT_FALSE(fs::exists(db.string() + ".bak-v1-2"));
}

TEST(storeMigration, AnExistingBackupIsNeverOverwritten) {
    TempDir dir;
    const fs::path db = copyFixture(dir);
    writeFile(db.string() + ".bak-v1", "an older backup the user kept");
    store::Store s = openTestStore(db);
    ASSERT_TRUE(s.backupPath().has_value());
    EXPECT_EQ(*s.backupPath(), fs::path(db.string() + ".bak-v1-2"));
    EXPECT_EQ(readFile(db.string() + ".bak-v1"), "an older backup the user kept");
}

TEST(storeMigration, ReadOnlyOpenOfAnOlderDatabaseIsRefusedWithoutWriting) {
    TempDir dir;
    const fs::path db = copyFixture(dir);
    const std::string before = readFile(db);
    auto options = testOptions();
    options.mode = OpenMode::ReadOnly;
    const auto e = storeErrorOf([&] { (void)store::Store::open(db, options); });
    EXPECT_EQ(e.kind(), store::StoreErrorKind::OlderSchema);
    EXPECT_NE(std::string(e.what()).find(db.string()), std::string::npos);
    EXPECT_EQ(readFile(db), before);
    EXPECT_FALSE(fs::exists(db.string() + ".bak-v1"));
}

TEST(storeMigration, StepsAreAppliedOneAtATimeAndNeverDown) {
    Connection c = Connection::open(store::kMemoryLocation, OpenMode::ReadWrite,
                                    std::chrono::milliseconds(100));
    EXPECT_EQ(store::migrateSchema(c, 1), 0);
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), 1);
    EXPECT_EQ(store::migrateSchema(c, store::kSchemaVersion), 1);
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), store::kSchemaVersion);
    EXPECT_EQ(store::migrateSchema(c, 1), store::kSchemaVersion); // asking for less does nothing
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), store::kSchemaVersion);
}

std::vector<fs::path> everyFixture() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fixture().parent_path()))
        if (e.path().extension() == ".db") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

int linkedRuns(store::Store& s, std::int64_t scenarioId) {
    int n = 0;
    for (const auto& r : s.runs())
        n += r.scenarioId == scenarioId ? 1 : 0;
    return n;
}

TEST(storeMigration, EveryCheckedInOldDatabaseMigratesAndKeepsItsScenariosUndeletable) {
    const auto files = everyFixture();
    ASSERT_GE(files.size(), 3u) << "trainplan-v1.db, trainplan-v2.db and trainplan-v3.db";
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.filename().string());
        TempDir dir;
        const fs::path db = dir / "trainplan.db";
        fs::copy_file(file, db);
        int version = 0;
        {
            Connection old =
                Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
            version = static_cast<int>(*old.queryInt("PRAGMA user_version"));
        }
        ASSERT_GE(version, 1);
        ASSERT_LT(version, store::kSchemaVersion);

        store::Store s = openTestStore(db);
        EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
        ASSERT_TRUE(s.backupPath().has_value());
        EXPECT_EQ(*s.backupPath(), fs::path(db.string() + ".bak-v" + std::to_string(version)));
        const auto report = s.checkIntegrity();
        EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problemTexts().front());
        // (trainplan-v3.db's deleted scenario was deleted in 2025, longer ago than the 30 days
        // after which an open purges it; store_strict_schema_test.cpp opens it without purging.)
        EXPECT_EQ(
            s.connection().queryInt("SELECT count(*) FROM scenarios WHERE deleted_at IS NOT NULL"),
            0);
        store::Store fresh = openTestStore(dir / "fresh.db");
        EXPECT_EQ(schemaOf(s.connection()), schemaOf(fresh.connection()));

        // Delete and undelete a migrated scenario: same id, history and run links.
        const auto llama = s.scenario("llama2-7b-pcie");
        const auto history = s.history("llama2-7b-pcie");
        const int links = linkedRuns(s, llama.id);
        EXPECT_EQ(links, version == 1 ? 2 : 3);
        s.deleteScenario("llama2-7b-pcie");
        EXPECT_EQ(linkedRuns(s, llama.id), 0);
        EXPECT_EQ(s.undeleteScenario("llama2-7b-pcie").id, llama.id);
        EXPECT_EQ(linkedRuns(s, llama.id), links);
        const auto again = s.history("llama2-7b-pcie");
        ASSERT_EQ(again.size(), history.size());
        for (std::size_t i = 0; i < again.size(); ++i)
            EXPECT_EQ(again[i].body, history[i].body);
        // And a rename keeps them too.
        EXPECT_EQ(s.renameScenario("llama2-7b-pcie", "llama renamed").id, llama.id);
        EXPECT_EQ(static_cast<int>(s.runs("llama renamed").size()), links);
        EXPECT_EQ(s.history("llama renamed").size(), history.size());
        EXPECT_TRUE(s.checkIntegrity().ok);
    }
}

TEST(storeMigration, Version2KeepsItsTagsRunsAndProfiles) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    fs::copy_file(fixture().parent_path() / "trainplan-v2.db", db);
    store::Store s = openTestStore(db);
    ASSERT_TRUE(s.backupPath().has_value());
    EXPECT_EQ(*s.backupPath(), fs::path(db.string() + ".bak-v2"));
    const auto llama = s.scenario("llama2-7b-pcie");
    EXPECT_EQ(llama.tags, (std::vector<std::string>{"baseline", "pcie", "small", "v2"}));
    EXPECT_EQ(llama.versionCount, 3);
    EXPECT_EQ(nlohmann::json::parse(llama.body)["description"], "v2 era");
    EXPECT_EQ(llama.updatedAt, "2025-02-03T10:00:00.000Z");

    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), 4u);
    const auto& v2run = runs.back();
    EXPECT_EQ(v2run.scenarioId, llama.id);
    EXPECT_EQ(v2run.mfu, 0.385);
    EXPECT_EQ(v2run.flopsPerSecondPerGpu, 1.2e14);
    EXPECT_EQ(v2run.source, "our cluster");
    EXPECT_EQ(v2run.details["job"], "4711");
    store::NewMeasuredRun same = v2run;
    EXPECT_EQ(storeErrorOf([&] { (void)s.addRun(same); }).kind(), store::StoreErrorKind::Conflict)
        << "the v2 fingerprint still recognises the same measurement";

    const auto profile = s.findCalibrationProfile("lab-a100");
    ASSERT_TRUE(profile.has_value());
    EXPECT_EQ(profile->parameters["gemm_efficiency"], 0.62);
    EXPECT_EQ(profile->notes, "fitted on 3 runs");
}

// Issue 22 item 14: a migration that keeps failing wrote another full-size .bak copy on every
// command, reads included. One backup per schema version and content.
TEST(storeMigration, AMigrationThatKeepsFailingKeepsOneBackup) {
    TempDir dir;
    const fs::path db = dir / "trainplan.db";
    fs::copy_file(fixture().parent_path() / "trainplan-v2.db", db);
    {
        // The v3 step adds scenarios.deleted_at; a column of that name already there makes it
        // fail every time, with nothing else wrong.
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("ALTER TABLE scenarios ADD COLUMN deleted_at TEXT");
    }
    for (int attempt = 0; attempt < 3; ++attempt)
        EXPECT_THROW((void)openTestStore(db), store::StoreError) << "attempt " << attempt;
    int backups = 0;
    for (const auto& e : fs::directory_iterator(dir.path()))
        if (e.path().filename().string().find(".bak-v") != std::string::npos) ++backups;
    EXPECT_EQ(backups, 1);
    EXPECT_TRUE(fs::exists(db.string() + ".bak-v2"));
    EXPECT_FALSE(fs::exists(db.string() + ".bak-v2-2"));
}

} // namespace
} // namespace trainplan::test
