// The catalog in the store: built-ins seeded from data/catalog and kept in sync, read-only; user
// entries validated, editable, removable unless a scenario uses them.

#include "store_test_support.h"

#include <gtest/gtest.h>

namespace trainplan::test {
namespace {

using store::CatalogKind;
using store::StoreErrorKind;

nlohmann::json userGpu(const std::string& name, double tdp = 350) {
    nlohmann::json g = model::toJson(*builtinCatalog().findGpu("H100-SXM5-80GB"));
    g["name"] = name;
    g["tdp_w"] = tdp;
    g["source"] = "our own measurements";
    return g;
}

std::vector<std::string> names(const std::vector<store::CatalogEntry>& entries, bool builtin) {
    std::vector<std::string> out;
    for (const auto& e : entries)
        if (e.builtin == builtin) out.push_back(e.name);
    return out;
}

TEST(storeCatalog, SeededWithTheBuiltinsInDataOrderWithTheirSources) {
    store::Store s = memoryStore();
    const auto gpus = s.catalogEntries(CatalogKind::Gpu);
    std::vector<std::string> expected;
    for (const auto& g : builtinCatalog().gpus)
        expected.push_back(g.name);
    EXPECT_EQ(names(gpus, true), expected);
    for (const auto& e : gpus) {
        EXPECT_FALSE(e.source.empty()) << e.name;
        EXPECT_EQ(e.body["source"], e.source);
    }
    EXPECT_EQ(s.catalogEntries(CatalogKind::Link).size(), builtinCatalog().links.size());
    EXPECT_EQ(s.catalogEntries(CatalogKind::Model).size(), builtinCatalog().models.size());
    const model::Catalog cat = s.catalog();
    EXPECT_EQ(cat.gpus, builtinCatalog().gpus);
    EXPECT_EQ(cat.links, builtinCatalog().links);
    EXPECT_EQ(cat.models, builtinCatalog().models);
}

TEST(storeCatalog, BuiltinsAreReadOnly) {
    store::Store s = memoryStore();
    const auto add =
        storeErrorOf([&] { s.putCatalogEntry(CatalogKind::Gpu, userGpu("h100-sxm5-80gb")); });
    EXPECT_EQ(add.kind(), StoreErrorKind::Conflict);
    EXPECT_NE(std::string(add.what()).find("read-only"), std::string::npos) << add.what();
    const auto remove =
        storeErrorOf([&] { s.removeCatalogEntry(CatalogKind::Link, "NVLink4-NVSwitch"); });
    EXPECT_EQ(remove.kind(), StoreErrorKind::Conflict);
    EXPECT_EQ(s.catalog().gpus, builtinCatalog().gpus);
}

TEST(storeCatalog, UserEntriesAreAddedEditedAndRemoved) {
    store::Store s = memoryStore();
    EXPECT_TRUE(s.putCatalogEntry(CatalogKind::Gpu, userGpu("Lab-H100", 350)));
    EXPECT_FALSE(s.putCatalogEntry(CatalogKind::Gpu, userGpu("lab-h100", 400)))
        << "same name: replaced";
    auto gpus = s.catalogEntries(CatalogKind::Gpu);
    ASSERT_EQ(names(gpus, false), std::vector<std::string>{"lab-h100"});
    EXPECT_EQ(gpus.back().body["tdp_w"], 400);
    EXPECT_EQ(gpus.back().source, "our own measurements");
    ASSERT_NE(s.catalog().findGpu("LAB-H100"), nullptr);
    EXPECT_EQ(s.catalog().findGpu("LAB-H100")->tdpWatts, 400);

    s.removeCatalogEntry(CatalogKind::Gpu, "Lab-H100");
    EXPECT_TRUE(names(s.catalogEntries(CatalogKind::Gpu), false).empty());
    const auto e = storeErrorOf([&] { s.removeCatalogEntry(CatalogKind::Gpu, "Lab-H100"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::NotFound);
}

TEST(storeCatalog, SourceArgumentOverridesTheBodys) {
    store::Store s = memoryStore();
    s.putCatalogEntry(CatalogKind::Gpu, userGpu("Lab-H100"), "vendor quote 2025-02");
    EXPECT_EQ(s.catalogEntries(CatalogKind::Gpu).back().source, "vendor quote 2025-02");
}

TEST(storeCatalog, InvalidEntriesAreRejectedWithEveryProblem) {
    store::Store s = memoryStore();
    nlohmann::json g = userGpu("Broken");
    g["memory_gib"] = -1;
    g["colour"] = "green";
    const auto e = storeErrorOf([&] { s.putCatalogEntry(CatalogKind::Gpu, g); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Invalid);
    EXPECT_GE(e.issues().size(), 2u);
    EXPECT_NE(std::string(e.what()).find("memory_gib"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("colour"), std::string::npos) << e.what();
    const auto noName =
        storeErrorOf([&] { s.putCatalogEntry(CatalogKind::Link, nlohmann::json::object()); });
    EXPECT_EQ(noName.kind(), StoreErrorKind::Invalid);
    const auto notObject =
        storeErrorOf([&] { s.putCatalogEntry(CatalogKind::Model, nlohmann::json::array()); });
    EXPECT_EQ(notObject.kind(), StoreErrorKind::Invalid);
    EXPECT_TRUE(names(s.catalogEntries(CatalogKind::Gpu), false).empty());
}

TEST(storeCatalog, ScenariosValidateAgainstUserEntriesWhichCannotBeRemovedWhileUsed) {
    store::Store s = memoryStore();
    nlohmann::json doc = scenarioJson("lab");
    doc["cluster"]["gpu"] = "Lab-H100";
    EXPECT_EQ(storeErrorOf([&] { s.saveScenario(doc); }).kind(), StoreErrorKind::Invalid);
    s.putCatalogEntry(CatalogKind::Gpu, userGpu("Lab-H100"));
    s.saveScenario(doc);
    const auto e = storeErrorOf([&] { s.removeCatalogEntry(CatalogKind::Gpu, "lab-h100"); });
    EXPECT_EQ(e.kind(), StoreErrorKind::Conflict);
    EXPECT_NE(std::string(e.what()).find("'lab'"), std::string::npos) << e.what();
    s.deleteScenario("lab");
    // A deleted scenario can still be undeleted, so it keeps its GPU until it is purged.
    const auto deleted = storeErrorOf([&] { s.removeCatalogEntry(CatalogKind::Gpu, "lab-h100"); });
    EXPECT_EQ(deleted.kind(), StoreErrorKind::Conflict);
    EXPECT_NE(std::string(deleted.what()).find("'lab' (deleted"), std::string::npos)
        << deleted.what();
    EXPECT_EQ(s.purgeDeletedScenarios(), 1);
    s.removeCatalogEntry(CatalogKind::Gpu, "lab-h100");
}

TEST(storeCatalog, BuiltinsFollowTheDataOnReopen) {
    TempDir dir;
    model::Catalog older = builtinCatalog();
    ASSERT_GE(older.gpus.size(), 2u);
    const std::string dropped = older.gpus.back().name; // new in the "current" data
    older.gpus.pop_back();
    older.gpus.front().tdpWatts += 1; // corrected in the current data
    model::GpuSpec retired = older.gpus.front();
    retired.name = "Retired-GPU"; // no longer in the current data
    older.gpus.push_back(retired);
    {
        auto options = testOptions();
        options.builtinCatalog = older;
        store::Store s = store::Store::open(dir / "t.db", options);
        nlohmann::json doc = scenarioJson("old");
        doc["cluster"]["gpu"] = "Retired-GPU";
        s.saveScenario(doc);
    }
    store::Store s = openTestStore(dir / "t.db");
    const auto gpus = s.catalogEntries(CatalogKind::Gpu);
    std::vector<std::string> builtin = names(gpus, true);
    std::sort(builtin.begin(), builtin.end());
    std::vector<std::string> expected;
    for (const auto& g : builtinCatalog().gpus)
        expected.push_back(g.name);
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(builtin, expected);
    EXPECT_NE(std::find(builtin.begin(), builtin.end(), dropped), builtin.end());
    EXPECT_EQ(s.catalog().findGpu(builtinCatalog().gpus.front().name)->tdpWatts,
              builtinCatalog().gpus.front().tdpWatts);
    // The retired built-in became a user entry: the stored scenario still validates.
    EXPECT_EQ(names(gpus, false), std::vector<std::string>{"Retired-GPU"});
    EXPECT_NO_THROW(s.restoreScenario("old", 1));
}

TEST(storeCatalog, SyncIsSkippedWhenTheDataIsUnchanged) {
    TempDir dir;
    { store::Store s = openTestStore(dir / "t.db"); }
    std::string updated;
    {
        store::Store s = openTestStore(dir / "t.db");
        updated = *s.connection().queryText("SELECT max(updated_at) FROM catalog_gpus");
    }
    store::Store s = openTestStore(dir / "t.db");
    EXPECT_EQ(*s.connection().queryText("SELECT max(updated_at) FROM catalog_gpus"), updated);
}

TEST(storeCatalog, KindNamesParse) {
    EXPECT_EQ(store::catalogKindFromString("gpu"), CatalogKind::Gpu);
    EXPECT_EQ(store::catalogKindFromString("links"), CatalogKind::Link);
    EXPECT_EQ(store::catalogKindFromString("model"), CatalogKind::Model);
    EXPECT_FALSE(store::catalogKindFromString("gpuss"));
    EXPECT_FALSE(store::catalogKindFromString("cpu"));
}

} // namespace
} // namespace trainplan::test
