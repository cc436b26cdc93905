// Scenarios: validated before they are stored, a version for every save, restore, tags, delete.

#include "store_test_support.h"

#include <trainplan/model/scenario_json.h>

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::StoreErrorKind;

TEST(storeScenario, SaveAndReadBack) {
    store::Store s = memoryStore();
    const auto r = s.saveScenario(scenarioJson("a"));
    EXPECT_TRUE(r.created);
    EXPECT_EQ(r.version, 1);
    EXPECT_EQ(r.name, "a");
    const store::ScenarioRecord rec = s.scenario("a");
    EXPECT_EQ(rec.currentVersion, 1);
    EXPECT_EQ(rec.versionCount, 1);
    EXPECT_FALSE(rec.createdAt.empty());
    EXPECT_EQ(nlohmann::json::parse(rec.body), scenarioJson("a"));
    EXPECT_TRUE(model::parseScenario(rec.body, s.catalog()).ok());
}

TEST(storeScenario, EverySaveIsANewVersion) {
    store::Store s = memoryStore();
    for (int i = 1; i <= 3; ++i) {
        const auto r = s.saveScenario(scenarioJson("a", "take " + std::to_string(i)));
        EXPECT_EQ(r.version, i);
        EXPECT_EQ(r.created, i == 1);
    }
    s.saveScenario(scenarioJson("a", "take 3")); // unchanged content is still a save
    const auto history = s.history("a");
    ASSERT_EQ(history.size(), 4u);
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(nlohmann::json::parse(history[static_cast<std::size_t>(i)].body)["description"],
                  "take " + std::to_string(i + 1));
    EXPECT_EQ(storedBody(s, "a")["description"], "take 3");
    EXPECT_EQ(s.scenario("a").currentVersion, 4);
}

TEST(storeScenario, TextKeepsTheKeyOrderItWasWrittenIn) {
    store::Store s = memoryStore();
    const std::string text = dataText("scenarios/gpt3-175b-a100x1024.json");
    s.saveScenarioText(text);
    const std::string name = nlohmann::json::parse(text)["name"];
    const std::string body = s.scenario(name).body;
    EXPECT_EQ(body.find("\"schema\""), body.find('"')) << "schema stays the first key";
    EXPECT_LT(body.find("\"model\""), body.find("\"training\""));
    EXPECT_LT(body.find("\"training\""), body.find("\"cluster\""));
    EXPECT_EQ(nlohmann::json::parse(body), nlohmann::json::parse(text));
}

TEST(storeScenario, NameOptionRenamesTheDocument) {
    store::Store s = memoryStore();
    store::SaveScenarioOptions o;
    o.name = "  renamed  ";
    const auto r = s.saveScenarioText(scenarioJson("original").dump(), o);
    EXPECT_EQ(r.name, "renamed");
    EXPECT_FALSE(s.findScenario("original"));
    EXPECT_EQ(storedBody(s, "renamed")["name"], "renamed");
}

TEST(storeScenario, NamesAreCaseInsensitive) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("Llama-Run"));
    const auto r = s.saveScenario(scenarioJson("llama-run", "again"));
    EXPECT_FALSE(r.created);
    EXPECT_EQ(r.version, 2);
    EXPECT_EQ(s.scenarios().size(), 1u);
    EXPECT_EQ(s.scenario("LLAMA-RUN").versionCount, 2);
}

TEST(storeScenario, TagsAreNormalisedKeptAndReplaced) {
    store::Store s = memoryStore();
    store::SaveScenarioOptions o;
    o.tags = std::vector<std::string>{" pcie", "small", "", "Small", "baseline "};
    s.saveScenario(scenarioJson("a"), o);
    EXPECT_EQ(s.scenario("a").tags, (std::vector<std::string>{"baseline", "pcie", "small"}));
    s.saveScenario(scenarioJson("a", "no tags given"));
    EXPECT_EQ(s.scenario("a").tags.size(), 3u) << "a save without tags keeps them";
    o.tags = std::vector<std::string>{"h100"};
    s.saveScenario(scenarioJson("a"), o);
    EXPECT_EQ(s.scenario("a").tags, std::vector<std::string>{"h100"});
    o.tags = std::vector<std::string>{};
    s.saveScenario(scenarioJson("a"), o);
    EXPECT_TRUE(s.scenario("a").tags.empty());
}

TEST(storeScenario, BadTagsAreRejected) {
    store::Store s = memoryStore();
    store::SaveScenarioOptions o;
    o.tags = std::vector<std::string>{"ok", "a,b", std::string(65, 't')};
    const auto e = storeErrorOf([&] { s.saveScenario(scenarioJson("a"), o); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    ASSERT_EQ(e.issues().size(), 2u);
    EXPECT_EQ(e.issues()[0].path, "tags[1]");
    EXPECT_EQ(e.issues()[1].path, "tags[2]");
    EXPECT_TRUE(s.scenarios().empty());
}

TEST(storeScenario, InvalidScenarioIsRejectedWithTheValidatorsMessages) {
    store::Store s = memoryStore();
    nlohmann::json doc = scenarioJson("bad");
    doc["plans"][0] = {{"framework", "megatron"}, {"tp", 3}, {"dp", 8}, {"micro_batch", 1}};
    doc["surprise"] = 1;
    const auto e = storeErrorOf([&] { s.saveScenario(doc); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    const model::ScenarioLoad expected = model::parseScenario(doc, s.catalog());
    ASSERT_FALSE(expected.issues.empty());
    EXPECT_EQ(e.issues(), expected.issues);
    EXPECT_NE(std::string(e.what()).find("surprise"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("nothing was saved"), std::string::npos) << e.what();
    EXPECT_TRUE(s.scenarios().empty());
}

TEST(storeScenario, MalformedJsonIsRejectedWithTheParsersMessage) {
    store::Store s = memoryStore();
    const auto e =
        storeErrorOf([&] { s.saveScenarioText("{ \"schema\": \"trainplan.scenario.v1\", "); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_FALSE(e.issues().empty());
    const auto notObject = storeErrorOf([&] { s.saveScenarioText("[1, 2]"); });
    EXPECT_EQ(notObject.kind(), StoreErrorKind::Invalid);
    const auto deep = storeErrorOf([&] { s.saveScenarioText(std::string(100000, '[')); });
    EXPECT_EQ(deep.kind(), StoreErrorKind::Invalid);
    EXPECT_TRUE(s.scenarios().empty());
}

TEST(storeScenario, RestoreSavesTheOldBodyAsTheNewestVersion) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a", "one"));
    s.saveScenario(scenarioJson("a", "two"));
    s.saveScenario(scenarioJson("a", "three"));
    const auto r = s.restoreScenario("a", 1);
    EXPECT_EQ(r.version, 4);
    EXPECT_EQ(storedBody(s, "a")["description"], "one");
    EXPECT_EQ(s.history("a").size(), 4u) << "restoring keeps the history";
    EXPECT_EQ(nlohmann::json::parse(s.scenarioVersion("a", 3).body)["description"], "three");

    const auto e = storeErrorOf([&] { (void)s.restoreScenario("a", 9); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_NE(std::string(e.what()).find("versions 1-4"), std::string::npos) << e.what();
}

TEST(storeScenario, RestoreRefusesAVersionThatNoLongerValidates) {
    store::Store s = memoryStore();
    nlohmann::json gpu = model::toJson(*builtinCatalog().findGpu("A100-SXM4-80GB"));
    gpu["name"] = "Temp-GPU";
    s.putCatalogEntry(store::CatalogKind::Gpu, gpu);
    nlohmann::json doc = scenarioJson("a", "on the temporary GPU");
    doc["cluster"]["gpu"] = "Temp-GPU";
    s.saveScenario(doc);
    s.saveScenario(scenarioJson("a", "back on a built-in GPU"));
    s.removeCatalogEntry(store::CatalogKind::Gpu, "Temp-GPU"); // no current body uses it any more
    const auto e = storeErrorOf([&] { (void)s.restoreScenario("a", 1); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_NE(std::string(e.what()).find("Temp-GPU"), std::string::npos) << e.what();
    EXPECT_EQ(s.history("a").size(), 2u);
}

TEST(storeScenario, PurgeRemovesTheHistoryButKeepsRunsUnlinked) {
    store::Store s = memoryStore();
    s.saveScenario(scenarioJson("a"));
    s.saveScenario(scenarioJson("a", "v2"));
    store::NewMeasuredRun run;
    run.scenarioName = "a";
    run.stepSeconds = 2.5;
    s.addRun(run);
    EXPECT_EQ(s.deleteScenario("a"), 2);
    EXPECT_FALSE(s.findScenario("a"));
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_versions"), 2); // undeletable
    EXPECT_EQ(s.purgeDeletedScenarios(), 1);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_versions"), 0);
    EXPECT_EQ(s.connection().queryInt("SELECT count(*) FROM scenario_tags"), 0);
    const auto runs = s.runs();
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_FALSE(runs[0].scenarioId.has_value());
    EXPECT_EQ(runs[0].scenarioName, "a");
    EXPECT_EQ(
        s.connection().queryInt("SELECT count(*) FROM measured_runs WHERE scenario_id IS NULL"), 1);
    EXPECT_EQ(storeErrorOf([&] { (void)s.deleteScenario("a"); }).kind(), StoreErrorKind::NotFound);
}

TEST(storeScenario, UnknownNamesSuggestCloseOnes) {
    store::Store s = memoryStore();
    EXPECT_NE(
        std::string(storeErrorOf([&] { (void)s.scenario("x"); }).what()).find("no scenarios yet"),
        std::string::npos);
    s.saveScenario(scenarioJson("llama-pcie-baseline"));
    const auto e = storeErrorOf([&] { (void)s.history("llama-pcie-baselin"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
    EXPECT_NE(std::string(e.what()).find("did you mean llama-pcie-baseline"), std::string::npos)
        << e.what();
}

TEST(storeScenario, ListIsSortedByName) {
    store::Store s = memoryStore();
    for (const char* n : {"charlie", "Alpha", "bravo"})
        s.saveScenario(scenarioJson(n));
    std::vector<std::string> names;
    for (const auto& x : s.scenarios())
        names.push_back(x.name);
    EXPECT_EQ(names, (std::vector<std::string>{"Alpha", "bravo", "charlie"}));
}

TEST(storeScenario, RoundTripThroughAFile) {
    TempDir dir;
    {
        store::Store s = openTestStore(dir / "t.db");
        for (const auto& entry :
             fs::directory_iterator(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios"))
            s.saveScenarioText(readFile(entry.path()));
    }
    store::Store s = openTestStore(dir / "t.db");
    std::size_t count = 0;
    for (const auto& entry :
         fs::directory_iterator(fs::path(TRAINPLAN_TEST_DATA_DIR) / "scenarios")) {
        const std::string text = readFile(entry.path());
        const std::string name = nlohmann::json::parse(text)["name"];
        EXPECT_EQ(nlohmann::json::parse(s.scenario(name).body), nlohmann::json::parse(text))
            << name;
        ++count;
    }
    EXPECT_EQ(s.scenarios().size(), count);
}

} // namespace
} // namespace trainplan::test
