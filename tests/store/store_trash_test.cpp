// Soft delete, undelete, purge and rename of stored scenarios (schema v3): a deleted scenario comes
// back with its id, every version, its tags and the links of its runs and comparisons; a rename
// keeps all of that too; a deleted scenario's name is free again for a save, an import or a rename.

#include "store_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;

store::NewMeasuredRun stepRun(const std::string& scenario, double stepSeconds) {
    store::NewMeasuredRun r;
    r.scenarioName = scenario;
    r.stepSeconds = stepSeconds;
    r.measuredOn = "2025-03-01";
    r.notes = "nightly";
    return r;
}

std::vector<std::string> bodies(const std::vector<store::ScenarioVersion>& history) {
    std::vector<std::string> out;
    for (const auto& v : history)
        out.push_back(std::to_string(v.version) + "@" + v.savedAt + ":" + v.body);
    return out;
}

std::int64_t comparisonScenarioId(store::Store& s, std::int64_t comparisonId) {
    auto q = s.connection().prepare("SELECT scenario_id FROM comparisons WHERE id = ?1");
    q.bind(1, comparisonId);
    EXPECT_TRUE(q.step());
    return q.int64(0);
}

// "a" with three versions, two tags, two measured runs and a saved comparison.
struct Fixture {
    store::Store s = memoryStore();
    std::int64_t id = 0;
    std::int64_t comparison = 0;
    std::vector<std::int64_t> runs;
    Fixture() {
        store::SaveScenarioOptions tags;
        tags.tags = std::vector<std::string>{"pcie", "baseline"};
        id = s.saveScenario(scenarioJson("a", "first"), tags).scenarioId;
        s.saveScenario(scenarioJson("a", "second"));
        s.saveScenario(scenarioJson("a", "third"));
        runs.push_back(s.addRun(stepRun("a", 9.5)));
        runs.push_back(s.addRun(stepRun("a", 10.25)));
        comparison = s.saveComparison("frameworks", std::string("a"), {{"best", "fsdp"}});
    }
};

TEST(storeTrash, DeleteThenUndeleteKeepsIdHistoryTagsAndLinks) {
    Fixture f;
    store::Store& s = f.s;
    const store::ScenarioRecord before = s.scenario("a");
    const auto historyBefore = bodies(s.history("a"));
    ASSERT_EQ(historyBefore.size(), 3u);

    EXPECT_EQ(s.deleteScenario("A"), 3); // names are case-insensitive
    EXPECT_TRUE(s.scenarios().empty());
    EXPECT_FALSE(s.findScenario("a"));
    EXPECT_EQ(storeErrorOf([&] { (void)s.history("a"); }).kind(), StoreErrorKind::NotFound);
    EXPECT_EQ(storeErrorOf([&] { (void)s.addRun(stepRun("a", 8.0)); }).kind(),
              StoreErrorKind::NotFound);
    EXPECT_EQ(storeErrorOf([&] { (void)s.deleteScenario("a"); }).kind(), StoreErrorKind::NotFound);
    // Its runs read as unlinked (as after a purge) but are still stored under its name.
    const auto runs = s.runs("a");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_FALSE(runs[0].scenarioId.has_value());
    EXPECT_EQ(runs[1].stepSeconds, 10.25);
    const auto deleted = s.deletedScenarios();
    ASSERT_EQ(deleted.size(), 1u);
    EXPECT_EQ(deleted[0].id, f.id);
    EXPECT_EQ(deleted[0].name, "a");
    EXPECT_EQ(deleted[0].versionCount, 3);
    ASSERT_TRUE(deleted[0].deletedAt.has_value());
    EXPECT_EQ(deleted[0].deletedAt->size(), 24u) << *deleted[0].deletedAt; // ISO-8601 with ms, Z
    EXPECT_TRUE(s.exportLibrary()["scenarios"].empty()) << "the trash is not exported";

    const store::ScenarioSummary back = s.undeleteScenario("a");
    EXPECT_EQ(back.id, f.id);
    EXPECT_FALSE(back.deletedAt.has_value());
    const store::ScenarioRecord after = s.scenario("a");
    EXPECT_EQ(after.id, before.id);
    EXPECT_EQ(after.body, before.body);
    EXPECT_EQ(after.tags, (std::vector<std::string>{"baseline", "pcie"}));
    EXPECT_EQ(after.currentVersion, 3);
    EXPECT_EQ(after.createdAt, before.createdAt);
    EXPECT_EQ(after.updatedAt, before.updatedAt);
    EXPECT_EQ(bodies(s.history("a")), historyBefore);
    for (const auto& r : s.runs("a"))
        EXPECT_EQ(r.scenarioId, f.id) << "run " << r.id;
    EXPECT_EQ(s.runs("a")[0].id, f.runs[0]);
    EXPECT_EQ(comparisonScenarioId(s, f.comparison), f.id);
    EXPECT_TRUE(s.deletedScenarios().empty());
    EXPECT_TRUE(s.checkIntegrity().ok);
}

TEST(storeTrash, UndeleteOfWhatIsNotDeletedIsNotFoundWithTheReason) {
    Fixture f;
    auto e = storeErrorOf([&] { (void)f.s.undeleteScenario("a"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_NE(e.message().find("is not deleted"), std::string::npos) << e.message();
    e = storeErrorOf([&] { (void)f.s.undeleteScenario("zzz"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_NE(e.message().find("nothing is deleted"), std::string::npos) << e.message();
    f.s.deleteScenario("a");
    e = storeErrorOf([&] { (void)f.s.undeleteScenario("b"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_NE(e.message().find("no deleted scenario named 'b'"), std::string::npos) << e.message();
}

TEST(storeTrash, SavingUnderADeletedNamePurgesTheDeletedScenario) {
    Fixture f;
    store::Store& s = f.s;
    s.deleteScenario("a");
    const store::SaveResult fresh = s.saveScenario(scenarioJson("A", "a new one"));
    EXPECT_TRUE(fresh.created);
    EXPECT_EQ(fresh.version, 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenarios"), 1);
    EXPECT_EQ(s.history("a").size(), 1u);
    EXPECT_TRUE(s.deletedScenarios().empty());
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_versions"), 1)
        << "the deleted scenario's three versions are gone for good";
    // Its runs and comparison stay, unlinked; they do not attach to the new scenario.
    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_FALSE(runs[0].scenarioId.has_value());
    EXPECT_EQ(
        s.connection().queryInt("SELECT count(*) FROM measured_runs WHERE scenario_id IS NULL"), 2);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM comparisons WHERE scenario_id IS NULL"),
              1);
    const auto e = storeErrorOf([&] { (void)s.undeleteScenario("a"); });
    EXPECT_NE(e.message().find("is not deleted"), std::string::npos) << e.message();
}

TEST(storeTrash, ImportingADeletedNamePurgesItToo) {
    Fixture f;
    const auto library = f.s.exportLibrary();
    f.s.deleteScenario("a");
    const auto summary = f.s.importLibrary(library);
    EXPECT_EQ(summary.scenarios.added, 1u);
    EXPECT_EQ(summary.versions.added, 3u);
    EXPECT_TRUE(f.s.deletedScenarios().empty());
    EXPECT_EQ(f.s.connection().queryInt("SELECT count(*) FROM scenario_versions"), 3);
    // The purge unlinked the old runs; the imported scenario is a new one, not their owner.
    EXPECT_EQ(
        f.s.connection().queryInt("SELECT count(*) FROM measured_runs WHERE scenario_id IS NULL"),
        2);
}

TEST(storeTrash, RenameKeepsIdHistoryTagsAndLinksAndRenamingBackRestoresEveryByte) {
    Fixture f;
    store::Store& s = f.s;
    const store::ScenarioRecord before = s.scenario("a");
    const auto historyBefore = bodies(s.history("a"));
    std::vector<std::string> savedAt;
    for (const auto& v : s.history("a"))
        savedAt.push_back(v.savedAt);
    const auto fingerprints = [&] {
        std::vector<std::string> out;
        auto q = s.connection().prepare("SELECT fingerprint FROM measured_runs ORDER BY id");
        while (q.step())
            out.push_back(q.text(0));
        return out;
    };
    const auto fingerprintsBefore = fingerprints();

    const store::ScenarioSummary renamed = s.renameScenario("a", "  b 2  ");
    EXPECT_EQ(renamed.id, f.id);
    EXPECT_EQ(renamed.name, "b 2");
    EXPECT_FALSE(s.findScenario("a"));
    const store::ScenarioRecord after = s.scenario("b 2");
    EXPECT_EQ(after.id, f.id);
    EXPECT_EQ(after.tags, before.tags);
    EXPECT_EQ(after.createdAt, before.createdAt);
    EXPECT_EQ(after.updatedAt, before.updatedAt) << "a rename is not a new version";
    const auto history = s.history("b 2");
    ASSERT_EQ(history.size(), 3u);
    const char* descriptions[] = {"first", "second", "third"};
    for (std::size_t i = 0; i < history.size(); ++i) {
        const auto body = nlohmann::json::parse(history[i].body);
        EXPECT_EQ(body["name"], "b 2") << "version " << history[i].version;
        EXPECT_EQ(body["description"], descriptions[i]);
        EXPECT_EQ(history[i].version, static_cast<int>(i + 1));
        EXPECT_EQ(history[i].savedAt, savedAt[i]);
    }
    EXPECT_EQ(storedBody(s, "b 2")["description"], "third");
    // Runs and comparisons follow the new name.
    const auto runs = s.runs("b 2");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].scenarioId, f.id);
    EXPECT_EQ(runs[0].scenarioName, "b 2");
    EXPECT_EQ(runs[1].stepSeconds, 10.25);
    EXPECT_TRUE(s.runs("a").empty());
    EXPECT_EQ(s.comparison(f.comparison).scenarioName, "b 2");
    EXPECT_EQ(comparisonScenarioId(s, f.comparison), f.id);
    // The fingerprint follows the name: the same measurement again is recognised.
    EXPECT_EQ(storeErrorOf([&] { (void)s.addRun(stepRun("b 2", 9.5)); }).kind(),
              StoreErrorKind::Conflict);

    s.renameScenario("b 2", "a");
    EXPECT_EQ(bodies(s.history("a")), historyBefore);
    EXPECT_EQ(s.scenario("a").body, before.body);
    EXPECT_EQ(fingerprints(), fingerprintsBefore);
    EXPECT_TRUE(s.checkIntegrity().ok);
}

TEST(storeTrash, RenameRefusesAnEmptyOrTakenNameAndChangesNothing) {
    Fixture f;
    store::Store& s = f.s;
    s.saveScenario(scenarioJson("c"));
    const auto body = s.scenario("a").body;

    auto e = storeErrorOf([&] { (void)s.renameScenario("a", "  "); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_EQ(e.issues().size(), 1u);
    EXPECT_EQ(e.issues()[0].path, "name");
    e = storeErrorOf([&] { (void)s.renameScenario("a", "C"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Conflict);
    EXPECT_NE(e.message().find("already has a scenario named 'c'"), std::string::npos)
        << e.message();
    e = storeErrorOf([&] { (void)s.renameScenario("nope", "d"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_EQ(s.scenario("a").body, body);
    EXPECT_EQ(s.runs("a").size(), 2u);

    // Only the case changes: the same scenario.
    EXPECT_EQ(s.renameScenario("a", "A").id, f.id);
    EXPECT_EQ(s.scenario("a").name, "A");
}

TEST(storeTrash, RenamingOntoADeletedNamePurgesTheDeletedOne) {
    Fixture f;
    store::Store& s = f.s;
    const auto other = s.saveScenario(scenarioJson("b")).scenarioId;
    s.deleteScenario("a");
    EXPECT_EQ(s.renameScenario("b", "a").id, other);
    EXPECT_TRUE(s.deletedScenarios().empty());
    EXPECT_EQ(s.history("a").size(), 1u);
    // The purged scenario's runs keep the name they were measured under, unlinked.
    for (const auto& r : s.runs("a"))
        EXPECT_FALSE(r.scenarioId.has_value());
}

TEST(storeTrash, PurgeRemovesWhatIsOldEnoughForGood) {
    Fixture f;
    store::Store& s = f.s;
    s.saveScenario(scenarioJson("b"));
    s.deleteScenario("a");
    s.deleteScenario("b");
    s.connection().exec("UPDATE scenarios SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', "
                        "'-40 days') WHERE name = 'a'");
    EXPECT_EQ(s.purgeDeletedScenarios(std::chrono::days(30)), 1);
    const auto left = s.deletedScenarios();
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(left[0].name, "b");
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_versions"), 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_tags"), 0);
    EXPECT_EQ(s.runs().size(), 2u) << "measured runs outlive their scenario";
    EXPECT_EQ(s.purgeDeletedScenarios(), 1);
    EXPECT_EQ(s.purgeDeletedScenarios(), 0);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenarios"), 0);
    EXPECT_EQ(storeErrorOf([&] { (void)s.purgeDeletedScenarios(std::chrono::seconds(-1)); }).kind(),
              StoreErrorKind::Invalid);
}

TEST(storeTrash, OpeningAFilePurgesScenariosDeletedLongerAgoThanTheOption) {
    TempDir dir;
    const fs::path db = dir / "trash.db";
    {
        store::Store s = openTestStore(db);
        s.saveScenario(scenarioJson("old"));
        s.saveScenario(scenarioJson("recent"));
        s.deleteScenario("old");
        s.deleteScenario("recent");
        s.connection().exec("UPDATE scenarios SET deleted_at = strftime('%Y-%m-%dT%H:%M:%fZ', "
                            "'now', '-31 days') WHERE name = 'old'");
    }
    {
        auto options = testOptions();
        options.purgeDeletedAfter.reset(); // never
        store::Store s = store::Store::open(db, options);
        EXPECT_EQ(s.purgedOnOpen(), 0);
        EXPECT_EQ(s.deletedScenarios().size(), 2u);
    }
    store::Store s = openTestStore(db); // the default: 30 days
    EXPECT_EQ(s.purgedOnOpen(), 1);
    const auto left = s.deletedScenarios();
    ASSERT_EQ(left.size(), 1u);
    EXPECT_EQ(left[0].name, "recent");
    EXPECT_EQ(s.undeleteScenario("recent").name, "recent");
}

} // namespace
} // namespace trainplan::test
