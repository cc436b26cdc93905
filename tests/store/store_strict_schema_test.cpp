// Issue 22 item 10: the text 'NaN' passed `CHECK (step_time_s > 0)` (SQLite orders text after
// every number), so a tool writing the file directly could store a step time TrainPlan then read
// as 0 s. Schema v4 makes every table STRICT and the measurements finite. Upgrading a v3 library
// (tests/fixtures/store/trainplan-v3.db) keeps every row.

#include "store_test_support.h"

#include <trainplan/store/schema.h>

#include <gtest/gtest.h>

#include <map>

namespace trainplan::test {
namespace {

using store::Connection;
using store::OpenMode;
using store::Statement;

fs::path v3Fixture() {
    return fs::path(TRAINPLAN_TEST_FIXTURES_DIR) / "store" / "trainplan-v3.db";
}

// A v3 library in a temp directory, with `sql` applied under the v3 schema's rules.
fs::path v3Library(const TempDir& dir, const std::string& sql = {}) {
    const fs::path db = dir / "trainplan.db";
    fs::copy_file(v3Fixture(), db);
    if (!sql.empty()) {
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        c.exec("PRAGMA foreign_keys = ON");
        c.exec(sql);
    }
    return db;
}

// Opens without the purge of scenarios deleted over 30 days ago: the fixture's deleted scenario
// was deleted in 2025.
store::Store openKeepingDeleted(const fs::path& db) {
    auto options = testOptions();
    options.purgeDeletedAfter.reset();
    return store::Store::open(db, options);
}

const std::vector<std::string>& everyTable() {
    static const std::vector<std::string> tables = {
        "catalog_gpus",         "catalog_links", "catalog_models", "scenarios",
        "scenario_versions",    "scenario_tags", "measured_runs",  "comparisons",
        "calibration_profiles", "meta"};
    return tables;
}

std::map<std::string, std::int64_t> rowCounts(Connection& c) {
    std::map<std::string, std::int64_t> out;
    for (const auto& t : everyTable())
        out[t] = c.queryInt("SELECT count(*) FROM " + t).value_or(-1);
    return out;
}

// The error a raw statement gets from the stored schema (empty when it was accepted).
std::string refusal(Connection& c, const std::string& sql) {
    try {
        c.exec(sql);
    } catch (const store::StoreError& e) {
        return e.what();
    }
    return {};
}

constexpr const char* kRun = "INSERT INTO measured_runs (scenario_name, step_time_s) VALUES ('x', ";

TEST(storeStrictSchema, TheTextNaNIsRefusedAsAStepTime) {
    // The bug, as v3 had it: the fixture's schema accepts the text.
    {
        TempDir dir;
        const fs::path db = v3Library(dir);
        Connection c =
            Connection::open(db.string(), OpenMode::ReadWrite, std::chrono::milliseconds(100));
        EXPECT_EQ(refusal(c, std::string(kRun) + "'NaN')"), "") << "v3 accepted 'NaN' as text";
    }
    store::Store s = memoryStore();
    Connection& c = s.connection();
    const std::string nan = refusal(c, std::string(kRun) + "'NaN')");
    EXPECT_NE(nan.find("cannot store TEXT value in REAL column measured_runs.step_time_s"),
              std::string::npos)
        << nan;
    // Infinity is a number of the right type but not a measurement.
    EXPECT_NE(refusal(c, std::string(kRun) + "9e999)"), "");
    EXPECT_NE(refusal(c, std::string(kRun) + "'9.5 s')"), "");
    // What the column takes: numbers, and text SQLite converts to a number without loss.
    EXPECT_EQ(refusal(c, std::string(kRun) + "9.5)"), "");
    EXPECT_EQ(refusal(c, std::string(kRun) + "'4.25')"), "");
    EXPECT_EQ(c.queryInt("SELECT count(*) FROM measured_runs WHERE typeof(step_time_s) = 'real'"),
              2);
    EXPECT_EQ(c.queryInt("SELECT count(*) FROM measured_runs"), 2);
}

TEST(storeStrictSchema, EveryColumnOfEveryTableHoldsOnlyItsType) {
    store::Store s = memoryStore();
    Connection& c = s.connection();
    for (const auto& t : everyTable()) {
        SCOPED_TRACE(t);
        Statement q = c.prepare("SELECT strict FROM pragma_table_list WHERE name = ?1");
        q.bind(1, t);
        ASSERT_TRUE(q.step());
        EXPECT_EQ(q.int64(0), 1) << t << " is not STRICT";
    }
    for (const char* column :
         {"tokens_per_s_per_gpu", "peak_memory_bytes", "flops_per_s_per_gpu", "mfu"})
        EXPECT_NE(refusal(c, std::string("INSERT INTO measured_runs (scenario_name, ") + column +
                                 ") VALUES ('x', 'NaN')"),
                  "")
            << column;
    c.exec("INSERT INTO scenarios (name, body) VALUES ('s', '{}')");
    // Text passed `CHECK (version >= 1)` too, and a fraction was stored as a version.
    EXPECT_NE(refusal(c, "INSERT INTO scenario_versions (scenario_id, version, body) VALUES (1, "
                         "'abc', '{}')"),
              "");
    EXPECT_NE(refusal(c, "INSERT INTO scenario_versions (scenario_id, version, body) VALUES (1, "
                         "1.5, '{}')"),
              "");
    EXPECT_NE(refusal(c, "INSERT INTO scenarios (name, body) VALUES (x'41', '{}')"), "");
    EXPECT_NE(refusal(c, "INSERT INTO meta (key, value) VALUES ('k', x'00')"), "");
}

TEST(storeStrictSchema, UpgradingAVersion3LibraryKeepsEveryRow) {
    TempDir dir;
    const fs::path db = v3Library(dir);
    std::map<std::string, std::int64_t> before;
    {
        Connection old =
            Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
        ASSERT_EQ(old.queryInt("PRAGMA user_version"), 3);
        before = rowCounts(old);
    }
    EXPECT_EQ(before.at("measured_runs"), 5);
    EXPECT_EQ(before.at("scenario_versions"), 5);

    store::Store s = openKeepingDeleted(db);
    EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
    ASSERT_TRUE(s.backupPath().has_value());
    EXPECT_EQ(*s.backupPath(), fs::path(db.string() + ".bak-v3"));
    EXPECT_TRUE(s.upgradeNotes().empty()) << s.upgradeNotes().front();
    // Opening adds one row: meta's builtin_catalog fingerprint (the fixtures were written without
    // a catalog sync), and the catalog sync adds the built-in models newer than the fixture. Every
    // other table keeps exactly its rows.
    auto after = rowCounts(s.connection());
    EXPECT_EQ(after.at("meta"), before.at("meta") + 1);
    EXPECT_EQ(after.at("catalog_models"),
              static_cast<std::int64_t>(builtinCatalog().models.size()));
    EXPECT_LE(before.at("catalog_models"), after.at("catalog_models"));
    for (const char* synced : {"meta", "catalog_models"}) {
        after.erase(synced);
        before.erase(synced);
    }
    EXPECT_EQ(after, before);
    const auto report = s.checkIntegrity();
    EXPECT_TRUE(report.ok) << (report.problems.empty() ? "" : report.problemTexts().front());
    EXPECT_EQ(s.connection().queryInt("PRAGMA foreign_keys"), 1) << "turned back on after v4";

    // The rebuilt tables keep the links between them: the v3-era deleted scenario comes back with
    // its version, tag and run.
    const auto runs = s.runs("retired-h100");
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_FALSE(runs[0].scenarioId.has_value());
    EXPECT_EQ(runs[0].stepSeconds, 4.5);
    EXPECT_EQ(runs[0].tokensPerSecondPerGpu, 2900);
    EXPECT_EQ(runs[0].peakMemoryBytes, 7.1e10);
    const auto back = s.undeleteScenario("retired-h100");
    EXPECT_EQ(back.tags, std::vector<std::string>{"old"});
    EXPECT_EQ(back.versionCount, 1);
    EXPECT_EQ(s.runs("retired-h100").at(0).scenarioId, back.id);
    // Cascades work on the rebuilt tables.
    s.deleteScenario("retired-h100");
    EXPECT_EQ(s.purgeDeletedScenarios(std::chrono::hours(0)), 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_versions"),
              before.at("scenario_versions") - 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_tags"),
              before.at("scenario_tags") - 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM measured_runs"),
              before.at("measured_runs"));
}

TEST(storeStrictSchema, AStoredNaNStepTimeIsKeptInTheRunsDetailsWhenUpgrading) {
    TempDir dir;
    const fs::path db = v3Library(
        dir, "UPDATE measured_runs SET step_time_s = 'NaN' WHERE scenario_name = 'retired-h100';"
             "INSERT INTO measured_runs (scenario_name, step_time_s, details) VALUES ('only-nan', "
             "'not measured', '{\"job\": \"17\"}')");
    store::Store s = openKeepingDeleted(db);
    EXPECT_EQ(s.schemaVersion(), store::kSchemaVersion);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM measured_runs"), 6);

    const auto retired = s.runs("retired-h100");
    ASSERT_EQ(retired.size(), 1u);
    EXPECT_FALSE(retired[0].stepSeconds.has_value()) << "read as " << *retired[0].stepSeconds;
    EXPECT_EQ(retired[0].tokensPerSecondPerGpu, 2900) << "the other measurements stay";
    EXPECT_EQ(retired[0].details["values_refused_by_schema_v4"]["step_time_s"], "NaN");
    const auto only = s.runs("only-nan");
    ASSERT_EQ(only.size(), 1u);
    EXPECT_EQ(only[0].details["job"], "17");
    EXPECT_EQ(only[0].details["values_refused_by_schema_v4"]["step_time_s"], "not measured");

    ASSERT_EQ(s.upgradeNotes().size(), 2u);
    const std::string first = s.upgradeNotes()[0];
    EXPECT_NE(first.find("measured run " + std::to_string(retired[0].id) + " ('retired-h100')"),
              std::string::npos)
        << first;
    EXPECT_NE(first.find("step_time_s held 'NaN'"), std::string::npos) << first;
    EXPECT_EQ(first.find("no measurement left"), std::string::npos) << first;
    EXPECT_NE(s.upgradeNotes()[1].find("the run has no measurement left"), std::string::npos)
        << s.upgradeNotes()[1];
    // The notes are catalogue messages: the CLI prints the English, the window the Chinese.
    const std::string id = std::to_string(retired[0].id);
    EXPECT_EQ(first, "measured run " + id +
                         " ('retired-h100'): step_time_s held 'NaN', which is not a finite number; "
                         "schema v4 stores numbers only, so the value was moved to the run's "
                         "details (values_refused_by_schema_v4) and the field is now empty");
    EXPECT_EQ(s.upgradeNotes(model::Lang::ZhCN)[0],
              "实测运行 " + id +
                  "（'retired-h100'）：step_time_s 的值为 'NaN'，不是有限数值；结构版本 v4 "
                  "只存储数值，因此该值已移到该运行的 details（values_refused_by_schema_v4）中，"
                  "此字段现为空");
    EXPECT_EQ(s.upgradeMessages()[1].id, store::StoreText::StrictNoMeasurementLeft);
    const std::string last = s.upgradeNotes(model::Lang::ZhCN)[1];
    EXPECT_EQ(last.substr(last.size() - std::string("；该运行已没有任何测量值").size()),
              "；该运行已没有任何测量值")
        << last;
    EXPECT_TRUE(s.checkIntegrity().ok);
}

TEST(storeStrictSchema, AValueTheNewTypesRefuseFailsTheUpgradeNamingItAndChangesNothing) {
    TempDir dir;
    const fs::path db = v3Library(
        dir, "UPDATE scenario_versions SET version = 'two' WHERE id = (SELECT max(id) FROM "
             "scenario_versions)");
    const std::int64_t id = [&] {
        Connection c =
            Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
        return *c.queryInt("SELECT max(id) FROM scenario_versions");
    }();
    for (int attempt = 0; attempt < 2; ++attempt) {
        const auto e = storeErrorOf([&] { (void)openTestStore(db); });
        const std::string what = e.what();
        EXPECT_NE(what.find("scenario_versions row id " + std::to_string(id) +
                            ": version holds text 'two', not an integer"),
                  std::string::npos)
            << what;
        EXPECT_NE(what.find("Nothing was changed"), std::string::npos) << what;
        const std::string zh = e.textIn(model::Lang::ZhCN);
        EXPECT_NE(zh.find("scenario_versions 表的行 id " + std::to_string(id) +
                          "：version 存有 text 类型的值 'two'，而不是整数"),
                  std::string::npos)
            << zh;
        EXPECT_NE(what.find(db.string() + ".bak-v3"), std::string::npos) << what;
    }
    // The step rolled back: the file still holds schema v3 and the value, with one backup.
    Connection c =
        Connection::open(db.string(), OpenMode::ReadOnly, std::chrono::milliseconds(100));
    EXPECT_EQ(c.queryInt("PRAGMA user_version"), 3);
    EXPECT_EQ(c.queryText("SELECT version FROM scenario_versions WHERE id = " + std::to_string(id)),
              "two");
    EXPECT_EQ(c.queryInt("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'new_%'"), 0);
    EXPECT_TRUE(fs::exists(db.string() + ".bak-v3"));
    EXPECT_FALSE(fs::exists(db.string() + ".bak-v3-2"));
}

} // namespace
} // namespace trainplan::test
