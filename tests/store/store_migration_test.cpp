// Migration from the checked-in v1 database (tests/fixtures/store/trainplan-v1.db, written by
// store_fixture_test.cpp) to the current schema: backup first, data intact, tags split out.

#include "store_test_support.h"

#include <trainplan/store/schema.h>

#include <gtest/gtest.h>

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
    EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problems.front());
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

} // namespace
} // namespace trainplan::test
